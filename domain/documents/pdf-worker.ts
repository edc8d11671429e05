/** A PDF worker thread (see ./pdf-workers.ts): the bounded check first, then pdf-lib; or the verification engine. */
import { PDFDocument } from 'pdf-lib';
import { checkPdfBounds } from '../../lib/pdf/bounds.js';
import { PdfReadError } from '../../lib/pdf/errors.js';
import { serveTasks } from '../../lib/workers/task-worker.js';
import { addSignaturePage } from '../rendering/signature-page.js';
import { validatePdf } from '../verification/engine.js';
import { VerificationInputError } from '../verification/errors.js';
import { TrustAnchors } from '../verification/trust.js';
import { UNREADABLE, VERIFICATION, type CheckedPdf, type PdfTask } from './pdf-workers.js';

const anchorCache = new Map<string, TrustAnchors>();

/** Trust roots read once per set of files (the caller lists only files that exist). */
function anchorsFrom(files: string[]): TrustAnchors {
  const key = files.join('\n');
  let anchors = anchorCache.get(key);
  if (!anchors) anchorCache.set(key, (anchors = TrustAnchors.fromPemFiles(files)));
  return anchors;
}

/** A file pdf-lib itself refuses: not a fault of the platform. */
class PdfLibRefusal extends Error {}

function bounded(pdf: Uint8Array): Buffer {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const { encrypted } = checkPdfBounds(bytes);
  if (encrypted) throw new PdfReadError('the PDF is encrypted');
  return bytes;
}

/**
 * pdf-lib work on a file: whatever pdf-lib meets in it and cannot handle (its form, its page tree;
 * lenient while loading, it may fail only later) fails the same way on every retry — a refusal of
 * the file, not a fault of the platform.
 */
async function withPdfLib<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw new PdfLibRefusal((err as Error)?.message ?? String(err));
  }
}

serveTasks<PdfTask, unknown>(
  async (task) => {
    if (task.kind === 'validate') {
      // The engine reads within the limits of lib/pdf (it never runs pdf-lib).
      const pdf = Buffer.from(task.pdf.buffer, task.pdf.byteOffset, task.pdf.byteLength);
      return { result: validatePdf(pdf, { anchors: anchorsFrom(task.anchorFiles) }) };
    }
    const bytes = bounded(task.pdf);
    if (task.kind === 'check') {
      const sizes = await withPdfLib(async () => {
        const doc = await PDFDocument.load(bytes, { updateMetadata: false });
        return doc.getPages().map((page): [number, number] => {
          const { width, height } = page.getSize();
          return [width, height];
        });
      });
      return { result: { sizes } satisfies CheckedPdf };
    }
    const out = await withPdfLib(async () =>
      addSignaturePage(bytes, await PDFDocument.load(bytes, { updateMetadata: false }), task.info),
    );
    return { result: out, transfer: out.buffer instanceof ArrayBuffer ? [out.buffer] : [] };
  },
  (err) => {
    if (err instanceof VerificationInputError) return { code: `${VERIFICATION}${err.code}`, message: err.message };
    if (err instanceof PdfReadError || err instanceof PdfLibRefusal) return { code: UNREADABLE, message: err.message };
    return {
      code: 'INTERNAL',
      message: (err as Error)?.message ?? String(err),
      detail: (err as Error)?.stack ?? String(err),
    };
  },
);
