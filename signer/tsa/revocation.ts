/**
 * Revocation services of the development PKI, served by the development TSA process next to the
 * time-stamps: an RFC 6960 OCSP responder, one CRL per CA (RFC 5280) and the CA certificates
 * (caIssuers). Everything is built and signed with PKI.js; the CA keys sign their own responses
 * (no delegated responder, so a validator needs no revocation data for the responder itself).
 * Revocations come from `<pki>/revoked.json` (signer/admin/revoke.ts), re-read when it changes.
 */
import { createHash, webcrypto } from 'node:crypto';
import { stat } from 'node:fs/promises';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { devPkiPaths, loadNamed, readRevoked, type DevCa, type Named, type RevokedEntry } from '../dev-pki.js';
import { toArrayBuffer } from '../pades/cms.js';

/** How long a response is good for: validators take nextUpdate − thisUpdate as its freshness. */
const VALIDITY_MS = 24 * 60 * 60 * 1000;
const OCSP_BASIC = '1.3.6.1.5.5.7.48.1.1';
const OCSP_NONCE = '1.3.6.1.5.5.7.48.1.2';
const CRL_NUMBER = '2.5.29.20';
const HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** OCSPResponseStatus (RFC 6960 §4.2.1). */
const STATUS = { successful: 0, malformedRequest: 1, internalError: 2, unauthorized: 6 } as const;

interface Authority {
  name: DevCa;
  ca: Named;
  der: Buffer;
  signingKey: webcrypto.CryptoKey;
  /** Issuer name and key hashes per hash algorithm, to match a request's CertID. */
  ids: Map<string, { nameHash: Buffer; keyHash: Buffer }>;
}

export class RevocationServices {
  private revoked: { stamp: string; entries: RevokedEntry[] } = { stamp: '', entries: [] };

  private constructor(
    private readonly authorities: Authority[],
    private readonly revokedFile: string,
  ) {}

  static async load(pkiDir: string): Promise<RevocationServices> {
    const authorities: Authority[] = [];
    for (const name of ['ca', 'signing-ca'] as const) {
      const ca = await loadNamed(pkiDir, name);
      if (!ca) throw new Error(`dev PKI in ${pkiDir} has no ${name}`);
      const pkcs8 = ca.key.export({ format: 'der', type: 'pkcs8' });
      const signingKey = await webcrypto.subtle.importKey(
        'pkcs8',
        pkcs8,
        { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
        false,
        ['sign'],
      );
      const nameDer = Buffer.from(ca.cert.subject.toSchema().toBER(false));
      const keyBits = ca.cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
      const ids = new Map<string, { nameHash: Buffer; keyHash: Buffer }>();
      for (const [oid, hash] of Object.entries(HASHES)) {
        ids.set(oid, {
          nameHash: createHash(hash).update(nameDer).digest(),
          keyHash: createHash(hash).update(keyBits).digest(),
        });
      }
      authorities.push({ name, ca, der: Buffer.from(ca.cert.toSchema(true).toBER(false)), signingKey, ids });
    }
    return new RevocationServices(authorities, devPkiPaths(pkiDir).revokedFile);
  }

  /** DER of a CA certificate (`/certs/<ca>.cer`), or undefined for an unknown name. */
  caCertificate(name: string): Buffer | undefined {
    return this.authorities.find((a) => a.name === name)?.der;
  }

  /** A freshly signed CRL of `name` (`/crl/<ca>.crl`), or undefined for an unknown name. */
  async crl(name: string, now = new Date()): Promise<Buffer | undefined> {
    const authority = this.authorities.find((a) => a.name === name);
    if (!authority) return undefined;
    const thisUpdate = wholeSeconds(now);
    const revoked = (await this.revokedEntries()).filter((e) => e.issuer === authority.name);
    const crl = new pkijs.CertificateRevocationList({
      version: 1,
      issuer: authority.ca.cert.subject,
      thisUpdate: new pkijs.Time({ type: 0, value: thisUpdate }),
      nextUpdate: new pkijs.Time({ type: 0, value: new Date(thisUpdate.getTime() + VALIDITY_MS) }),
      crlExtensions: new pkijs.Extensions({
        extensions: [
          authorityKeyIdentifier(authority),
          // A CRL number that grows with time: every CRL of this issuer gets a larger one.
          new pkijs.Extension({
            extnID: CRL_NUMBER,
            critical: false,
            extnValue: new asn1js.Integer({ value: Math.floor(thisUpdate.getTime() / 1000) }).toBER(false),
          }),
        ],
      }),
    });
    if (revoked.length) {
      crl.revokedCertificates = revoked.map(
        (e) =>
          new pkijs.RevokedCertificate({
            userCertificate: serialInteger(e.serial),
            revocationDate: new pkijs.Time({ type: 0, value: new Date(e.revokedAt) }),
          }),
      );
    }
    await crl.sign(authority.signingKey, 'SHA-256');
    return Buffer.from(crl.toSchema(true).toBER(false));
  }

  /** Answers a DER OCSPRequest with a DER OCSPResponse (always a response, never a throw). */
  async ocsp(requestDer: Uint8Array, now = new Date()): Promise<Buffer> {
    let request: pkijs.OCSPRequest;
    try {
      request = pkijs.OCSPRequest.fromBER(toArrayBuffer(requestDer));
    } catch {
      return failure(STATUS.malformedRequest);
    }
    const requests = request.tbsRequest.requestList;
    if (requests.length === 0) return failure(STATUS.malformedRequest);
    const matched = requests.map((r) => ({ certID: r.reqCert, authority: this.authorityOf(r.reqCert) }));
    // One signature per response: every CertID must be of the same CA (clients ask one at a time).
    const authority = matched[0]!.authority;
    if (!authority || matched.some((m) => m.authority !== authority)) return failure(STATUS.unauthorized);

    const revoked = await this.revokedEntries();
    const thisUpdate = wholeSeconds(now);
    const nextUpdate = new Date(thisUpdate.getTime() + VALIDITY_MS);
    const responses = matched.map(({ certID }) => {
      const serial = Buffer.from(certID.serialNumber.valueBlock.valueHexView)
        .toString('hex')
        .toUpperCase()
        .replace(/^(00)+(?=.)/, '');
      const entry = revoked.find((e) => e.issuer === authority.name && e.serial.replace(/^(00)+(?=.)/, '') === serial);
      return new pkijs.SingleResponse({
        certID,
        certStatus: entry ? revokedStatus(new Date(entry.revokedAt)) : goodStatus(),
        thisUpdate,
        nextUpdate,
      });
    });
    const nonce = request.tbsRequest.requestExtensions?.find((e) => e.extnID === OCSP_NONCE);
    const basic = new pkijs.BasicOCSPResponse({
      tbsResponseData: new pkijs.ResponseData({
        responderID: authority.ca.cert.subject,
        producedAt: thisUpdate,
        responses,
        ...(nonce ? { responseExtensions: [nonce] } : {}),
      }),
      // The responder is the CA itself; its certificate is included for clients without it.
      certs: [authority.ca.cert],
    });
    await basic.sign(authority.signingKey, 'SHA-256');
    const response = new pkijs.OCSPResponse({
      responseStatus: new asn1js.Enumerated({ value: STATUS.successful }),
      responseBytes: new pkijs.ResponseBytes({
        responseType: OCSP_BASIC,
        response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER(false) }),
      }),
    });
    return Buffer.from(response.toSchema().toBER(false));
  }

  private authorityOf(certID: pkijs.CertID): Authority | undefined {
    const ids = (a: Authority) => a.ids.get(certID.hashAlgorithm.algorithmId);
    const nameHash = Buffer.from(certID.issuerNameHash.valueBlock.valueHexView);
    const keyHash = Buffer.from(certID.issuerKeyHash.valueBlock.valueHexView);
    return this.authorities.find((a) => ids(a)?.nameHash.equals(nameHash) && ids(a)?.keyHash.equals(keyHash));
  }

  private async revokedEntries(): Promise<RevokedEntry[]> {
    const s = await stat(this.revokedFile).catch(() => undefined);
    const stamp = s ? `${s.ino}:${s.size}:${s.mtimeMs}` : 'none';
    if (stamp !== this.revoked.stamp) this.revoked = { stamp, entries: s ? await readRevoked(this.revokedFile) : [] };
    return this.revoked.entries;
  }
}

function failure(status: number): Buffer {
  return Buffer.from(
    new pkijs.OCSPResponse({ responseStatus: new asn1js.Enumerated({ value: status }) }).toSchema().toBER(false),
  );
}

/** CertStatus good: [0] IMPLICIT NULL. */
function goodStatus(): asn1js.Primitive {
  return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } });
}

/** CertStatus revoked: [1] IMPLICIT RevokedInfo { revocationTime GeneralizedTime }. */
function revokedStatus(at: Date): asn1js.Constructed {
  return new asn1js.Constructed({
    idBlock: { tagClass: 3, tagNumber: 1 },
    value: [new asn1js.GeneralizedTime({ valueDate: wholeSeconds(at) })],
  });
}

function authorityKeyIdentifier(authority: Authority): pkijs.Extension {
  const ski = authority.ca.cert.extensions?.find((e) => e.extnID === '2.5.29.14');
  const keyId = ski ? (asn1js.fromBER(ski.extnValue.valueBlock.valueHexView).result as asn1js.OctetString) : undefined;
  const aki = new pkijs.AuthorityKeyIdentifier({
    keyIdentifier: new asn1js.OctetString({
      valueHex: keyId?.valueBlock.valueHexView.slice().buffer ?? new ArrayBuffer(0),
    }),
  });
  return new pkijs.Extension({ extnID: '2.5.29.35', critical: false, extnValue: aki.toSchema().toBER(false) });
}

function serialInteger(hex: string): asn1js.Integer {
  return new asn1js.Integer({ valueHex: toArrayBuffer(Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex')) });
}

function wholeSeconds(d: Date): Date {
  return new Date(Math.floor(d.getTime() / 1000) * 1000);
}
