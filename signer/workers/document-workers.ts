/**
 * The pool of document worker threads. Reading a PDF is CPU work driven by the file's own
 * contents; done in the main thread, one heavy or hostile document would stall every other
 * request and /health. Here each task runs in a worker with a time limit and a heap limit: a
 * task over either gets its worker terminated (and replaced) and the request refused, so the
 * process and its other requests are never affected.
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../lib/log.js';
import { SignerError, type ErrorCode } from '../errors.js';
import type { PrepareTask, PreparedDocument } from '../signing/prepare-document.js';

export interface WorkerFailure {
  code: ErrorCode;
  message: string;
  /** The stack of an unforeseen error, for the log only. */
  detail?: string;
}

export type WorkerReply = ({ result: PreparedDocument; failure?: undefined } | { failure: WorkerFailure; result?: undefined }) & {
  id: number;
  /** The task's PDF, handed back. */
  pdf: Uint8Array;
};

/** What a worker sends once its code is loaded, before any task. */
export interface WorkerReady {
  ready: true;
}

/** The document and the upload it was made from, whose bytes moved to the worker and back. */
export interface Prepared extends PreparedDocument {
  pdf: Buffer;
}

/**
 * What to transfer (rather than copy) with a message holding `bytes`: its whole ArrayBuffer —
 * so only buffers owned entirely by the caller, like the upload's — unless it is one of Node's
 * small-allocation pool slabs, which other Buffers share.
 */
export function transferable(bytes: Uint8Array): ArrayBuffer[] {
  const buffer = bytes.buffer;
  return buffer instanceof ArrayBuffer && buffer.byteLength > Buffer.poolSize ? [buffer] : [];
}

export interface DocumentWorkersOptions {
  size: number;
  /** A task running longer is stopped and its request refused. */
  taskTimeoutMs: number;
  /** JavaScript heap of one worker; a task needing more is stopped the same way. */
  heapMb?: number;
  log: Logger;
}

interface Job {
  id: number;
  task: PrepareTask;
  resolve: (result: Prepared) => void;
  reject: (err: unknown) => void;
  cleanup: () => void;
}

interface Slot {
  worker: Worker | undefined;
  /** The worker has loaded its code (a task's time limit only counts from then). */
  ready: boolean;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
}

const DEFAULT_HEAP_MB = 256;
/** A worker that has not loaded in this time is broken. */
const BOOT_LIMIT_MS = 30_000;

export class DocumentWorkers {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: DocumentWorkersOptions) {
    // Workers start when first needed (loading one takes a moment, once).
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => ({ worker: undefined, ready: false, job: undefined, timer: undefined }));
  }

  /**
   * Runs `task` in the first free worker; a queued task is dropped when `signal` aborts. The
   * ArrayBuffer holding the task's PDF moves to the worker (it must hold nothing else in use):
   * use the `pdf` of the result from then on.
   */
  prepare(task: PrepareTask, signal: AbortSignal): Promise<Prepared> {
    if (this.closed) return Promise.reject(new SignerError('INTERNAL_ERROR', 'the service is stopping'));
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const queued = this.queue.indexOf(job);
        if (queued >= 0) this.queue.splice(queued, 1);
        // A running task finishes in its worker; its answer is no longer awaited.
        reject(signal.reason);
      };
      const job: Job = {
        id: this.nextId++,
        task,
        resolve,
        reject,
        cleanup: () => signal.removeEventListener('abort', onAbort),
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new SignerError('INTERNAL_ERROR', 'the service is stopping'));
    await Promise.all(
      this.slots.map(async (slot) => {
        const { worker, job } = slot;
        this.retire(slot);
        if (job) this.settle(job, new SignerError('INTERNAL_ERROR', 'the service is stopping'));
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
      worker.postMessage({ id: job.id, task: job.task }, transferable(job.task.pdf));
    }
  }

  private startClock(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      this.options.log.warn('document worker stopped: task over its time limit', { ms: this.options.taskTimeoutMs });
      this.replace(slot, new SignerError('INVALID_PDF_FILE', `reading the PDF took longer than ${this.options.taskTimeoutMs / 1000} s; it is too complex or damaged`));
    }, this.options.taskTimeoutMs);
  }

  private spawn(slot: Slot): Worker {
    const worker = startWorker(this.options.heapMb ?? DEFAULT_HEAP_MB);
    worker.unref();
    slot.ready = false;
    slot.timer = setTimeout(() => {
      this.options.log.error('document worker did not load', { ms: BOOT_LIMIT_MS });
      this.replace(slot, new SignerError('INTERNAL_ERROR', 'internal error; the document was not signed'), false);
    }, BOOT_LIMIT_MS);
    worker.on('message', (reply: WorkerReply | WorkerReady) => {
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
        if (reply.failure.detail) this.options.log.warn('document worker: unforeseen error', { code: reply.failure.code, err: reply.failure.detail });
        this.settle(job, new SignerError(reply.failure.code, reply.failure.message));
      } else this.settle(job, undefined, { ...reply.result, pdf: Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength) });
      this.dispatch();
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (slot.worker !== worker) return;
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        this.options.log.warn('document worker stopped: task over its memory limit');
        this.replace(slot, new SignerError('INVALID_PDF_FILE', 'reading the PDF needs more memory than allowed; it is too complex or damaged'));
      } else {
        this.options.log.error('document worker failed', { err: err.stack ?? String(err) });
        this.replace(slot, new SignerError('INTERNAL_ERROR', 'internal error; the document was not signed'), false);
      }
    });
    worker.on('messageerror', (err) => {
      if (slot.worker !== worker) return;
      this.options.log.error('document worker: unreadable message', { err: err.stack ?? String(err) });
      this.replace(slot, new SignerError('INTERNAL_ERROR', 'internal error; the document was not signed'));
    });
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return;
      this.options.log.error('document worker exited', { code });
      this.replace(slot, new SignerError('INTERNAL_ERROR', 'internal error; the document was not signed'), false);
    });
    slot.worker = worker;
    return worker;
  }

  /**
   * Stops the slot's worker and fails its task. A new worker is started at once when the old
   * one was sound (stopped for a limit); otherwise only when the next task needs it, so a
   * worker that cannot start never turns into a restart loop.
   */
  private replace(slot: Slot, error: SignerError, startNow = true): void {
    const job = slot.job;
    const worker = slot.worker;
    this.retire(slot);
    void worker?.terminate().catch(() => undefined);
    if (job) this.settle(job, error);
    if (startNow && !this.closed) this.spawn(slot);
    this.dispatch();
  }

  private retire(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.job = undefined;
    slot.worker = undefined;
    slot.ready = false;
  }

  private settle(job: Job, error: unknown, result?: Prepared): void {
    job.cleanup();
    if (error) job.reject(error);
    else job.resolve(result!);
  }
}

/** Compiled, the worker is a .js file next to this one; under tsx (development, tests) a .ts file. */
function startWorker(heapMb: number): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: heapMb } };
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const entry = new URL(`./document-worker${ext}`, import.meta.url);
  if (ext === '.js') return new Worker(entry, options);
  // tsx installs its loader in the main thread only; a TypeScript worker installs it first.
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
