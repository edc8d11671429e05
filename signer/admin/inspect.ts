/**
 * What an operator must know about a PKCS#12 before the signing service uses it: the password
 * opens it, the signer certificate may sign documents (keyUsage digitalSignature or
 * nonRepudiation), it is inside its validity window, and which chain the file carries (validators
 * need every link up to a root they trust).
 */
import { X509Certificate } from 'node:crypto';
import * as pkijs from 'pkijs';
import { readPkcs12, Pkcs12Error } from '../certificates/pkcs12.js';

export class CertificateRefused extends Error {}

export interface ChainLink {
  subject: string;
  issuer: string;
  not_before: string;
  not_after: string;
  self_signed: boolean;
}

export interface CertificateReport {
  subject: string;
  issuer: string;
  serial_number: string;
  not_before: string;
  not_after: string;
  key_usage: string[];
  /** Signer first, then each issuer found in the file. */
  chain: ChainLink[];
  /** The chain ends at a self-signed root inside the file. */
  chain_complete: boolean;
  warnings: string[];
}

const KEY_USAGE_OID = '2.5.29.15';
// RFC 5280 §4.2.1.3, bit 0 first (the most significant bit of the first byte).
const KEY_USAGE_NAMES = [
  'digitalSignature',
  'nonRepudiation',
  'keyEncipherment',
  'dataEncipherment',
  'keyAgreement',
  'keyCertSign',
  'cRLSign',
  'encipherOnly',
  'decipherOnly',
];

function keyUsage(der: Buffer): string[] | undefined {
  const cert = pkijs.Certificate.fromBER(der);
  const ext = cert.extensions?.find((e) => e.extnID === KEY_USAGE_OID);
  if (!ext) return undefined;
  const bits = new Uint8Array(
    (ext.parsedValue as { valueBlock: { valueHexView: Uint8Array } }).valueBlock.valueHexView,
  );
  return KEY_USAGE_NAMES.filter((_, i) => ((bits[i >> 3] ?? 0) & (0x80 >> (i & 7))) !== 0);
}

/** Node prints names one attribute per line, most general first; shown comma-separated, RFC 4514 order. */
const name = (multiline: string) => multiline.split('\n').filter(Boolean).reverse().join(', ');

const link = (c: X509Certificate): ChainLink => ({
  subject: name(c.subject),
  issuer: name(c.issuer),
  not_before: new Date(c.validFrom).toISOString(),
  not_after: new Date(c.validTo).toISOString(),
  self_signed: c.subject === c.issuer && c.verify(c.publicKey),
});

export function inspectPkcs12(der: Buffer, password: string, now = new Date(), warnDays = 30): CertificateReport {
  let contents;
  try {
    contents = readPkcs12(der, password);
  } catch (err) {
    if (err instanceof Pkcs12Error) throw new CertificateRefused(err.message);
    throw err;
  }
  let x509: X509Certificate[];
  try {
    x509 = contents.certificates.map((d) => new X509Certificate(d));
  } catch {
    throw new CertificateRefused('a certificate in the PKCS#12 cannot be parsed');
  }
  const leafIndex = x509.findIndex((c) => c.checkPrivateKey(contents.key));
  if (leafIndex < 0) throw new CertificateRefused('no certificate in the PKCS#12 matches its private key');
  const leaf = x509[leafIndex]!;

  // Same walk as the signing service: it embeds exactly this chain in every signature.
  const chain = [leaf];
  for (let current = leaf; chain.length < x509.length; ) {
    const next = x509.find((c) => !chain.includes(c) && current.checkIssued(c) && current.verify(c.publicKey));
    if (!next || next.subject === current.subject) break;
    chain.push(next);
    current = next;
  }
  const links = chain.map(link);
  const top = links[links.length - 1]!;
  const chainComplete = top.self_signed;

  const usage = keyUsage(contents.certificates[leafIndex]!);
  if (usage && !usage.includes('digitalSignature') && !usage.includes('nonRepudiation')) {
    throw new CertificateRefused(
      `the certificate's key usage (${usage.join(', ') || 'none'}) allows neither digitalSignature nor nonRepudiation`,
    );
  }

  const notBefore = new Date(leaf.validFrom);
  const notAfter = new Date(leaf.validTo);
  if (now < notBefore) throw new CertificateRefused(`the certificate is not valid before ${notBefore.toISOString()}`);
  if (now > notAfter) throw new CertificateRefused(`the certificate expired on ${notAfter.toISOString()}`);
  for (const l of links.slice(1)) {
    if (now > new Date(l.not_after) || now < new Date(l.not_before))
      throw new CertificateRefused(
        `issuer "${l.subject}" in the chain is outside its validity window (${l.not_before} – ${l.not_after})`,
      );
  }

  const warnings: string[] = [];
  if (!usage) warnings.push('the certificate has no keyUsage extension (any use allowed)');
  if (!chainComplete)
    warnings.push(
      `the chain in the file ends at "${top.subject}", issued by "${top.issuer}", which is not in the file: validators must have it as a trust anchor`,
    );
  const daysLeft = Math.floor((notAfter.getTime() - now.getTime()) / 86_400_000);
  if (daysLeft < warnDays) warnings.push(`the certificate expires in ${daysLeft} days`);

  return {
    subject: links[0]!.subject,
    issuer: links[0]!.issuer,
    serial_number: leaf.serialNumber.toUpperCase(),
    not_before: notBefore.toISOString(),
    not_after: notAfter.toISOString(),
    key_usage: usage ?? [],
    chain: links,
    chain_complete: chainComplete,
    warnings,
  };
}
