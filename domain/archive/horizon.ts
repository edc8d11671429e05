/**
 * How long an official PDF's archive time-stamp holds: the newest document time-stamp
 * (/DocTimeStamp, PAdES-B-LTA) in the file, the expiry of its authority's certificate and the
 * digest algorithm of its imprint. A verifier can rely on the file's signatures until then; a
 * renewal (one more document time-stamp over everything, with fresh validation data) extends it.
 */
import { createHash } from 'node:crypto';
import { PdfReader } from '../../lib/pdf/reader.js';
import { checkTimestamp, parseSignedData } from '../verification/cms.js';
import { signatureFields, type SignatureField } from '../verification/signature-fields.js';

/** Imprint algorithms that no longer protect a time-stamp for decades: renewed at once. */
export const RETIRED_DIGESTS: readonly string[] = ['sha1', 'md5'];

export interface ArchiveHorizon {
  /** Expiry of the newest document time-stamp's authority certificate; null when the file has none. */
  validUntil: Date | null;
  /** Digest algorithm of that time-stamp's imprint (null when none, or not one this reader knows). */
  digest: string | null;
  /** SHA-256 (hex) of that authority certificate's DER: the time-stamp's generation (null when none or unreadable). */
  authority: string | null;
}

const rangeEnd = (f: SignatureField) => (f.byteRange ? f.byteRange[2]! + f.byteRange[3]! : -1);

export function archiveHorizon(pdf: Buffer): ArchiveHorizon {
  const stamps = signatureFields(new PdfReader(pdf)).filter(
    (f) => f.kind === 'timestamp' && f.byteRange?.length === 4 && f.contents,
  );
  const newest = stamps.sort((a, b) => rangeEnd(b) - rangeEnd(a))[0];
  if (!newest) return { validUntil: null, digest: null, authority: null };
  const [a, b, c, d] = newest.byteRange as [number, number, number, number];
  const covered = (alg: string) =>
    createHash(alg)
      .update(pdf.subarray(a, a + b))
      .update(pdf.subarray(c, c + d))
      .digest();
  const stamp = checkTimestamp(parseSignedData(newest.contents!), covered);
  // A token whose authority certificate cannot be read holds nothing up: it is due now.
  return {
    validUntil: stamp.certificate ? new Date(stamp.certificate.validTo) : new Date(0),
    digest: stamp.imprintAlgorithm,
    authority: stamp.certificate ? createHash('sha256').update(stamp.certificate.raw).digest('hex') : null,
  };
}

const retired = (digest: string | null) => digest === null || RETIRED_DIGESTS.includes(digest);

/**
 * Whether a time-stamp holding `next` is better than the newest one of a file holding `current`:
 * its authority certificate expires later, or it replaces a retired (or unknown) imprint digest
 * with a current one. A renewal that is not better is not done — another time-stamp from the same
 * authority certificate only adds revisions (once per time-stamp generation).
 */
export function improves(
  next: Pick<ArchiveHorizon, 'validUntil' | 'digest'>,
  current: Pick<ArchiveHorizon, 'validUntil' | 'digest'>,
): boolean {
  if (next.validUntil === null || retired(next.digest)) return false;
  if (current.validUntil === null || retired(current.digest)) return true;
  return next.validUntil.getTime() > current.validUntil.getTime();
}

/** Whether a horizon needs renewing `windowDays` ahead of `now`. */
export function renewalDue(
  h: { validUntil: Date | null; digest: string | null },
  now: Date,
  windowDays: number,
): boolean {
  if (h.validUntil === null) return false;
  if (h.digest === null || RETIRED_DIGESTS.includes(h.digest)) return true;
  return h.validUntil.getTime() < now.getTime() + windowDays * 24 * 3600 * 1000;
}
