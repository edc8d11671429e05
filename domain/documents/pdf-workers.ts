/**
 * Every PDF the platform itself parses (an import or its replacement checked on upload, an
 * imported PDF given its signatures page in the worker, a file validated for public
 * verification) is parsed here: in a worker thread of a TaskPool (lib/workers/), with a time and
 * heap limit; pdf-lib only after the bounded check of lib/pdf/bounds.ts. pdf-lib has no limits of its own (it expands every object and
 * cross-reference stream it meets) and, on the event loop, one hostile file stalled every tenant.
 */
import { availableParallelism } from 'node:os';
import { createLogger } from '../../lib/log.js';
import { TaskPool, siblingModule, type TaskFailure } from '../../lib/workers/task-pool.js';
import type { SignaturePageInfo } from '../rendering/signature-page.js';
import type { FileReport } from '../verification/engine.js';
import { VerificationInputError, type VerificationErrorCode } from '../verification/errors.js';

export type PdfTask =
  | { kind: 'check'; pdf: Uint8Array }
  | { kind: 'signature-page'; pdf: Uint8Array; info: SignaturePageInfo }
  | { kind: 'validate'; pdf: Uint8Array; anchorFiles: string[] };

export interface CheckedPdf {
  /** Width and height (pt) of every page, as pdf-lib reads them. */
  sizes: [number, number][];
}

/** The PDF is unreadable, damaged, encrypted or over a limit: the caller answers pdfInvalid. */
export class UnreadablePdfError extends Error {
  constructor(readonly reason: string) {
    super(`unreadable PDF: ${reason}`);
  }
}

/** A worker code for an unreadable file (anything else is a fault of the platform). */
export const UNREADABLE = 'UNREADABLE_PDF';
/** Prefix of a worker code carrying a VerificationInputError's code. */
export const VERIFICATION = 'VERIFICATION:';

/**
 * One core is left to the event loop: on the smallest deployment (2 cores) a single worker, so
 * however many hostile files arrive at once, /health and other requests keep a core.
 */
const POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));
/** Far above a sound 10 MB document (pdf-lib loads one in under 2 s on a loaded 2-core machine). */
export const PDF_TASK_TIMEOUT_MS = 10_000;
/** pdf-lib holds a parsed 10 MB document in well under this. */
const HEAP_MB = 384;

let pool: TaskPool<PdfTask, unknown> | undefined;

function pdfPool(): TaskPool<PdfTask, unknown> {
  pool ??= new TaskPool<PdfTask, unknown>({
    entry: siblingModule(import.meta.url, 'pdf-worker'),
    size: POOL_SIZE,
    taskTimeoutMs: PDF_TASK_TIMEOUT_MS,
    heapMb: HEAP_MB,
    log: createLogger('warn'),
    name: 'pdf',
    errors: {
      failed: (f: TaskFailure) => {
        if (f.code === UNREADABLE) return new UnreadablePdfError(f.message);
        if (f.code.startsWith(VERIFICATION))
          return new VerificationInputError(f.code.slice(VERIFICATION.length) as VerificationErrorCode, f.message);
        return new Error(`PDF worker: ${f.message}`);
      },
      timedOut: (ms) => new UnreadablePdfError(`reading the PDF took longer than ${ms / 1000} s`),
      outOfMemory: () => new UnreadablePdfError('reading the PDF needs more memory than allowed'),
      internal: () => new Error('PDF worker failed'),
    },
  });
  return pool;
}

/** Starts the workers now, so the first upload does not wait for one to load. */
export function warmPdfWorkers(): void {
  pdfPool().warm();
}

/**
 * Runs a task in a PDF worker. The bytes are copied, never transferred: the caller keeps
 * using them (to store the upload).
 */
export function runPdfTask(task: { kind: 'check'; pdf: Uint8Array }): Promise<CheckedPdf>;
export function runPdfTask(task: {
  kind: 'signature-page';
  pdf: Uint8Array;
  info: SignaturePageInfo;
}): Promise<Uint8Array>;
export function runPdfTask(task: { kind: 'validate'; pdf: Uint8Array; anchorFiles: string[] }): Promise<FileReport>;
export function runPdfTask(task: PdfTask): Promise<unknown> {
  return pdfPool().run(task);
}

export async function closePdfWorkers(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.close();
}
