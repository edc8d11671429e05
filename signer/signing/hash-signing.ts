/**
 * Signing with a key this service never holds (a remote signing service speaking the CSC API
 * keeps each official's key), in two stateless steps:
 *
 *   prepare   the signature field, block, stamp and an empty /Contents hole, exactly as
 *             /sign-pdf places them, and the digest of the signed attributes for the signer's
 *             certificate — what the remote service signs;
 *   complete  the same file back with the signature value: the hole is found again, the signed
 *             attributes rebuilt from the bytes and the certificate, the value checked against
 *             the certificate's key, then time-stamped, embedded and taken to B-LT/B-LTA as
 *             /sign-pdf does.
 *
 * Nothing is kept between the two: any process of the service can complete what another prepared.
 */
import { createHash } from 'node:crypto';
import { SignerError } from '../errors.js';
import type { SignerChain } from '../certificates/signer-chain.js';
import type { PadesLevel } from '../ltv/levels.js';
import { assertNotRevoked, extendToLevel, holeBytes } from '../ltv/long-term.js';
import type { RevocationSource } from '../ltv/revocation.js';
import { matchingSignatureValue, signedAttributes } from '../pades/cms.js';
import type { DocumentWorkers } from '../workers/document-workers.js';
import type { SignerFields, StampRequest } from './document-update.js';
import {
  PlaceholderTooSmall,
  embedSignatureValue,
  preparedCapacity,
  type TimestampSettings,
} from './pades-signature.js';

export interface PreparedSignature {
  /** The original bytes, then the update with the empty hole. */
  chunks: Buffer[];
  length: number;
  existing: number;
  /** SHA-256 of the DER signed attributes: the hash a CSC signatures/signHash call signs. */
  dataToSignDigest: Buffer;
  field: string;
}

/** Whose certificate a refusal names. */
export function holderOf(chain: SignerChain): string {
  return `the signer's certificate "${chain.subject}" (serial ${chain.serialNumber})`;
}

/** `options.pdf` is handed to a document worker: its bytes are no longer readable by the caller. */
export async function prepareHashSignature(options: {
  documents: DocumentWorkers;
  pdf: Buffer;
  signer: SignerFields;
  stamp: StampRequest | undefined;
  chain: SignerChain;
  level: PadesLevel;
  revocation: RevocationSource;
  now: Date;
  timeZone: string;
  endTextMarker: string;
  signal: AbortSignal;
}): Promise<PreparedSignature> {
  const { chain, signal } = options;
  // As /sign-pdf with a tenant's certificate: a revoked signer gets nothing to sign.
  if (options.level !== 'B-T') await assertNotRevoked(options.revocation, chain.chainDer, holderOf(chain), signal);
  const { endTextMarker, signer, stamp, now, timeZone } = options;
  const prepared = await options.documents.prepare(
    { pdf: options.pdf, build: { endTextMarker, signer, stamp, now, timeZone, cmsCapacity: preparedCapacity(chain) } },
    signal,
  );
  const update = Buffer.from(prepared.update.buffer, prepared.update.byteOffset, prepared.update.byteLength);
  const signed = signedAttributes(chain, prepared.signature!.digest);
  return {
    chunks: [prepared.pdf, update],
    length: prepared.pdf.length + update.length,
    existing: prepared.existing,
    dataToSignDigest: createHash('sha256').update(signed.der).digest(),
    field: prepared.field!,
  };
}

/** `options.pdf` (the prepared file) is handed to a document worker and then written into. */
export async function completeHashSignature(options: {
  documents: DocumentWorkers;
  pdf: Buffer;
  chain: SignerChain;
  signature: Buffer;
  level: PadesLevel;
  tsa: TimestampSettings;
  revocation: RevocationSource;
  signal: AbortSignal;
}): Promise<{ pdf: Buffer; field: string }> {
  const { chain, signal } = options;
  const found = await options.documents.prepare({ pdf: options.pdf, append: { kind: 'prepared-hole' } }, signal);
  const pdf = found.pdf;
  const hole = found.hole!;
  const signed = signedAttributes(chain, hole.digest);
  const signature = matchingSignatureValue(chain, signed.der, options.signature);
  if (!signature) {
    throw new SignerError(
      'SIGNATURE_MISMATCH',
      `the signature value does not verify with the key of ${holderOf(chain)} over the signed attributes of prepared_pdf; it was made for other bytes or with another key. Nothing was signed`,
    );
  }
  if (options.level !== 'B-T') await assertNotRevoked(options.revocation, chain.chainDer, holderOf(chain), signal);
  let token: Buffer;
  try {
    ({ token } = await embedSignatureValue({
      update: pdf,
      contents: hole.contents,
      capacity: hole.capacity,
      certificate: chain,
      signed,
      signature,
      tsa: options.tsa,
      signal,
    }));
  } catch (err) {
    if (err instanceof PlaceholderTooSmall) {
      throw new SignerError(
        'PLACEHOLDER_TOO_SMALL',
        `the signature needs ${err.needed} bytes and prepared_pdf holds room for ${hole.capacity}; prepare the document again`,
      );
    }
    throw err;
  }
  if (options.level === 'B-T') return { pdf, field: hole.field };
  const out = await extendToLevel({
    documents: options.documents,
    pdf,
    signature: { contents: holeBytes(pdf, hole.contents, hole.capacity), token, chainDer: chain.chainDer },
    level: options.level,
    tsa: options.tsa,
    source: options.revocation,
    signal,
  });
  return { pdf: out, field: hole.field };
}
