/**
 * The worker side of a TaskPool: answers each task with the result or the refusal. Nothing here
 * survives between tasks but loaded code.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { TaskFailure, TaskReply } from './task-pool.js';

export interface TaskOutcome<R> {
  result: R;
  /** Buffers of the result to transfer back rather than copy. */
  transfer?: ArrayBuffer[];
}

export function serveTasks<T, R>(
  run: (task: T) => TaskOutcome<R> | Promise<TaskOutcome<R>>,
  describe: (err: unknown) => TaskFailure,
): void {
  const port = parentPort!;
  yieldToEventLoop();
  // Loaded: from now on a task's time is the task's own.
  port.postMessage({ ready: true });
  port.on('message', async ({ id, task }: { id: number; task: T }) => {
    let reply: TaskReply<R>;
    let transfer: ArrayBuffer[] = [];
    try {
      const outcome = await run(task);
      reply = { id, result: outcome.result };
      transfer = outcome.transfer ?? [];
    } catch (err) {
      reply = { id, failure: describe(err) };
    }
    port.postMessage(reply, transfer);
  });
}

/** Niceness of a task thread: when cores are short, the main thread (HTTP, /health) runs first. */
const TASK_THREAD_NICENESS = 10;

/**
 * Lowers this thread's scheduling priority. On Linux the nice value belongs to each thread, and
 * `setPriority(0, …)` sets the calling thread's; elsewhere it would lower the whole process, so
 * it is left alone there.
 */
function yieldToEventLoop(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(0, TASK_THREAD_NICENESS);
  } catch {
    // Not permitted (a sandbox): tasks then compete with the event loop as equals.
  }
}
