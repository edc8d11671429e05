/**
 * RFC 3161 client: asks the configured time-stamping authority for a token over the signature
 * value and checks what comes back — status, message imprint, nonce and the token's own
 * signature — before it is embedded. Any doubt is an error: a PAdES-B-T signature is never
 * produced without a sound time-stamp. The request is built with PKI.js; the reply is walked
 * in place (see der.ts) and its token embedded byte for byte.
 */
import { createHash, randomBytes, verify as cryptoVerify, X509Certificate, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { ResponseTooLarge, send } from '../http/outbound.js';
import { toArrayBuffer } from './cms.js';
import { DerError, TAG, bytes, children, content, expect, oid, read, type Node } from './der.js';
import { OID } from './oids.js';

export class TimestampError extends Error {}

export interface TimestampRequestOptions {
  url: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

const MAX_RESPONSE_BYTES = 1024 * 1024;
const DIGEST_NAMES = new Map<string, string>([
  [oid(OID.sha1).toString('hex'), 'sha1'],
  [oid(OID.sha256).toString('hex'), 'sha256'],
  [oid(OID.sha384).toString('hex'), 'sha384'],
  [oid(OID.sha512).toString('hex'), 'sha512'],
]);
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';
const PKI_STATUS = [
  'granted',
  'grantedWithMods',
  'rejection',
  'waiting',
  'revocationWarning',
  'revocationNotification',
];

/** Returns the DER of the TimeStampToken (a ContentInfo) for `data`, hashed with SHA-256. */
export async function requestTimestamp(data: Uint8Array, options: TimestampRequestOptions): Promise<Buffer> {
  return requestTimestampForDigest(createHash('sha256').update(data).digest(), options);
}

/** The same for an already computed SHA-256 imprint (a document time-stamp's /ByteRange digest). */
export async function requestTimestampForDigest(imprint: Buffer, options: TimestampRequestOptions): Promise<Buffer> {
  const nonce = randomBytes(8);
  nonce[0] = (nonce[0]! & 0x7f) | 0x01; // positive and minimally encoded
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(imprint) }),
    }),
    nonce: new asn1js.Integer({ valueHex: toArrayBuffer(nonce) }),
    certReq: true,
  });

  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let body: Buffer;
  try {
    const res = await send(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
      body: Buffer.from(request.toSchema().toBER(false)),
      signal,
      maxBytes: MAX_RESPONSE_BYTES,
    });
    if (res.status !== 200) throw new TimestampError(`the time-stamping authority answered HTTP ${res.status}`);
    body = res.body;
  } catch (err) {
    if (err instanceof TimestampError) throw err;
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted)
      throw new TimestampError(`the time-stamping authority did not answer within ${options.timeoutMs} ms`);
    if (err instanceof ResponseTooLarge)
      throw new TimestampError('the time-stamping authority answered with an oversized response');
    throw new TimestampError(`the time-stamping authority could not be reached (${(err as Error).message})`);
  }
  try {
    return checkResponse(body, imprint, nonce);
  } catch (err) {
    if (err instanceof TimestampError) throw err;
    // DerError, or a structure so broken the walker trips over it: either way not a valid reply.
    throw new TimestampError(
      `the time-stamping authority answered with something that is not a valid time-stamp response (${(err as Error).message})`,
    );
  }
}

function checkResponse(body: Buffer, imprint: Buffer, nonce: Buffer): Buffer {
  // TimeStampResp ::= SEQUENCE { status PKIStatusInfo, timeStampToken ContentInfo OPTIONAL }
  const resp = expect(read(body, 0), TAG.SEQUENCE, 'TimeStampResp');
  if (resp.end !== body.length) throw new DerError('trailing data');
  const [statusInfo, tokenNode] = children(body, resp);
  const statusParts = children(body, expect(statusInfo, TAG.SEQUENCE, 'PKIStatusInfo'));
  const status = integerValue(body, expect(statusParts[0], TAG.INTEGER, 'status'));
  if (status !== 0 && status !== 1) {
    const texts =
      statusParts[1]?.tag === TAG.SEQUENCE
        ? children(body, statusParts[1]).map((s) => content(body, s).toString('utf8'))
        : [];
    throw new TimestampError(
      `the time-stamping authority refused the request (${PKI_STATUS[status] ?? status}${texts.length ? `: ${texts.join('; ')}` : ''})`,
    );
  }
  const token = expect(tokenNode, TAG.SEQUENCE, 'timeStampToken');

  // ContentInfo ::= SEQUENCE { contentType, [0] EXPLICIT SignedData }
  const [contentType, explicit] = children(body, token);
  if (!bytes(body, expect(contentType, TAG.OID, 'contentType')).equals(oid(OID.signedData)))
    throw new TimestampError('the time-stamp token is not a SignedData');
  const signedData = expect(children(body, expect(explicit, 0xa0, 'content'))[0], TAG.SEQUENCE, 'SignedData');
  const sd = children(body, signedData);
  const encap = children(body, expect(sd[2], TAG.SEQUENCE, 'encapContentInfo'));
  if (!bytes(body, expect(encap[0], TAG.OID, 'eContentType')).equals(oid(OID.tstInfo)))
    throw new TimestampError('the time-stamp token does not hold a TSTInfo');
  const tstInfoNode = expect(children(body, expect(encap[1], 0xa0, 'eContent'))[0], TAG.OCTET_STRING, 'eContent');
  const tstInfo = content(body, tstInfoNode);

  // TSTInfo ::= SEQUENCE { version, policy, messageImprint, serialNumber, genTime, accuracy?, ordering?, nonce?, ... }
  const tst = children(tstInfo, expect(read(tstInfo, 0), TAG.SEQUENCE, 'TSTInfo'));
  const mi = children(tstInfo, expect(tst[2], TAG.SEQUENCE, 'messageImprint'));
  const miAlg = children(tstInfo, expect(mi[0], TAG.SEQUENCE, 'hashAlgorithm'))[0];
  if (
    !bytes(tstInfo, expect(miAlg, TAG.OID, 'hashAlgorithm')).equals(oid(OID.sha256)) ||
    !content(tstInfo, expect(mi[1], TAG.OCTET_STRING, 'hashedMessage')).equals(imprint)
  ) {
    throw new TimestampError('the time-stamp token is for different data (message imprint mismatch)');
  }
  const nonceNode = tst.slice(5).find((n) => n.tag === TAG.INTEGER);
  if (!nonceNode || !stripSign(content(tstInfo, nonceNode)).equals(nonce))
    throw new TimestampError('the time-stamp token does not echo the request nonce');

  const certificates = sd.find((n) => n.tag === 0xa0 && n.start > sd[2]!.start);
  const signerInfos = expect(sd[sd.length - 1], TAG.SET, 'signerInfos');
  verifyTokenSignature(body, signerInfos, certificates, tstInfo);
  return Buffer.from(bytes(body, token));
}

/** The token's signature must verify with the certificate it names: a broken token is refused here. */
function verifyTokenSignature(buf: Buffer, signerInfos: Node, certificates: Node | undefined, eContent: Buffer): void {
  const signer = children(buf, expect(children(buf, signerInfos)[0], TAG.SEQUENCE, 'SignerInfo'));
  // SignerInfo ::= SEQUENCE { version, sid, digestAlgorithm, [0] signedAttrs, signatureAlgorithm, signature, ... }
  const sid = expect(signer[1], TAG.SEQUENCE, 'issuerAndSerialNumber');
  const digestOid = bytes(
    buf,
    expect(children(buf, expect(signer[2], TAG.SEQUENCE, 'digestAlgorithm'))[0], TAG.OID, 'digestAlgorithm'),
  ).toString('hex');
  const attrs = expect(signer[3], 0xa0, 'signed attributes');
  const signature = content(buf, expect(signer[5], TAG.OCTET_STRING, 'signature'));
  const digestName = DIGEST_NAMES.get(digestOid);
  if (!digestName) throw new TimestampError('the time-stamp token uses an unsupported digest algorithm');

  const mdOid = oid(OID.messageDigest);
  const mdAttr = children(buf, attrs).find((a) => bytes(buf, children(buf, a)[0]!).equals(mdOid));
  const md = mdAttr && children(buf, children(buf, mdAttr)[1]!)[0];
  if (!md || !content(buf, md).equals(createHash(digestName).update(eContent).digest())) {
    throw new TimestampError('the time-stamp token signature does not match its content');
  }

  const [issuer, serial] = children(buf, sid);
  const issuerBytes = bytes(buf, issuer!);
  const serialBytes = bytes(buf, serial!);
  const cert = certificates
    ? children(buf, certificates).find((c) => {
        const tbs = children(buf, children(buf, c)[0]!);
        const offset = tbs[0]?.tag === 0xa0 ? 1 : 0; // optional [0] version
        return bytes(buf, tbs[offset]!).equals(serialBytes) && bytes(buf, tbs[offset + 2]!).equals(issuerBytes);
      })
    : undefined;
  if (!cert) throw new TimestampError('the time-stamp token does not include its signing certificate');

  const signedAttrs = Buffer.from(bytes(buf, attrs));
  signedAttrs[0] = 0x31; // signed as a SET OF, stored as [0]
  if (!cryptoVerify(digestName, signedAttrs, publicKeyOf(bytes(buf, cert)), signature)) {
    throw new TimestampError('the time-stamp token signature is invalid');
  }
}

interface AuthorityCertificate {
  key: KeyObject;
  notBefore: Date;
  notAfter: Date;
  timeStamping: boolean;
}

/** The authority's certificate is the same on every reply: it is parsed once. */
const certificateCache = new Map<string, AuthorityCertificate>();
function publicKeyOf(certDer: Buffer): KeyObject {
  const id = createHash('sha256').update(certDer).digest('hex');
  let cert = certificateCache.get(id);
  if (!cert) {
    try {
      const x509 = new X509Certificate(certDer);
      cert = {
        key: x509.publicKey,
        notBefore: new Date(x509.validFrom),
        notAfter: new Date(x509.validTo),
        timeStamping: (x509.keyUsage ?? []).includes(TIME_STAMPING),
      };
    } catch {
      throw new TimestampError('the time-stamp token carries an unreadable certificate');
    }
    if (certificateCache.size > 32) certificateCache.clear();
    certificateCache.set(id, cert);
  }
  // RFC 3161 §2.3: the signing certificate must be for time-stamping, and valid now.
  if (!cert.timeStamping)
    throw new TimestampError('the time-stamp token was signed by a certificate not meant for time-stamping');
  const now = new Date();
  if (now < cert.notBefore || now > cert.notAfter)
    throw new TimestampError('the time-stamping authority certificate is not valid now');
  return cert.key;
}

function integerValue(buf: Buffer, node: Node): number {
  const c = content(buf, node);
  if (c.length > 4) throw new DerError('integer too large');
  return c.reduce((v, b) => v * 256 + b, 0);
}

function stripSign(bytesValue: Buffer): Buffer {
  return bytesValue.length > 1 && bytesValue[0] === 0 ? bytesValue.subarray(1) : bytesValue;
}
