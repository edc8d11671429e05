/**
 * How a signature was made, as the desk words it: the municipality's seal, or the signer's own
 * certificate named by its subject (RFC 4514: CN the person, serialNumber their CUIT).
 */

/** One attribute of an RFC 4514 name (`CN`, `serialNumber`…), unescaped; undefined when absent. */
export function nameAttribute(dn: string | null | undefined, attribute: string): string | undefined {
  if (!dn) return undefined;
  const escaped = attribute.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`(?:^|,)\\s*${escaped}=((?:\\\\.|[^,])*)`, 'i').exec(dn);
  return found ? found[1]!.replace(/\\(.)/g, '$1').trim() : undefined;
}

/** The part of a certificate's name a person reads: its CN, or the whole name when it has none. */
export function commonName(dn: string | null | undefined): string {
  if (!dn) return '—';
  return nameAttribute(dn, 'CN') ?? dn;
}

export interface SignatureMadeWith {
  signature_kind?: 'seal' | 'personal' | null;
  certificate?: { subject: string; serial_number: string | null; sha256: string | null } | null;
}

/** "Firma personal · Lucía Fernández" or "Sello del municipio"; undefined while the signer has not signed. */
export function signatureKindText(s: SignatureMadeWith): string | undefined {
  if (s.signature_kind === 'personal')
    return s.certificate ? `Firma personal · ${commonName(s.certificate.subject)}` : 'Firma personal';
  if (s.signature_kind === 'seal') return 'Sello del municipio';
  return undefined;
}

/** The personal certificate's identifying facts: the CUIT of its subject and its serial number. */
export function certificateFacts(s: SignatureMadeWith): string | undefined {
  if (s.signature_kind !== 'personal' || !s.certificate) return undefined;
  const cuit = nameAttribute(s.certificate.subject, 'serialNumber') ?? nameAttribute(s.certificate.subject, '2.5.4.5');
  const parts = [
    cuit ? (/cuit/i.test(cuit) ? cuit : `CUIT ${cuit}`) : undefined,
    s.certificate.serial_number ? `N.º de serie ${s.certificate.serial_number}` : undefined,
  ];
  const text = parts.filter(Boolean).join(' · ');
  return text || undefined;
}
