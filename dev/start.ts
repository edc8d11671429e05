/**
 * `npm start`: the whole system on one machine. PostgreSQL (embedded unless DATABASE_URL),
 * Temporal (CLI dev server unless TEMPORAL_ADDRESS), migrations and the demo seed, then the
 * worker, API, signing service, its time-stamping authority and the remote signing service of
 * personal signatures (CSC API) as child processes with prefixed logs. Prints one `ready:`
 * line when everything answers; Ctrl-C / SIGTERM stops it all in order and exits 0.
 *
 * Once ready, a process that exits on its own is restarted with back-off (dev/supervisor.ts);
 * the stack stops (exit 1) only when one keeps dying. Embedded PostgreSQL and the Temporal dev
 * server are restarted in place: same port, same data, so the others reconnect by themselves.
 * The pid and state of every process are kept in `DATA_DIR/processes.json`.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSC_DEV_DEFAULTS, EMBEDDED_DATABASE_NAME, loadConfig } from '../config/index.js';
import { createDb } from '../db/connection.js';
import { migrateAll } from '../db/migrate.js';
import { listTenants } from '../db/control.js';
import { seedDemo } from '../db/seed/demo.js';
import { ensureDevPki } from '../signer/dev-pki.js';
import { SIGNER_NODE_FLAGS } from '../signer/node-flags.js';
import { DEMO_TENANT, USERS as DEMO_USERS } from '../db/seed/demo-data.js';
import { ensureChromium } from './chromium.js';
import { OIDC_DEFAULTS } from './oidc/config.js';
import { EmbeddedPostgres } from './embedded-postgres.js';
import { ManagedProcess } from './managed-process.js';
import { processRun, Supervisor, type Run } from './supervisor.js';
import { runSystemCheck } from './system-check.js';
import { ensureTemporalCli } from './temporal-cli.js';
import { TemporalDevServer } from './temporal-server.js';
import { waitForHttpOk } from './wait.js';
import { ensureWebBuild } from '../web/build.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = loadConfig();
/** The development remote signing service's port (CSC_PORT); config.csc.url points at it. */
const CSC_PORT = Number(process.env.CSC_PORT || CSC_DEV_DEFAULTS.port);

const width = 'postgres'.length;
const say = (name: string) => (line: string) => process.stdout.write(`[${name.padEnd(width)}] ${line}\n`);
const dev = say('dev');

const supervisors: Supervisor[] = [];
const statusFile = path.join(config.dataDir, 'processes.json');
let ready = false;
let stopping = false;
let stoppingSince = 0;

/** What an operator (or a test) reads to find the processes: pids, state, restarts, last exit. */
function writeStatus(): void {
  if (stopping) return;
  const status = {
    orchestrator_pid: process.pid,
    ready,
    updated_at: new Date().toISOString(),
    processes: Object.fromEntries(supervisors.map((s) => [s.name, s.status()])),
  };
  try {
    mkdirSync(config.dataDir, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    writeFileSync(`${statusFile}.tmp`, `${JSON.stringify(status, null, 2)}\n`);
    renameSync(`${statusFile}.tmp`, statusFile);
  } catch (err) {
    dev(`could not write ${statusFile}: ${(err as Error).message}`);
  }
}

async function shutdown(reason: string, code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  stoppingSince = Date.now();
  dev(`stopping (${reason})`);
  // The front door first, then the worker (it finishes in-flight tasks, which may still call the
  // signing service or the remote signing service), then those and the TSA, then Temporal, then Postgres.
  // `worker` also names `worker-2`, `worker-3`... (WORKERS=n).
  const stopAll = (...names: string[]) =>
    Promise.all(
      supervisors
        .filter((s) => names.some((n) => s.name === n || s.name.startsWith(`${n}-`)))
        .map((s) => s.stop().catch((e: Error) => dev(`${s.name} stop: ${e.message}`))),
    );
  await stopAll('api');
  await stopAll('worker');
  await stopAll('signer', 'csc', 'tsa', 'oidc', 'mail');
  await stopAll('temporal');
  await stopAll('postgres');
  rmSync(statusFile, { force: true });
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
    for (const s of supervisors) s.killNow();
    process.exit(1);
  }
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

/** Starts `start` under a supervisor that stops the stack when it gives up. */
async function supervised(
  name: string,
  start: () => Promise<Run>,
  healthy?: (s: Supervisor) => Promise<void>,
): Promise<Supervisor> {
  const supervisor: Supervisor = new Supervisor({
    name,
    start,
    log: dev,
    onFatal: (reason) => void shutdown(reason, 1),
    ...(healthy ? { healthy: () => healthy(supervisor) } : {}),
    onChange: writeStatus,
  });
  supervisors.push(supervisor);
  await supervisor.start();
  return supervisor;
}

interface ServiceOptions {
  /** How long a stop waits for the process to finish its work. */
  graceMs?: number;
  nodeFlags?: readonly string[];
}

/** A Node service of this repository, restarted when it dies and logged when it serves again. */
function startService(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  healthUrl: string,
  { graceMs = 10_000, nodeFlags = [] }: ServiceOptions = {},
): Promise<Supervisor> {
  const spawnIt = async () =>
    processRun(
      new ManagedProcess({
        name,
        command: process.execPath,
        args: [...nodeFlags, '--import', 'tsx', path.join(root, entry)],
        cwd: root,
        env,
        onLine: say(name),
      }),
      graceMs,
    );
  return supervised(name, spawnIt, (s) => waitForHttpOk(healthUrl, 120_000, () => s.running));
}

/**
 * The desk's login returns to the API's public URL: the development provider's front-end client
 * gets it as a redirect URI (besides its defaults) unless the operator set the list, and
 * activation links end on the desk.
 */
const DEMO_PASSWORD = 'Demo-pass-1';

function deskClientEnv(): NodeJS.ProcessEnv {
  const desk = config.api.publicUrl.replace(/\/+$/, '');
  const env: NodeJS.ProcessEnv = {};
  if (!process.env.OIDC_FRONTEND_REDIRECT_URIS)
    env.OIDC_FRONTEND_REDIRECT_URIS = [...new Set([`${desk}/callback`, ...OIDC_DEFAULTS.frontendRedirectUris])].join(
      ',',
    );
  if (!process.env.OIDC_FRONTEND_LOGOUT_URIS)
    env.OIDC_FRONTEND_LOGOUT_URIS = [...new Set([`${desk}/`, ...OIDC_DEFAULTS.frontendPostLogoutRedirectUris])].join(
      ',',
    );
  if (!process.env.OIDC_FRONTEND_LOGIN_URI) env.OIDC_FRONTEND_LOGIN_URI = `${desk}/`;
  // MCP clients ask for tokens for this API's MCP resource (RFC 8707), whatever its port.
  if (!process.env.OIDC_EXTRA_AUDIENCES)
    env.OIDC_EXTRA_AUDIENCES = [...new Set([config.mcp.resource, ...OIDC_DEFAULTS.extraAudiences])].join(',');
  // Password accounts for the demo users, so the desk can be tried at once (development only).
  if (!process.env.OIDC_SEED_ACCOUNTS) {
    env.OIDC_SEED_ACCOUNTS = JSON.stringify(
      DEMO_USERS.map((u) => ({ email: u.email, password: DEMO_PASSWORD, name: u.fullName, email_verified: true })),
    );
  }
  return env;
}

function workersWanted(): number {
  const raw = process.env.WORKERS ?? '1';
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`WORKERS must be an integer from 1 to 16, got "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    dev(
      `starting embedded PostgreSQL on 127.0.0.1:${config.embeddedPostgresPort} (data in ${path.join(config.dataDir, 'postgres')})`,
    );
    // A restart reuses the cluster and port: Postgres recovers from its WAL and the others' pools
    // reconnect to the same URL.
    let url = '';
    await supervised('postgres', async () => {
      const server = await EmbeddedPostgres.start({
        dir: path.join(config.dataDir, 'postgres'),
        port: config.embeddedPostgresPort,
        database: EMBEDDED_DATABASE_NAME,
        durable: true,
        onLine: say('postgres'),
      });
      url = server.url;
      return server;
    });
    databaseUrl = url;
  }
  if (stopping) return;

  let temporalAddress = config.temporal.address;
  let temporalUi = config.temporal.uiUrl ?? 'n/a';
  if (!temporalAddress) {
    const cli = await ensureTemporalCli(config.temporal.cliPath, say('temporal'));
    if (stopping) return;
    dev(`starting Temporal dev server on 127.0.0.1:${config.temporal.port}, Web UI on ${config.temporal.uiPort}`);
    // Restarted on the same port and SQLite file: workflows survive, and the worker's and API's
    // clients reconnect to the same address.
    let started: TemporalDevServer | undefined;
    await supervised('temporal', async () => {
      started = await TemporalDevServer.start({
        cliPath: cli,
        port: config.temporal.port,
        uiPort: config.temporal.uiPort,
        dbFile: path.join(config.dataDir, 'temporal', 'temporal.db'),
        namespace: config.temporal.namespace,
        ui: true,
        // The dev server complains loudly while it shuts down; those lines say nothing useful.
        onLine: (line) => stopping || say('temporal')(line),
      });
      return started;
    });
    temporalAddress = started!.address;
    temporalUi = started!.uiUrl ?? temporalUi;
  }
  if (stopping) return;

  await ensureChromium(config.chromiumPath, dev);
  if (stopping) return;

  // The desk the API serves at /: rebuilt when web/dist is missing or older than web/src.
  if (await ensureWebBuild(say('web'))) dev('web desk built into web/dist');
  if (stopping) return;

  const db = createDb(databaseUrl, { poolMax: 2, applicationName: 'expediente-dev' });
  try {
    const applied = await migrateAll(db);
    for (const [schema, names] of Object.entries(applied))
      if (names.length) dev(`migrated ${schema}: ${names.join(', ')}`);
    const seed = await seedDemo(db, config.demoApiKey ? { apiKey: config.demoApiKey } : {});
    dev(
      `demo tenant "${seed.tenant.schema}" (${seed.tenant.displayName}, code ${seed.tenant.municipalityCode}) seeded`,
    );
    if (seed.createdApiKey) {
      dev(`demo integration API key (shown only now; store it): ${seed.createdApiKey}`);
    }
    if (!process.env.CERTS_DIR) {
      // Development certificates for every tenant, so each signs in PAdES mode, not visual.
      const pki = await ensureDevPki({
        dir: path.join(config.dataDir, 'pki'),
        tenants: (await listTenants(db)).map((t) => t.schema),
      });
      dev(`development PKI ready (trust anchor for validators: ${pki.caCertPath})`);
    }
  } finally {
    await db.destroy();
  }
  if (stopping) return;

  // The development identity provider, SMTP catcher and remote signing service (personal
  // signatures) run unless real ones are configured.
  const localIdp = !process.env.OIDC_ISSUER;
  const localMail = !process.env.SMTP_HOST;
  // (In production without CSC_URL there are no personal signatures, so no local service either.)
  const localCsc = !process.env.CSC_URL && config.csc.url !== undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(localIdp
      ? {
          OIDC_PORT: String(config.oidc.port),
          IDP_BASE_URL: process.env.IDP_BASE_URL ?? config.oidc.issuer,
          ...deskClientEnv(),
        }
      : {}),
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    DATA_DIR: config.dataDir,
    TSA_PORT: String(config.tsaPort),
    ...(localCsc ? { CSC_PORT: String(CSC_PORT) } : {}),
  };
  const apiUrl = `http://127.0.0.1:${config.api.port}`;
  const tsaUrl = `http://127.0.0.1:${config.tsaPort}`;
  const health = {
    tsa: `${tsaUrl}/health`,
    csc: `${config.csc.url}/health`,
    signer: `${config.signer.url}/health`,
    oidc: `${config.oidc.issuer}/.well-known/openid-configuration`,
    mail: `http://127.0.0.1:${config.maildevWebPort}/`,
    api: `${apiUrl}/health`,
  };
  // WORKERS=n runs n worker processes on the task queue; the i-th (from 0) takes the health port
  // 2i above the configured one. Each picks a free port for its SDK metrics exporter (read only
  // through its own /metrics) unless WORKER_SDK_METRICS_PORT is set: then the i-th takes 2i above.
  const workerCount = workersWanted();
  const sdkPort = config.worker.sdkMetricsPort;
  const workerPorts = Array.from({ length: workerCount }, (_, i) => ({
    health: config.worker.healthPort + 2 * i,
    sdk: sdkPort === undefined ? undefined : sdkPort && sdkPort + 2 * i,
  }));
  const tsa = await startService('tsa', 'signer/tsa/main.ts', env, health.tsa);
  const signer = await startService('signer', 'signer/main.ts', env, health.signer, { nodeFlags: SIGNER_NODE_FLAGS });
  // After the TSA: it issues personal certificates on the PKI the TSA has bound to its URL.
  const csc = localCsc ? await startService('csc', 'signer/csc/main.ts', env, health.csc) : undefined;
  const oidc = localIdp ? await startService('oidc', 'dev/oidc/main.ts', env, health.oidc) : undefined;
  const mail = localMail ? await startService('mail', 'dev/maildev-main.ts', env, health.mail) : undefined;
  // The worker finishes its in-flight tasks when stopped, hence its longer grace.
  const workers: Supervisor[] = [];
  for (const [i, ports] of workerPorts.entries()) {
    const workerEnv: NodeJS.ProcessEnv = {
      ...env,
      WORKER_HEALTH_PORT: String(ports.health),
      WORKER_SDK_METRICS_PORT: ports.sdk === undefined ? '' : String(ports.sdk),
    };
    workers.push(
      await startService(
        i === 0 ? 'worker' : `worker-${i + 1}`,
        'worker/main.ts',
        workerEnv,
        `http://127.0.0.1:${ports.health}/health`,
        { graceMs: 30_000 },
      ),
    );
  }
  const api = await startService('api', 'api/main.ts', env, health.api);

  await Promise.all([
    waitForHttpOk(health.api, 120_000, () => api.running),
    waitForHttpOk(health.signer, 120_000, () => signer.running),
    waitForHttpOk(health.tsa, 120_000, () => tsa.running),
    ...(csc ? [waitForHttpOk(health.csc, 120_000, () => csc.running)] : []),
    ...(oidc ? [waitForHttpOk(health.oidc, 120_000, () => oidc.running)] : []),
    ...(mail ? [waitForHttpOk(health.mail, 120_000, () => mail.running)] : []),
    ...workers.map((w, i) =>
      waitForHttpOk(`http://127.0.0.1:${workerPorts[i].health}/health`, 180_000, () => w.running),
    ),
  ]);
  const check = await runSystemCheck({
    address: temporalAddress,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    tenant: DEMO_TENANT.schema,
    timeoutMs: 180_000,
  });
  if (!workers.every((w) => w.running) || stopping) return;
  dev(`system check ${check.workflowId} completed (row ${check.checkId})`);
  for (const s of supervisors) s.supervise();
  ready = true;
  writeStatus();
  dev(
    `processes: ${supervisors.map((s) => `${s.name}=${s.pid ?? '?'}`).join(' ')} (pids, states and restarts in ${statusFile})`,
  );
  process.stdout.write(
    `ready: api=${apiUrl} signer=${config.signer.url} tsa=${tsaUrl} csc=${config.csc.url ?? 'n/a'} oidc=${config.oidc.issuer}` +
      ` web=${config.api.publicUrl}/ mail=${localMail ? `http://127.0.0.1:${config.maildevWebPort}` : config.smtp.host} temporal=${temporalAddress} temporal-ui=${temporalUi}\n`,
  );
}

main().catch((err: Error) => {
  dev(`start failed: ${err.stack ?? err.message}`);
  void shutdown('start-up failure', 1);
});
