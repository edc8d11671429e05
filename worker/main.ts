/** The worker process: runs every workflow and activity on the configured task queue. */
import { tracing } from './tracing.js';
import { loadConfig } from '../config/index.js';
import { createDb } from '../db/connection.js';
import { createDomainServices } from '../domain/services.js';
import { createLogger } from '../lib/log.js';
import { connectWorkerWithRetry, createWorker, externalDeps } from './create-worker.js';
import { startWorkerHealthServer } from './health-server.js';
import { installSdkRuntime } from './sdk-runtime.js';
import { ensureSearchAttributes } from './search-attributes.js';
import { ensureArchiveRenewalSchedule, ensureAuditAnchorSchedule } from './archive-schedule.js';
import { startOutboxRelay } from './outbox-relay.js';
import { temporalTracingPlugins } from '../lib/temporal-tracing.js';

const config = loadConfig();
const log = createLogger(config.logLevel);
if (!config.databaseUrl) throw new Error('DATABASE_URL is required (npm start provides it)');
if (!config.temporal.address) throw new Error('TEMPORAL_ADDRESS is required (npm start provides it)');

const sdkMetricsPort = installSdkRuntime({
  configuredPort: config.worker.sdkMetricsPort,
  debug: config.logLevel === 'debug',
  log,
});

const db = createDb(config.databaseUrl, { applicationName: 'expediente-worker', log });
const connection = await connectWorkerWithRetry(config.temporal.address, log);
const added = await ensureSearchAttributes(connection, config.temporal.namespace);
if (added.length) log.info('registered search attributes', { added: added.join(',') });
const scheduled = await ensureArchiveRenewalSchedule(connection, {
  namespace: config.temporal.namespace,
  taskQueue: config.temporal.taskQueue,
  hour: config.archive.renewalHour,
  timeZone: config.timeZone,
});
if (scheduled)
  log.info('created the archive time-stamp renewal schedule', {
    hour: config.archive.renewalHour,
    timeZone: config.timeZone,
  });
const anchoring = await ensureAuditAnchorSchedule(connection, {
  namespace: config.temporal.namespace,
  taskQueue: config.temporal.taskQueue,
  hour: config.audit.anchorHour,
  timeZone: config.timeZone,
});
if (anchoring)
  log.info('created the audit chain anchor schedule', { hour: config.audit.anchorHour, timeZone: config.timeZone });

const services = await createDomainServices(config);
const external = externalDeps(config, process.env);
const worker = await createWorker({
  config,
  db,
  services,
  log,
  connection,
  ...external,
  plugins: temporalTracingPlugins(tracing),
});
const health = startWorkerHealthServer(worker, {
  port: config.worker.healthPort,
  host: config.host,
  taskQueue: config.temporal.taskQueue,
  sdkMetricsPort,
  metricsToken: config.metricsToken,
  production: config.appEnv === 'production',
});
if (config.appEnv === 'production' && !config.metricsToken)
  log.warn('METRICS_TOKEN is not set: /metrics is not served');
const relay = startOutboxRelay({ config, db, connection, log });
log.info('worker polling', {
  taskQueue: config.temporal.taskQueue,
  namespace: config.temporal.namespace,
  health: `http://${config.host}:${config.worker.healthPort}/health`,
});
try {
  await worker.run();
} finally {
  await relay.close();
  health.close();
  await services.renderer.close();
  external.mailer.close();
  await connection.close();
  await db.destroy();
  await tracing.shutdown();
  log.info('worker stopped');
}
