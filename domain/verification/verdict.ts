/** The one-line answer the public gets, from the engine's report and the register. */
import type { FileReport } from './engine.js';

export type Verdict = 'authentic' | 'valid_not_original' | 'valid_unregistered' | 'invalid_signature' | 'modified' | 'untrusted' | 'unsigned';

export const VERDICT_MESSAGES: Record<Verdict, string> = {
  authentic: 'Documento auténtico',
  valid_not_original: 'Firmas válidas pero el archivo no coincide con el original registrado',
  valid_unregistered: 'Firmas válidas, pero el documento no está registrado en esta plataforma',
  invalid_signature: 'Firma inválida',
  modified: 'Modificado después de firmar',
  untrusted: 'Firmado con un certificado no reconocido',
  unsigned: 'El archivo no tiene firmas digitales',
};

/**
 * Worst finding first: a broken signature, then a change after signing, then a signer outside
 * the trust anchors; only a file whose every signature holds is compared with the register.
 * `matchesOriginal`: null when no registered document was found.
 */
export function verdictOf(report: FileReport, matchesOriginal: boolean | null): Verdict {
  const signatures = report.signatures;
  if (signatures.length === 0) return 'unsigned';
  if (signatures.some((s) => !s.signatureValid || !s.digestValid || !s.coversRevision || (s.timestamp !== null && !s.timestamp.valid))) return 'invalid_signature';
  if (report.afterLastSignature === 'modification' || signatures.some((s) => s.modifiedAfter)) return 'modified';
  if (signatures.some((s) => !s.trusted)) return 'untrusted';
  if (matchesOriginal === null) return 'valid_unregistered';
  return matchesOriginal ? 'authentic' : 'valid_not_original';
}
