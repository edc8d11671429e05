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

export const TEST_SERVER = fileURLToPath(new URL('../../.tools/temporal-test-server/temporal-test-server', import.meta.url));

let bundle: Promise<WorkflowBundleWithSourceMap> | undefined;

/** The time-skipping environment, or null when the test server is not installed. */
export async function startTimeSkipping(): Promise<TestWorkflowEnvironment | null> {
  if (!existsSync(TEST_SERVER)) return null;
  bundle ??= bundleWorkflowCode({ workflowsPath: workflowsPath(), logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} } });
  const env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: TEST_SERVER } } });
  // The workflows set the project's search attributes, which the server must know.
  await addSearchAttributes(env.nativeConnection, env.namespace ?? 'default');
  return env;
}

let queues = 0;

/** Runs `fn` while a worker with the given activities serves a fresh task queue. */
export async function withWorker<T>(env: TestWorkflowEnvironment, activities: Partial<Activities>, fn: (taskQueue: string) => Promise<T>): Promise<T> {
  const taskQueue = `time-skipping-${process.pid}-${++queues}`;
  const worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: await bundle!, activities });
  return worker.runUntil(fn(taskQueue));
}

export const SKIP_MESSAGE = 'Temporal test server not installed (npm run setup:tools needs Java 17 and Maven)';
