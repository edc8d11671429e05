/**
 * The document side of completing a prepared signature, in a document worker: find the empty
 * /Contents hole POST /sign-pdf/prepare left — the last signature of the file, whose /ByteRange
 * covers everything but that hole up to the end of the file — and hash what it covers. Nothing
 * of the prepare request is remembered: the file itself says where the signature goes.
 */
import { createHash } from 'node:crypto';
import { SignerError } from '../errors.js';
import type { PdfDocument } from '../pdf/document.js';

export interface PreparedHole {
  /** The signature field's name. */
  field: string;
  /** Offset in the file of the hole's `<`; the CMS (hex) goes right after it. */
  contents: number;
  /** Bytes the hole holds for the DER CMS. */
  capacity: number;
  /** SHA-256 of the bytes /ByteRange covers: what the signed attributes' message-digest holds. */
  digest: Uint8Array;
}

const ZERO = 0x30;

export function findPreparedHole(pdf: Buffer, doc: PdfDocument): PreparedHole {
  let last: { field: string; range: number[] } | undefined;
  for (const field of doc.signatureFields()) {
    if (field.docTimestamp) continue;
    const value = doc.reader.resolveDict(doc.reader.resolveDict(field.ref)?.get('V'));
    const raw = doc.reader.resolve(value?.get('ByteRange'));
    if (!Array.isArray(raw) || raw.length !== 4) continue;
    const range = raw.map((v) => doc.reader.resolve(v));
    if (!range.every((v): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0)) continue;
    if (!last || range[2]! + range[3]! > last.range[2]! + last.range[3]!) last = { field: field.name, range };
  }
  if (!last) throw notPrepared('it has no signature');
  const [start, holeStart, holeEnd, tailLength] = last.range as [number, number, number, number];
  if (
    start !== 0 ||
    holeEnd <= holeStart + 2 ||
    holeEnd > pdf.length ||
    pdf[holeStart] !== 0x3c ||
    pdf[holeEnd - 1] !== 0x3e ||
    (holeEnd - holeStart) % 2 !== 0
  ) {
    throw notPrepared(`the /ByteRange of signature "${last.field}" does not frame its /Contents`);
  }
  const hex = pdf.subarray(holeStart + 1, holeEnd - 1);
  if (!hex.every((b) => b === ZERO)) {
    throw new SignerError(
      'SIGNATURE_ALREADY_PRESENT',
      `the last signature of prepared_pdf ("${last.field}") already holds a signature; prepare the document again to sign it once more`,
    );
  }
  if (holeEnd + tailLength !== pdf.length) {
    throw notPrepared(
      `bytes were added after signature "${last.field}" was prepared (its /ByteRange ends at ${holeEnd + tailLength}, the file at ${pdf.length})`,
    );
  }
  const digest = createHash('sha256').update(pdf.subarray(0, holeStart)).update(pdf.subarray(holeEnd)).digest();
  return { field: last.field, contents: holeStart, capacity: (holeEnd - holeStart - 2) / 2, digest };
}

function notPrepared(why: string): SignerError {
  return new SignerError(
    'INVALID_PREPARED_PDF',
    `prepared_pdf is not a document as POST /sign-pdf/prepare returned it: ${why}`,
  );
}
