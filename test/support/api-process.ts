/** The project's API as its own process on the test stack (for fault tests that kill it with SIGKILL). */
import { spawn, type ChildProcess } from 'node:child_process';
import { waitForHttpOk } from '../../dev/wait.js';
import { getStack } from './hooks.js';

export type ApiProcess = ChildProcess & { url: string };

/** Starts `api/main.ts` on `port`; resolves once its /health answers. */
export async function startApiProcess(options: {
  port: number;
  taskQueue: string;
  databaseUrl?: string;
  temporalAddress?: string;
  env?: Record<string, string>;
}): Promise<ApiProcess> {
  const stack = getStack();
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    env: {
      ...process.env,
      APP_ENV: 'test',
      DATABASE_URL: options.databaseUrl ?? stack.databaseUrl,
      TEMPORAL_ADDRESS: options.temporalAddress ?? stack.temporalAddress,
      TEMPORAL_TASK_QUEUE: options.taskQueue,
      DATA_DIR: stack.config.dataDir,
      API_PORT: String(options.port),
      API_PUBLIC_URL: url,
      OIDC_ISSUER: stack.idp.issuer,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: 'ignore',
  });
  await waitForHttpOk(`${url}/health`, 90_000, () => child.exitCode === null && child.signalCode === null);
  return Object.assign(child, { url });
}
