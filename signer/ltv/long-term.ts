/**
 * PAdES-B-LT and B-LTA on top of a B-T signature, from the main thread: the validation data
 * (certificate chains, OCSP responses or CRLs) fetched and checked here, the PDF updates built
 * by a document worker (dss-update.ts, doc-timestamp.ts).
 *
 *   B-LT  = B-T signature + /DSS with the chains and revocation data of the signer and its TSA
 *   B-LTA = B-LT + document time-stamp over the whole file + /DSS for that time-stamp's TSA
 *
 * `appendArchiveTimestamp` is also what re-time-stamping an archived document calls.
 */
import { createHash } from 'node:crypto';
import { SignerError } from '../errors.js';
import { TimestampError, requestTimestampForDigest, type TimestampRequestOptions } from '../pades/tsa-client.js';
import type { DocumentWorkers } from '../workers/document-workers.js';
import { cmsChains, parseCertificate, readTimestampToken } from './certificates.js';
import type { DssRequest } from './dss-update.js';
import { CertificateRevoked, ValidationDataError, type CrlDownloads, type RevocationSource } from './revocation.js';

/** One signature or time-stamp to add validation data for. */
export interface Validated {
  /** Its /Contents bytes (with padding): the VRI key is their SHA-1. */
  contents: Buffer;
  /** Chains to cover, each leaf first (the signer's; the time-stamp authority's). */
  chains: Buffer[][];
  /** Revocation data should postdate this (the signature's time-stamp). */
  freshAfter: Date | undefined;
  /**
   * Renewal: a certificate revoked since is recorded (its revocation data proves when), not
   * refused — the signature was made, and time-stamped, before.
   */
  keepRevoked?: boolean;
}

/**
 * Refuses a signer whose certificate (or a CA above it) is revoked, before anything is signed;
 * `holder` names the certificate in the refusal (`the certificate for tenant "demo"`).
 */
export async function assertNotRevoked(
  source: RevocationSource,
  chainDer: Buffer[],
  holder: string,
  signal?: AbortSignal,
): Promise<void> {
  try {
    await collect(source, [{ contents: Buffer.alloc(0), chains: [chainDer], freshAfter: undefined }], signal);
  } catch (err) {
    throw describe(err, holder);
  }
}

/**
 * B-LT and B-LTA over a signature just made (B-T) in `pdf`: a /DSS with the validation data of
 * the signer's chain and of its time-stamp token's, then for B-LTA the archive time-stamp.
 */
export async function extendToLevel(options: {
  documents: DocumentWorkers;
  pdf: Buffer;
  /** The signature's /Contents (with padding), its time-stamp token and the signer's chain. */
  signature: { contents: Buffer; token: Buffer; chainDer: Buffer[] };
  level: 'B-LT' | 'B-LTA';
  tsa: TimestampRequestOptions;
  source: RevocationSource;
  signal: AbortSignal;
}): Promise<Buffer> {
  const { documents, signature, source, signal } = options;
  const tsaToken = readTimestampToken(signature.token);
  let out = await appendValidationData({
    documents,
    pdf: options.pdf,
    items: [
      {
        contents: signature.contents,
        chains: [signature.chainDer, tsaToken.certificates],
        freshAfter: tsaToken.genTime,
      },
    ],
    source,
    signal,
  });
  if (options.level === 'B-LTA')
    out = await appendArchiveTimestamp({ documents, pdf: out, tsa: options.tsa, source, signal });
  return out;
}

/** Appends a /DSS with the validation data of `items` to `pdf` (a whole signed file). */
export async function appendValidationData(options: {
  documents: DocumentWorkers;
  pdf: Buffer;
  items: Validated[];
  source: RevocationSource;
  signal: AbortSignal;
}): Promise<Buffer> {
  let dss: DssRequest;
  try {
    dss = await collect(options.source, options.items, options.signal);
  } catch (err) {
    // The signer was checked before signing: what is revoked now is (almost always) the TSA's.
    throw describe(err, undefined);
  }
  const prepared = await options.documents.prepare({ pdf: options.pdf, append: { kind: 'dss', dss } }, options.signal);
  return Buffer.concat([prepared.pdf, prepared.update]);
}

/** The token sizes seen last: a document time-stamp's /Contents is reserved from them. */
let tokenEstimate = 6 * 1024;

/**
 * Appends a document time-stamp over the whole of `pdf` (SubFilter ETSI.RFC3161) and then a
 * /DSS with its authority's chain and revocation data.
 */
export async function appendArchiveTimestamp(options: {
  documents: DocumentWorkers;
  pdf: Buffer;
  tsa: TimestampRequestOptions;
  source: RevocationSource;
  signal: AbortSignal;
  /**
   * First add current validation data for every signature and document time-stamp already in
   * the file (renewal: the new time-stamp then covers revocation data fresh at its time).
   */
  refresh?: boolean;
}): Promise<Buffer> {
  let pdf = options.refresh ? await refreshValidationData(options) : options.pdf;
  for (let extra = 0; ; ) {
    const capacity = Math.ceil((tokenEstimate + 512 + extra) / 256) * 256;
    const prepared = await options.documents.prepare(
      { pdf, append: { kind: 'doc-timestamp', cmsCapacity: capacity } },
      options.signal,
    );
    pdf = prepared.pdf;
    const { contents, digest } = prepared.signature!;
    let token: Buffer;
    try {
      token = await requestTimestampForDigest(Buffer.from(digest), { ...options.tsa, signal: options.signal });
    } catch (err) {
      if (err instanceof TimestampError)
        throw new SignerError('PADES_ERROR', `timestamp failed: ${err.message}; the document was not signed`);
      throw err;
    }
    tokenEstimate = token.length;
    if (token.length > capacity) {
      extra = token.length - capacity + 1024;
      continue;
    }
    const update = Buffer.from(prepared.update.buffer, prepared.update.byteOffset, prepared.update.byteLength);
    update.write(token.toString('hex'), contents + 1, 'latin1');
    const stamped = Buffer.concat([pdf, update]);
    const { certificates, genTime } = readTimestampToken(token);
    return appendValidationData({
      documents: options.documents,
      pdf: stamped,
      items: [{ contents: holeBytes(update, contents, capacity), chains: [certificates], freshAfter: genTime }],
      source: options.source,
      signal: options.signal,
    });
  }
}

/** Appends a /DSS with current validation data for the signatures and time-stamps of `pdf` that have none, and for its newest document time-stamp. */
export async function refreshValidationData(options: {
  documents: DocumentWorkers;
  pdf: Buffer;
  source: RevocationSource;
  signal: AbortSignal;
}): Promise<Buffer> {
  const inspected = await options.documents.prepare({ pdf: options.pdf, append: { kind: 'inspect' } }, options.signal);
  const items: Validated[] = [];
  // Revocation data of this moment (answers cached from an earlier second are fetched again).
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  // Fresh data for what has none yet and for the newest document time-stamp, which the next one
  // must find unrevoked; earlier ones were vouched for by the time-stamp after them, when their
  // authority's certificate was still valid — asked again years later, its CA may no longer answer.
  const embeddedAll = inspected.embedded ?? [];
  const newest = embeddedAll.map((e) => e.docTimestamp).lastIndexOf(true);
  for (const [i, embedded] of embeddedAll.entries()) {
    if (embedded.validated && i !== newest) continue;
    const contents = Buffer.from(embedded.contents);
    let chains: Buffer[][];
    try {
      chains = embedded.docTimestamp ? [readTimestampToken(contents).certificates] : cmsChains(contents);
    } catch {
      // Not a CMS this service can read: left as it is, without new validation data.
      continue;
    }
    items.push({ contents, chains, freshAfter: now, keepRevoked: true });
  }
  if (!items.length) return inspected.pdf;
  return appendValidationData({
    documents: options.documents,
    pdf: inspected.pdf,
    items,
    source: options.source,
    signal: options.signal,
  });
}

/** The bytes of a /Contents hole (hex between `<` and `>`) of `capacity` bytes at `offset` in `update`. */
export function holeBytes(update: Buffer, offset: number, capacity: number): Buffer {
  return Buffer.from(update.toString('latin1', offset + 1, offset + 1 + capacity * 2), 'hex');
}

/**
 * Chains completed up to their roots, and the revocation status of every certificate below a root;
 * each CRL is downloaded once for the whole /DSS (see CrlDownloads).
 */
async function collect(source: RevocationSource, items: Validated[], signal?: AbortSignal): Promise<DssRequest> {
  const request: DssRequest = { certs: [], ocsps: [], crls: [], vri: [] };
  const crls: CrlDownloads = new Map();
  const index = (list: Uint8Array[], bytes: Buffer) => {
    let i = list.findIndex((b) => Buffer.compare(b, bytes) === 0);
    if (i < 0) i = list.push(bytes) - 1;
    return i;
  };
  for (const item of items) {
    const vri = {
      key: createHash('sha1').update(item.contents).digest('hex').toUpperCase(),
      certs: [] as number[],
      ocsps: [] as number[],
      crls: [] as number[],
    };
    for (const chainDer of item.chains) {
      if (!chainDer.length) continue;
      const known = chainDer.map(parseCertificate);
      const chain = await source.chain(known[0]!, known.slice(1), signal);
      const statuses = await Promise.all(
        chain
          .slice(0, -1)
          .map((cert, i) =>
            source
              .status(cert, chain[i + 1]!, { freshAfter: item.freshAfter, signal, crls })
              .then((s) => ({ cert, s })),
          ),
      );
      for (const { cert, s } of statuses) {
        if (s.status === 'revoked' && !item.keepRevoked) throw new CertificateRevoked(cert, s.revokedAt);
        (s.kind === 'ocsp' ? vri.ocsps : vri.crls).push(index(s.kind === 'ocsp' ? request.ocsps : request.crls, s.der));
      }
      const top = chain[chain.length - 1]!;
      if (!top.selfSigned) throw new ValidationDataError(`no issuer found for "${top.subject}"`);
      for (const cert of chain) vri.certs.push(index(request.certs, cert.der));
    }
    if (item.contents.length) request.vri.push(vri);
  }
  return request;
}

function describe(err: unknown, holder: string | undefined): unknown {
  if (err instanceof CertificateRevoked) {
    if (holder !== undefined) {
      return new SignerError(
        'CERTIFICATE_REVOKED',
        `${holder} cannot sign: ${err.message}; the document was not signed`,
      );
    }
    return new SignerError('PADES_ERROR', `validation data failed: ${err.message}; the document was not signed`);
  }
  if (err instanceof ValidationDataError)
    return new SignerError('PADES_ERROR', `validation data failed: ${err.message}; the document was not signed`);
  return err;
}
