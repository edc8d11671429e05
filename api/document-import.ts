/**
 * The multipart forms of an imported PDF, read the same way for the integration and backend
 * interfaces: the upload is streamed under the 10 MB limit and every missing part gets the
 * catalog's message before anything is written.
 */
import type { Request } from 'express';
import { MAX_PDF_BYTES } from '../domain/documents/files.js';
import { DOCUMENT_MESSAGES } from '../domain/documents/messages.js';
import { badRequest } from '../domain/errors.js';
import { checkText } from './http.js';
import { parseMultipart } from './multipart.js';

export interface ImportForm {
  documentTypeAcronym: string;
  reference: string;
  pdf: Buffer;
}

function requireField(fields: Record<string, string>, name: string, message: string): string {
  const value = fields[name]?.trim();
  if (!value) throw badRequest(message);
  return checkText(value, name);
}

async function readPdfForm(req: Request) {
  const form = await parseMultipart(req, {
    fileField: 'pdf_file',
    maxFileBytes: MAX_PDF_BYTES,
    tooLargeMessage: DOCUMENT_MESSAGES.pdfTooLarge,
  });
  if (!form.file) throw badRequest('pdf_file es requerido');
  return { fields: form.fields, pdf: form.file.bytes };
}

/** `document_type_acronym`, `reference` and `pdf_file` (POST /documents/import). */
export async function readImportForm(req: Request): Promise<ImportForm> {
  const { fields, pdf } = await readPdfForm(req);
  return {
    documentTypeAcronym: requireField(fields, 'document_type_acronym', DOCUMENT_MESSAGES.typeRequired),
    reference: requireField(fields, 'reference', DOCUMENT_MESSAGES.referenceRequired),
    pdf,
  };
}

/** `pdf_file` alone (PUT /documents/{id}/imported-pdf). */
export async function readReplacementPdf(req: Request): Promise<Buffer> {
  return (await readPdfForm(req)).pdf;
}
