/**
 * A PDF page worker thread (see ./pdf-pages.ts): pdf.js reads the file and draws one page on a
 * @napi-rs/canvas canvas, encoded as PNG. Fonts are drawn as paths from the file's embedded font
 * programs (no font is looked up on the system, no font program is evaluated as code); the 14
 * standard fonts a file may leave unembedded come from pdf.js's own font files.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { serveTasks } from '../../lib/workers/task-worker.js';
import { UNRENDERABLE, imageSize, type PageTask, type PdfLayout, type RenderedPage } from './pdf-pages.js';

const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** An embedded image is at most this many pixels decoded (a 600 dpi A3 scan is 35 Mpx). */
const MAX_DECODED_IMAGE_PIXELS = 50_000_000;

class Unrenderable extends Error {}

async function open(pdf: Uint8Array): Promise<PDFDocumentProxy> {
  try {
    return await getDocument({
      // pdf.js takes ownership of (and detaches) the buffer it is given: the task's own copy.
      data: pdf,
      standardFontDataUrl: `${PDFJS_DIR}/standard_fonts/`,
      cMapUrl: `${PDFJS_DIR}/cmaps/`,
      cMapPacked: true,
      wasmUrl: `${PDFJS_DIR}/wasm/`,
      iccUrl: `${PDFJS_DIR}/iccs/`,
      disableFontFace: true,
      useSystemFonts: false,
      isEvalSupported: false,
      enableXfa: false,
      maxImageSize: MAX_DECODED_IMAGE_PIXELS,
      verbosity: 0,
    }).promise;
  } catch (err) {
    throw new Unrenderable((err as Error)?.message ?? String(err));
  }
}

async function layout(doc: PDFDocumentProxy, maxPages: number): Promise<PdfLayout> {
  const sizes: [number, number][] = [];
  for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
    const page = await doc.getPage(n);
    const { width, height } = page.getViewport({ scale: 1 });
    sizes.push([width, height]);
  }
  return { count: doc.numPages, sizes };
}

async function render(doc: PDFDocumentProxy, pageNumber: number, dpi: number): Promise<RenderedPage> {
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > doc.numPages)
    throw new Unrenderable(`no page ${pageNumber}`);
  const page = await doc.getPage(pageNumber);
  const natural = page.getViewport({ scale: 1 });
  const size = imageSize(natural.width, natural.height, dpi);
  const viewport = page.getViewport({ scale: size.scale });
  const canvas = createCanvas(size.width, size.height);
  await page.render({ canvas: canvas as never, viewport, background: 'rgb(255,255,255)' }).promise;
  const encoded = await canvas.encode('png');
  page.cleanup();
  // A copy the worker owns whole, transferred back rather than copied again.
  const png = new Uint8Array(encoded.byteLength);
  png.set(encoded);
  return { png, width: size.width, height: size.height };
}

serveTasks<PageTask, unknown>(
  async (task) => {
    const doc = await open(task.pdf);
    try {
      if (task.kind === 'layout') return { result: await layout(doc, task.maxPages) };
      const page = await render(doc, task.page, task.dpi);
      return { result: page, transfer: [page.png.buffer as ArrayBuffer] };
    } catch (err) {
      if (err instanceof Unrenderable) throw err;
      // pdf.js refuses what it cannot parse or draw with its own errors: the same file fails
      // the same way every time, so it is a property of the file, not a fault here.
      throw new Unrenderable((err as Error)?.message ?? String(err));
    } finally {
      await doc.destroy();
    }
  },
  (err) => {
    if (err instanceof Unrenderable) return { code: UNRENDERABLE, message: err.message };
    return {
      code: 'INTERNAL',
      message: (err as Error)?.message ?? String(err),
      detail: (err as Error)?.stack ?? String(err),
    };
  },
);
