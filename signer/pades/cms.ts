/**
 * CMS SignedData for PAdES baseline signatures (ETSI EN 319 142-1, CAdES detached): signed
 * attributes content-type, message-digest and ESS signing-certificate-v2 — no signing-time, the
 * time lives in the signature dictionary's /M — and, once the time-stamp token is known, the
 * signature-time-stamp token as unsigned attribute.
 *
 * What depends only on the certificate (issuer and serial, ESS attribute, the certificate set)
 * is built once with PKI.js when the certificate is loaded; each signature then only encodes
 * its digest, signature and token around those cached encodings. The private-key operation is
 * Node's crypto (OpenSSL): JavaScript RSA would be a hundred times slower.
 */
import { createHash, sign as cryptoSign, verify as cryptoVerify, X509Certificate, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { TAG, context, octetString, oid, sequence, setOf, tlv, unsignedInteger } from './der.js';
import { OID } from './oids.js';

/**
 * The public half of a signer: its certificate chain and what the CMS encodes from it. Enough to
 * reserve room for, build the attributes of and assemble a signature whose value is computed
 * elsewhere (a remote signing service holding the key).
 */
export interface SignerCertificate {
  /** DER of the signer's certificate, then of the rest of its chain. */
  chainDer: Buffer[];
  /** The leaf's public key: checks a signature value made elsewhere. */
  publicKey: KeyObject;
  /** Encodings derived from the certificate, built once. */
  encoded: {
    sid: Buffer;
    essAttribute: Buffer;
    signatureAlgorithm: Buffer;
    certificates: Buffer;
  };
}

/** A signer whose private key this process holds (a tenant's seal, the development TSA). */
export interface SignerIdentity extends SignerCertificate {
  key: KeyObject;
}

const INTEGER_1 = Buffer.from([TAG.INTEGER, 1, 1]);
const SHA256_ALGORITHM = sequence(oid(OID.sha256));
const CONTENT_TYPE_DATA_ATTRIBUTE = sequence(oid(OID.contentType), tlv(TAG.SET, oid(OID.data)));

export function prepareIdentity(key: KeyObject, chainDer: Buffer[]): SignerIdentity {
  return { key, ...prepareCertificate(chainDer) };
}

/** The encodings of a chain (leaf first), built once per certificate. */
export function prepareCertificate(chainDer: Buffer[]): SignerCertificate {
  const leaf = pkijs.Certificate.fromBER(toArrayBuffer(chainDer[0]!));
  const sid = new pkijs.IssuerAndSerialNumber({ issuer: leaf.issuer, serialNumber: leaf.serialNumber });
  const publicKey = new X509Certificate(chainDer[0]!).publicKey;
  return {
    chainDer,
    publicKey,
    encoded: {
      sid: Buffer.from(sid.toSchema().toBER(false)),
      essAttribute: Buffer.from(signingCertificateV2(leaf, chainDer[0]!).toSchema().toBER(false)),
      signatureAlgorithm: signatureAlgorithm(publicKey),
      certificates: context(0, ...chainDer),
    },
  };
}

/** ESS signing-certificate-v2 (RFC 5035): binds the signature to the certificate's SHA-256 hash. */
export function signingCertificateV2(certificate: pkijs.Certificate, der: Uint8Array): pkijs.Attribute {
  const certHash = createHash('sha256').update(der).digest();
  const issuerSerial = new asn1js.Sequence({
    value: [
      // GeneralNames with one directoryName ([4], explicit because Name is a CHOICE).
      new asn1js.Sequence({
        value: [
          new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [certificate.issuer.toSchema()] }),
        ],
      }),
      certificate.serialNumber,
    ],
  });
  // hashAlgorithm is omitted: its DEFAULT is SHA-256, and DER leaves defaults out.
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: toArrayBuffer(certHash) }), issuerSerial],
  });
  const value = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
  return new pkijs.Attribute({ type: OID.signingCertificateV2, values: [value] });
}

export function signatureAlgorithm(key: KeyObject): Buffer {
  if (key.asymmetricKeyType === 'ec') return sequence(oid(OID.ecdsaWithSHA256));
  // RFC 4055: sha256WithRSAEncryption carries NULL parameters.
  return sequence(oid(OID.sha256WithRSA), Buffer.from([TAG.NULL, 0]));
}

export interface SignedAttributes {
  /** DER of the SET OF attributes: the bytes the signature is computed over. */
  der: Buffer;
}

export function signedAttributes(identity: SignerCertificate, contentDigest: Uint8Array): SignedAttributes {
  const messageDigest = sequence(oid(OID.messageDigest), tlv(TAG.SET, octetString(contentDigest)));
  return { der: setOf([CONTENT_TYPE_DATA_ATTRIBUTE, messageDigest, identity.encoded.essAttribute]) };
}

/** RSA PKCS#1 v1.5 or ECDSA over the DER of the signed attributes, with SHA-256. */
export function computeSignature(key: KeyObject, signedAttrsDer: Buffer): Buffer {
  return cryptoSign('sha256', signedAttrsDer, key);
}

/**
 * The value to embed when `signature` is the leaf's signature over `signedAttrsDer` (SHA-256 with
 * RSA PKCS#1 v1.5 or ECDSA), undefined when it is not: a value made elsewhere is checked before
 * it is embedded. ECDSA values come DER-encoded, as the CMS holds them, or as r‖s (IEEE P1363,
 * what some remote signing services answer), which is re-encoded.
 */
export function matchingSignatureValue(
  identity: SignerCertificate,
  signedAttrsDer: Buffer,
  signature: Buffer,
): Buffer | undefined {
  const verifies = (dsaEncoding: 'der' | 'ieee-p1363') => {
    try {
      return cryptoVerify('sha256', signedAttrsDer, { key: identity.publicKey, dsaEncoding }, signature);
    } catch {
      return false; // not an encoding of a signature at all
    }
  };
  if (verifies('der')) return signature;
  if (identity.publicKey.asymmetricKeyType === 'ec' && signature.length % 2 === 0 && verifies('ieee-p1363')) {
    const half = signature.length / 2;
    return sequence(unsignedInteger(signature.subarray(0, half)), unsignedInteger(signature.subarray(half)));
  }
  return undefined;
}

/** The complete ContentInfo(SignedData), DER, with the time-stamp token as unsigned attribute. */
export function assembleSignedData(
  identity: SignerCertificate,
  signed: SignedAttributes,
  signature: Buffer,
  timeStampToken: Uint8Array,
): Buffer {
  // Stored as [0] IMPLICIT: same contents as the signed SET OF, another tag.
  const signedAttrs = Buffer.from(signed.der);
  signedAttrs[0] = 0xa0;
  const signerInfo = sequence(
    INTEGER_1,
    identity.encoded.sid,
    SHA256_ALGORITHM,
    signedAttrs,
    identity.encoded.signatureAlgorithm,
    octetString(signature),
    // The token goes in exactly as the authority encoded it: its signature covers those bytes.
    context(1, sequence(oid(OID.signatureTimeStampToken), tlv(TAG.SET, timeStampToken))),
  );
  const signedData = sequence(
    INTEGER_1,
    tlv(TAG.SET, SHA256_ALGORITHM),
    sequence(oid(OID.data)),
    identity.encoded.certificates,
    tlv(TAG.SET, signerInfo),
  );
  return sequence(oid(OID.signedData), context(0, signedData));
}

export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
