/**
 * CMS SignedData checks: the message digest over the signed bytes, the signature over the signed
 * attributes, and the RFC 3161 signature-time-stamp token — itself a SignedData over a TSTInfo
 * whose imprint must be the digest of the signature value. The CMS is walked in place as DER
 * (ISO 32000-1 §12.8.3.3 requires /Contents to be DER), the TSTInfo read with PKI.js, and
 * digests and RSA/ECDSA verification are Node's crypto. Certificates repeat across signatures
 * and documents, so each is parsed once (by the SHA-256 of its DER).
 */
import { createHash, verify as cryptoVerify, X509Certificate } from 'node:crypto';
import * as pkijs from 'pkijs';
import { DerError, TAG, bytes, children, content, expect, oid, read, type Node } from '../../lib/pades/der.js';
import { OID } from '../../lib/pades/oids.js';

const hexOid = (dotted: string) => oid(dotted).toString('hex');
const DIGEST_NAMES = new Map<string, string>([
  [hexOid(OID.sha1), 'sha1'],
  [hexOid(OID.sha256), 'sha256'],
  [hexOid(OID.sha384), 'sha384'],
  [hexOid(OID.sha512), 'sha512'],
]);
const SIGNED_DATA = hexOid(OID.signedData);
const TST_INFO = hexOid(OID.tstInfo);
const MESSAGE_DIGEST = hexOid(OID.messageDigest);
const TIMESTAMP_TOKEN = hexOid(OID.signatureTimeStampToken);
const RSA_PSS = hexOid('1.2.840.113549.1.1.10');
const CONTEXT_0 = 0xa0;
const CONTEXT_1 = 0xa1;

export class CmsError extends Error {}

export interface SignerCheck {
  /** The certificate the SignerInfo names, when the CMS carries it. */
  signer: X509Certificate | null;
  /** Every certificate the CMS carries (the signer's chain). */
  certificates: X509Certificate[];
  digestAlgorithm: string | null;
  /** The message-digest attribute equals the digest of the signed content. */
  digestValid: boolean;
  /** The signature over the signed attributes verifies with the signer's key. */
  signatureValid: boolean;
  problems: string[];
}

export interface TimestampCheck {
  time: string | null;
  /** Subject of the time-stamping authority's certificate (RFC 4514 order). */
  authority: string | null;
  certificate: X509Certificate | null;
  certificates: X509Certificate[];
  /** Token signature valid and its imprint is the digest of the signature value. */
  valid: boolean;
  problems: string[];
}

/** A SignedData located inside `buf`, with its one SignerInfo split into fields. */
export interface ParsedSignature {
  buf: Uint8Array;
  certificates: Node[];
  encapType: string;
  encapContent: Node | null;
  signer: {
    sid: Node;
    digestAlgorithm: string;
    signedAttrs: Node | null;
    signatureAlgorithm: string;
    signature: Buffer;
    unsignedAttrs: Node | null;
  };
}

/** RFC 4514 order (most specific first), as the signing service prints certificate names. */
export function distinguishedName(multiline: string): string {
  return multiline.split('\n').filter(Boolean).reverse().join(', ');
}

/** An OID node as the hex of its whole encoding (what `oid()` produces). */
const oidHex = (buf: Uint8Array, node: Node | undefined, what: string) =>
  bytes(buf, expect(node, TAG.OID, what)).toString('hex');

/** ContentInfo → SignedData, walked in place; `contentInfo` is the node of the ContentInfo. */
function walkSignedData(buf: Uint8Array, contentInfo: Node): ParsedSignature {
  const [type, explicit] = children(buf, expect(contentInfo, TAG.SEQUENCE, 'ContentInfo'));
  if (oidHex(buf, type, 'contentType') !== SIGNED_DATA)
    throw new CmsError('the signature value is not a CMS SignedData');
  const sd = children(
    buf,
    expect(children(buf, expect(explicit, CONTEXT_0, 'content'))[0], TAG.SEQUENCE, 'SignedData'),
  );
  const encap = children(buf, expect(sd[2], TAG.SEQUENCE, 'encapContentInfo'));
  const encapContent = encap[1]
    ? expect(children(buf, expect(encap[1], CONTEXT_0, 'eContent'))[0], TAG.OCTET_STRING, 'eContent')
    : null;
  const certificatesNode = sd.slice(3).find((n) => n.tag === CONTEXT_0);
  const signerInfos = children(buf, expect(sd[sd.length - 1], TAG.SET, 'signerInfos'));
  if (signerInfos.length !== 1) throw new CmsError('the CMS must hold exactly one SignerInfo');
  const si = children(buf, expect(signerInfos[0], TAG.SEQUENCE, 'SignerInfo'));
  let i = 2;
  const digestAlgorithm = oidHex(
    buf,
    children(buf, expect(si[i++], TAG.SEQUENCE, 'digestAlgorithm'))[0],
    'digestAlgorithm',
  );
  const signedAttrs = si[i]?.tag === CONTEXT_0 ? si[i++]! : null;
  const signatureAlgorithm = oidHex(
    buf,
    children(buf, expect(si[i++], TAG.SEQUENCE, 'signatureAlgorithm'))[0],
    'signatureAlgorithm',
  );
  const signature = content(buf, expect(si[i++], TAG.OCTET_STRING, 'signature'));
  const unsignedAttrs = si[i]?.tag === CONTEXT_1 ? si[i]! : null;
  return {
    buf,
    certificates: certificatesNode ? children(buf, certificatesNode).filter((c) => c.tag === TAG.SEQUENCE) : [],
    encapType: oidHex(buf, encap[0], 'eContentType'),
    encapContent,
    signer: { sid: si[1]!, digestAlgorithm, signedAttrs, signatureAlgorithm, signature, unsignedAttrs },
  };
}

export function parseSignedData(der: Uint8Array): ParsedSignature {
  try {
    // /Contents is padded with zeros after the DER value.
    return walkSignedData(der, read(der, 0));
  } catch (err) {
    if (err instanceof DerError) throw new CmsError(`the signature value is not a readable DER CMS (${err.message})`);
    throw err;
  }
}

const certificateCache = new Map<string, X509Certificate | null>();
function certificateOf(der: Buffer): X509Certificate | null {
  const id = createHash('sha256').update(der).digest('hex');
  if (!certificateCache.has(id)) {
    if (certificateCache.size > 256) certificateCache.clear();
    let cert: X509Certificate | null = null;
    try {
      cert = new X509Certificate(der);
    } catch {
      cert = null;
    }
    certificateCache.set(id, cert);
  }
  return certificateCache.get(id)!;
}

/** The certificate an IssuerAndSerialNumber names: its TBS serial and issuer, byte for byte. */
function findSigner(parsed: ParsedSignature): Node | undefined {
  const { buf } = parsed;
  if (parsed.signer.sid.tag !== TAG.SEQUENCE) return undefined;
  const [issuer, serial] = children(buf, parsed.signer.sid);
  if (!issuer || !serial) return undefined;
  return parsed.certificates.find((c) => {
    const tbs = children(buf, children(buf, c)[0]!);
    const at = tbs[0]?.tag === CONTEXT_0 ? 1 : 0; // optional [0] version
    return bytes(buf, tbs[at]!).equals(bytes(buf, serial)) && bytes(buf, tbs[at + 2]!).equals(bytes(buf, issuer));
  });
}

/** The first value of a signed or unsigned attribute. */
function attributeValue(buf: Uint8Array, attrs: Node | null, typeHex: string): Node | undefined {
  if (!attrs) return undefined;
  for (const attr of children(buf, attrs)) {
    const [type, values] = children(buf, attr);
    if (type?.tag === TAG.OID && bytes(buf, type).toString('hex') === typeHex && values)
      return children(buf, values)[0];
  }
  return undefined;
}

/** Verifies the SignerInfo over `digestOf(algorithm)` — the digest of the content it signs. */
export function checkSignerInfo(parsed: ParsedSignature, digestOf: (algorithm: string) => Buffer): SignerCheck {
  const { buf, signer: si } = parsed;
  const problems: string[] = [];
  const signerNode = findSigner(parsed);
  const signer = signerNode ? certificateOf(bytes(buf, signerNode)) : null;
  const certificates = parsed.certificates
    .map((c) => certificateOf(bytes(buf, c)))
    .filter((c): c is X509Certificate => c !== null);
  if (!signer) problems.push('the CMS does not carry the signer certificate');
  const digestAlgorithm = DIGEST_NAMES.get(si.digestAlgorithm) ?? null;
  if (!digestAlgorithm) problems.push('unsupported digest algorithm');

  let digestValid = false;
  const md = attributeValue(buf, si.signedAttrs, MESSAGE_DIGEST);
  if (!si.signedAttrs) problems.push('the CMS has no signed attributes');
  else if (md?.tag !== TAG.OCTET_STRING) problems.push('the CMS has no message-digest attribute');
  else if (digestAlgorithm) {
    digestValid = content(buf, md).equals(digestOf(digestAlgorithm));
    if (!digestValid) problems.push('the message digest does not match the signed bytes');
  }

  let signatureValid = false;
  if (signer && digestAlgorithm && si.signedAttrs) {
    if (si.signatureAlgorithm === RSA_PSS) {
      problems.push('RSASSA-PSS signatures are not supported');
    } else {
      // Signed as a SET OF, stored with the [0] tag.
      const attrs = Buffer.from(bytes(buf, si.signedAttrs));
      attrs[0] = TAG.SET;
      try {
        signatureValid = cryptoVerify(digestAlgorithm, attrs, signer.publicKey, si.signature);
      } catch {
        signatureValid = false;
      }
      if (!signatureValid) problems.push('the signature does not verify with the signer certificate');
    }
  }
  return { signer, certificates, digestAlgorithm, digestValid, signatureValid, problems };
}

/**
 * An RFC 3161 token (a SignedData over a TSTInfo): its own signature, and whether its imprint is
 * `imprintOf(algorithm)` — the digest of what it time-stamps.
 */
export function checkTimestamp(
  token: ParsedSignature,
  imprintOf: (algorithm: string) => Buffer,
): TimestampCheck & { signatureValid: boolean; imprintValid: boolean; imprintAlgorithm: string | null } {
  const problems: string[] = [];
  const result = {
    time: null as string | null,
    authority: null as string | null,
    certificate: null as X509Certificate | null,
    certificates: [] as X509Certificate[],
    valid: false,
    signatureValid: false,
    imprintValid: false,
    imprintAlgorithm: null as string | null,
    problems,
  };
  try {
    if (token.encapType !== TST_INFO || !token.encapContent) throw new CmsError('the token holds no TSTInfo');
    const tstBytes = content(token.buf, token.encapContent);
    const tst = pkijs.TSTInfo.fromBER(new Uint8Array(tstBytes));
    result.time = tst.genTime.toISOString();
    const check = checkSignerInfo(token, (alg) => createHash(alg).update(tstBytes).digest());
    result.certificate = check.signer;
    result.certificates = check.certificates;
    result.authority = check.signer ? distinguishedName(check.signer.subject) : null;
    problems.push(...check.problems.map((p) => `time-stamp: ${p}`));
    const imprintAlg = DIGEST_NAMES.get(oid(tst.messageImprint.hashAlgorithm.algorithmId).toString('hex'));
    result.imprintAlgorithm = imprintAlg ?? null;
    result.imprintValid =
      Boolean(imprintAlg) &&
      Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView).equals(imprintOf(imprintAlg!));
    if (!result.imprintValid) problems.push('time-stamp: the token is not over the time-stamped data');
    result.signatureValid = check.digestValid && check.signatureValid;
    result.valid = result.signatureValid && result.imprintValid;
  } catch (err) {
    // DER walker, PKI.js and X.509 parsing all throw on a damaged token: each is a finding about the file.
    problems.push(`time-stamp: unreadable token (${(err as Error).message})`);
  }
  return result;
}

/** The signature-time-stamp token of a PAdES-B-T signature (over its signature value), or null when it has none. */
export function checkTimestampToken(parsed: ParsedSignature): TimestampCheck | null {
  const token = attributeValue(parsed.buf, parsed.signer.unsignedAttrs, TIMESTAMP_TOKEN);
  if (!token) return null;
  let inner: ParsedSignature;
  try {
    inner = walkSignedData(parsed.buf, token);
  } catch (err) {
    return {
      time: null,
      authority: null,
      certificate: null,
      certificates: [],
      valid: false,
      problems: [`time-stamp: unreadable token (${(err as Error).message})`],
    };
  }
  return checkTimestamp(inner, (alg) => createHash(alg).update(parsed.signer.signature).digest());
}
