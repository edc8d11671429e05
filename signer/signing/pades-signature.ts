/**
 * The cryptographic half of a PAdES signature: reserve room for the CMS in the signature
 * dictionary, then — once the update's bytes are final — fix /ByteRange, hash everything but
 * the /Contents hole, sign, time-stamp the signature value and write the CMS into the hole.
 */
import { createHash } from 'node:crypto';
import { SignerError } from '../errors.js';
import type { TenantCredentials } from '../certificates/store.js';
import { assembleSignedData, computeSignature, signedAttributes } from '../pades/cms.js';
import { TimestampError, requestTimestamp } from '../pades/tsa-client.js';
import { PdfRaw } from '../pdf/objects.js';

export interface TimestampSettings {
  url: string;
  timeoutMs: number;
}

export interface Placeholders {
  byteRange: PdfRaw;
  contents: PdfRaw;
  /** Bytes available for the DER CMS. */
  capacity: number;
}

const BYTE_RANGE_WIDTH = 48;
/** Size of the last time-stamp token: the next reservation is sized from it (first guess: 6 KiB). */
let tokenEstimate = 6 * 1024;
/** Room for everything in the CMS besides certificates and token (signer info, attributes, RSA-4096 signature). */
const CMS_OVERHEAD = 1536;

export function reservePlaceholders(credentials: TenantCredentials, extra = 0): Placeholders {
  const capacity = Math.ceil((credentials.chainSize + tokenEstimate + CMS_OVERHEAD + extra) / 256) * 256;
  return {
    byteRange: new PdfRaw(`[0 ${'0'.repeat(10)} ${'0'.repeat(10)} ${'0'.repeat(10)}]`.padEnd(BYTE_RANGE_WIDTH, ' ')),
    contents: new PdfRaw(`<${'0'.repeat(capacity * 2)}>`),
    capacity,
  };
}

export class PlaceholderTooSmall extends Error {
  constructor(readonly needed: number) {
    super('signature placeholder too small');
  }
}

/**
 * Completes the signature inside `update` (mutated in place). `original` are the bytes the
 * update is appended to.
 */
export async function completeSignature(options: {
  original: Buffer;
  update: Buffer;
  offsets: { byteRange: number; contents: number };
  placeholders: Placeholders;
  credentials: TenantCredentials;
  tsa: TimestampSettings;
  signal?: AbortSignal | undefined;
}): Promise<void> {
  const { original, update, offsets, placeholders } = options;
  const holeStart = offsets.contents;
  const holeEnd = holeStart + placeholders.contents.text.length;
  const base = original.length;
  const total = base + update.length;
  const byteRange = `[0 ${base + holeStart} ${base + holeEnd} ${total - (base + holeEnd)}]`;
  if (byteRange.length > BYTE_RANGE_WIDTH) throw new SignerError('PADES_ERROR', 'document too large for a signature byte range');
  update.write(byteRange.padEnd(BYTE_RANGE_WIDTH, ' '), offsets.byteRange, 'latin1');

  const digest = createHash('sha256').update(original).update(update.subarray(0, holeStart)).update(update.subarray(holeEnd)).digest();
  const signed = signedAttributes(options.credentials, digest);
  const signature = computeSignature(options.credentials.key, signed.der);
  let token: Buffer;
  try {
    token = await requestTimestamp(signature, { ...options.tsa, signal: options.signal });
  } catch (err) {
    if (err instanceof TimestampError) throw new SignerError('PADES_ERROR', `timestamp failed: ${err.message}; the document was not signed`);
    throw err;
  }
  tokenEstimate = token.length + 256;
  const cms = assembleSignedData(options.credentials, signed, signature, token);
  if (cms.length > placeholders.capacity) throw new PlaceholderTooSmall(cms.length);
  update.write(cms.toString('hex'), holeStart + 1, 'latin1');
}
