/**
 * Fast workflow tests: Temporal's time-skipping test server (installed by `npm run setup:tools`
 * from Maven Central) runs the project's workflow code against activities the test supplies, and
 * jumps over timers — five days of waiting take milliseconds.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { Activities } from '../../activities/index.js';
import { workflowsPath } from '../../worker/create-worker.js';
import { addSearchAttributes } from '../../worker/search-attributes.js';

export const TEST_SERVER = fileURLToPath(
  new URL('../../.tools/temporal-test-server/temporal-test-server', import.meta.url),
);

let bundle: Promise<WorkflowBundleWithSourceMap> | undefined;

/**
 * The SDK waits a fixed 5 s for the test server to answer, which a loaded machine can miss: a
 * start that timed out is tried again (its process is gone by then), up to three times.
 */
async function startServer(attempts = 3): Promise<TestWorkflowEnvironment> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await TestWorkflowEnvironment.createTimeSkipping({
        server: { executable: { type: 'existing-path', path: TEST_SERVER } },
      });
    } catch (err) {
      if (attempt >= attempts || !/did not start within/.test(String(err))) throw err;
    }
  }
}

/** The time-skipping environment, or null when the test server is not installed. */
export async function startTimeSkipping(): Promise<TestWorkflowEnvironment | null> {
  if (!existsSync(TEST_SERVER)) return null;
  bundle ??= bundleWorkflowCode({
    workflowsPath: workflowsPath(),
    logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} },
  });
  const env = await startServer();
  // The workflows set the project's search attributes, which the server must know.
  await addSearchAttributes(env.nativeConnection, env.namespace ?? 'default');
  return env;
}

let queues = 0;

/**
 * Runs `fn` while a worker with the given activities serves a fresh task queue. `fn` that has not
 * ended within `timeoutMs` fails, and the worker still shuts down, so the environment can be torn
 * down and a retried test gets a clean one.
 */
export async function withWorker<T>(
  env: TestWorkflowEnvironment,
  activities: Partial<Activities>,
  fn: (taskQueue: string) => Promise<T>,
  timeoutMs = 60_000,
): Promise<T> {
  const taskQueue = `time-skipping-${process.pid}-${++queues}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: await bundle!,
    activities,
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`time-skipping test did not finish within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  try {
    return await worker.runUntil(Promise.race([fn(taskQueue), deadline]));
  } finally {
    clearTimeout(timer);
  }
}

export const SKIP_MESSAGE = 'Temporal test server not installed (npm run setup:tools needs Java 17 and Maven)';

/**
 * A time-skipping server for the calling `describe`: one for all its tests, or a fresh one for each
 * test (a run one test left waiting cannot hold the next one's clock). The tests are skipped when
 * the server is not installed.
 */
export function timeSkippingServer(per: 'suite' | 'test'): () => TestWorkflowEnvironment {
  let env: TestWorkflowEnvironment | null = null;
  const [setUp, tearDown] = per === 'suite' ? [before, after] : [beforeEach, afterEach];
  setUp(async function () {
    env = await startTimeSkipping();
    if (!env) {
      console.log(`      skipped: ${SKIP_MESSAGE}`);
      this.skip();
    }
  });
  tearDown(async () => {
    await env?.teardown();
    env = null;
  });
  return () => env!;
}
