/**
 * Imported PDFs come without the end-text marker the signing service needs, so signing starts
 * from the upload plus one appended "Hoja de firmas" page whose marker sits at the top: every
 * signature goes on that page. A PDF that already carries signatures is left untouched (adding a
 * page would rewrite the file and break them); the signing service then reports what is missing.
 */
import { type PDFDocument, PDFSignature, rgb, StandardFonts } from 'pdf-lib';
import { runPdfTask } from '../documents/pdf-workers.js';
import { drawEndTextMarker, drawVerificationFooter } from './pdf-drawing.js';

export interface SignaturePageInfo {
  title: string;
  reference: string;
  municipality: string;
  /** Printed at the bottom of the signatures page with its QR, below the signatures' grid. */
  verification?: { code: string; url: string };
}

/**
 * Parsed in a PDF worker (domain/documents/pdf-workers.ts), never on the worker's event loop: an
 * imported file stored before uploads were checked within limits may be hostile. Such a file
 * fails the step with UnreadablePdfError.
 */
export async function withSignaturePage(pdf: Buffer, info: SignaturePageInfo): Promise<Buffer> {
  const out = await runPdfTask({ kind: 'signature-page', pdf, info });
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/** The page itself, drawn on `doc` (loaded from `pdf`); runs inside a PDF worker. */
export async function addSignaturePage(
  pdf: Uint8Array,
  doc: PDFDocument,
  info: SignaturePageInfo,
): Promise<Uint8Array> {
  if (
    doc
      .getForm()
      .getFields()
      .some((f) => f instanceof PDFSignature)
  )
    return pdf;
  const page = doc.addPage([612, 792]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  page.drawText(info.municipality, { x: 57, y: 740, size: 9, font: regular, color: rgb(0.2, 0.2, 0.2) });
  page.drawText(info.title, { x: 57, y: 700, size: 16, font: bold });
  page.drawText(`Referencia: ${info.reference}`.slice(0, 110), { x: 57, y: 678, size: 10, font: regular });
  drawEndTextMarker(page, regular, 57, 660);
  if (info.verification) drawVerificationFooter(page, { regular, bold }, info.verification);
  return doc.save({ useObjectStreams: false });
}
