/**
 * The validation engine: given PDF bytes, what each signature proves and whether the file was
 * changed after it was signed. Pure computation over the bytes and the trust anchors (no I/O),
 * bounded by the 10 MiB limit, the PDF reader's limits and MAX_REVISIONS.
 */
import type { X509Certificate } from 'node:crypto';
import { PdfReadError } from '../../lib/pdf/errors.js';
import { PdfReader } from '../../lib/pdf/reader.js';
import { analyzeUpdate, describeChange, type AllowedChange, type Change, type UpdateKind } from './changes.js';
import {
  CmsError,
  checkSignerInfo,
  checkTimestamp,
  checkTimestampToken,
  distinguishedName,
  parseSignedData,
} from './cms.js';
import { MAX_VERIFY_BYTES, VerificationInputError } from './errors.js';
import { RangeDigests } from './range-digests.js';
import { MAX_REVISIONS, hasTrailingData, prefixDigests, revisionEnds } from './revisions.js';
import { pdfDateToIso, signatureFields, type SignatureField } from './signature-fields.js';
import type { TrustAnchors } from './trust.js';

/** A document renewed yearly for 50 years carries 50 document time-stamps besides its signatures. */
const MAX_SIGNATURES = 256;
/** Cross-reference entries compared over all revisions after the first signature (revisions × objects). */
const MAX_COMPARED_ENTRIES = 4_000_000;

export interface TimestampReport {
  time: string | null;
  authority: string | null;
  valid: boolean;
  trusted: boolean;
}

export interface SignatureReport {
  fieldName: string;
  kind: 'signature' | 'timestamp';
  subFilter: string | null;
  signerSubject: string | null;
  signerIssuer: string | null;
  /** SHA-256 of the signer's certificate (hex; for a document time-stamp, the authority's). */
  certificateSha256: string | null;
  /** The signer's certificate chains to a trust anchor (valid at the time-stamp's time, else now). */
  trusted: boolean;
  certificatePath: string[];
  /** `/M` of the signature dictionary. */
  signingTime: string | null;
  timestamp: TimestampReport | null;
  /** The CMS signature over its signed attributes verifies. */
  signatureValid: boolean;
  /** The message digest equals the digest of the byte ranges. */
  digestValid: boolean;
  /** The byte ranges cover the file from its start to the end of a revision, except the signature value. */
  coversRevision: boolean;
  /** 1-based revision the signature closes (null when the ranges end elsewhere). */
  revision: number | null;
  /** The file was modified (not just extended with signatures) after this signature. */
  modifiedAfter: boolean;
  problems: string[];
}

/** One revision after the first signed one: what it adds and, when it modifies, how. */
export interface RevisionUpdate {
  revision: number;
  kind: UpdateKind;
  /** Signature and time-stamp fields whose signatures close this revision. */
  closedBy: string[];
  /** The modifications found (empty when harmless). */
  changes: Change[];
  /** What its allowed changes did (validation data, metadata, a signature field, nothing). */
  allowed: AllowedChange[];
}

export interface FileReport {
  sha256: string;
  size: number;
  revisions: number;
  signatures: SignatureReport[];
  /** What follows the last signature's revision. */
  afterLastSignature: 'none' | UpdateKind;
  /** Each modification, as text: `revision 4 — page 1, object 12: changes the page content`. */
  modificationReasons: string[];
  /** Every revision after the first signed one, in order (data after the last %%EOF counts as one more). */
  updates: RevisionUpdate[];
  /** SHA-256 of the file up to the end of each revision, with and without the end-of-line after %%EOF (to find the registered original). */
  revisionDigests: string[];
  /** The same digests by revision (index 0: revision 1). */
  revisionPrefixes: string[][];
}

export interface ValidateOptions {
  anchors: TrustAnchors;
  /** Time certificates must be valid at when a signature has no time-stamp (default: now). */
  now?: Date;
}

function openReader(bytes: Buffer): PdfReader {
  try {
    return new PdfReader(bytes);
  } catch (err) {
    if (err instanceof PdfReadError)
      throw new VerificationInputError('INVALID_PDF_FILE', `unreadable PDF: ${err.message}`);
    throw err;
  }
}

/** ByteRange `[0 b c d]` with the gap exactly the hex /Contents string and `c + d` a revision end. */
function coverage(
  bytes: Buffer,
  field: SignatureField,
  ends: number[],
): { covers: boolean; revision: number | null; problem: string | null } {
  const range = field.byteRange;
  if (!range) return { covers: false, revision: null, problem: 'the signature has no usable /ByteRange' };
  const [a, b, c, d] = range as [number, number, number, number];
  if (a !== 0 || b >= c || c + d > bytes.length)
    return { covers: false, revision: null, problem: 'the /ByteRange does not start at the beginning of the file' };
  const index = ends.indexOf(c + d);
  const revision = index >= 0 ? index + 1 : null;
  if (bytes[b] !== 0x3c || bytes[c - 1] !== 0x3e)
    return { covers: false, revision, problem: 'the /ByteRange gap is not the signature value' };
  const hex = bytes.subarray(b + 1, c - 1).toString('latin1');
  if (!/^[0-9a-fA-F]*$/.test(hex) || !field.contents || !Buffer.from(hex, 'hex').equals(field.contents)) {
    return { covers: false, revision, problem: 'the /ByteRange gap holds something other than the signature value' };
  }
  if (revision === null)
    return { covers: false, revision, problem: 'the /ByteRange does not end where a revision ends' };
  return { covers: true, revision, problem: null };
}

function checkSignature(
  bytes: Buffer,
  field: SignatureField,
  ends: number[],
  digests: RangeDigests,
  options: ValidateOptions,
): SignatureReport {
  const cov = coverage(bytes, field, ends);
  const report: SignatureReport = {
    fieldName: field.name,
    kind: field.kind,
    subFilter: field.subFilter,
    signerSubject: null,
    signerIssuer: null,
    certificateSha256: null,
    trusted: false,
    certificatePath: [],
    signingTime: pdfDateToIso(field.signingTime),
    timestamp: null,
    signatureValid: false,
    digestValid: false,
    coversRevision: cov.covers,
    revision: cov.revision,
    modifiedAfter: false,
    problems: cov.problem ? [cov.problem] : [],
  };
  if (!field.contents || !field.byteRange) return report;
  try {
    const parsed = parseSignedData(field.contents);
    if (field.kind === 'timestamp') {
      // A document time-stamp: the token's imprint is the digest of the byte ranges.
      const ts = checkTimestamp(parsed, (alg) => digests.of(field.byteRange!, alg));
      const trust = ts.certificate
        ? options.anchors.check(
            ts.certificate,
            ts.certificates,
            ts.time ? new Date(ts.time) : (options.now ?? new Date()),
          )
        : null;
      Object.assign(report, {
        signatureValid: ts.signatureValid,
        digestValid: ts.imprintValid,
        signingTime: ts.time,
        trusted: Boolean(trust?.trusted),
        certificatePath: trust?.path ?? [],
        signerSubject: ts.authority,
        signerIssuer: ts.certificate ? distinguishedName(ts.certificate.issuer) : null,
        certificateSha256: ts.certificate ? fingerprint(ts.certificate) : null,
      });
      report.problems.push(...ts.problems, ...(trust?.problem ? [trust.problem] : []));
      return report;
    }
    const cms = checkSignerInfo(parsed, (alg) => digests.of(field.byteRange!, alg));
    report.signatureValid = cms.signatureValid;
    report.digestValid = cms.digestValid;
    report.problems.push(...cms.problems);
    const ts = checkTimestampToken(parsed);
    const at = ts?.valid && ts.time ? new Date(ts.time) : (options.now ?? new Date());
    if (cms.signer) {
      report.signerSubject = distinguishedName(cms.signer.subject);
      report.signerIssuer = distinguishedName(cms.signer.issuer);
      report.certificateSha256 = fingerprint(cms.signer);
      const trust = options.anchors.check(cms.signer, cms.certificates, at);
      report.trusted = trust.trusted;
      report.certificatePath = trust.path;
      if (trust.problem) report.problems.push(trust.problem);
    }
    if (ts) {
      const tsaTrust = ts.certificate
        ? options.anchors.check(ts.certificate, ts.certificates, ts.time ? new Date(ts.time) : at)
        : null;
      report.timestamp = {
        time: ts.time,
        authority: ts.authority,
        valid: ts.valid,
        trusted: Boolean(tsaTrust?.trusted),
      };
      report.problems.push(...ts.problems);
      if (tsaTrust?.problem) report.problems.push(`time-stamp: ${tsaTrust.problem}`);
    }
  } catch (err) {
    if (!(err instanceof CmsError)) throw err;
    report.problems.push(err.message);
  }
  return report;
}

export function validatePdf(bytes: Buffer, options: ValidateOptions): FileReport {
  if (bytes.length > MAX_VERIFY_BYTES) throw new VerificationInputError('FILE_TOO_LARGE', 'file over 10 MB');
  if (bytes.length === 0) throw new VerificationInputError('INVALID_PDF_FILE', 'empty file');
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new VerificationInputError('INVALID_PDF_FORMAT', 'the file does not begin with %PDF');
  const ends = revisionEnds(bytes);
  if (ends.length > MAX_REVISIONS)
    throw new VerificationInputError('INVALID_PDF_FILE', `more than ${MAX_REVISIONS} revisions`);
  const reader = openReader(bytes);
  let fields: SignatureField[];
  try {
    fields = signatureFields(reader);
  } catch (err) {
    if (err instanceof PdfReadError)
      throw new VerificationInputError('INVALID_PDF_FILE', `unreadable form: ${err.message}`);
    throw err;
  }
  if (fields.length > MAX_SIGNATURES)
    throw new VerificationInputError('INVALID_PDF_FILE', `more than ${MAX_SIGNATURES} signatures`);
  const digests = new RangeDigests(
    bytes,
    fields.flatMap((f) => (f.byteRange ? [f.byteRange] : [])),
  );
  const signatures = fields.map((f) => checkSignature(bytes, f, ends, digests, options));

  // Each update after the first signed revision: harmless (signatures, DSS) or a modification.
  const signedRevisions = signatures.map((s) => s.revision).filter((r): r is number => r !== null);
  const firstSigned = signedRevisions.length ? Math.min(...signedRevisions) : null;
  const lastSigned = signedRevisions.length ? Math.max(...signedRevisions) : null;
  const updates: RevisionUpdate[] = [];
  const closedBy = (rev: number) => signatures.filter((s) => s.revision === rev).map((s) => s.fieldName);
  if (firstSigned !== null && (ends.length - firstSigned) * (reader.xref.highestNumber + 1) > MAX_COMPARED_ENTRIES) {
    throw new VerificationInputError('INVALID_PDF_FILE', 'too many revisions for its number of objects');
  }
  if (firstSigned !== null) {
    let previous = openReader(bytes.subarray(0, ends[firstSigned - 1]!));
    for (let rev = firstSigned + 1; rev <= ends.length; rev++) {
      const fields = closedBy(rev);
      let next: PdfReader;
      try {
        next = openReader(bytes.subarray(0, ends[rev - 1]!));
        // Only a signature vouches for what its update draws; a document time-stamp vouches for nothing.
        const signed = signatures.some((s) => s.revision === rev && s.kind === 'signature');
        const analysis = analyzeUpdate(previous, next, { signed });
        updates.push({
          revision: rev,
          kind: analysis.kind,
          closedBy: fields,
          changes: analysis.changes,
          allowed: analysis.allowed,
        });
      } catch (err) {
        if (!(err instanceof VerificationInputError) && !(err instanceof PdfReadError)) throw err;
        updates.push({
          revision: rev,
          kind: 'modification',
          closedBy: fields,
          changes: [{ code: 'unreadable_revision', object: null, page: null, detail: 'the revision is unreadable' }],
          allowed: [],
        });
        break;
      }
      previous = next;
    }
  }
  const lastEnd = ends.at(-1) ?? 0;
  if (firstSigned !== null && hasTrailingData(bytes, lastEnd)) {
    updates.push({
      revision: ends.length + 1,
      kind: 'modification',
      closedBy: [],
      changes: [{ code: 'trailing_data', object: null, page: null, detail: 'data after the last revision' }],
      allowed: [],
    });
  }
  for (const s of signatures) {
    if (s.revision === null) continue;
    s.modifiedAfter = updates.some((u) => u.revision > s.revision! && u.kind === 'modification');
  }
  const after = lastSigned === null ? [] : updates.filter((u) => u.revision > lastSigned);
  const prefixes = prefixDigests(bytes, ends);
  return {
    sha256: digests.fileSha256,
    size: bytes.length,
    revisions: ends.length,
    signatures,
    afterLastSignature:
      after.length === 0 ? 'none' : after.some((u) => u.kind === 'modification') ? 'modification' : 'harmless',
    modificationReasons: updates.flatMap((u) => u.changes.map((c) => `revision ${u.revision} — ${describeChange(c)}`)),
    updates,
    revisionDigests: prefixes.flat(),
    revisionPrefixes: prefixes,
  };
}

function fingerprint(certificate: X509Certificate): string {
  return certificate.fingerprint256.replace(/:/g, '').toLowerCase();
}
