/** Builds the worker (used by worker/main.ts and by the test stack, so both run the same thing). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker, type WorkerPlugin } from '@temporalio/worker';
import type { Config } from '../config/index.js';
import type { Db } from '../db/connection.js';
import type { DomainServices } from '../domain/services.js';
import type { Logger } from '../lib/log.js';
import { createActivities } from '../activities/index.js';
import {
  Auth0ManagementProvider,
  auth0ManagementOptionsFromEnv,
  type IdentityProvider,
} from '../activities/identity/index.js';
import { createMailer, type Mailer } from '../activities/mailer.js';
import { CscClient } from '../activities/csc/client.js';

/** The workflows entry: TypeScript source under tsx, compiled JavaScript under dist/. */
export function workflowsPath(): string {
  for (const ext of ['ts', 'js']) {
    const file = fileURLToPath(new URL(`../workflows/index.${ext}`, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error('workflows/index not found next to the worker');
}

/** Where `npm run build` writes the prebuilt workflow bundle (next to the compiled workflows). */
export function workflowBundlePath(): string {
  return fileURLToPath(new URL('../workflows/bundle.js', import.meta.url));
}

/**
 * The compiled worker loads the bundle `npm run build` made; under tsx (development, tests) the
 * workflows are bundled at start. Plugins that add workflow interceptors (tracing) need the
 * bundle made with them, so they also bundle at start.
 */
function workflowSource(
  plugins: WorkerPlugin[] | undefined,
): { workflowBundle: { codePath: string } } | { workflowsPath: string } {
  const bundle = workflowBundlePath();
  if (!plugins?.length && workflowsPath().endsWith('.js') && existsSync(bundle))
    return { workflowBundle: { codePath: bundle } };
  return { workflowsPath: workflowsPath() };
}

export async function connectWorkerWithRetry(
  address: string,
  log: Logger,
  timeoutMs = 120_000,
): Promise<NativeConnection> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await NativeConnection.connect({ address });
    } catch (err) {
      if (Date.now() > deadline) throw err;
      if (attempt === 1 || attempt % 10 === 0)
        log.warn('waiting for Temporal', { address, error: (err as Error).message });
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

export interface WorkerDeps {
  config: Config;
  db: Db;
  services: DomainServices;
  log: Logger;
  connection: NativeConnection;
  identity: IdentityProvider;
  mailer: Mailer;
  remoteSigning: CscClient;
  /** Temporal plugins, e.g. OpenTelemetry tracing of workflows and activities. */
  plugins?: WorkerPlugin[];
}

/** The external systems activities talk to, built from the configuration. */
export function externalDeps(
  config: Config,
  env: NodeJS.ProcessEnv,
): { identity: IdentityProvider; mailer: Mailer; remoteSigning: CscClient } {
  return {
    identity: new Auth0ManagementProvider(auth0ManagementOptionsFromEnv(env)),
    mailer: createMailer(config),
    remoteSigning: new CscClient(config.csc),
  };
}

export async function createWorker({
  config,
  db,
  services,
  log,
  connection,
  identity,
  mailer,
  remoteSigning,
  plugins,
}: WorkerDeps): Promise<Worker> {
  return Worker.create({
    plugins,
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    ...workflowSource(plugins),
    activities: createActivities({ db, services, config, log, identity, mailer, remoteSigning }),
  });
}
