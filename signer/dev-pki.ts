/**
 * A throwaway public-key infrastructure for development and tests, generated on first start
 * and never committed: a root CA, an intermediate CA that issues tenant signing certificates
 * (so signatures must carry their chain), a time-stamping certificate with the critical
 * timeStamping extended key usage, and one PKCS#12 per tenant with a random password.
 *
 *   <dir>/ca.pem                      root CA certificate (the trust anchor for validators)
 *   <dir>/signing-ca.pem, .key.pem    intermediate CA
 *   <dir>/tsa.pem, tsa.key.pem        time-stamping authority
 *   <dir>/certs/<tenant>.p12          tenant signing credentials (CERTS_DIR)
 *   <dir>/certs/passwords.json        {"<tenant>": "<password>"} (CERT_PASSWORDS_FILE)
 *   <dir>/revocation.json             {"baseUrl"}: where the certificates say OCSP, CRLs and issuers are
 *   <dir>/revoked.json                revoked certificates, read by the OCSP responder and CRLs
 *
 * Every certificate but the root carries a CRL distribution point and an authority information
 * access (OCSP and caIssuers) under `baseUrl`, served by the development TSA process
 * (signer/tsa/revocation.ts). That process binds the PKI to its own URL when it starts: when
 * the URL changes, the intermediate, TSA and tenant certificates are reissued (same CA keys).
 *
 * Certificates are built with PKI.js and signed with Node's crypto; node-forge is used only to
 * write the PKCS#12 container, the format it handles best.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  randomBytes,
  sign as cryptoSign,
  type KeyObject,
} from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import * as pkijs from 'pkijs';
import { readPkcs12 } from './certificates/pkcs12.js';
import { toArrayBuffer } from './pades/cms.js';
import { OID } from './pades/oids.js';

export interface DevPki {
  dir: string;
  /** Root CA certificate (PEM): give it to validators as the trust anchor. */
  caCertPath: string;
  signingCaCertPath: string;
  tsaCertPath: string;
  tsaKeyPath: string;
  /** The signer's CERTS_DIR. */
  certsDir: string;
  /** The signer's CERT_PASSWORDS_FILE. */
  passwordsFile: string;
  tenants: Record<string, { p12Path: string; password: string }>;
  /** Where the certificates point for OCSP, CRLs and issuer certificates. */
  revocationUrl: string;
  revokedFile: string;
}

/** The certificate authorities of the dev PKI, by file base name. */
export type DevCa = 'ca' | 'signing-ca';

/** A revoked certificate as the OCSP responder and the CRLs see it. */
export interface RevokedEntry {
  issuer: DevCa;
  /** Upper-case hex, as in the certificate. */
  serial: string;
  revokedAt: string;
  subject?: string;
}

/** The dev revocation services' URLs under `baseUrl` (the TSA process's own URL). */
export function revocationUrls(baseUrl: string, issuer: DevCa): { ocsp: string; crl: string; caIssuers: string } {
  const base = baseUrl.replace(/\/+$/, '');
  return { ocsp: `${base}/ocsp`, crl: `${base}/crl/${issuer}.crl`, caIssuers: `${base}/certs/${issuer}.cer` };
}

/** Before the TSA has bound the PKI to its URL: where `npm start` runs it. */
function defaultRevocationUrl(): string {
  return `http://127.0.0.1:${process.env.TSA_PORT || 3300}`;
}

const DAY = 24 * 60 * 60 * 1000;
const generateRsa = promisify(generateKeyPair);

export interface Named {
  cert: pkijs.Certificate;
  key: KeyObject;
  pem: string;
}

export function devPkiPaths(dir: string): Omit<DevPki, 'tenants' | 'revocationUrl'> {
  return {
    dir,
    caCertPath: path.join(dir, 'ca.pem'),
    signingCaCertPath: path.join(dir, 'signing-ca.pem'),
    tsaCertPath: path.join(dir, 'tsa.pem'),
    tsaKeyPath: path.join(dir, 'tsa.key.pem'),
    certsDir: path.join(dir, 'certs'),
    passwordsFile: path.join(dir, 'certs', 'passwords.json'),
    revokedFile: path.join(dir, 'revoked.json'),
  };
}

const revocationStateFile = (dir: string) => path.join(dir, 'revocation.json');

async function storedRevocationUrl(dir: string): Promise<string | undefined> {
  try {
    const parsed = JSON.parse(await readFile(revocationStateFile(dir), 'utf8')) as { baseUrl?: unknown };
    return typeof parsed.baseUrl === 'string' ? parsed.baseUrl : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Creates whatever is missing (idempotent; safe when two processes start at once).
 * `revocationUrl` (the TSA process's URL) binds the certificates to it, reissuing them when it
 * changed; without it the URL already bound is kept.
 */
export async function ensureDevPki(options: {
  dir: string;
  tenants: string[];
  revocationUrl?: string;
}): Promise<DevPki> {
  const dir = path.resolve(options.dir);
  const paths = devPkiPaths(dir);
  await mkdir(paths.certsDir, { recursive: true, mode: 0o700 });
  return withLock(dir, async () => {
    const bound = await storedRevocationUrl(dir);
    const revocationUrl = options.revocationUrl ?? bound ?? defaultRevocationUrl();
    // Certificates made before this URL (or before there were URLs) are reissued.
    const rebind = bound !== revocationUrl;
    const root = await loadOrCreate(dir, 'ca', false, async () => {
      const key = await newKey();
      const cert = buildCertificate({
        subject: { CN: 'expediente Dev Root CA', O: 'expediente (development only)', C: 'AR' },
        publicKey: key.publicKey,
        signingKey: key.privateKey,
        validDays: 3650,
        extensions: caExtensions(key.publicKey, undefined, 1),
      });
      return { cert, key: key.privateKey };
    });
    const signingCa = await loadOrCreate(dir, 'signing-ca', rebind, async (existingKey) => {
      const key = existingKey ? { privateKey: existingKey, publicKey: createPublicKey(existingKey) } : await newKey();
      const cert = buildCertificate({
        subject: { CN: 'expediente Dev Signing CA', O: 'expediente (development only)', C: 'AR' },
        issuer: root,
        publicKey: key.publicKey,
        signingKey: root.key,
        validDays: 3650,
        extensions: [...caExtensions(key.publicKey, root, 0), ...revocationExtensions(revocationUrl, 'ca')],
      });
      return { cert, key: key.privateKey };
    });
    await loadOrCreate(dir, 'tsa', rebind, async (existingKey) => {
      const key = existingKey ? { privateKey: existingKey, publicKey: createPublicKey(existingKey) } : await newKey();
      const cert = buildCertificate({
        subject: { CN: 'expediente Dev Time-Stamping Authority', O: 'expediente (development only)', C: 'AR' },
        issuer: root,
        publicKey: key.publicKey,
        signingKey: root.key,
        validDays: 1825,
        extensions: [
          ...leafExtensions(key.publicKey, root),
          extension('2.5.29.37', true, new pkijs.ExtKeyUsage({ keyPurposes: ['1.3.6.1.5.5.7.3.8'] }).toSchema()),
          ...revocationExtensions(revocationUrl, 'ca'),
        ],
      });
      return { cert, key: key.privateKey };
    });

    const passwords = await readPasswords(paths.passwordsFile);
    const tenants: DevPki['tenants'] = {};
    let changed = false;
    // On a rebind every tenant of the passwords file gets a certificate with the new URLs.
    const wanted = new Set([...options.tenants, ...(rebind ? Object.keys(passwords) : [])]);
    for (const tenant of wanted) {
      const p12Path = path.join(paths.certsDir, `${tenant}.p12`);
      const present = await exists(p12Path);
      if (rebind && !present && !options.tenants.includes(tenant)) continue;
      // A certificate installed from a real CA (cert:install) is never replaced.
      if (
        rebind &&
        present &&
        passwords[tenant] !== undefined &&
        !(await issuedByDevCa(p12Path, passwords[tenant], signingCa))
      )
        continue;
      if (!present || passwords[tenant] === undefined || rebind) {
        passwords[tenant] ??= randomBytes(18).toString('base64url');
        await writeTenantP12(p12Path, tenant, passwords[tenant], signingCa, root, { validDays: 730, revocationUrl });
        changed = true;
      }
      if (options.tenants.includes(tenant)) tenants[tenant] = { p12Path, password: passwords[tenant] };
    }
    if (changed) await writeAtomic(paths.passwordsFile, `${JSON.stringify(passwords, null, 2)}\n`, 0o600);
    if (rebind)
      await writeAtomic(revocationStateFile(dir), `${JSON.stringify({ baseUrl: revocationUrl }, null, 2)}\n`, 0o644);
    return { ...paths, tenants, revocationUrl };
  });
}

/**
 * Revokes the certificate currently in `<certsDir>/<tenant>.p12` (default: the PKI's own
 * folder): the OCSP responder answers `revoked` for it and the next CRL lists it.
 */
export async function revokeTenantCertificate(
  pki: Pick<DevPki, 'dir'>,
  options: { tenant: string; certsDir?: string; password?: string; at?: Date },
): Promise<RevokedEntry> {
  const paths = devPkiPaths(path.resolve(pki.dir));
  const certsDir = options.certsDir ?? paths.certsDir;
  const password = options.password ?? (await readPasswords(path.join(certsDir, 'passwords.json')))[options.tenant];
  if (password === undefined)
    throw new Error(`no password for tenant "${options.tenant}" in ${certsDir}/passwords.json`);
  const leaf = leafOf(readPkcs12(await readFile(path.join(certsDir, `${options.tenant}.p12`)), password));
  const signingCa = await loadNamed(paths.dir, 'signing-ca');
  if (!signingCa || !sameName(leaf.issuer, signingCa.cert.subject))
    throw new Error(`the certificate of "${options.tenant}" was not issued by this dev PKI`);
  return revokeCertificate(paths, {
    issuer: 'signing-ca',
    serial: Buffer.from(leaf.serialNumber.valueBlock.valueHexView).toString('hex').toUpperCase(),
    ...(options.at ? { at: options.at } : {}),
    subject: leaf.subject.typesAndValues
      .map((tv) => `${tv.type === '2.5.4.3' ? 'CN' : tv.type}=${tv.value.valueBlock.value}`)
      .find((x) => x.startsWith('CN=')),
  });
}

/**
 * Adds a certificate of the dev PKI to its revoked list by issuer and serial (idempotent): the
 * OCSP responder answers `revoked` for it at once and the next CRL lists it.
 */
export async function revokeCertificate(
  pki: Pick<DevPki, 'dir'>,
  options: { issuer: DevCa; serial: string; at?: Date; subject?: string | undefined },
): Promise<RevokedEntry> {
  const paths = devPkiPaths(path.resolve(pki.dir));
  const entry: RevokedEntry = {
    issuer: options.issuer,
    serial: options.serial.toUpperCase(),
    revokedAt: (options.at ?? new Date()).toISOString(),
    ...(options.subject !== undefined ? { subject: options.subject } : {}),
  };
  return withLock(paths.dir, async () => {
    const list = await readRevoked(paths.revokedFile);
    const already = list.find((e) => e.issuer === entry.issuer && e.serial === entry.serial);
    if (already) return already;
    list.push(entry);
    await writeAtomic(paths.revokedFile, `${JSON.stringify(list, null, 2)}\n`, 0o644);
    return entry;
  });
}

export async function readRevoked(file: string): Promise<RevokedEntry[]> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as unknown;
    return Array.isArray(parsed) ? (parsed as RevokedEntry[]) : [];
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

async function issuedByDevCa(p12Path: string, password: string, signingCa: Named): Promise<boolean> {
  try {
    return sameName(leafOf(readPkcs12(await readFile(p12Path), password)).issuer, signingCa.cert.subject);
  } catch {
    return false;
  }
}

/** The certificate of a PKCS#12's key (bags may come in any order). */
function leafOf(contents: { key: KeyObject; certificates: Buffer[] }): pkijs.Certificate {
  const spkiDer = spki(createPublicKey(contents.key));
  const certs = contents.certificates.map((der) => pkijs.Certificate.fromBER(der));
  return certs.find((c) => Buffer.from(c.subjectPublicKeyInfo.toSchema().toBER(false)).equals(spkiDer)) ?? certs[0]!;
}

function sameName(a: pkijs.RelativeDistinguishedNames, b: pkijs.RelativeDistinguishedNames): boolean {
  return Buffer.from(a.toSchema().toBER(false)).equals(Buffer.from(b.toSchema().toBER(false)));
}

/**
 * Issues a tenant PKCS#12 from the dev signing CA with a chosen validity window, written to
 * `file` (tests use it for expired and not-yet-valid certificates). The password is not
 * recorded anywhere.
 */
export async function issueTenantCertificate(
  pki: Pick<DevPki, 'dir'>,
  options: { tenant: string; file: string; password: string; notBefore?: Date; notAfter?: Date },
): Promise<void> {
  const root = await loadNamed(pki.dir, 'ca');
  const signingCa = await loadNamed(pki.dir, 'signing-ca');
  if (!root || !signingCa) throw new Error(`no dev PKI in ${pki.dir}`);
  const revocationUrl = (await storedRevocationUrl(pki.dir)) ?? defaultRevocationUrl();
  await writeTenantP12(options.file, options.tenant, options.password, signingCa, root, { ...options, revocationUrl });
}

/** Who a personal certificate names: CN full name, serialNumber "CUIT <digits>", O, C=AR. */
export interface PersonSubject {
  fullName: string;
  /** 11 digits, or null when unknown (no serialNumber attribute then). */
  cuit: string | null;
  organization: string;
}

export interface IssuedPersonCertificate {
  /** DER of the person's certificate. */
  certificate: Buffer;
  /** DER of the issuers, nearest first: the signing CA, then the root. */
  chain: Buffer[];
  /** Upper-case hex, as the revoked list and OCSP name it. */
  serial: string;
}

/**
 * Issues a person's signing certificate from the dev signing CA for `publicKey` (the remote
 * signing service keeps the private key): nonRepudiation (critical, with digitalSignature) and
 * the same CRL distribution point and AIA (OCSP, caIssuers) as tenant certificates, so
 * validators can check its revocation at the dev TSA process.
 */
export async function issuePersonCertificate(
  pki: Pick<DevPki, 'dir'>,
  options: { subject: PersonSubject; publicKey: KeyObject; validDays?: number; notBefore?: Date; notAfter?: Date },
): Promise<IssuedPersonCertificate> {
  const dir = path.resolve(pki.dir);
  const root = await loadNamed(dir, 'ca');
  const signingCa = await loadNamed(dir, 'signing-ca');
  if (!root || !signingCa) throw new Error(`no dev PKI in ${dir}`);
  const revocationUrl = (await storedRevocationUrl(dir)) ?? defaultRevocationUrl();
  const cert = buildCertificate({
    subject: { CN: options.subject.fullName, O: options.subject.organization, C: 'AR' },
    subjectName: buildPersonName(options.subject),
    issuer: signingCa,
    publicKey: options.publicKey,
    signingKey: signingCa.key,
    validDays: options.validDays ?? 730,
    notBefore: options.notBefore,
    notAfter: options.notAfter,
    extensions: [...leafExtensions(options.publicKey, signingCa), ...revocationExtensions(revocationUrl, 'signing-ca')],
  });
  const der = (c: pkijs.Certificate) => Buffer.from(c.toSchema(true).toBER(false));
  return {
    certificate: der(cert),
    chain: [der(signingCa.cert), der(root.cert)],
    serial: Buffer.from(cert.serialNumber.valueBlock.valueHexView).toString('hex').toUpperCase(),
  };
}

/** C, O, CN and (with a CUIT) serialNumber, one attribute per RDN, most general first. */
function buildPersonName(person: PersonSubject): pkijs.RelativeDistinguishedNames {
  const rdn = (type: string, value: asn1js.BaseBlock) =>
    new asn1js.Set({ value: [new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: type }), value] })] });
  const name = new asn1js.Sequence({
    value: [
      rdn('2.5.4.6', new asn1js.PrintableString({ value: 'AR' })),
      rdn('2.5.4.10', new asn1js.Utf8String({ value: person.organization })),
      rdn('2.5.4.3', new asn1js.Utf8String({ value: person.fullName })),
      // X.520 serialNumber is a PrintableString; the Argentine practice writes "CUIT <11 digits>".
      ...(person.cuit ? [rdn('2.5.4.5', new asn1js.PrintableString({ value: `CUIT ${person.cuit}` }))] : []),
    ],
  });
  return pkijs.RelativeDistinguishedNames.fromBER(name.toBER(false));
}

async function writeTenantP12(
  file: string,
  tenant: string,
  password: string,
  issuer: Named,
  root: Named,
  validity: { validDays?: number; notBefore?: Date | undefined; notAfter?: Date | undefined; revocationUrl: string },
): Promise<void> {
  const key = await newKey();
  const cert = buildCertificate({
    subject: { CN: `Municipio ${tenant} (firma de desarrollo)`, O: 'expediente (development only)', C: 'AR' },
    issuer,
    publicKey: key.publicKey,
    signingKey: issuer.key,
    validDays: validity.validDays ?? 730,
    notBefore: validity.notBefore,
    notAfter: validity.notAfter,
    extensions: [
      ...leafExtensions(key.publicKey, issuer),
      ...revocationExtensions(validity.revocationUrl, 'signing-ca'),
    ],
  });
  const forgeKey = forge.pki.privateKeyFromPem(key.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string);
  const chain = [toPem(cert), issuer.pem, root.pem].map((p) => forge.pki.certificateFromPem(p));
  const p12 = forge.pkcs12.toPkcs12Asn1(forgeKey, chain, password, {
    algorithm: 'aes256',
    friendlyName: tenant,
    count: 10_000,
  });
  await writeAtomic(file, Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), 0o600);
}

async function newKey(): Promise<{ publicKey: KeyObject; privateKey: KeyObject }> {
  return generateRsa('rsa', { modulusLength: 2048 });
}

interface NameParts {
  CN: string;
  O: string;
  C: string;
}

/** A Name with one attribute per RDN, most general first (PKI.js alone would make one multi-valued RDN). */
function buildName(n: NameParts): pkijs.RelativeDistinguishedNames {
  const rdn = (type: string, value: asn1js.BaseBlock) =>
    new asn1js.Set({ value: [new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: type }), value] })] });
  const name = new asn1js.Sequence({
    value: [
      rdn('2.5.4.6', new asn1js.PrintableString({ value: n.C })),
      rdn('2.5.4.10', new asn1js.Utf8String({ value: n.O })),
      rdn('2.5.4.3', new asn1js.Utf8String({ value: n.CN })),
    ],
  });
  return pkijs.RelativeDistinguishedNames.fromBER(name.toBER(false));
}

function buildCertificate(options: {
  subject: NameParts;
  /** A subject other than CN, O, C (a person's, with serialNumber); `subject` is then ignored. */
  subjectName?: pkijs.RelativeDistinguishedNames;
  issuer?: Named;
  publicKey: KeyObject;
  signingKey: KeyObject;
  validDays: number;
  notBefore?: Date | undefined;
  notAfter?: Date | undefined;
  extensions: pkijs.Extension[];
}): pkijs.Certificate {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  cert.serialNumber = new asn1js.Integer({ valueHex: toArrayBuffer(serial) });
  const subject = options.subjectName ?? buildName(options.subject);
  cert.subject = subject;
  cert.issuer = options.issuer ? options.issuer.cert.subject : subject;
  const notBefore = options.notBefore ?? new Date(Date.now() - 60 * 60 * 1000);
  const notAfter = options.notAfter ?? new Date(notBefore.getTime() + options.validDays * DAY);
  cert.notBefore = new pkijs.Time({ type: 0, value: notBefore });
  cert.notAfter = new pkijs.Time({ type: notAfter.getUTCFullYear() >= 2050 ? 1 : 0, value: notAfter });
  cert.extensions = options.extensions;
  cert.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(spki(options.publicKey));
  // RFC 4055: sha256WithRSAEncryption carries NULL parameters (PKI.js's own sign() omits them).
  const algorithm = () =>
    new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRSA, algorithmParams: new asn1js.Null() });
  cert.signature = algorithm();
  cert.signatureAlgorithm = algorithm();
  const tbs = Buffer.from(cert.encodeTBS().toBER(false));
  cert.tbsView = new Uint8Array(tbs);
  cert.signatureValue = new asn1js.BitString({
    valueHex: toArrayBuffer(cryptoSign('sha256', tbs, options.signingKey)),
  });
  return cert;
}

function spki(key: KeyObject): Buffer {
  return key.export({ format: 'der', type: 'spki' });
}

function keyIdentifier(publicKey: KeyObject): ArrayBuffer {
  // RFC 5280 §4.2.1.2 method 1: SHA-1 of the subjectPublicKey bits.
  const info = asn1js.fromBER(toArrayBuffer(spki(publicKey))).result as asn1js.Sequence;
  const bits = (info.valueBlock.value[1] as asn1js.BitString).valueBlock.valueHexView;
  return toArrayBuffer(createHash('sha1').update(bits).digest());
}

function extension(extnID: string, critical: boolean, value: asn1js.BaseBlock): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });
}

function keyUsage(bits: number, unusedBits: number): asn1js.BitString {
  return new asn1js.BitString({ valueHex: new Uint8Array([bits]).buffer, unusedBits });
}

function identifiers(publicKey: KeyObject, issuer: Named | undefined): pkijs.Extension[] {
  const ski = keyIdentifier(publicKey);
  const issuerSki = issuer ? keyIdentifier(publicKeyOf(issuer.cert)) : ski;
  return [
    extension('2.5.29.14', false, new asn1js.OctetString({ valueHex: ski })),
    extension(
      '2.5.29.35',
      false,
      new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: issuerSki }) }).toSchema(),
    ),
  ];
}

function publicKeyOf(cert: pkijs.Certificate): KeyObject {
  return createPublicKey({
    key: Buffer.from(cert.subjectPublicKeyInfo.toSchema().toBER(false)),
    format: 'der',
    type: 'spki',
  });
}

function caExtensions(publicKey: KeyObject, issuer: Named | undefined, pathLength: number): pkijs.Extension[] {
  return [
    extension('2.5.29.19', true, new pkijs.BasicConstraints({ cA: true, pathLenConstraint: pathLength }).toSchema()),
    extension('2.5.29.15', true, keyUsage(0x06, 1)), // keyCertSign, cRLSign
    ...identifiers(publicKey, issuer),
  ];
}

function leafExtensions(publicKey: KeyObject, issuer: Named): pkijs.Extension[] {
  return [
    extension('2.5.29.19', true, new pkijs.BasicConstraints({ cA: false }).toSchema()),
    extension('2.5.29.15', true, keyUsage(0xc0, 6)), // digitalSignature, nonRepudiation
    ...identifiers(publicKey, issuer),
  ];
}

const OCSP_ACCESS = '1.3.6.1.5.5.7.48.1';
const CA_ISSUERS_ACCESS = '1.3.6.1.5.5.7.48.2';
const URI = 6;

/** CRL distribution point and authority information access (OCSP, caIssuers) of `issuer`. */
function revocationExtensions(baseUrl: string, issuer: DevCa): pkijs.Extension[] {
  const urls = revocationUrls(baseUrl, issuer);
  const crlDp = new pkijs.CRLDistributionPoints({
    distributionPoints: [
      new pkijs.DistributionPoint({ distributionPoint: [new pkijs.GeneralName({ type: URI, value: urls.crl })] }),
    ],
  });
  const aia = new pkijs.InfoAccess({
    accessDescriptions: [
      new pkijs.AccessDescription({
        accessMethod: OCSP_ACCESS,
        accessLocation: new pkijs.GeneralName({ type: URI, value: urls.ocsp }),
      }),
      new pkijs.AccessDescription({
        accessMethod: CA_ISSUERS_ACCESS,
        accessLocation: new pkijs.GeneralName({ type: URI, value: urls.caIssuers }),
      }),
    ],
  });
  return [extension('2.5.29.31', false, crlDp.toSchema()), extension('1.3.6.1.5.5.7.1.1', false, aia.toSchema())];
}

export function toPem(cert: pkijs.Certificate): string {
  const b64 = Buffer.from(cert.toSchema(true).toBER(false)).toString('base64');
  return `-----BEGIN CERTIFICATE-----\n${b64.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
}

export function certificateFromPem(pem: string): pkijs.Certificate {
  const b64 = pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return pkijs.Certificate.fromBER(Buffer.from(b64, 'base64'));
}

export async function loadNamed(dir: string, base: string): Promise<Named | undefined> {
  try {
    const pem = await readFile(path.join(dir, `${base}.pem`), 'utf8');
    const keyPem = await readFile(path.join(dir, `${base}.key.pem`), 'utf8');
    return { cert: certificateFromPem(pem), key: createPrivateKey(keyPem), pem };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Loads `base`, creating it when missing — or reissuing it with its own key when `reissue`. */
async function loadOrCreate(
  dir: string,
  base: string,
  reissue: boolean,
  create: (existingKey: KeyObject | undefined) => Promise<{ cert: pkijs.Certificate; key: KeyObject }>,
): Promise<Named> {
  const existing = await loadNamed(dir, base);
  if (existing && !reissue) return existing;
  const { cert, key } = await create(existing?.key);
  const pem = toPem(cert);
  await writeAtomic(path.join(dir, `${base}.key.pem`), key.export({ format: 'pem', type: 'pkcs8' }) as string, 0o600);
  await writeAtomic(path.join(dir, `${base}.pem`), pem, 0o644);
  return { cert, key, pem };
}

async function readPasswords(file: string): Promise<Record<string, string>> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

export async function writeAtomic(file: string, data: string | Buffer, mode: number): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, data, { mode });
  await rename(tmp, file);
}

/** Serializes generation across processes with an exclusive lock file (stale after a minute). */
export async function withLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(dir, '.lock');
  const started = Date.now();
  for (;;) {
    try {
      const handle = await open(lock, 'wx');
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > 60_000) await rm(lock, { force: true });
      else if (Date.now() - started > 120_000) throw new Error(`timed out waiting for ${lock}`);
      else await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { force: true });
  }
}
