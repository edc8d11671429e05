/**
 * A production-shaped deployment on this machine, with the software a province would run:
 *  - one embedded PostgreSQL holding the platform's database and Temporal's persistence and
 *    visibility (restartable in place, same port and data);
 *  - a real Temporal server (dev/temporal-cluster.ts: go.temporal.io/server on PostgreSQL, schema
 *    by temporal-sql-tool), restartable in place;
 *  - MinIO, the PDFs stored there (STORAGE_DRIVER=s3);
 *  - compiled (dist/) processes, each killable with SIGKILL and restartable on its port: two API
 *    processes behind a balancer, two workers, two signing services (the workers' SIGNER_URL lists
 *    both);
 *  - a time-stamping authority, and the test stack's OpenID provider, MailDev and remote signing
 *    service.
 * Each process has its own DATA_DIR: nothing is shared through a filesystem.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createDb, type Db } from '../../../db/connection.js';
import { migrateAll } from '../../../db/migrate.js';
import { seedDemo } from '../../../db/seed/demo.js';
import { S3ObjectStore } from '../../../domain/storage/s3-object-store.js';
import type { ObjectStore } from '../../../domain/storage/object-store.js';
import { EmbeddedPostgres } from '../../../dev/embedded-postgres.js';
import { freePort } from '../../../dev/ports.js';
import { ensureTemporalServerTools, TemporalCluster } from '../../../dev/temporal-cluster.js';
import { waitForHttpOk } from '../../../dev/wait.js';
import { startTimestampAuthority, type RunningTimestampAuthority } from '../../../signer/tsa/server.js';
import { getStack } from '../../support/hooks.js';
import { TEST_CSC, TEST_DEMO_API_KEY, TEST_SIGNER_API_KEY } from '../../support/stack.js';
import { minioBinary, startMinio, type RunningMinio } from '../../storage/minio.js';
import { Balancer } from './balancer.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

/** One compiled process on a fixed port: killed with SIGKILL, started again as a supervisor would. */
export class NodeService {
  private child: ChildProcess | undefined;
  /** Times this service was started (1 after the first start). */
  starts = 0;

  constructor(
    readonly name: string,
    private readonly args: string[],
    private readonly env: Record<string, string>,
    readonly url: string,
    private readonly healthUrl: string,
    /** Where its output goes (appended across restarts). */
    readonly logFile: string,
  ) {}

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    if (this.running) return;
    const out = openSync(this.logFile, 'a');
    const child = spawn(process.execPath, this.args, {
      cwd: root,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', out, out],
    });
    closeSync(out);
    this.child = child;
    this.starts++;
    await waitForHttpOk(this.healthUrl, 120_000, () => child.exitCode === null && child.signalCode === null);
  }

  /** SIGKILL: no shutdown hook runs, in-flight requests and activities are cut. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

export interface Deployment {
  db: Db;
  storage: ObjectStore;
  balancer: Balancer;
  postgres: { url: string; stop(): Promise<void>; start(): Promise<void> };
  temporal: TemporalCluster;
  apis: NodeService[];
  workers: NodeService[];
  signers: NodeService[];
  /** The lines of a process's output that log an error (`ERROR ...`). */
  errorLines(service: NodeService): Promise<string[]>;
  close(): Promise<void>;
}

/** `npm run build` once per run: the processes run from dist/ as production runs them. */
async function build(): Promise<void> {
  await run('npm', ['run', '--silent', 'build'], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
}

export async function startDeployment(log: (line: string) => void): Promise<Deployment> {
  const stack = getStack();
  const minioBin = minioBinary();
  if (!minioBin) throw new Error('MinIO is not installed (npm run setup:tools builds it)');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'expediente-topology-'));
  const quiet = () => undefined;
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const [tools] = await Promise.all([ensureTemporalServerTools(log), build()]);

    const pgOptions = {
      dir: path.join(dir, 'pg'),
      port: await freePort(),
      database: 'expediente',
      durable: true,
      onLine: quiet,
    };
    let pg: EmbeddedPostgres | undefined = await EmbeddedPostgres.start(pgOptions);
    const postgres = {
      url: pg.url,
      async stop() {
        await pg?.stop();
        pg = undefined;
      },
      async start() {
        pg ??= await EmbeddedPostgres.start(pgOptions);
      },
    };
    cleanups.push(() => postgres.stop());

    const temporal = await TemporalCluster.start({
      tools,
      postgresUrl: pg.url,
      dir: path.join(dir, 'temporal'),
      namespace: 'default',
      onLine: quiet,
    });
    cleanups.push(() => temporal.stop());

    const minio: RunningMinio = await startMinio(minioBin);
    cleanups.push(() => minio.stop());
    const bucket = 'expediente';
    await minio.createBucket(bucket);
    const s3 = {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: minio.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: minio.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: minio.credentials.secretAccessKey,
    };
    const storage = new S3ObjectStore({
      bucket,
      prefix: '',
      region: 'us-east-1',
      endpoint: minio.endpoint,
      forcePathStyle: true,
      credentials: minio.credentials,
    });

    const tsa: RunningTimestampAuthority = await startTimestampAuthority({
      port: await freePort(),
      host: '127.0.0.1',
      pkiDir: stack.pki.dir,
      log: stack.log,
      publishRevocation: false,
    });
    cleanups.push(() => tsa.close());

    const db = createDb(pg.url, { applicationName: 'expediente-topology', log: stack.log });
    cleanups.push(() => db.destroy());
    await migrateAll(db);
    await seedDemo(db, { apiKey: TEST_DEMO_API_KEY });

    await mkdir(path.join(dir, 'logs'));
    const logFile = (name: string) => path.join(dir, 'logs', `${name}.log`);
    const dataDir = async (name: string) => {
      const d = path.join(dir, 'data', name);
      await mkdir(d, { recursive: true });
      return d;
    };

    const signers: NodeService[] = [];
    for (const n of [1, 2]) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      signers.push(
        new NodeService(
          `signer-${n}`,
          ['--max-semi-space-size=2', 'dist/signer/main.js'],
          {
            ENVIRONMENT: 'test',
            HOST: '127.0.0.1',
            SIGNER_PORT: String(port),
            API_KEY: TEST_SIGNER_API_KEY,
            CERTS_DIR: stack.pki.certsDir,
            TSA_URL: tsa.url,
            DATA_DIR: await dataDir(`signer-${n}`),
            LOG_LEVEL: 'error',
            FALLBACK_TO_VISUAL: 'false',
          },
          url,
          `${url}/health`,
          logFile(`signer-${n}`),
        ),
      );
    }

    const common = {
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: pg.url,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_NAMESPACE: 'default',
      TEMPORAL_TASK_QUEUE: 'expediente',
      SIGNER_URL: signers.map((s) => s.url).join(','),
      SIGNER_API_KEY: TEST_SIGNER_API_KEY,
      OIDC_ISSUER: stack.idp.issuer,
      FILE_URL_SECRET: 'topology-file-url-secret',
      WEBHOOK_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(stack.config.smtp.port),
      CSC_URL: stack.csc.url,
      CSC_CLIENT_ID: TEST_CSC.clientId,
      CSC_CLIENT_SECRET: TEST_CSC.clientSecret,
      CSC_ENROLMENT_URL: stack.csc.url,
      CSC_ADMIN_TOKEN: TEST_CSC.adminToken,
      // A request waits this long for its workflow before answering 202 with a way to follow it.
      WORKFLOW_WAIT_MS: '20000',
      ...s3,
    };
    const workers: NodeService[] = [];
    for (const n of [1, 2]) {
      const [health, sdk] = [await freePort(), await freePort()];
      workers.push(
        new NodeService(
          `worker-${n}`,
          ['dist/worker/main.js'],
          {
            ...common,
            DATA_DIR: await dataDir(`worker-${n}`),
            WORKER_HEALTH_PORT: String(health),
            WORKER_SDK_METRICS_PORT: String(sdk),
          },
          `http://127.0.0.1:${health}`,
          `http://127.0.0.1:${health}/health`,
          logFile(`worker-${n}`),
        ),
      );
    }
    const apis: NodeService[] = [];
    for (const n of [1, 2]) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      apis.push(
        new NodeService(
          `api-${n}`,
          ['dist/api/main.js'],
          { ...common, DATA_DIR: await dataDir(`api-${n}`), API_PORT: String(port), API_PUBLIC_URL: url },
          url,
          `${url}/health`,
          logFile(`api-${n}`),
        ),
      );
    }
    const all = [...signers, ...workers, ...apis];
    cleanups.push(() => Promise.all(all.map((s) => s.stop())));
    await Promise.all(signers.map((s) => s.start()));
    await Promise.all(workers.map((s) => s.start()));
    await Promise.all(apis.map((s) => s.start()));

    const balancer = await Balancer.start(() => apis.map((a) => a.url));
    cleanups.push(() => balancer.close());

    return {
      db,
      storage,
      balancer,
      postgres,
      temporal,
      apis,
      workers,
      signers,
      async errorLines(service) {
        return (await readFile(service.logFile, 'utf8').catch(() => ''))
          .split('\n')
          .filter((l) => l.startsWith('ERROR'));
      },
      async close() {
        for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
