import { describe, expect, it } from 'vitest';
import { certificateFacts, commonName, nameAttribute, signatureKindText } from '../src/signature-kind';
import { authorizationAsked, codeDigits } from '../src/components/PersonalSignatureDialog';

const subject = 'CN=Lucía Fernández,serialNumber=CUIT 27-23456789-4,O=Municipalidad de Villa Esperanza\\, Córdoba,C=AR';

describe('certificate names', () => {
  it('reads attributes of an RFC 4514 name, escapes undone', () => {
    expect(nameAttribute(subject, 'CN')).toBe('Lucía Fernández');
    expect(nameAttribute(subject, 'serialNumber')).toBe('CUIT 27-23456789-4');
    expect(nameAttribute(subject, 'O')).toBe('Municipalidad de Villa Esperanza, Córdoba');
    expect(nameAttribute(subject, 'OU')).toBeUndefined();
    expect(commonName('O=Sin nombre común')).toBe('O=Sin nombre común');
    expect(commonName(null)).toBe('—');
  });
});

describe('how a signature was made', () => {
  it('names the personal certificate by its CN, with the CUIT and serial', () => {
    const personal = {
      signature_kind: 'personal' as const,
      certificate: { subject, serial_number: '1A2B', sha256: 'ab' },
    };
    expect(signatureKindText(personal)).toBe('Firma personal · Lucía Fernández');
    expect(certificateFacts(personal)).toBe('CUIT 27-23456789-4 · N.º de serie 1A2B');
    expect(
      certificateFacts({
        signature_kind: 'personal',
        certificate: { subject: 'CN=X,serialNumber=20123456789', serial_number: null, sha256: null },
      }),
    ).toBe('CUIT 20123456789');
  });
  it('says the seal, and nothing for a signer who has not signed', () => {
    expect(signatureKindText({ signature_kind: 'seal', certificate: null })).toBe('Sello del municipio');
    expect(certificateFacts({ signature_kind: 'seal', certificate: null })).toBeUndefined();
    expect(signatureKindText({ signature_kind: null, certificate: null })).toBeUndefined();
  });
});

describe('the code dialog', () => {
  it('opens only for a 202 that asks for an authorisation', () => {
    const base = { document_id: 'd', document_status: 'sent_to_sign' as const };
    expect(
      authorizationAsked({
        status: 202,
        data: { ...base, authorization_required: true, method: 'totp', expires_at: '2026-01-01T00:05:00Z' },
      }),
    ).toEqual({ method: 'totp', expiresAt: '2026-01-01T00:05:00Z' });
    expect(
      authorizationAsked({
        status: 202,
        data: { ...base, in_progress: true, authorization_required: true, method: 'otp-email', expires_at: null },
      }),
    ).toEqual({ method: 'otp-email', expiresAt: null });
    expect(authorizationAsked({ status: 202, data: { ...base, in_progress: true } })).toBeUndefined();
  });
  it('keeps the six digits of what was typed or pasted', () => {
    expect(codeDigits('123 456')).toBe('123456');
    expect(codeDigits('123-4567')).toBe('123456');
  });
});
