/**
 * Everything one request does with the PDF itself, run by a document worker off the main
 * thread (workers/document-workers.ts): open it, check it (readable, every page Letter, not
 * certified against changes) and, when asked, place the signature, build the incremental
 * update and — for PAdES — fix its /ByteRange and hash what the signature will cover.
 * Synchronous and self-contained: what goes in and out can cross a thread boundary.
 */
import { createHash } from 'node:crypto';
import { LETTER } from '../appearance/layout.js';
import { SignerError } from '../errors.js';
import { PdfDocument } from '../pdf/document.js';
import { PdfReadError } from '../../lib/pdf/errors.js';
import { PdfString } from '../../lib/pdf/objects.js';
import { buildDocTimestampUpdate } from '../ltv/doc-timestamp.js';
import { buildDssUpdate, type DssRequest } from '../ltv/dss-update.js';
import { buildUpdate, placeNextSignature, type SignerFields, type StampRequest } from './document-update.js';
import { findPreparedHole, type PreparedHole } from './prepared-hole.js';
import { fixByteRange, reservePlaceholders } from './signature-placeholders.js';

const PAGE_SIZE_TOLERANCE = 1;

export interface PrepareTask {
  /** The uploaded file (its ArrayBuffer is moved to the worker and back, not copied). */
  pdf: Uint8Array;
  /** What to build; absent when the document is only checked (another problem is answered). */
  build?: BuildRequest | undefined;
  /** Instead of a signature: long-term validation data appended to an already signed file. */
  append?: AppendRequest | undefined;
}

/**
 * B-LT and B-LTA work on a signed file: a /DSS update, a document time-stamp with room for its
 * token, or only reading the signatures and time-stamps already there (their /Contents).
 */
export type AppendRequest =
  | { kind: 'dss'; dss: DssRequest }
  | { kind: 'doc-timestamp'; cmsCapacity: number }
  | { kind: 'inspect' }
  /** A file from POST /sign-pdf/prepare: its empty signature hole and the digest of what it covers. */
  | { kind: 'prepared-hole' };

/** A signature or document time-stamp found in a file: its /Contents (CMS, padded with zeros). */
export interface EmbeddedSignature {
  contents: Uint8Array;
  docTimestamp: boolean;
  /** The /DSS already has a /VRI entry for it (its validation data was gathered before). */
  validated: boolean;
}

export interface BuildRequest {
  endTextMarker: string;
  signer: SignerFields;
  stamp: StampRequest | undefined;
  now: Date;
  timeZone: string;
  /** Bytes reserved for the CMS of a PAdES signature; absent for a visual signature. */
  cmsCapacity: number | undefined;
}

export interface PreparedDocument {
  /** Signatures already in the document (0 when only checked). */
  existing: number;
  /** The bytes to append to the original; empty when only checked. */
  update: Uint8Array;
  /** PAdES: where the /Contents hole starts in `update`, and the SHA-256 the signature signs. */
  signature: { contents: number; digest: Uint8Array } | undefined;
  /** The new signature field's name (a document built with room for a signature). */
  field?: string | undefined;
  /** `prepared-hole`: where the prepared signature goes in the file. */
  hole?: PreparedHole | undefined;
  /** `inspect`: the signatures and document time-stamps of the file, in field order. */
  embedded?: EmbeddedSignature[] | undefined;
}

/** The reader failed in a way it does not foresee: still "cannot be read", with the cause for the log. */
export class UnforeseenReadFailure extends SignerError {
  constructor(readonly detail: string) {
    super('INVALID_PDF_FILE', 'the PDF cannot be read');
  }
}

export function prepareDocument(task: PrepareTask): PreparedDocument {
  const pdf = Buffer.from(task.pdf.buffer, task.pdf.byteOffset, task.pdf.byteLength);
  if (task.append) return appendToSigned(pdf, task.append);
  const doc = openChecked(pdf);
  const b = task.build;
  if (!b) return { existing: 0, update: new Uint8Array(0), signature: undefined };
  const placement = placeNextSignature(doc, b.endTextMarker);
  const placeholders = b.cmsCapacity === undefined ? undefined : reservePlaceholders(b.cmsCapacity);
  const built = buildUpdate(
    { doc, placement, signer: b.signer, stamp: b.stamp, now: b.now, timeZone: b.timeZone },
    placeholders,
  );
  const { bytes, placeholders: offsets } = built.update.build();
  if (!placeholders) return { existing: placement.existing, update: bytes, signature: undefined };
  const contents = offsets.get(placeholders.contents)!;
  const digest = fixByteRange(pdf, bytes, { byteRange: offsets.get(placeholders.byteRange)!, contents }, placeholders);
  return { existing: placement.existing, update: bytes, signature: { contents, digest }, field: built.field };
}

function appendToSigned(pdf: Buffer, append: AppendRequest): PreparedDocument {
  const doc = open(pdf);
  if (append.kind === 'inspect')
    return { existing: 0, update: new Uint8Array(0), signature: undefined, embedded: embeddedSignatures(doc) };
  if (append.kind === 'prepared-hole')
    return { existing: 0, update: new Uint8Array(0), signature: undefined, hole: findPreparedHole(pdf, doc) };
  if (append.kind === 'dss')
    return { existing: 0, update: buildDssUpdate(doc, append.dss).build().bytes, signature: undefined };
  const placeholders = reservePlaceholders(append.cmsCapacity);
  const { bytes, placeholders: offsets } = buildDocTimestampUpdate(doc, placeholders).build();
  const contents = offsets.get(placeholders.contents)!;
  const digest = fixByteRange(pdf, bytes, { byteRange: offsets.get(placeholders.byteRange)!, contents }, placeholders);
  return { existing: 0, update: bytes, signature: { contents, digest } };
}

function embeddedSignatures(doc: PdfDocument): EmbeddedSignature[] {
  const out: EmbeddedSignature[] = [];
  const vri = doc.reader.resolveDict(doc.reader.resolveDict(doc.catalog.get('DSS'))?.get('VRI'));
  for (const field of doc.signatureFields()) {
    const value = doc.reader.resolveDict(doc.reader.resolveDict(field.ref)?.get('V'));
    const contents = value?.get('Contents');
    if (!value?.has('ByteRange') || !(contents instanceof PdfString)) continue;
    const key = createHash('sha1').update(contents.bytes).digest('hex').toUpperCase();
    out.push({ contents: contents.bytes, docTimestamp: field.docTimestamp, validated: vri?.has(key) ?? false });
  }
  return out;
}

/** Step 1 of the spec's validation, for the PDF's structure: readable, Letter pages, changes allowed. */
function openChecked(pdf: Buffer): PdfDocument {
  const doc = open(pdf);
  doc.pages.forEach((page, i) => {
    const [x0, y0, x1, y1] = page.mediaBox;
    const w = x1 - x0;
    const h = y1 - y0;
    if (Math.abs(w - LETTER.width) > PAGE_SIZE_TOLERANCE || Math.abs(h - LETTER.height) > PAGE_SIZE_TOLERANCE) {
      throw new SignerError(
        'INVALID_PDF_FORMAT',
        `page ${i + 1} is ${round(w)} x ${round(h)} pt; every page must be Letter (612 x 792 pt, portrait)`,
      );
    }
  });
  if (doc.forbidsChanges())
    throw new SignerError(
      'INVALID_PDF_FILE',
      'the PDF is certified with no changes allowed, so it cannot be signed again',
    );
  return doc;
}

function open(pdf: Buffer): PdfDocument {
  try {
    return PdfDocument.open(pdf);
  } catch (err) {
    if (err instanceof PdfReadError)
      throw new SignerError('INVALID_PDF_FILE', `the PDF cannot be read: ${err.message}`);
    throw new UnforeseenReadFailure((err as Error)?.stack ?? String(err));
  }
}

function round(v: number): string {
  return String(Math.round(v * 10) / 10);
}
