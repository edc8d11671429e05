/**
 * RFC 3161 time-stamp responses: parses a TimeStampReq (PKI.js) and answers a TimeStampResp
 * whose token is a CMS SignedData over a TSTInfo, signed by the TSA certificate with the ESS
 * signing-certificate-v2 attribute (RFC 5816, which `openssl ts -verify` checks). Malformed
 * requests get a rejection, never a token.
 */
import { createHash, createPrivateKey, randomBytes, sign as cryptoSign, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { prepareIdentity, toArrayBuffer, type SignerIdentity } from '../pades/cms.js';
import {
  TAG,
  context,
  generalizedTime,
  octetString,
  oid,
  sequence,
  setOf,
  smallInteger,
  tlv,
  unsignedInteger,
  utcTime,
} from '../pades/der.js';
import { DIGESTS, OID } from '../pades/oids.js';

/** The dev TSA's policy: a UUID-derived OID (ITU-T X.667), unique without registration. */
export const DEV_TSA_POLICY = '2.25.250342597074520041904703890404886803389';

/** PKIFailureInfo bits (RFC 3161 §2.4.2). */
const FAIL = { badAlg: 0, badRequest: 2, badDataFormat: 5, unacceptedPolicy: 15 } as const;
const SHA256_ALGORITHM = sequence(oid(OID.sha256));

export class TimestampResponder {
  private readonly identity: SignerIdentity;

  constructor(
    private readonly certificateDer: Buffer,
    key: KeyObject,
    private readonly policy = DEV_TSA_POLICY,
  ) {
    this.identity = prepareIdentity(key, [certificateDer]);
  }

  static async load(certPath: string, keyPath: string): Promise<TimestampResponder> {
    const pem = await readFile(certPath, 'utf8');
    const der = Buffer.from(pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, ''), 'base64');
    return new TimestampResponder(der, createPrivateKey(await readFile(keyPath, 'utf8')));
  }

  /** Answers a DER TimeStampReq with a DER TimeStampResp (granted or rejected). */
  respond(requestDer: Uint8Array, now = new Date()): Buffer {
    let request: pkijs.TimeStampReq;
    try {
      const parsed = asn1js.fromBER(toArrayBuffer(requestDer));
      if (parsed.offset === -1) throw new Error('not BER');
      request = new pkijs.TimeStampReq({ schema: parsed.result });
    } catch {
      return rejection(FAIL.badDataFormat, 'request is not a DER TimeStampReq');
    }
    if (request.version !== 1) return rejection(FAIL.badRequest, 'unsupported request version');
    const mi = request.messageImprint;
    const digest = DIGESTS[mi.hashAlgorithm.algorithmId];
    if (!digest) return rejection(FAIL.badAlg, 'unsupported hash algorithm (use SHA-256, SHA-384 or SHA-512)');
    if (mi.hashedMessage.valueBlock.valueHexView.byteLength !== digest.length)
      return rejection(FAIL.badDataFormat, 'hash length does not match its algorithm');
    if (request.reqPolicy && request.reqPolicy !== this.policy)
      return rejection(FAIL.unacceptedPolicy, 'unknown policy');

    const genTime = new Date(Math.floor(now.getTime() / 1000) * 1000);
    const tstInfo = sequence(
      smallInteger(1),
      oid(this.policy),
      Buffer.from(mi.toSchema().toBER(false)),
      unsignedInteger(randomBytes(16)),
      generalizedTime(genTime),
      sequence(smallInteger(1)), // accuracy: 1 second
      ...(request.nonce ? [Buffer.from(request.nonce.toBER(false))] : []),
    );
    const signedAttrs = setOf([
      sequence(oid(OID.contentType), tlv(TAG.SET, oid(OID.tstInfo))),
      sequence(oid(OID.signingTime), tlv(TAG.SET, utcTime(genTime))),
      sequence(oid(OID.messageDigest), tlv(TAG.SET, octetString(createHash('sha256').update(tstInfo).digest()))),
      this.identity.encoded.essAttribute,
    ]);
    const signature = cryptoSign('sha256', signedAttrs, this.identity.key);
    const implicitAttrs = Buffer.from(signedAttrs);
    implicitAttrs[0] = 0xa0;
    const signerInfo = sequence(
      smallInteger(1),
      this.identity.encoded.sid,
      SHA256_ALGORITHM,
      implicitAttrs,
      this.identity.encoded.signatureAlgorithm,
      octetString(signature),
    );
    const signedData = sequence(
      smallInteger(3), // eContentType is not id-data (RFC 5652 §5.1)
      tlv(TAG.SET, SHA256_ALGORITHM),
      sequence(oid(OID.tstInfo), context(0, octetString(tstInfo))),
      ...(request.certReq ? [context(0, this.certificateDer)] : []),
      tlv(TAG.SET, signerInfo),
    );
    const token = sequence(oid(OID.signedData), context(0, signedData));
    return sequence(sequence(smallInteger(0)), token);
  }
}

function rejection(failBit: number, text: string): Buffer {
  const bits = new Uint8Array((failBit >> 3) + 1);
  bits[failBit >> 3] = 0x80 >> (failBit & 7);
  const failInfo = tlv(TAG.BIT_STRING, Buffer.from([7 - (failBit & 7)]), bits);
  const statusStrings = sequence(tlv(0x0c, Buffer.from(text, 'utf8')));
  return sequence(sequence(smallInteger(2), statusStrings, failInfo));
}
