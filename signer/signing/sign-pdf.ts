/**
 * Signing one document, from the main thread: a document worker places the signature (and
 * the stamp, when asked) and builds the incremental update (document-update.ts); in PAdES mode
 * the signature is then made here with the tenant's credentials and time-stamped, and written
 * into the room the worker reserved for it.
 */
import type { TenantCredentials } from '../certificates/store.js';
import type { PadesLevel } from '../ltv/levels.js';
import { assertNotRevoked, extendToLevel, holeBytes } from '../ltv/long-term.js';
import type { RevocationSource } from '../ltv/revocation.js';
import type { DocumentWorkers } from '../workers/document-workers.js';
import type { SignerFields, StampRequest } from './document-update.js';
import { PlaceholderTooSmall, embedSignature, placeholderCapacity, type TimestampSettings } from './pades-signature.js';

export type SigningMode =
  | {
      kind: 'pades';
      credentials: TenantCredentials;
      tsa: TimestampSettings;
      level: PadesLevel;
      revocation: RevocationSource;
    }
  | { kind: 'visual' };

export interface SignedPdf {
  /** The original bytes, then the appended update (sent as they are, never concatenated). */
  chunks: Buffer[];
  length: number;
  /** Signatures the document held before. */
  existing: number;
}

/** `options.pdf` is handed to a document worker: its bytes are no longer readable by the caller. */
export async function signPdf(options: {
  documents: DocumentWorkers;
  pdf: Buffer;
  signer: SignerFields;
  stamp: StampRequest | undefined;
  mode: SigningMode;
  now: Date;
  timeZone: string;
  endTextMarker: string;
  signal: AbortSignal;
}): Promise<SignedPdf> {
  const { mode, signal } = options;
  // The bytes move to the worker and come back with its answer; only the returned ones are usable.
  let pdf = options.pdf;
  const prepare = async (cmsCapacity: number | undefined) => {
    const { endTextMarker, signer, stamp, now, timeZone } = options;
    const prepared = await options.documents.prepare(
      { pdf, build: { endTextMarker, signer, stamp, now, timeZone, cmsCapacity } },
      signal,
    );
    pdf = prepared.pdf;
    const update = Buffer.from(prepared.update.buffer, prepared.update.byteOffset, prepared.update.byteLength);
    return { ...prepared, update };
  };
  const signed = (update: Buffer, existing: number): SignedPdf => ({
    chunks: [pdf, update],
    length: pdf.length + update.length,
    existing,
  });
  if (mode.kind === 'visual') {
    const { update, existing } = await prepare(undefined);
    return signed(update, existing);
  }
  // B-LT and B-LTA first make sure the certificate is not revoked: nothing is signed otherwise.
  if (mode.level !== 'B-T')
    await assertNotRevoked(
      mode.revocation,
      mode.credentials.chainDer,
      `the certificate for tenant "${mode.credentials.tenant}"`,
      signal,
    );
  let extra = 0;
  for (let attempt = 0; ; attempt++) {
    const capacity = placeholderCapacity(mode.credentials, extra);
    const { update, existing, signature } = await prepare(capacity);
    try {
      const { token } = await embedSignature({
        update,
        contents: signature!.contents,
        capacity,
        digest: Buffer.from(signature!.digest),
        credentials: mode.credentials,
        tsa: mode.tsa,
        signal,
      });
      if (mode.level === 'B-T') return signed(update, existing);
      const out = await extendToLevel({
        documents: options.documents,
        pdf: Buffer.concat([pdf, update]),
        signature: {
          contents: holeBytes(update, signature!.contents, capacity),
          token,
          chainDer: mode.credentials.chainDer,
        },
        level: mode.level,
        tsa: mode.tsa,
        source: mode.revocation,
        signal,
      });
      return { chunks: [out], length: out.length, existing };
    } catch (err) {
      // Rare: the time-stamp token was larger than expected. Redo with the measured size.
      if (err instanceof PlaceholderTooSmall && attempt === 0) {
        extra = err.needed - capacity + 1024;
        continue;
      }
      throw err;
    }
  }
}
