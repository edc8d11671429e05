/**
 * A pool of worker threads for CPU work driven by untrusted input (reading a PDF): done in the
 * main thread, one heavy or hostile file would stall every other request and /health. Each task
 * runs in a worker with a time limit and a heap limit: a task over either gets its worker
 * terminated (and replaced) and its caller refused, so the process and its other requests are
 * never affected. The worker module answers tasks with `serveTasks` (./task-worker.ts).
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from '../log.js';

/** A refusal as the worker describes it (code and message are the service's own). */
export interface TaskFailure {
  code: string;
  message: string;
  /** The stack of an unforeseen error, for the log only. */
  detail?: string;
}

export type TaskReply<R> = ({ result: R; failure?: undefined } | { failure: TaskFailure; result?: undefined }) & {
  id: number;
};

/** What a worker sends once its code is loaded, before any task. */
export interface TaskWorkerReady {
  ready: true;
}

/**
 * What to transfer (rather than copy) with a message holding `bytes`: its whole ArrayBuffer —
 * so only buffers owned entirely by the caller, like an upload's — unless it is one of Node's
 * small-allocation pool slabs, which other Buffers share.
 */
export function transferable(bytes: Uint8Array): ArrayBuffer[] {
  const buffer = bytes.buffer;
  return buffer instanceof ArrayBuffer && buffer.byteLength > Buffer.poolSize ? [buffer] : [];
}

/** The errors a pool gives its callers, in the service's own terms. */
export interface TaskPoolErrors {
  /** The worker answered with a refusal. */
  failed(failure: TaskFailure): Error;
  /** The task ran past its time limit. */
  timedOut(ms: number): Error;
  /** The task needed more heap than allowed. */
  outOfMemory(): Error;
  /** The worker broke. */
  internal(): Error;
  /** The pool is stopping (default: `internal`). */
  stopping?(): Error;
}

export interface TaskPoolOptions<T> {
  /** The worker module (a .ts file under tsx, a .js file once compiled). */
  entry: URL;
  size: number;
  /** A task running longer is stopped and its caller refused. */
  taskTimeoutMs: number;
  /** JavaScript heap of one worker; a task needing more is stopped the same way. */
  heapMb: number;
  /** The buffers a task message transfers to the worker (see `transferable`). */
  transfer?: (task: T) => ArrayBuffer[];
  errors: TaskPoolErrors;
  log: Logger;
  /** Names the pool in its log lines. */
  name: string;
}

interface Job<T, R> {
  id: number;
  task: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
  cleanup: () => void;
}

interface Slot<T, R> {
  worker: Worker | undefined;
  /** The worker has loaded its code (a task's time limit only counts from then). */
  ready: boolean;
  job: Job<T, R> | undefined;
  timer: NodeJS.Timeout | undefined;
}

/** A worker that has not loaded in this time is broken. */
const BOOT_LIMIT_MS = 30_000;

/** The worker module next to `moduleUrl` named `name`, with the extension `moduleUrl` has. */
export function siblingModule(moduleUrl: string, name: string): URL {
  return new URL(`./${name}${moduleUrl.endsWith('.ts') ? '.ts' : '.js'}`, moduleUrl);
}

export class TaskPool<T, R> {
  private readonly slots: Slot<T, R>[];
  private readonly queue: Job<T, R>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: TaskPoolOptions<T>) {
    // Workers start when first needed (or on `warm`): loading one takes a moment, once.
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => ({
      worker: undefined,
      ready: false,
      job: undefined,
      timer: undefined,
    }));
  }

  /** Starts every worker now, so the first tasks do not wait for one to load. */
  warm(): void {
    if (this.closed) return;
    for (const slot of this.slots) if (!slot.worker) this.spawn(slot);
  }

  /** Runs `task` in the first free worker; a queued task is dropped when `signal` aborts. */
  run(task: T, signal?: AbortSignal): Promise<R> {
    if (this.closed) return Promise.reject(this.stopping());
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const queued = this.queue.indexOf(job);
        if (queued >= 0) this.queue.splice(queued, 1);
        // A running task finishes in its worker; its answer is no longer awaited.
        reject(signal!.reason);
      };
      const job: Job<T, R> = {
        id: this.nextId++,
        task,
        resolve,
        reject,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  private stopping(): Error {
    return this.options.errors.stopping?.() ?? this.options.errors.internal();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, this.stopping());
    await Promise.all(
      this.slots.map(async (slot) => {
        const { worker, job } = slot;
        this.retire(slot);
        if (job) this.settle(job, this.stopping());
        await worker?.terminate();
      }),
    );
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job || this.closed) continue;
      const job = this.queue.shift();
      if (!job) return;
      const worker = slot.worker ?? this.spawn(slot);
      slot.job = job;
      // A worker still loading gets the task now (it waits in its port) and the clock later.
      if (slot.ready) this.startClock(slot);
      worker.postMessage({ id: job.id, task: job.task }, this.options.transfer?.(job.task) ?? []);
    }
  }

  private startClock(slot: Slot<T, R>): void {
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      this.options.log.warn(`${this.options.name} worker stopped: task over its time limit`, {
        ms: this.options.taskTimeoutMs,
      });
      this.replace(slot, this.options.errors.timedOut(this.options.taskTimeoutMs));
    }, this.options.taskTimeoutMs);
  }

  private spawn(slot: Slot<T, R>): Worker {
    const worker = startWorker(this.options.entry, this.options.heapMb);
    slot.ready = false;
    slot.timer = setTimeout(() => {
      this.options.log.error(`${this.options.name} worker did not load`, { ms: BOOT_LIMIT_MS });
      this.replace(slot, this.options.errors.internal(), false);
    }, BOOT_LIMIT_MS);
    worker.on('message', (reply: TaskReply<R> | TaskWorkerReady) => {
      if (slot.worker !== worker) return;
      if ('ready' in reply) {
        slot.ready = true;
        clearTimeout(slot.timer);
        slot.timer = undefined;
        if (slot.job) this.startClock(slot);
        return;
      }
      const job = slot.job;
      if (!job || reply.id !== job.id) return;
      clearTimeout(slot.timer);
      slot.timer = undefined;
      slot.job = undefined;
      if (reply.failure) {
        if (reply.failure.detail)
          this.options.log.warn(`${this.options.name} worker: unforeseen error`, {
            code: reply.failure.code,
            err: reply.failure.detail,
          });
        this.settle(job, this.options.errors.failed(reply.failure));
      } else this.settle(job, undefined, reply.result);
      this.dispatch();
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (slot.worker !== worker) return;
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        this.options.log.warn(`${this.options.name} worker stopped: task over its memory limit`);
        this.replace(slot, this.options.errors.outOfMemory());
      } else {
        this.options.log.error(`${this.options.name} worker failed`, { err: err.stack ?? String(err) });
        this.replace(slot, this.options.errors.internal(), false);
      }
    });
    worker.on('messageerror', (err) => {
      if (slot.worker !== worker) return;
      this.options.log.error(`${this.options.name} worker: unreadable message`, { err: err.stack ?? String(err) });
      this.replace(slot, this.options.errors.internal());
    });
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return;
      this.options.log.error(`${this.options.name} worker exited`, { code });
      this.replace(slot, this.options.errors.internal(), false);
    });
    // After the listeners: the first 'message' listener refs the worker's port again, and an idle
    // pool must not keep its process alive.
    worker.unref();
    slot.worker = worker;
    return worker;
  }

  /**
   * Stops the slot's worker and fails its task. A new worker is started at once when the old
   * one was sound (stopped for a limit); otherwise only when the next task needs it, so a
   * worker that cannot start never turns into a restart loop.
   */
  private replace(slot: Slot<T, R>, error: Error, startNow = true): void {
    const job = slot.job;
    const worker = slot.worker;
    this.retire(slot);
    void worker?.terminate().catch(() => undefined);
    if (job) this.settle(job, error);
    if (startNow && !this.closed) this.spawn(slot);
    this.dispatch();
  }

  private retire(slot: Slot<T, R>): void {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.job = undefined;
    slot.worker = undefined;
    slot.ready = false;
  }

  private settle(job: Job<T, R>, error: unknown, result?: R): void {
    job.cleanup();
    if (error) job.reject(error);
    else job.resolve(result!);
  }
}

/** Compiled, the worker is a .js file; under tsx (development, tests) a .ts file. */
function startWorker(entry: URL, heapMb: number): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: heapMb } };
  if (entry.pathname.endsWith('.js')) return new Worker(entry, options);
  // tsx installs its loader in the main thread only; a TypeScript worker installs it first.
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
