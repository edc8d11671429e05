/** The one-line answer the public gets, from the engine's report and the register. */
import type { FileReport } from './engine.js';
import type { SignerAttribution } from './signers.js';

export type Verdict =
  | 'authentic'
  | 'authentic_extended'
  | 'valid_not_original'
  | 'valid_unregistered'
  | 'invalid_signature'
  | 'modified'
  | 'untrusted'
  | 'unsigned';

export const VERDICT_MESSAGES: Record<Verdict, string> = {
  authentic: 'Documento auténtico',
  authentic_extended: 'Documento auténtico: es el original registrado, con datos de validación agregados después',
  valid_not_original:
    'No es el original registrado: el archivo cambió después del registro, aunque sus firmas son válidas',
  valid_unregistered: 'Firmas válidas, pero el documento no está registrado en esta plataforma',
  invalid_signature: 'Firma inválida',
  modified: 'Modificado después de firmar',
  untrusted: 'Firmado con un certificado no reconocido',
  unsigned: 'El archivo no tiene firmas digitales',
};

/** What the register says of the file, when a registered document matched it. */
export interface Registration {
  /** The file is one of the registered official files. */
  matchesOriginal: boolean;
  /** The newest revision of the file that is a registered official file (null: none is). */
  originalRevision: number | null;
  /** Signatures by a certificate the municipality does not sign with (field names). */
  foreignSigners: string[];
  /** Who made each signature, and whether each personal signer's recorded certificate signs in the file. */
  attribution: SignerAttribution;
}

/**
 * The register cannot vouch for a signer: a personal signer's recorded certificate signs nothing
 * in the file, or a signature bears their name with another certificate.
 */
export const signerUnconfirmed = (registration: Registration) =>
  registration.attribution.certificateFound.includes(false) ||
  [...registration.attribution.signedBy.values()].some((s) => s.certificateMatches === false);

/**
 * Worst finding first: a broken signature, then a change after signing, then a signer outside
 * the trust anchors, not the municipality's or not the certificate recorded for a personal
 * signer; only a file whose every signature holds is compared with the register. A registered
 * original followed only by validation data (document time-stamps, the security store) is
 * still the original; anything else added after it is not.
 * `registration`: null when no registered document matched.
 */
export function verdictOf(report: FileReport, registration: Registration | null): Verdict {
  const signatures = report.signatures;
  if (signatures.length === 0) return 'unsigned';
  if (
    signatures.some(
      (s) => !s.signatureValid || !s.digestValid || !s.coversRevision || (s.timestamp !== null && !s.timestamp.valid),
    )
  )
    return 'invalid_signature';
  if (report.afterLastSignature === 'modification' || signatures.some((s) => s.modifiedAfter)) return 'modified';
  if (signatures.some((s) => !s.trusted)) return 'untrusted';
  if (registration === null) return 'valid_unregistered';
  if (registration.foreignSigners.length || signerUnconfirmed(registration)) return 'untrusted';
  if (registration.matchesOriginal) return 'authentic';
  const from = registration.originalRevision;
  if (from === null) return 'valid_not_original';
  const kinds = new Map(signatures.map((s) => [s.fieldName, s.kind]));
  const onlyValidationData = report.updates
    .filter((u) => u.revision > from)
    .every((u) => {
      if (!u.closedBy.every((f) => kinds.get(f) === 'timestamp')) return false;
      // A document time-stamp brings its own field; otherwise only the store may grow.
      const allowed = new Set<string>(u.closedBy.length ? VALIDATION_UPDATE : ['validation_data', 'unchanged']);
      return u.allowed.every((a) => allowed.has(a));
    });
  return onlyValidationData ? 'authentic_extended' : 'valid_not_original';
}

/** What an update closed by a document time-stamp may do and still be validation data only. */
const VALIDATION_UPDATE = ['validation_data', 'signature_field', 'unchanged'];
