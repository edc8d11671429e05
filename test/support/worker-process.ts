/** The project's worker as its own process on the test stack (for crash tests that kill it). */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../dev/ports.js';
import { waitForHttpOk } from '../../dev/wait.js';
import { getStack } from './hooks.js';
import { TEST_CSC } from './stack.js';

export type WorkerProcess = ChildProcess & { healthUrl: string };

/** Starts `worker/main.ts` on `taskQueue`, signing through `signerUrl`; resolves once its /health answers. */
export async function startWorkerProcess(options: {
  taskQueue: string;
  signerUrl?: string;
  env?: Record<string, string>;
}): Promise<WorkerProcess> {
  const stack = getStack();
  const healthPort = await freePort();
  const sdkMetricsPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: stack.databaseUrl,
      TEMPORAL_ADDRESS: stack.temporalAddress,
      TEMPORAL_TASK_QUEUE: options.taskQueue,
      SIGNER_URL: options.signerUrl ?? stack.signer.url,
      SIGNER_API_KEY: stack.config.signer.apiKey,
      DATA_DIR: stack.config.dataDir,
      // The remote signing service of personal signatures, as the stack's own worker has it.
      CSC_URL: stack.csc.url,
      CSC_CLIENT_ID: TEST_CSC.clientId,
      CSC_CLIENT_SECRET: TEST_CSC.clientSecret,
      CSC_ENROLMENT_URL: stack.csc.url,
      CSC_ADMIN_TOKEN: TEST_CSC.adminToken,
      WORKER_HEALTH_PORT: String(healthPort),
      WORKER_SDK_METRICS_PORT: String(sdkMetricsPort),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: 'ignore',
  });
  const healthUrl = `http://127.0.0.1:${healthPort}`;
  await waitForHttpOk(`${healthUrl}/health`, 90_000, () => child.exitCode === null && child.signalCode === null);
  return Object.assign(child, { healthUrl });
}
