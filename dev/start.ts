/**
 * `npm start`: the whole system on one machine. PostgreSQL (embedded unless DATABASE_URL),
 * Temporal (CLI dev server unless TEMPORAL_ADDRESS), migrations and the demo seed, then the
 * worker, API and signing service as child processes with prefixed logs. Prints one `ready:`
 * line when everything answers; Ctrl-C / SIGTERM stops it all in order and exits 0.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMBEDDED_DATABASE_NAME, loadConfig } from '../config/index.js';
import { createDb } from '../db/connection.js';
import { migrateAll } from '../db/migrate.js';
import { listTenants } from '../db/control.js';
import { seedDemo } from '../db/seed/demo.js';
import { ensureDevPki } from '../signer/dev-pki.js';
import { DEMO_TENANT } from '../db/seed/demo-data.js';
import { ensureChromium } from './chromium.js';
import { EmbeddedPostgres } from './embedded-postgres.js';
import { ManagedProcess } from './managed-process.js';
import { runSystemCheck } from './system-check.js';
import { ensureTemporalCli } from './temporal-cli.js';
import { TemporalDevServer } from './temporal-server.js';
import { waitForHttpOk } from './wait.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = loadConfig();

const width = 'postgres'.length;
const say = (name: string) => (line: string) => process.stdout.write(`[${name.padEnd(width)}] ${line}\n`);
const dev = say('dev');

let postgres: EmbeddedPostgres | undefined;
let temporal: TemporalDevServer | undefined;
const services: ManagedProcess[] = [];
let stopping = false;
let stoppingSince = 0;

async function shutdown(reason: string, code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  stoppingSince = Date.now();
  dev(`stopping (${reason})`);
  // The front door first, then the worker (it finishes in-flight tasks, which may still call the
  // signing service), then the signing service and its TSA, then Temporal, then Postgres.
  const byName = (n: string) => services.filter((s) => s.name === n);
  await Promise.all(byName('api').map((s) => s.stop('SIGTERM', 10_000)));
  await Promise.all(byName('worker').map((s) => s.stop('SIGTERM', 30_000)));
  await Promise.all(['signer', 'tsa', 'oidc', 'mail'].flatMap(byName).map((s) => s.stop('SIGTERM', 10_000)));
  await temporal?.stop().catch((e: Error) => dev(`temporal stop: ${e.message}`));
  await postgres?.stop().catch((e: Error) => dev(`postgres stop: ${e.message}`));
  dev('stopped');
  process.exit(code);
}

/**
 * First signal: orderly stop. npm forwards the terminal's Ctrl-C, so the same signal often arrives
 * twice at once; only a repeat a few seconds later means "stop now".
 */
function onSignal(signal: NodeJS.Signals): void {
  if (!stopping) {
    void shutdown(signal, 0);
  } else if (Date.now() - stoppingSince > 3_000) {
    dev(`${signal} again: killing everything now`);
    for (const s of services) s.killGroupNow('SIGKILL');
    process.exit(1);
  }
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

function startService(name: string, entry: string, env: NodeJS.ProcessEnv): ManagedProcess {
  const proc = new ManagedProcess({
    name,
    command: process.execPath,
    args: ['--import', 'tsx', path.join(root, entry)],
    cwd: root,
    env,
    onLine: say(name),
  });
  void proc.exited.then(({ code, signal }) => {
    if (!stopping) void shutdown(`${name} exited unexpectedly (code ${code}, signal ${signal})`, 1);
  });
  services.push(proc);
  return proc;
}

async function main(): Promise<void> {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    dev(`starting embedded PostgreSQL on 127.0.0.1:${config.embeddedPostgresPort} (data in ${path.join(config.dataDir, 'postgres')})`);
    postgres = await EmbeddedPostgres.start({
      dir: path.join(config.dataDir, 'postgres'),
      port: config.embeddedPostgresPort,
      database: EMBEDDED_DATABASE_NAME,
      durable: true,
      onLine: say('postgres'),
    });
    databaseUrl = postgres.url;
  }
  if (stopping) return;

  let temporalAddress = config.temporal.address;
  let temporalUi = config.temporal.uiUrl ?? 'n/a';
  if (!temporalAddress) {
    const cli = await ensureTemporalCli(config.temporal.cliPath, say('temporal'));
    if (stopping) return;
    dev(`starting Temporal dev server on 127.0.0.1:${config.temporal.port}, Web UI on ${config.temporal.uiPort}`);
    temporal = await TemporalDevServer.start({
      cliPath: cli,
      port: config.temporal.port,
      uiPort: config.temporal.uiPort,
      dbFile: path.join(config.dataDir, 'temporal', 'temporal.db'),
      namespace: config.temporal.namespace,
      ui: true,
      // The dev server complains loudly while it shuts down; those lines say nothing useful.
      onLine: (line) => stopping || say('temporal')(line),
    });
    temporalAddress = temporal.address;
    temporalUi = temporal.uiUrl ?? temporalUi;
  }
  if (stopping) return;

  await ensureChromium(config.chromiumPath, dev);
  if (stopping) return;

  const db = createDb(databaseUrl, { poolMax: 2, applicationName: 'expediente-dev' });
  try {
    const applied = await migrateAll(db);
    for (const [schema, names] of Object.entries(applied)) if (names.length) dev(`migrated ${schema}: ${names.join(', ')}`);
    const seed = await seedDemo(db, config.demoApiKey ? { apiKey: config.demoApiKey } : {});
    dev(`demo tenant "${seed.tenant.schema}" (${seed.tenant.displayName}, code ${seed.tenant.municipalityCode}) seeded`);
    if (seed.createdApiKey) {
      dev(`demo integration API key (shown only now; store it): ${seed.createdApiKey}`);
    }
    if (!process.env.CERTS_DIR) {
      // Development certificates for every tenant, so each signs in PAdES mode, not visual.
      const pki = await ensureDevPki({ dir: path.join(config.dataDir, 'pki'), tenants: (await listTenants(db)).map((t) => t.schema) });
      dev(`development PKI ready (trust anchor for validators: ${pki.caCertPath})`);
    }
  } finally {
    await db.destroy();
  }
  if (stopping) return;

  // The development identity provider and SMTP catcher run unless real ones are configured.
  const localIdp = !process.env.OIDC_ISSUER;
  const localMail = !process.env.SMTP_HOST;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(localIdp ? { OIDC_PORT: String(config.oidc.port), IDP_BASE_URL: process.env.IDP_BASE_URL ?? config.oidc.issuer } : {}),
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    DATA_DIR: config.dataDir,
    TSA_PORT: String(config.tsaPort),
  };
  const tsa = startService('tsa', 'signer/tsa/main.ts', env);
  const signer = startService('signer', 'signer/main.ts', env);
  const oidc = localIdp ? startService('oidc', 'dev/oidc/main.ts', env) : undefined;
  const mail = localMail ? startService('mail', 'dev/maildev-main.ts', env) : undefined;
  const worker = startService('worker', 'worker/main.ts', env);
  const api = startService('api', 'api/main.ts', env);

  const apiUrl = `http://127.0.0.1:${config.api.port}`;
  const tsaUrl = `http://127.0.0.1:${config.tsaPort}`;
  await Promise.all([
    waitForHttpOk(`${apiUrl}/health`, 120_000, () => api.running),
    waitForHttpOk(`${config.signer.url}/health`, 120_000, () => signer.running),
    waitForHttpOk(`${tsaUrl}/health`, 120_000, () => tsa.running),
    ...(oidc ? [waitForHttpOk(`${config.oidc.issuer}/.well-known/openid-configuration`, 120_000, () => oidc.running)] : []),
    ...(mail ? [waitForHttpOk(`http://127.0.0.1:${config.maildevWebPort}/`, 120_000, () => mail.running)] : []),
    waitForHttpOk(`http://127.0.0.1:${config.worker.healthPort}/health`, 180_000, () => worker.running),
  ]);
  const check = await runSystemCheck({
    address: temporalAddress,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    tenant: DEMO_TENANT.schema,
    timeoutMs: 180_000,
  });
  if (!worker.running || stopping) return;
  dev(`system check ${check.workflowId} completed (row ${check.checkId})`);
  process.stdout.write(
    `ready: api=${apiUrl} signer=${config.signer.url} tsa=${tsaUrl} oidc=${config.oidc.issuer}` +
      ` mail=${localMail ? `http://127.0.0.1:${config.maildevWebPort}` : config.smtp.host} temporal=${temporalAddress} temporal-ui=${temporalUi}\n`,
  );
}

main().catch((err: Error) => {
  dev(`start failed: ${err.stack ?? err.message}`);
  void shutdown('start-up failure', 1);
});
