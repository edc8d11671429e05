/**
 * A document's stored PDFs. Keys: `imported.pdf` (external original), `draft.pdf` (last preview),
 * `signing/r<round>-<revision>.pdf` (revision 0 is the rendered final PDF, each signature adds
 * one), `official.pdf` (the signed, numbered file) and `official-<n>.pdf` (its archive time-stamp
 * renewals). Rows in document_files index them.
 */
import { createHash } from 'node:crypto';
import type { Tx } from '../../db/tenancy.js';
import type { DomainContext } from '../context.js';
import { badRequest, unprocessable, AppError } from '../errors.js';
import { documentObjectKey } from '../storage/object-store.js';
import { DOCUMENT_MESSAGES } from './messages.js';
import { UnreadablePdfError, runPdfTask } from './pdf-workers.js';

export const MAX_PDF_BYTES = 10 * 1024 * 1024;

export type FileKind = 'draft' | 'imported' | 'signing' | 'official';

export function fileName(kind: FileKind, round = 0, revision = 0): string {
  switch (kind) {
    case 'signing':
      return `signing/r${round}-${revision}.pdf`;
    case 'official':
      // Each archive time-stamp renewal is a further official revision.
      return revision ? `official-${revision}.pdf` : 'official.pdf';
    default:
      return `${kind}.pdf`;
  }
}

export function fileKey(
  ctx: Pick<DomainContext, 'tenant'>,
  documentId: string,
  kind: FileKind,
  round = 0,
  revision = 0,
): string {
  return documentObjectKey(ctx.tenant.schema, documentId, fileName(kind, round, revision));
}

/**
 * An uploaded PDF must be a real, unencrypted PDF on Letter pages (the signing service signs only
 * Letter). `invalidStatus` differs by endpoint (import 400, replace 422, as the spec lists). The
 * file is read in a PDF worker within limits (./pdf-workers.ts): a hostile one is refused in
 * milliseconds and never blocks the event loop.
 */
export async function checkUploadedPdf(bytes: Buffer, invalidStatus: 400 | 422): Promise<{ pages: number }> {
  if (bytes.length > MAX_PDF_BYTES) throw unprocessable(DOCUMENT_MESSAGES.pdfTooLarge);
  const invalid = () => new AppError(invalidStatus, DOCUMENT_MESSAGES.pdfInvalid);
  if (bytes.length < 5 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw invalid();
  let sizes: [number, number][];
  try {
    ({ sizes } = await runPdfTask({ kind: 'check', pdf: bytes }));
  } catch (err) {
    if (err instanceof UnreadablePdfError) throw invalid();
    throw err;
  }
  if (sizes.length === 0) throw invalid();
  if (sizes.some(([width, height]) => Math.abs(width - 612) > 1 || Math.abs(height - 792) > 1)) {
    throw badRequest(DOCUMENT_MESSAGES.pdfNotLetter);
  }
  return { pages: sizes.length };
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Stores the bytes and (re)indexes them; safe to repeat for the same (kind, round, revision). */
export async function storeFile(
  ctx: DomainContext,
  trx: Tx,
  documentId: string,
  file: { kind: FileKind; round?: number; revision?: number; bytes: Uint8Array; signedBy?: string | null },
): Promise<string> {
  const round = file.round ?? 0;
  const revision = file.revision ?? 0;
  const key = fileKey(ctx, documentId, file.kind, round, revision);
  await ctx.services.storage.put(key, file.bytes);
  await trx('document_files')
    .insert({
      document_id: documentId,
      kind: file.kind,
      round,
      revision,
      storage_key: key,
      sha256: sha256(file.bytes),
      size_bytes: file.bytes.length,
      signed_by: file.signedBy ?? null,
    })
    .onConflict(['document_id', 'kind', 'round', 'revision'])
    .merge(['storage_key', 'sha256', 'size_bytes', 'signed_by', 'created_at']);
  return key;
}

export interface StoredFile {
  kind: FileKind;
  round: number;
  revision: number;
  storage_key: string;
}

/** The newest revision of a signing round (revision 0 is the unsigned render). */
export async function latestSigningFile(trx: Tx, documentId: string, round: number): Promise<StoredFile | undefined> {
  return trx('document_files')
    .where({ document_id: documentId, kind: 'signing', round })
    .orderBy('revision', 'desc')
    .first<StoredFile | undefined>('kind', 'round', 'revision', 'storage_key');
}

/** The file a reader gets for a document: official, else the latest signed revision, else the import. */
export async function currentPdf(trx: Tx, documentId: string, round: number): Promise<StoredFile | undefined> {
  const official = await trx('document_files')
    .where({ document_id: documentId, kind: 'official' })
    .orderBy('revision', 'desc')
    .first<StoredFile | undefined>('kind', 'round', 'revision', 'storage_key');
  if (official) return official;
  if (round > 0) {
    const signing = await latestSigningFile(trx, documentId, round);
    if (signing) return signing;
  }
  return trx('document_files')
    .where({ document_id: documentId, kind: 'imported' })
    .first<StoredFile | undefined>('kind', 'round', 'revision', 'storage_key');
}
