/**
 * Who made each signature of a file, by the register: a signature whose signer certificate is
 * the one recorded for a personal signer is that signer's; one by another certificate with that
 * signer's name is theirs but not their recorded certificate (a finding); any other signature the
 * municipality signs with is its seal. A recorded personal signer whose certificate signs nothing
 * in the file is a finding too (the verdict says so: verdict.ts).
 */
import type { SignatureReport } from './engine.js';
import { sameHolder } from './dn.js';
import type { PublicDocumentRecord, SignatureKind } from './registry.js';

export interface SignedBy {
  /** The recorded signer's name; for the seal, the municipality's. */
  name: string;
  signatureKind: SignatureKind;
  /** The signature's certificate is the one recorded for this signer (null: the seal, which records none per signer). */
  certificateMatches: boolean | null;
}

export interface SignerAttribution {
  /** By signature field name; a field absent was attributed to no one (time-stamps, foreign signers). */
  signedBy: Map<string, SignedBy>;
  /** For each signer of the record, in order: their recorded certificate signs in the file (null: not a personal signature). */
  certificateFound: (boolean | null)[];
}

/** `foreign`: fields signed by a certificate the municipality does not sign with (never attributed). */
export function attributeSignatures(
  signatures: SignatureReport[],
  record: PublicDocumentRecord,
  foreign: string[],
): SignerAttribution {
  const signed = signatures.filter((s) => s.kind === 'signature');
  const personal = record.signers.filter((s) => s.signatureKind === 'personal');
  // A document with no signer recorded (a system document) is sealed by the municipality.
  const sealed = record.signers.length === 0 || record.signers.some((s) => s.signatureKind === 'seal');
  const signedBy = new Map<string, SignedBy>();
  for (const s of signed) {
    if (foreign.includes(s.fieldName)) continue;
    const own = s.certificateSha256 ? personal.find((p) => p.certificate?.sha256 === s.certificateSha256) : undefined;
    if (own) {
      signedBy.set(s.fieldName, { name: own.name, signatureKind: 'personal', certificateMatches: true });
      continue;
    }
    const namesake = personal.find((p) => p.certificate && sameHolder(p.certificate.subject, s.signerSubject));
    if (namesake) {
      signedBy.set(s.fieldName, { name: namesake.name, signatureKind: 'personal', certificateMatches: false });
      s.problems.push(`the certificate is not the one recorded for ${namesake.name}`);
    } else if (sealed) {
      signedBy.set(s.fieldName, { name: record.municipality, signatureKind: 'seal', certificateMatches: null });
    }
  }
  const inFile = new Set(signed.map((s) => s.certificateSha256).filter((h): h is string => h !== null));
  const certificateFound = record.signers.map((p) =>
    p.signatureKind === 'personal' ? p.certificate !== null && inFile.has(p.certificate.sha256) : null,
  );
  return { signedBy, certificateFound };
}
