/** The public JSON shape of a verification (snake_case like the rest of the API). */
import { formatVerificationCode } from '../../lib/verification-code.js';
import type { SignatureReport } from '../../domain/verification/engine.js';
import type { VerificationResult } from '../../domain/verification/public-verifier.js';
import { VERDICT_MESSAGES } from '../../domain/verification/verdict.js';

function signatureJson(s: SignatureReport) {
  return {
    field_name: s.fieldName,
    kind: s.kind,
    signer_subject: s.signerSubject,
    signer_issuer: s.signerIssuer,
    trusted: s.trusted,
    signing_time: s.signingTime,
    timestamp: s.timestamp && { time: s.timestamp.time, authority: s.timestamp.authority, valid: s.timestamp.valid, trusted: s.timestamp.trusted },
    signature_valid: s.signatureValid,
    digest_valid: s.digestValid,
    covers_revision: s.coversRevision,
    revision: s.revision,
    modified_after: s.modifiedAfter,
    problems: s.problems,
  };
}

export function verificationJson(result: VerificationResult) {
  const doc = result.document;
  return {
    verdict: result.verdict,
    message: VERDICT_MESSAGES[result.verdict],
    document: doc && {
      verification_code: formatVerificationCode(doc.code),
      document_number: doc.documentNumber,
      document_type: doc.documentType,
      date: doc.officializedAt,
      municipality: doc.municipality,
      signers: doc.signers.map((s) => ({ name: s.name, signed_at: s.signedAt })),
      sha256: doc.officialSha256,
    },
    file: {
      sha256: result.report.sha256,
      size_bytes: result.report.size,
      revisions: result.report.revisions,
      matches_registered_original: result.matchesOriginal,
      after_last_signature: result.report.afterLastSignature,
      modifications: result.report.modificationReasons,
    },
    signatures: result.report.signatures.map(signatureJson),
  };
}
