/**
 * The API process: integration REST, backend API and health on one port. With API_PROCESSES=n
 * (n > 1) this process forks n copies with node:cluster that share the port, and replaces one
 * that dies; each copy is a whole API with its own pools.
 */
import { tracing } from './tracing.js';
import cluster from 'node:cluster';
import { loadConfig } from '../config/index.js';
import { createDb } from '../db/connection.js';
import { flushApiKeyUsage } from '../domain/api-keys/usage.js';
import { warmPdfWorkers } from '../domain/documents/pdf-workers.js';
import { createDomainServices } from '../domain/services.js';
import { createLogger } from '../lib/log.js';
import { TokenVerifier } from './auth/token-verifier.js';
import { startApi } from './server.js';
import { createTemporalClient } from './temporal/temporal-client.js';

const config = loadConfig();
const log = createLogger(config.logLevel);
if (config.api.processes > 1 && cluster.isPrimary) {
  runPrimary(config.api.processes);
} else {
  await serve();
}

function runPrimary(count: number): void {
  let stopping = false;
  const fork = () =>
    cluster.fork().on('exit', (code, signal) => {
      if (stopping) return;
      log.warn('api process exited; starting another', { code, signal });
      setTimeout(fork, 1_000);
    });
  for (let i = 0; i < count; i++) fork();
  log.info('api processes', { count, port: config.api.port });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    for (const w of workers) w?.process.kill(signal);
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function serve(): Promise<void> {
  if (!config.databaseUrl) throw new Error('DATABASE_URL is required (npm start provides it)');
  if (!config.temporal.address) throw new Error('TEMPORAL_ADDRESS is required (npm start provides it)');
  if (process.env.TESTING_MODE === 'true' && !config.testingMode) {
    log.warn('TESTING_MODE is ignored in production');
  }

  const db = createDb(config.databaseUrl, { applicationName: 'expediente-api', log });
  const temporal = createTemporalClient(config, config.temporal.address, tracing);
  const services = await createDomainServices(config);
  const tokens = new TokenVerifier({
    issuer: config.oidc.issuer,
    audiences: config.oidc.audiences,
    jwksUrl: config.oidc.jwksUrl,
    log,
  });
  const api = await startApi({ config, db, services, temporal, tokens, log }, config.api.port, config.host);
  log.info('api listening', { url: api.url, testingMode: config.testingMode });
  // PDF worker threads load now, not on the first upload (which would wait for them).
  warmPdfWorkers();

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info('api stopping', { signal });
    await api.close();
    await temporal.close();
    await services.renderer.close();
    await flushApiKeyUsage(db);
    await db.destroy();
    await tracing.shutdown();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
