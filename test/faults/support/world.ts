/**
 * A deployment for fault tests, every part of it a real process or server that the test can kill
 * or restart: its own durable PostgreSQL and a Temporal dev server with a database file (both
 * restartable in place, same port and data), its own time-stamping authority and signing service
 * (stoppable on their ports), worker processes (`worker/main.ts`, killable with SIGKILL) and an
 * API on that database and Temporal. Certificates come from the test stack's development PKI.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb, type Db } from '../../../db/connection.js';
import { migrateAll } from '../../../db/migrate.js';
import { seedDemo } from '../../../db/seed/demo.js';
import { EmbeddedPostgres, type EmbeddedPostgresOptions } from '../../../dev/embedded-postgres.js';
import { freePort } from '../../../dev/ports.js';
import { ensureTemporalCli } from '../../../dev/temporal-cli.js';
import { TemporalDevServer, type TemporalDevServerOptions } from '../../../dev/temporal-server.js';
import { loadSignerConfig } from '../../../signer/config.js';
import { startSignerServer, type RunningSigner } from '../../../signer/server.js';
import { startTimestampAuthority, type RunningTimestampAuthority } from '../../../signer/tsa/server.js';
import { getStack } from '../../support/hooks.js';
import { TEST_DEMO_API_KEY, TEST_SIGNER_API_KEY } from '../../support/stack.js';
import { startWorkerProcess, type WorkerProcess } from '../../support/worker-process.js';

/** A server the test can stop and start again on the same port. */
export interface Restartable {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

function restartable<T>(
  url: string,
  startFn: () => Promise<T>,
  stopFn: (running: T) => Promise<void>,
  first: T,
): Restartable {
  let running: T | undefined = first;
  return {
    url,
    async stop() {
      if (running !== undefined) await stopFn(running);
      running = undefined;
    },
    async start() {
      running ??= await startFn();
    },
  };
}

export interface FaultWorld {
  db: Db;
  databaseUrl: string;
  postgres: Restartable;
  temporal: Restartable;
  tsa: Restartable;
  signer: Restartable;
  api: { url: string; close(): Promise<void> };
  taskQueue: string;
  workers: WorkerProcess[];
  /** Starts one more worker process (with `env` added to its environment). */
  startWorker(env?: Record<string, string>): Promise<WorkerProcess>;
  close(): Promise<void>;
}

export async function startFaultWorld(): Promise<FaultWorld> {
  const stack = getStack();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'expediente-faults-'));
  const quiet = () => undefined;

  const pgOptions: EmbeddedPostgresOptions = {
    dir: path.join(dir, 'pg'),
    port: await freePort(),
    database: 'expediente_faults',
    durable: true,
    onLine: quiet,
  };
  const pg = await EmbeddedPostgres.start(pgOptions);
  const postgres = restartable(
    pg.url,
    () => EmbeddedPostgres.start(pgOptions),
    (p) => p.stop(),
    pg,
  );

  const temporalOptions: TemporalDevServerOptions = {
    cliPath: await ensureTemporalCli(process.env.TEMPORAL_CLI, quiet),
    port: await freePort(),
    uiPort: await freePort(),
    dbFile: path.join(dir, 'temporal', 'temporal.db'),
    namespace: 'default',
    ui: false,
    onLine: quiet,
  };
  const server = await TemporalDevServer.start(temporalOptions);
  const temporal = restartable(
    server.address,
    () => TemporalDevServer.start(temporalOptions),
    (s) => s.stop(),
    server,
  );

  // The stack's own authority keeps publishing the PKI's revocation data: this one only time-stamps (and may go down).
  const tsaOptions = {
    port: await freePort(),
    host: '127.0.0.1',
    pkiDir: stack.pki.dir,
    log: stack.log,
    publishRevocation: false,
  };
  const firstTsa = await startTimestampAuthority(tsaOptions);
  const tsa = restartable<RunningTimestampAuthority>(
    firstTsa.url,
    () => startTimestampAuthority(tsaOptions),
    (t) => t.close(),
    firstTsa,
  );

  const signerPort = await freePort();
  const signerConfig = loadSignerConfig({
    ENVIRONMENT: 'test',
    HOST: '127.0.0.1',
    SIGNER_PORT: String(signerPort),
    API_KEY: TEST_SIGNER_API_KEY,
    CERTS_DIR: stack.pki.certsDir,
    TSA_URL: tsa.url,
    DATA_DIR: dir,
    LOG_LEVEL: 'error',
    TSA_TIMEOUT_MS: '3000',
    // Without a time-stamp the signature must wait, not fall back to a visual one.
    FALLBACK_TO_VISUAL: 'false',
  });
  const firstSigner = await startSignerServer(signerConfig, stack.log);
  const signer = restartable<RunningSigner>(
    `http://127.0.0.1:${signerPort}`,
    () => startSignerServer(signerConfig, stack.log),
    (s) => s.close(),
    firstSigner,
  );

  const db = createDb(pg.url, { applicationName: 'expediente-faults', log: stack.log });
  await migrateAll(db);
  await seedDemo(db, { apiKey: TEST_DEMO_API_KEY });

  const taskQueue = `faults-${Date.now()}`;
  const api = await stack.extraApi(
    { TEMPORAL_TASK_QUEUE: taskQueue, WORKFLOW_WAIT_MS: '20000' },
    { databaseUrl: pg.url, temporalAddress: server.address },
  );
  const workers: WorkerProcess[] = [];
  const startWorker = async (env: Record<string, string> = {}) => {
    const worker = await startWorkerProcess({
      taskQueue,
      signerUrl: signer.url,
      env: { DATABASE_URL: pg.url, TEMPORAL_ADDRESS: server.address, ...env },
    });
    workers.push(worker);
    return worker;
  };

  return {
    db,
    databaseUrl: pg.url,
    postgres,
    temporal,
    tsa,
    signer,
    api,
    taskQueue,
    workers,
    startWorker,
    async close() {
      for (const w of workers) w.kill('SIGKILL');
      await api.close();
      await db.destroy();
      await signer.stop();
      await tsa.stop();
      await temporal.stop();
      await postgres.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
