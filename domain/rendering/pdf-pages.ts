/**
 * Pages of a PDF drawn as PNG images (public verification shows the registered document itself).
 * pdf.js draws each page on a Skia canvas (@napi-rs/canvas) in a worker thread of its own
 * TaskPool (lib/workers/): off the event loop, with a time and heap limit per page, and a cap on
 * the pixels of one image, so a huge or hostile page cannot hold the process. Both libraries come
 * from npm: the image needs no system renderer.
 */
import { availableParallelism } from 'node:os';
import { createLogger } from '../../lib/log.js';
import { TaskPool, siblingModule, type TaskFailure } from '../../lib/workers/task-pool.js';

export type PageTask =
  | { kind: 'layout'; pdf: Uint8Array; maxPages: number }
  | { kind: 'render'; pdf: Uint8Array; page: number; dpi: number };

export interface PdfLayout {
  /** Pages in the document. */
  count: number;
  /** Width and height (pt, as displayed: rotation applied) of the first `maxPages` pages. */
  sizes: [number, number][];
}

export interface RenderedPage {
  png: Uint8Array;
  width: number;
  height: number;
}

/** A page image is at most this many pixels (4 Mpx: A4 at 150 dpi is 2.2, legal 2.7) ... */
export const MAX_IMAGE_PIXELS = 4_000_000;
/** ... and at most this wide or high (a strip-shaped page is scaled down to it). */
export const MAX_IMAGE_SIDE = 4000;

/**
 * Pixel size of a page of `width` × `height` pt drawn at `dpi`, scaled down to the caps. The
 * worker draws at exactly this size, so a page can give its images' size before they exist.
 */
export function imageSize(
  width: number,
  height: number,
  dpi: number,
): { width: number; height: number; scale: number } {
  const w = Math.max(width, 1);
  const h = Math.max(height, 1);
  const scale = Math.min(dpi / 72, Math.sqrt(MAX_IMAGE_PIXELS / (w * h)), MAX_IMAGE_SIDE / w, MAX_IMAGE_SIDE / h);
  return { width: Math.max(1, Math.floor(w * scale)), height: Math.max(1, Math.floor(h * scale)), scale };
}

/** pdf.js could not read the file or draw the page, or the page took longer or more memory than allowed. */
export class PageRenderError extends Error {}

/** The worker's code for a file or page it cannot draw (anything else is a fault of the platform). */
export const UNRENDERABLE = 'UNRENDERABLE_PDF';

/** One core is left to the event loop (as for the PDF pool: one worker on 2 cores). */
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));
/** A page of a sound document takes well under a second; 20 s allows a loaded machine and a dense page. */
export const PAGE_TASK_TIMEOUT_MS = 20_000;
/** pdf.js holds a parsed 10 MB document and its decoded images in well under this. */
const HEAP_MB = 512;

let pool: TaskPool<PageTask, unknown> | undefined;

function pagePool(): TaskPool<PageTask, unknown> {
  pool ??= new TaskPool<PageTask, unknown>({
    entry: siblingModule(import.meta.url, 'pdf-page-worker'),
    size: POOL_SIZE,
    taskTimeoutMs: PAGE_TASK_TIMEOUT_MS,
    heapMb: HEAP_MB,
    log: createLogger('warn'),
    name: 'pdf-pages',
    errors: {
      failed: (f: TaskFailure) =>
        f.code === UNRENDERABLE ? new PageRenderError(f.message) : new Error(`PDF page worker: ${f.message}`),
      timedOut: (ms) => new PageRenderError(`drawing the page took longer than ${ms / 1000} s`),
      outOfMemory: () => new PageRenderError('drawing the page needs more memory than allowed'),
      internal: () => new Error('PDF page worker failed'),
    },
  });
  return pool;
}

/** The page count and the sizes of the first `maxPages` pages. Throws PageRenderError for a file pdf.js cannot read. */
export function pdfLayout(pdf: Uint8Array, maxPages: number): Promise<PdfLayout> {
  return pagePool().run({ kind: 'layout', pdf, maxPages }) as Promise<PdfLayout>;
}

/**
 * Page `page` (from 1) as a PNG at `dpi` (scaled down to the caps, see `imageSize`), on white.
 * The bytes are copied to the worker, never transferred: the caller keeps them.
 */
export function renderPdfPage(pdf: Uint8Array, page: number, dpi: number): Promise<RenderedPage> {
  return pagePool().run({ kind: 'render', pdf, page, dpi }) as Promise<RenderedPage>;
}
