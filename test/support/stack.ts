/**
 * The real system for tests: a throwaway PostgreSQL (embedded, or a fresh database on
 * DATABASE_URL), a throwaway Temporal dev server (or TEMPORAL_ADDRESS with a private task
 * queue), migrations and the demo seed, then the project's own worker and API in this process,
 * on free ports. One stack serves the whole mocha run (see hooks.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, Runtime, type NativeConnection, type Worker } from '@temporalio/worker';
import { loadConfig, type Config } from '../../config/index.js';
import { createDb, type Db } from '../../db/connection.js';
import { migrateAll } from '../../db/migrate.js';
import { seedDemo } from '../../db/seed/demo.js';
import type { Tenant } from '../../db/tenancy.js';
import { TokenVerifier } from '../../api/auth/token-verifier.js';
import type { ApiDeps } from '../../api/deps.js';
import { startApi, type RunningApi } from '../../api/server.js';
import { createTemporalClient, type TemporalHandle } from '../../api/temporal/temporal-client.js';
import { createDomainServices, type DomainServices } from '../../domain/services.js';
import { createLogger, type Logger } from '../../lib/log.js';
import { startOutboxRelay } from '../../worker/outbox-relay.js';
import { connectWorkerWithRetry, createWorker, externalDeps } from '../../worker/create-worker.js';
import { EmbeddedPostgres } from '../../dev/embedded-postgres.js';
import { freePort } from '../../dev/ports.js';
import { ensureTemporalCli } from '../../dev/temporal-cli.js';
import { TemporalDevServer } from '../../dev/temporal-server.js';
import { loadSignerConfig } from '../../signer/config.js';
import { ensureDevPki, type DevPki } from '../../signer/dev-pki.js';
import { startSignerServer, type RunningSigner } from '../../signer/server.js';
import { startTimestampAuthority } from '../../signer/tsa/server.js';
import { startTestOidcProvider, TEST_OIDC, type TestOidcProvider } from '../identity/support/provider.js';
import { startMaildev, type MaildevMessage } from '../../dev/maildev.js';
import { loadCscServiceConfig, type CscServiceConfig } from '../../signer/csc/config.js';
import { startCscService, type RunningCscService } from '../../signer/csc/server.js';

export const TEST_DEMO_API_KEY = 'exk_test_demo_key_0123456789abcdefghijklmnopqrstuv';
export const TEST_TESTING_API_KEY = 'testing-mode-key';
export const TEST_SIGNER_API_KEY = 'test-signer-key';
/** The remote signing service's client credentials and admin token in tests. */
export const TEST_CSC = {
  clientId: 'expediente-test',
  clientSecret: 'test-csc-secret',
  adminToken: 'test-csc-admin-token',
} as const;

export interface TestStack {
  config: Config;
  db: Db;
  services: DomainServices;
  databaseUrl: string;
  temporalAddress: string;
  /** The Temporal Web UI, when the stack was started with it (`temporalWebUi`); else undefined. */
  temporalUiUrl: string | undefined;
  client: Client;
  apiUrl: string;
  /** What the in-process API was built from. */
  apiDeps: ApiDeps;
  demoTenant: Tenant;
  demoApiKey: string;
  log: Logger;
  /** The development PKI (its root is the trust anchor for validators). */
  pki: DevPki;
  /** The development OpenID provider, which tests may stop and start again (same port, same keys). */
  idp: {
    issuer: string;
    url: string;
    adminKey: string;
    frontendClientId: string;
    redirectUri: string;
    audience: string;
    stop(): Promise<void>;
    start(): Promise<void>;
  };
  /** The SMTP catcher: its REST API lists the messages the platform sent. */
  mail: { webUrl: string; messages(): Promise<MaildevMessage[]>; clear(): Promise<void> };
  /** The signing service, which tests may stop and start again on the same port. */
  signer: { url: string; stop(): Promise<void>; start(): Promise<void> };
  /**
   * The development remote signing service (CSC API v2), which tests may stop and start again on
   * the same port (same data). `config` is what it runs with (SMTP to the stack's MailDev).
   */
  csc: { url: string; config: CscServiceConfig; stop(): Promise<void>; start(): Promise<void> };
  /** Builds a config for this stack with overrides (e.g. another APP_ENV). */
  configWith(env: Record<string, string>): Config;
  /**
   * Another API process on this stack's database and Temporal, configured with `env` overrides
   * (a shorter wait, another task queue, production mode...). Optionally on another database
   * URL or Temporal address, to see how it behaves when they are unreachable.
   */
  extraApi(
    env: Record<string, string>,
    options?: { databaseUrl?: string; temporalAddress?: string },
  ): Promise<{ url: string; close(): Promise<void> }>;
  stop(): Promise<void>;
}

/**
 * Ends every run still open on a private task queue once its test is over. Its workers go with the
 * test, and a long-lived run started there (a user's NotificationWorkflow, signalled with start by
 * a signing on that queue) would otherwise hold every later notice for that user on a queue
 * nobody polls.
 */
export async function endRunsOnQueue(client: Client, taskQueue: string): Promise<number> {
  let ended = 0;
  for await (const run of client.workflow.list({ query: `TaskQueue="${taskQueue}" AND ExecutionStatus="Running"` })) {
    await client.workflow
      .getHandle(run.workflowId, run.runId)
      .terminate('the test that owned this task queue is over')
      .catch(() => undefined);
    ended++;
  }
  return ended;
}

/**
 * Server logs during tests are kept in memory and printed only under a failing test (see
 * hooks.ts); TEST_LOG=debug|info prints everything as it happens.
 */
export const logBuffer: string[] = [];

function testLogger(): Logger {
  const live = process.env.TEST_LOG as 'debug' | 'info' | undefined;
  if (live) return createLogger(live, (line) => process.stderr.write(`      ${line}\n`));
  return createLogger('info', (line) => {
    logBuffer.push(line);
    if (logBuffer.length > 200) logBuffer.shift();
  });
}

async function throwawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const external = process.env.DATABASE_URL;
  if (external) {
    const name = `expediente_test_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`create database ${admin.escapeIdentifier(name)}`);
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: external });
        await c.connect();
        await c.query(`drop database if exists ${c.escapeIdentifier(name)} with (force)`);
        await c.end();
      },
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'expediente-test-pg-'));
  const server = await EmbeddedPostgres.start({
    dir,
    port: await freePort(),
    database: 'expediente_test',
    durable: false,
    onLine: () => undefined,
  });
  return {
    url: server.url,
    drop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function throwawayTemporal(
  log: Logger,
  ui: boolean,
): Promise<{ address: string; uiUrl: string | undefined; stop: () => Promise<void> }> {
  if (process.env.TEMPORAL_ADDRESS)
    return { address: process.env.TEMPORAL_ADDRESS, uiUrl: undefined, stop: async () => undefined };
  const cli = await ensureTemporalCli(process.env.TEMPORAL_CLI, (line) => log.info(line));
  const server = await TemporalDevServer.start({
    cliPath: cli,
    port: await freePort(),
    uiPort: await freePort(),
    namespace: 'default',
    ui,
    onLine: () => undefined,
  });
  return { address: server.address, uiUrl: server.uiUrl, stop: () => server.stop() };
}

export interface TestStackOptions {
  /** The Temporal dev server serves its Web UI too (headless otherwise: it starts faster). */
  temporalWebUi?: boolean;
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const log = testLogger();
  Runtime.install({ logger: new DefaultLogger(process.env.TEST_LOG === 'debug' ? 'DEBUG' : 'ERROR') });

  const [database, temporalServer] = await Promise.all([
    throwawayDatabase(),
    throwawayTemporal(log, options.temporalWebUi ?? false),
  ]);
  const taskQueue = `expediente-test-${randomBytes(4).toString('hex')}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'expediente-test-data-'));

  // The signing service and its time-stamping authority, as npm start runs them.
  const pkiDir = path.join(dataDir, 'pki');
  const pki = await ensureDevPki({ dir: pkiDir, tenants: ['demo', 'tenant_a', 'tenant_b'] });
  const tsa = await startTimestampAuthority({ port: await freePort(), host: '127.0.0.1', pkiDir, log });
  const signerPort = await freePort();
  const signerConfig = loadSignerConfig({
    ENVIRONMENT: 'test',
    HOST: '127.0.0.1',
    SIGNER_PORT: String(signerPort),
    API_KEY: TEST_SIGNER_API_KEY,
    CERTS_DIR: pki.certsDir,
    TSA_URL: tsa.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
  });
  let signer: RunningSigner | undefined = await startSignerServer(signerConfig, log);

  // The identity provider (tokens, accounts, Auth0 management subset) and the SMTP catcher.
  const idpPort = await freePort();
  // The API's port is fixed before it starts so the links it hands out (signed file URLs) are right,
  // and so the desk it serves at / can be a redirect URI of the front-end client.
  const apiPort = await freePort();
  const deskUrl = `http://127.0.0.1:${apiPort}`;
  const idpOptions = {
    port: idpPort,
    dataDir: path.join(dataDir, 'oidc'),
    frontendRedirectUris: [TEST_OIDC.redirectUri, `${deskUrl}/callback`],
    frontendPostLogoutRedirectUris: [`${deskUrl}/`],
    // The MCP server's resource URI (API_PUBLIC_URL/mcp): MCP clients ask tokens for it (RFC 8707).
    extraAudiences: [`${deskUrl}/mcp`],
  };
  let idp: TestOidcProvider | undefined = await startTestOidcProvider(idpOptions);
  const idpIssuer = idp.issuer;
  const mail = await startMaildev({ smtpPort: await freePort(), webPort: await freePort() });
  // The remote signing service of personal signatures, on the same PKI (the TSA answers OCSP for its certificates).
  const cscConfig = loadCscServiceConfig({
    APP_ENV: 'test',
    HOST: '127.0.0.1',
    CSC_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    CSC_PKI_DIR: pkiDir,
    CSC_CLIENT_ID: TEST_CSC.clientId,
    CSC_CLIENT_SECRET: TEST_CSC.clientSecret,
    CSC_ADMIN_TOKEN: TEST_CSC.adminToken,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mail.smtpPort),
    LOG_LEVEL: 'error',
  });
  let csc: RunningCscService | undefined = await startCscService(cscConfig, { log });
  const cscUrl = csc.url;
  const baseEnv: Record<string, string> = {
    APP_ENV: 'test',
    API_PORT: String(apiPort),
    API_PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
    DATABASE_URL: database.url,
    TEMPORAL_ADDRESS: temporalServer.address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    TESTING_MODE: 'true',
    TESTING_API_KEY: TEST_TESTING_API_KEY,
    DATA_DIR: dataDir,
    SIGNER_URL: `http://127.0.0.1:${signerPort}`,
    SIGNER_API_KEY: TEST_SIGNER_API_KEY,
    OIDC_ISSUER: idpIssuer,
    OIDC_AUDIENCE: TEST_OIDC.audience,
    IDP_BASE_URL: idpIssuer,
    AUTH0_MGMT_CLIENT_ID: TEST_OIDC.m2mClientId,
    AUTH0_MGMT_CLIENT_SECRET: TEST_OIDC.m2mClientSecret,
    AUTH0_FRONTEND_CLIENT_ID: TEST_OIDC.frontendClientId,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mail.smtpPort),
    CSC_URL: cscUrl,
    CSC_CLIENT_ID: TEST_CSC.clientId,
    CSC_CLIENT_SECRET: TEST_CSC.clientSecret,
    CSC_ENROLMENT_URL: cscUrl,
    CSC_ADMIN_TOKEN: TEST_CSC.adminToken,
    // Webhook back-off in test time: 200 ms doubling to 2 s.
    WEBHOOK_RETRY_INITIAL_MS: '200',
    WEBHOOK_RETRY_MAX_MS: '2000',
    WEBHOOK_TIMEOUT_MS: '3000',
  };
  const configWith = (env: Record<string, string>) => loadConfig({ ...baseEnv, ...env });
  const config = configWith({});

  const db = createDb(database.url, { applicationName: 'expediente-test', log });
  await migrateAll(db);
  const { tenant: demoTenant } = await seedDemo(db, { apiKey: TEST_DEMO_API_KEY });

  const services = await createDomainServices(config);
  const workerConnection: NativeConnection = await connectWorkerWithRetry(temporalServer.address, log);
  const external = externalDeps(config, baseEnv);
  const worker: Worker = await createWorker({ config, db, services, log, connection: workerConnection, ...external });
  const workerRun = worker.run();
  const relay = startOutboxRelay({ config, db, connection: workerConnection, log });

  const tokensFor = (c: Config) =>
    new TokenVerifier({ issuer: c.oidc.issuer, audiences: c.oidc.audiences, jwksUrl: c.oidc.jwksUrl, log });
  const temporal: TemporalHandle = createTemporalClient(config, temporalServer.address);
  const apiDeps: ApiDeps = { config, db, services, temporal, tokens: tokensFor(config), log };
  // The desk served at / logs in with the test provider's front-end client (api/web.ts).
  process.env.WEB_CLIENT_ID = TEST_OIDC.frontendClientId;
  const api: RunningApi = await startApi(apiDeps, apiPort, '127.0.0.1');
  const clientConnection = await Connection.connect({ address: temporalServer.address });
  const client = new Client({ connection: clientConnection, namespace: config.temporal.namespace });

  return {
    config,
    db,
    services,
    databaseUrl: database.url,
    temporalAddress: temporalServer.address,
    temporalUiUrl: temporalServer.uiUrl,
    client,
    apiUrl: api.url,
    apiDeps,
    demoTenant,
    demoApiKey: TEST_DEMO_API_KEY,
    log,
    configWith,
    async extraApi(env, options = {}) {
      const extraConfig = configWith(env);
      const extraDb = options.databaseUrl ? createDb(options.databaseUrl, { log }) : db;
      const extraTemporal = createTemporalClient(extraConfig, options.temporalAddress ?? temporalServer.address);
      const extra = await startApi(
        { config: extraConfig, db: extraDb, services, temporal: extraTemporal, tokens: tokensFor(extraConfig), log },
        0,
        '127.0.0.1',
      );
      return {
        url: extra.url,
        async close() {
          await extra.close();
          if (env.TEMPORAL_TASK_QUEUE && env.TEMPORAL_TASK_QUEUE !== config.temporal.taskQueue)
            await endRunsOnQueue(client, env.TEMPORAL_TASK_QUEUE);
          await extraTemporal.close();
          if (extraDb !== db) await extraDb.destroy();
        },
      };
    },
    pki,
    idp: {
      issuer: idpIssuer,
      url: idpIssuer,
      adminKey: TEST_OIDC.adminKey,
      frontendClientId: TEST_OIDC.frontendClientId,
      redirectUri: TEST_OIDC.redirectUri,
      audience: TEST_OIDC.audience,
      async stop() {
        await idp?.close();
        idp = undefined;
      },
      async start() {
        idp ??= await startTestOidcProvider(idpOptions);
      },
    },
    mail: { webUrl: mail.webUrl, messages: () => mail.messages(), clear: () => mail.clear() },
    signer: {
      url: `http://127.0.0.1:${signerPort}`,
      async stop() {
        await signer?.close();
        signer = undefined;
      },
      async start() {
        signer ??= await startSignerServer(signerConfig, log);
      },
    },
    csc: {
      url: cscUrl,
      config: cscConfig,
      async stop() {
        await csc?.close();
        csc = undefined;
      },
      async start() {
        csc ??= await startCscService(cscConfig, { log });
      },
    },
    async stop() {
      await api.close();
      await relay.close();
      worker.shutdown();
      await workerRun;
      await Promise.all([clientConnection.close(), temporal.close(), workerConnection.close()]);
      await services.renderer.close();
      external.mailer.close();
      await db.destroy();
      await Promise.all([
        temporalServer.stop(),
        database.drop(),
        signer?.close(),
        tsa.close(),
        idp?.close(),
        mail.close(),
        csc?.close(),
      ]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
