/**
 * The cryptographic half of a PAdES signature, in the main thread where the credentials are:
 * how much room to reserve for the CMS, then — given the digest of the bytes /ByteRange
 * covers (signature-placeholders.ts) — sign, time-stamp the signature value and write the CMS
 * into the /Contents hole.
 */
import { SignerError } from '../errors.js';
import type { TenantCredentials } from '../certificates/store.js';
import { assembleSignedData, computeSignature, signedAttributes } from '../pades/cms.js';
import { TimestampError, requestTimestamp } from '../pades/tsa-client.js';

export interface TimestampSettings {
  url: string;
  timeoutMs: number;
}

/** Size of the last time-stamp token: the next reservation is sized from it (first guess: 6 KiB). */
let tokenEstimate = 6 * 1024;
/** Room for everything in the CMS besides certificates and token (signer info, attributes, RSA-4096 signature). */
const CMS_OVERHEAD = 1536;

/** Bytes to reserve for the CMS of a signature with `credentials` (`extra` after a too-small try). */
export function placeholderCapacity(credentials: TenantCredentials, extra = 0): number {
  return Math.ceil((credentials.chainSize + tokenEstimate + CMS_OVERHEAD + extra) / 256) * 256;
}

export class PlaceholderTooSmall extends Error {
  constructor(readonly needed: number) {
    super('signature placeholder too small');
  }
}

/** Signs `digest`, time-stamps the signature and writes the CMS into the hole at `contents`; returns the token. */
export async function embedSignature(options: {
  update: Buffer;
  contents: number;
  capacity: number;
  digest: Buffer;
  credentials: TenantCredentials;
  tsa: TimestampSettings;
  signal?: AbortSignal | undefined;
}): Promise<{ token: Buffer }> {
  const signed = signedAttributes(options.credentials, options.digest);
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
  if (cms.length > options.capacity) throw new PlaceholderTooSmall(cms.length);
  options.update.write(cms.toString('hex'), options.contents + 1, 'latin1');
  return { token };
}
