/**
 * What an official PDF says about itself: its title (type, number once known, reference), the
 * municipality as author, the platform as creator and producer, and its language, instead of the
 * browser's "HeadlessChrome" and "Skia/PDF". Set on the rendered file before it is registered and
 * signed; signatures add revisions and never touch it.
 */
import { PDFDocument } from 'pdf-lib';
import type { RenderInput } from './pdf-renderer.js';

export const PDF_CREATOR = 'expediente';
export const PDF_LANGUAGE = 'es-AR';

export function pdfTitle(input: Pick<RenderInput, 'documentTypeName' | 'officialNumber' | 'reference'>): string {
  return [input.documentTypeName, input.officialNumber, input.reference].filter(Boolean).join(' — ');
}

export function describePdf(doc: PDFDocument, input: RenderInput, producer: string): void {
  const now = new Date();
  doc.setTitle(pdfTitle(input), { showInWindowTitleBar: true });
  doc.setAuthor(input.municipality);
  doc.setSubject(`${input.documentTypeName} (${input.documentTypeAcronym})`);
  doc.setCreator(PDF_CREATOR);
  doc.setProducer(producer);
  doc.setLanguage(PDF_LANGUAGE);
  doc.setCreationDate(now);
  doc.setModificationDate(now);
}

/** A PDF another program produced (the browser), described the same way; its structure is kept. */
export async function describedPdf(bytes: Uint8Array, input: RenderInput, producer: string): Promise<Buffer> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  describePdf(doc, input, producer);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
