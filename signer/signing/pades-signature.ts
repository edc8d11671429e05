/**
 * The cryptographic half of a PAdES signature, in the main thread: how much room to reserve for
 * the CMS, then — given the digest of the bytes /ByteRange covers (signature-placeholders.ts)
 * and a signature value over the signed attributes — time-stamp that value and write the CMS
 * into the /Contents hole. The value is computed here with a tenant's key (the seal) or comes
 * from a remote signing service holding the signer's key (hash-signing.ts); every other step is
 * the same code.
 */
import { SignerError } from '../errors.js';
import type { TenantCredentials } from '../certificates/store.js';
import {
  assembleSignedData,
  computeSignature,
  signedAttributes,
  type SignedAttributes,
  type SignerCertificate,
} from '../pades/cms.js';
import { TimestampError, requestTimestamp } from '../pades/tsa-client.js';

export interface TimestampSettings {
  url: string;
  timeoutMs: number;
}

/** Size of the last time-stamp token: the next reservation is sized from it (first guess: 6 KiB). */
let tokenEstimate = 6 * 1024;
/** Room for everything in the CMS besides certificates and token (signer info, attributes, RSA-4096 signature). */
const CMS_OVERHEAD = 1536;
/**
 * A prepared signature is completed in another request (perhaps by another process) with no
 * second try, so its hole also has room for a token much larger than any seen.
 */
const PREPARED_MARGIN = 8 * 1024;

/** Bytes to reserve for the CMS of a signature by `certificate` (`extra` after a too-small try). */
export function placeholderCapacity(certificate: Pick<SignerCertificate, 'chainDer'>, extra = 0): number {
  const chainSize = certificate.chainDer.reduce((sum, der) => sum + der.length, 0);
  return Math.ceil((chainSize + tokenEstimate + CMS_OVERHEAD + extra) / 256) * 256;
}

/** The reservation of a prepared signature: never retried, so generous. */
export function preparedCapacity(certificate: Pick<SignerCertificate, 'chainDer'>): number {
  return placeholderCapacity(certificate, Math.max(0, 6 * 1024 - tokenEstimate) + PREPARED_MARGIN);
}

export class PlaceholderTooSmall extends Error {
  constructor(readonly needed: number) {
    super('signature placeholder too small');
  }
}

/** Signs `digest` with the tenant's key, time-stamps the signature and writes the CMS into the hole at `contents`. */
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
  return embedSignatureValue({ ...options, certificate: options.credentials, signed, signature });
}

/**
 * Time-stamps `signature` (the signer's value over `signed`), assembles the CMS with the
 * certificate's chain and writes it into the hole at `contents` of `update`; returns the token.
 */
export async function embedSignatureValue(options: {
  update: Buffer;
  contents: number;
  capacity: number;
  certificate: SignerCertificate;
  signed: SignedAttributes;
  signature: Buffer;
  tsa: TimestampSettings;
  signal?: AbortSignal | undefined;
}): Promise<{ token: Buffer }> {
  let token: Buffer;
  try {
    token = await requestTimestamp(options.signature, { ...options.tsa, signal: options.signal });
  } catch (err) {
    if (err instanceof TimestampError)
      throw new SignerError('PADES_ERROR', `timestamp failed: ${err.message}; the document was not signed`);
    throw err;
  }
  tokenEstimate = token.length + 256;
  const cms = assembleSignedData(options.certificate, options.signed, options.signature, token);
  if (cms.length > options.capacity) throw new PlaceholderTooSmall(cms.length);
  options.update.write(cms.toString('hex'), options.contents + 1, 'latin1');
  return { token };
}
