/**
 * What long-term validation needs to know about a certificate: who issued it, where its
 * revocation status and its issuer's certificate are published (CRL distribution points, AIA),
 * and the certificates a time-stamp token carries. Parsed with PKI.js once per certificate.
 */
import { createHash } from 'node:crypto';
import * as pkijs from 'pkijs';
import { toArrayBuffer } from '../pades/cms.js';
import * as der from '../pades/der.js';

export interface ParsedCertificate {
  der: Buffer;
  cert: pkijs.Certificate;
  /** SHA-256 of the DER, hex: identity for caches and de-duplication. */
  id: string;
  subject: string;
  serial: string;
  selfSigned: boolean;
  ocspUrls: string[];
  crlUrls: string[];
  caIssuersUrls: string[];
}

const AIA = '1.3.6.1.5.5.7.1.1';
const CRL_DP = '2.5.29.31';
const OCSP_ACCESS = '1.3.6.1.5.5.7.48.1';
const CA_ISSUERS_ACCESS = '1.3.6.1.5.5.7.48.2';
const URI = 6;

const parsed = new Map<string, ParsedCertificate>();

export function parseCertificate(der: Uint8Array): ParsedCertificate {
  const id = createHash('sha256').update(der).digest('hex');
  const known = parsed.get(id);
  if (known) return known;
  const cert = pkijs.Certificate.fromBER(toArrayBuffer(der));
  const ext = (oid: string) => cert.extensions?.find((e) => e.extnID === oid)?.parsedValue as unknown;
  const aia = ext(AIA) as pkijs.InfoAccess | undefined;
  const access = (method: string) =>
    (aia?.accessDescriptions ?? [])
      .filter((d) => d.accessMethod === method && d.accessLocation.type === URI)
      .map((d) => String(d.accessLocation.value));
  const dps = ext(CRL_DP) as pkijs.CRLDistributionPoints | undefined;
  const crlUrls = (dps?.distributionPoints ?? []).flatMap((dp) =>
    Array.isArray(dp.distributionPoint)
      ? dp.distributionPoint.filter((n) => n.type === URI).map((n) => String(n.value))
      : [],
  );
  const subjectDer = Buffer.from(cert.subject.toSchema().toBER(false));
  const issuerDer = Buffer.from(cert.issuer.toSchema().toBER(false));
  const result: ParsedCertificate = {
    der: Buffer.from(der),
    cert,
    id,
    subject: cert.subject.typesAndValues
      .map((tv) => String(tv.value.valueBlock.value))
      .reverse()
      .join(', '),
    serial: Buffer.from(cert.serialNumber.valueBlock.valueHexView).toString('hex').toUpperCase(),
    selfSigned: subjectDer.equals(issuerDer),
    ocspUrls: access(OCSP_ACCESS).filter(isHttp),
    crlUrls: crlUrls.filter(isHttp),
    caIssuersUrls: access(CA_ISSUERS_ACCESS).filter(isHttp),
  };
  if (parsed.size > 1000) parsed.clear();
  parsed.set(id, result);
  return result;
}

const issuedByCache = new Map<string, boolean>();

/** True when `issuer` issued `cert`: names match and the signature verifies with its key (remembered). */
export async function issuedBy(cert: ParsedCertificate, issuer: ParsedCertificate): Promise<boolean> {
  const key = `${cert.id}:${issuer.id}`;
  const known = issuedByCache.get(key);
  if (known !== undefined) return known;
  let result = false;
  if (
    Buffer.from(cert.cert.issuer.toSchema().toBER(false)).equals(
      Buffer.from(issuer.cert.subject.toSchema().toBER(false)),
    )
  ) {
    result = await cert.cert.verify(issuer.cert).catch(() => false);
  }
  if (issuedByCache.size > 1000) issuedByCache.clear();
  issuedByCache.set(key, result);
  return result;
}

/**
 * The certificates and generation time of an RFC 3161 token (ContentInfo of SignedData over
 * TSTInfo), read with the DER walker: a full PKI.js parse of the token cost ~10 ms per signature.
 */
export function readTimestampToken(token: Uint8Array): { certificates: Buffer[]; genTime: Date } {
  const contentInfo = der.expect(der.read(token, 0), der.TAG.SEQUENCE, 'ContentInfo');
  const explicit = der.expect(der.children(token, contentInfo)[1], 0xa0, 'ContentInfo content');
  const signedData = der.expect(der.children(token, explicit)[0], der.TAG.SEQUENCE, 'SignedData');
  const parts = der.children(token, signedData);
  const encap = der.expect(parts[2], der.TAG.SEQUENCE, 'encapContentInfo');
  const eContent = der.expect(der.children(token, encap)[1], 0xa0, 'eContent');
  const octets = der.expect(der.children(token, eContent)[0], der.TAG.OCTET_STRING, 'TSTInfo octets');
  const tstInfo = der.content(token, octets);
  const fields = der.children(tstInfo, der.expect(der.read(tstInfo, 0), der.TAG.SEQUENCE, 'TSTInfo'));
  const genTime = parseGeneralizedTime(der.content(tstInfo, der.expect(fields[4], 0x18, 'genTime')).toString('latin1'));
  const certSet = parts.find((p) => p.tag === 0xa0);
  const certificates = certSet
    ? der
        .children(token, certSet)
        .filter((c) => c.tag === der.TAG.SEQUENCE)
        .map((c) => Buffer.from(der.bytes(token, c)))
    : [];
  return { certificates, genTime };
}

const SIGNATURE_TIME_STAMP_TOKEN = der.oid('1.2.840.113549.1.9.16.2.14');

/**
 * What a CMS signature (or an RFC 3161 token, itself a CMS) needs validation data for: its
 * certificates grouped in chains, leaf first — the signer's, and the time-stamp authority's of
 * each signature-time-stamp token it carries.
 */
export function cmsChains(cms: Uint8Array): Buffer[][] {
  const contentInfo = der.expect(der.read(cms, 0), der.TAG.SEQUENCE, 'ContentInfo');
  const explicit = der.expect(der.children(cms, contentInfo)[1], 0xa0, 'ContentInfo content');
  const signedData = der.expect(der.children(cms, explicit)[0], der.TAG.SEQUENCE, 'SignedData');
  const parts = der.children(cms, signedData);
  const certSet = parts.find((p) => p.tag === 0xa0);
  const certificates = certSet
    ? der
        .children(cms, certSet)
        .filter((c) => c.tag === der.TAG.SEQUENCE)
        .map((c) => Buffer.from(der.bytes(cms, c)))
    : [];
  const chains = leafFirst(certificates);
  const signerInfos = parts[parts.length - 1];
  for (const signerInfo of signerInfos && signerInfos.tag === der.TAG.SET ? der.children(cms, signerInfos) : []) {
    const unsigned = der.children(cms, signerInfo).find((n) => n.tag === 0xa1);
    for (const attribute of unsigned ? der.children(cms, unsigned) : []) {
      const [type, values] = der.children(cms, attribute);
      if (!type || !values || !der.bytes(cms, type).equals(SIGNATURE_TIME_STAMP_TOKEN)) continue;
      for (const token of der.children(cms, values))
        chains.push(...leafFirst(readTimestampToken(der.bytes(cms, token)).certificates));
    }
  }
  return chains;
}

/** Certificates as chains: each one that issued none of the others starts one, with all as candidates. */
function leafFirst(certificates: Buffer[]): Buffer[][] {
  const parsed = certificates.map(parseCertificate);
  const names = (c: ParsedCertificate) => ({
    subject: Buffer.from(c.cert.subject.toSchema().toBER(false)),
    issuer: Buffer.from(c.cert.issuer.toSchema().toBER(false)),
  });
  const leaves = parsed.filter(
    (c) => !c.selfSigned && !parsed.some((o) => o !== c && names(o).issuer.equals(names(c).subject)),
  );
  return leaves.map((leaf) => [leaf.der, ...parsed.filter((c) => c !== leaf).map((c) => c.der)]);
}

/** YYYYMMDDHHMMSS[.f…]Z (RFC 3161 requires UTC). */
function parseGeneralizedTime(text: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/.exec(text);
  if (!m) throw new der.DerError(`genTime "${text}" is not a UTC GeneralizedTime`);
  const ms = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, ms));
}

function isHttp(url: string): boolean {
  return /^https?:\/\//i.test(url);
}
