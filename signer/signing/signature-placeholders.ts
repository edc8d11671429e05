/**
 * Room for a PAdES signature inside the update: the /ByteRange and /Contents placeholders, and
 * — once the update's bytes are final — the real /ByteRange and the digest of the bytes it
 * covers. This is the document side of signing, done in the document worker; the signature
 * itself is made with the credentials in the main thread (pades-signature.ts).
 */
import { createHash } from 'node:crypto';
import { SignerError } from '../errors.js';
import { PdfRaw } from '../../lib/pdf/objects.js';

export interface Placeholders {
  byteRange: PdfRaw;
  contents: PdfRaw;
  /** Bytes available for the DER CMS. */
  capacity: number;
}

const BYTE_RANGE_WIDTH = 48;

export function reservePlaceholders(capacity: number): Placeholders {
  return {
    byteRange: new PdfRaw(`[0 ${'0'.repeat(10)} ${'0'.repeat(10)} ${'0'.repeat(10)}]`.padEnd(BYTE_RANGE_WIDTH, ' ')),
    contents: new PdfRaw(`<${'0'.repeat(capacity * 2)}>`),
    capacity,
  };
}

/**
 * Writes the final /ByteRange into `update` (appended to `original`) and returns the SHA-256 of
 * the bytes it covers, which is what the signature signs.
 */
export function fixByteRange(
  original: Uint8Array,
  update: Buffer,
  offsets: { byteRange: number; contents: number },
  placeholders: Placeholders,
): Buffer {
  const holeStart = offsets.contents;
  const holeEnd = holeStart + placeholders.contents.text.length;
  const base = original.length;
  const total = base + update.length;
  const byteRange = `[0 ${base + holeStart} ${base + holeEnd} ${total - (base + holeEnd)}]`;
  if (byteRange.length > BYTE_RANGE_WIDTH)
    throw new SignerError('PADES_ERROR', 'document too large for a signature byte range');
  update.write(byteRange.padEnd(BYTE_RANGE_WIDTH, ' '), offsets.byteRange, 'latin1');
  return createHash('sha256')
    .update(original)
    .update(update.subarray(0, holeStart))
    .update(update.subarray(holeEnd))
    .digest();
}
