/**
 * Reads a PKCS#12 file: the private key (as a Node KeyObject, for native signing) and the
 * certificates' exact DER. node-forge does the PKCS#12 work (MAC check, PBES1/PBES2
 * decryption); certificates are re-serialized from the TBS bytes forge keeps, so what gets
 * embedded in signatures is byte-for-byte what the issuer signed.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

export class Pkcs12Error extends Error {}

export interface Pkcs12Contents {
  key: KeyObject;
  certificates: Buffer[];
}

export function readPkcs12(der: Buffer, password: string): Pkcs12Contents {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    const message = (err as Error).message ?? '';
    if (/MAC could not be verified|Invalid password|decrypt/i.test(message))
      throw new Pkcs12Error('wrong password for the PKCS#12 file');
    throw new Pkcs12Error('the file is not a readable PKCS#12 (.p12) container');
  }

  const keys: KeyObject[] = [];
  for (const type of [forge.pki.oids.pkcs8ShroudedKeyBag!, forge.pki.oids.keyBag!]) {
    for (const bag of p12.getBags({ bagType: type })[type] ?? []) {
      if (bag.key) {
        const pkcs1 = forge.asn1.toDer(forge.pki.privateKeyToAsn1(bag.key as forge.pki.rsa.PrivateKey)).getBytes();
        keys.push(createPrivateKey({ key: Buffer.from(pkcs1, 'binary'), format: 'der', type: 'pkcs1' }));
      } else if (bag.asn1) {
        // A key type forge does not model (e.g. EC): hand its PKCS#8 to OpenSSL.
        const pkcs8 = forge.asn1.toDer(bag.asn1).getBytes();
        keys.push(createPrivateKey({ key: Buffer.from(pkcs8, 'binary'), format: 'der', type: 'pkcs8' }));
      }
    }
  }
  if (keys.length !== 1)
    throw new Pkcs12Error(
      keys.length ? 'the PKCS#12 holds more than one private key' : 'the PKCS#12 holds no private key',
    );

  const certificates: Buffer[] = [];
  const certBag = forge.pki.oids.certBag!;
  for (const bag of p12.getBags({ bagType: certBag })[certBag] ?? []) {
    if (bag.cert) certificates.push(certificateDer(bag.cert));
    else if (bag.asn1) certificates.push(Buffer.from(forge.asn1.toDer(bag.asn1).getBytes(), 'binary'));
  }
  if (!certificates.length) throw new Pkcs12Error('the PKCS#12 holds no certificate');
  return { key: keys[0]!, certificates };
}

/**
 * forge rebuilds the outer signatureAlgorithm itself (always with NULL parameters); RFC 5280
 * requires it to equal the TBS's own `signature` field, so that copy is used instead.
 */
function certificateDer(cert: forge.pki.Certificate): Buffer {
  const asn1 = forge.pki.certificateToAsn1(cert);
  const tbs = (cert as forge.pki.Certificate & { tbsCertificate?: forge.asn1.Asn1 }).tbsCertificate;
  const fields = tbs?.value;
  if (Array.isArray(fields) && Array.isArray(asn1.value)) {
    const hasVersion = fields[0]?.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC;
    const inner = fields[hasVersion ? 2 : 1];
    if (inner) asn1.value[1] = inner;
  }
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}
