/**
 * The worker side of a TaskPool: answers each task with the result or the refusal. Nothing here
 * survives between tasks but loaded code.
 */
import { parentPort } from 'node:worker_threads';
import type { TaskFailure, TaskReply } from './task-pool.js';

export interface TaskOutcome<R> {
  result: R;
  /** Buffers of the result to transfer back rather than copy. */
  transfer?: ArrayBuffer[];
}

export function serveTasks<T, R>(run: (task: T) => TaskOutcome<R> | Promise<TaskOutcome<R>>, describe: (err: unknown) => TaskFailure): void {
  const port = parentPort!;
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
