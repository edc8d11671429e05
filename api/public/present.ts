/** The public JSON shape of a verification (snake_case like the rest of the API). */
import { formatVerificationCode } from '../../lib/verification-code.js';
import type { SignatureReport } from '../../domain/verification/engine.js';
import type { VerificationResult } from '../../domain/verification/public-verifier.js';
import { VERDICT_MESSAGES } from '../../domain/verification/verdict.js';
import type { PagesLayout } from '../../domain/verification/page-images.js';
import type { PublicDocumentRecord, PublicSigner } from '../../domain/verification/registry.js';
import type { SignedBy } from '../../domain/verification/signers.js';

/** Who made the signature by the register (null: no one recorded, as for time-stamps or an unregistered file). */
function signedByJson(by: SignedBy | undefined) {
  return by ? { name: by.name, signature_kind: by.signatureKind, certificate_matches: by.certificateMatches } : null;
}

function signatureJson(s: SignatureReport, by: SignedBy | undefined) {
  return {
    field_name: s.fieldName,
    kind: s.kind,
    signer_subject: s.signerSubject,
    signer_issuer: s.signerIssuer,
    trusted: s.trusted,
    signing_time: s.signingTime,
    timestamp: s.timestamp && {
      time: s.timestamp.time,
      authority: s.timestamp.authority,
      valid: s.timestamp.valid,
      trusted: s.timestamp.trusted,
    },
    signature_valid: s.signatureValid,
    digest_valid: s.digestValid,
    covers_revision: s.coversRevision,
    revision: s.revision,
    modified_after: s.modifiedAfter,
    problems: s.problems,
    signed_by: signedByJson(by),
  };
}

/**
 * A recorded signer: how they signed and, for a personal signature, the certificate recorded as
 * theirs and whether it signs in the file (null: the seal, or no file compared).
 */
function signerJson(s: PublicSigner, found: boolean | null | undefined) {
  return {
    name: s.name,
    signed_at: s.signedAt,
    signature_kind: s.signatureKind,
    certificate: s.certificate && { subject: s.certificate.subject, sha256: s.certificate.sha256 },
    certificate_found: found ?? null,
  };
}

export function verificationJson(result: VerificationResult) {
  const doc = result.document;
  const attribution = result.registration?.attribution;
  return {
    verdict: result.verdict,
    message: VERDICT_MESSAGES[result.verdict],
    document: doc && {
      verification_code: formatVerificationCode(doc.code),
      document_number: doc.documentNumber,
      document_type: doc.documentType,
      date: doc.officializedAt,
      municipality: doc.municipality,
      signers: doc.signers.map((s, i) => signerJson(s, attribution?.certificateFound[i])),
      trail: doc.trail.map((t) => ({ event: t.event, at: t.at, signer_name: t.signer, number: t.number })),
      sha256: doc.officialSha256,
    },
    file: {
      sha256: result.report.sha256,
      size_bytes: result.report.size,
      revisions: result.report.revisions,
      matches_registered_original: result.matchesOriginal,
      after_last_signature: result.report.afterLastSignature,
      modifications: result.report.modificationReasons,
      changes: result.changes.map((c) => ({
        revision: c.revision,
        kind: c.kind,
        field_name: c.field,
        signer: c.signer,
        code: c.code,
        page: c.page,
        object: c.object,
        detail: c.detail,
      })),
    },
    signatures: result.report.signatures.map((s) => signatureJson(s, attribution?.signedBy.get(s.fieldName))),
  };
}

/** The URLs of the registered document's file and page images, relative to the site. */
export const registeredPdfPath = (code: string) => `/verificar/${formatVerificationCode(code)}/documento.pdf`;
export const pageImagePath = (code: string, page: number | '{page}') =>
  `/verificar/${formatVerificationCode(code)}/paginas/${page}.png`;
/** The issuing municipality's logo; `version` (part of its SHA-256) makes the address change with the image. */
export const logoPath = (code: string, version: string) =>
  `/verificar/${formatVerificationCode(code)}/logo?v=${version}`;

/**
 * The registered document itself, to compare a copy with: the official file and an image of
 * each of its first pages (absolute URLs under the public URL). `layout` null: the file could
 * not be drawn (page_count null, no images); the download still answers.
 */
export function registeredDocumentJson(
  record: PublicDocumentRecord | null,
  layout: PagesLayout | null,
  publicUrl: string,
) {
  if (!record) return null;
  const base = publicUrl.replace(/\/+$/, '');
  return {
    pdf_url: `${base}${registeredPdfPath(record.code)}`,
    sha256: record.officialSha256,
    page_count: layout?.count ?? null,
    pages_shown: layout?.shown.length ?? 0,
    page_image_url_template: `${base}${pageImagePath(record.code, '{page}')}`,
    page_images: (layout?.shown ?? []).map((p) => ({
      page: p.number,
      url: `${base}${pageImagePath(record.code, p.number)}`,
      width: p.width,
      height: p.height,
    })),
  };
}
