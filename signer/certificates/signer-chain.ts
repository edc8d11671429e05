/**
 * A signer's own certificate chain, sent with a hash-signing request (the signer's key is held by
 * a remote signing service, never here): read from PEM, and checked the way a tenant's
 * certificate is before it signs — valid now, allowed to sign, each certificate issued by the
 * next. Revocation (B-LT/B-LTA) is checked separately, like a tenant's (ltv/long-term.ts).
 */
import { X509Certificate } from 'node:crypto';
import * as pkijs from 'pkijs';
import { SignerError } from '../errors.js';
import { prepareCertificate, toArrayBuffer, type SignerCertificate } from '../pades/cms.js';
import { isoWithOffset } from '../time.js';

/** A chain longer than this is no signer's (leaf, intermediates, root). */
export const MAX_CHAIN_CERTIFICATES = 8;

const KEY_USAGE = '2.5.29.15';
/** KeyUsage bits (RFC 5280 §4.2.1.3), as the first byte of the BIT STRING holds them. */
const DIGITAL_SIGNATURE = 0x80;
const NON_REPUDIATION = 0x40;

export interface SignerChain extends SignerCertificate {
  /** RFC 4514-style subject of the leaf, for messages and logs. */
  subject: string;
  serialNumber: string;
}

/** The DER certificates of a PEM text (leaf first); INVALID_PARAMETERS when it is anything else. */
export function readPemChain(text: string): Buffer[] {
  const blocks = [...text.matchAll(/-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]*?)-----END CERTIFICATE-----/g)];
  const rest = text.replace(/-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]*?-----END CERTIFICATE-----/g, '').trim();
  if (!blocks.length || rest !== '') {
    throw new SignerError(
      'INVALID_PARAMETERS',
      'signer_certificates must be the signer\'s certificate chain in PEM ("-----BEGIN CERTIFICATE-----" blocks), leaf first',
    );
  }
  if (blocks.length > MAX_CHAIN_CERTIFICATES)
    throw new SignerError(
      'INVALID_PARAMETERS',
      `signer_certificates holds ${blocks.length} certificates; at most ${MAX_CHAIN_CERTIFICATES}`,
    );
  return blocks.map((m) => Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64'));
}

/**
 * Checks a chain (DER, leaf first) at `now`: every certificate readable, each issued by the next
 * (name and signature), the leaf an RSA or EC key, valid now and — when it restricts its key
 * usage — allowed digitalSignature or nonRepudiation. INVALID_SIGNER_CERTIFICATE otherwise.
 */
export function checkSignerChain(chainDer: Buffer[], now: Date): SignerChain {
  const fail = (message: string) =>
    new SignerError('INVALID_SIGNER_CERTIFICATE', `the signer's certificate cannot sign: ${message}`);
  let x509: X509Certificate[];
  try {
    x509 = chainDer.map((der) => new X509Certificate(der));
  } catch {
    throw fail('a certificate in signer_certificates cannot be read');
  }
  for (let i = 0; i + 1 < x509.length; i++) {
    if (!x509[i]!.checkIssued(x509[i + 1]!) || !x509[i]!.verify(x509[i + 1]!.publicKey)) {
      throw fail(
        `certificate ${i + 2} did not issue certificate ${i + 1}; send the chain leaf first, each certificate followed by its issuer`,
      );
    }
  }
  const leaf = x509[0]!;
  const keyType = leaf.publicKey.asymmetricKeyType;
  if (keyType !== 'rsa' && keyType !== 'ec') throw fail(`unsupported key type ${keyType}`);
  const notBefore = new Date(leaf.validFrom);
  const notAfter = new Date(leaf.validTo);
  if (now < notBefore) throw fail(`certificate not valid before ${isoWithOffset(notBefore)}`);
  if (now > notAfter) throw fail(`certificate expired on ${isoWithOffset(notAfter)}`);
  try {
    const usage = keyUsage(chainDer[0]!);
    if (usage !== undefined && !(usage & (DIGITAL_SIGNATURE | NON_REPUDIATION)))
      throw fail('its key usage allows neither digitalSignature nor nonRepudiation');
    return {
      ...prepareCertificate(chainDer),
      subject: leaf.subject.split('\n').filter(Boolean).reverse().join(', '),
      serialNumber: leaf.serialNumber.toUpperCase(),
    };
  } catch (err) {
    // OpenSSL read it, PKI.js (which encodes the CMS from it) did not.
    if (err instanceof SignerError) throw err;
    throw fail('the leaf certificate cannot be read');
  }
}

/** The first byte of the KeyUsage bits; undefined when the certificate does not restrict them. */
function keyUsage(der: Buffer): number | undefined {
  const cert = pkijs.Certificate.fromBER(toArrayBuffer(der));
  const ext = cert.extensions?.find((e) => e.extnID === KEY_USAGE);
  if (!ext) return undefined;
  const bits = ext.parsedValue as { valueBlock?: { valueHexView?: Uint8Array } } | undefined;
  return bits?.valueBlock?.valueHexView?.[0] ?? 0;
}
