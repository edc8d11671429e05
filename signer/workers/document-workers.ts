/**
 * The pool of document worker threads (lib/workers/task-pool.ts): reading a PDF is CPU work
 * driven by the file's own contents, so each one runs in a worker with a time limit and a heap
 * limit, and a document over either is refused as INVALID_PDF_FILE without affecting the
 * process or its other requests.
 */
import type { Logger } from '../../lib/log.js';
import { TaskPool, siblingModule, transferable } from '../../lib/workers/task-pool.js';
import { SignerError, type ErrorCode } from '../errors.js';
import type { PrepareTask, PreparedDocument } from '../signing/prepare-document.js';

export { transferable };

export interface WorkerFailure {
  code: ErrorCode;
  message: string;
  /** The stack of an unforeseen error, for the log only. */
  detail?: string;
}

/** What a worker answers: the document and the task's PDF, handed back. */
export interface PreparedReply {
  prepared: PreparedDocument;
  pdf: Uint8Array;
}

/** The document and the upload it was made from, whose bytes moved to the worker and back. */
export interface Prepared extends PreparedDocument {
  pdf: Buffer;
}

export interface DocumentWorkersOptions {
  size: number;
  /** A task running longer is stopped and its request refused. */
  taskTimeoutMs: number;
  /** JavaScript heap of one worker; a task needing more is stopped the same way. */
  heapMb?: number;
  log: Logger;
}

const DEFAULT_HEAP_MB = 256;
const internal = () => new SignerError('INTERNAL_ERROR', 'internal error; the document was not signed');

export class DocumentWorkers {
  private readonly pool: TaskPool<PrepareTask, PreparedReply>;

  constructor(options: DocumentWorkersOptions) {
    this.pool = new TaskPool({
      entry: siblingModule(import.meta.url, 'document-worker'),
      size: options.size,
      taskTimeoutMs: options.taskTimeoutMs,
      heapMb: options.heapMb ?? DEFAULT_HEAP_MB,
      transfer: (task) => transferable(task.pdf),
      log: options.log,
      name: 'document',
      errors: {
        failed: (f) => new SignerError(f.code as ErrorCode, f.message),
        timedOut: (ms) =>
          new SignerError(
            'INVALID_PDF_FILE',
            `reading the PDF took longer than ${ms / 1000} s; it is too complex or damaged`,
          ),
        outOfMemory: () =>
          new SignerError(
            'INVALID_PDF_FILE',
            'reading the PDF needs more memory than allowed; it is too complex or damaged',
          ),
        internal,
        stopping: () => new SignerError('INTERNAL_ERROR', 'the service is stopping'),
      },
    });
  }

  /**
   * Runs `task` in the first free worker; a queued task is dropped when `signal` aborts. The
   * ArrayBuffer holding the task's PDF moves to the worker (it must hold nothing else in use):
   * use the `pdf` of the result from then on.
   */
  async prepare(task: PrepareTask, signal: AbortSignal): Promise<Prepared> {
    const { prepared, pdf } = await this.pool.run(task, signal);
    return { ...prepared, pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
