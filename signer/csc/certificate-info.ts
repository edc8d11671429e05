/** What credentials/info says about a certificate: RFC 4514 names and GeneralizedTime validity. */
import * as pkijs from 'pkijs';

const SHORT_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
};

/** RFC 4514: last RDN first, special characters escaped. */
export function rfc4514(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((tv) => `${SHORT_NAMES[tv.type] ?? tv.type}=${escapeValue(String(tv.value.valueBlock.value))}`)
    .reverse()
    .join(',');
}

function escapeValue(value: string): string {
  return value
    .replace(/[\\,+"<>;=]/g, (c) => `\\${c}`)
    .replace(/^[ #]/, (c) => `\\${c}`)
    .replace(/ $/, '\\ ');
}

/** YYYYMMDDHHmmssZ. */
export function generalizedTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

export interface CertificateFacts {
  subjectDN: string;
  issuerDN: string;
  serialNumber: string;
  validFrom: string;
  validTo: string;
  notAfter: number;
}

export function certificateFacts(der: Buffer): CertificateFacts {
  const cert = pkijs.Certificate.fromBER(der);
  return {
    subjectDN: rfc4514(cert.subject),
    issuerDN: rfc4514(cert.issuer),
    serialNumber: Buffer.from(cert.serialNumber.valueBlock.valueHexView).toString('hex').toUpperCase(),
    validFrom: generalizedTime(cert.notBefore.value),
    validTo: generalizedTime(cert.notAfter.value),
    notAfter: cert.notAfter.value.getTime(),
  };
}
