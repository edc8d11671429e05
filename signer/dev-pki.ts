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
 *
 * Certificates are built with PKI.js and signed with Node's crypto; node-forge is used only to
 * write the PKCS#12 container, the format it handles best.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPair, randomBytes, sign as cryptoSign, type KeyObject } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import * as pkijs from 'pkijs';
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
}

const DAY = 24 * 60 * 60 * 1000;
const generateRsa = promisify(generateKeyPair);

interface Named {
  cert: pkijs.Certificate;
  key: KeyObject;
  pem: string;
}

export function devPkiPaths(dir: string): Omit<DevPki, 'tenants'> {
  return {
    dir,
    caCertPath: path.join(dir, 'ca.pem'),
    signingCaCertPath: path.join(dir, 'signing-ca.pem'),
    tsaCertPath: path.join(dir, 'tsa.pem'),
    tsaKeyPath: path.join(dir, 'tsa.key.pem'),
    certsDir: path.join(dir, 'certs'),
    passwordsFile: path.join(dir, 'certs', 'passwords.json'),
  };
}

/** Creates whatever is missing (idempotent; safe when two processes start at once). */
export async function ensureDevPki(options: { dir: string; tenants: string[] }): Promise<DevPki> {
  const dir = path.resolve(options.dir);
  const paths = devPkiPaths(dir);
  await mkdir(paths.certsDir, { recursive: true, mode: 0o700 });
  return withLock(dir, async () => {
    const root = await loadOrCreate(dir, 'ca', async () => {
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
    const signingCa = await loadOrCreate(dir, 'signing-ca', async () => {
      const key = await newKey();
      const cert = buildCertificate({
        subject: { CN: 'expediente Dev Signing CA', O: 'expediente (development only)', C: 'AR' },
        issuer: root,
        publicKey: key.publicKey,
        signingKey: root.key,
        validDays: 3650,
        extensions: caExtensions(key.publicKey, root, 0),
      });
      return { cert, key: key.privateKey };
    });
    await loadOrCreate(dir, 'tsa', async () => {
      const key = await newKey();
      const cert = buildCertificate({
        subject: { CN: 'expediente Dev Time-Stamping Authority', O: 'expediente (development only)', C: 'AR' },
        issuer: root,
        publicKey: key.publicKey,
        signingKey: root.key,
        validDays: 1825,
        extensions: [
          ...leafExtensions(key.publicKey, root),
          extension('2.5.29.37', true, new pkijs.ExtKeyUsage({ keyPurposes: ['1.3.6.1.5.5.7.3.8'] }).toSchema()),
        ],
      });
      return { cert, key: key.privateKey };
    });

    const passwords = await readPasswords(paths.passwordsFile);
    const tenants: DevPki['tenants'] = {};
    let changed = false;
    for (const tenant of options.tenants) {
      const p12Path = path.join(paths.certsDir, `${tenant}.p12`);
      if (!(await exists(p12Path)) || passwords[tenant] === undefined) {
        passwords[tenant] = randomBytes(18).toString('base64url');
        await writeTenantP12(p12Path, tenant, passwords[tenant], signingCa, root, { validDays: 730 });
        changed = true;
      }
      tenants[tenant] = { p12Path, password: passwords[tenant] };
    }
    if (changed) await writeAtomic(paths.passwordsFile, JSON.stringify(passwords, null, 2) + '\n', 0o600);
    return { ...paths, tenants };
  });
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
  await writeTenantP12(options.file, options.tenant, options.password, signingCa, root, options);
}

async function writeTenantP12(
  file: string,
  tenant: string,
  password: string,
  issuer: Named,
  root: Named,
  validity: { validDays?: number; notBefore?: Date | undefined; notAfter?: Date | undefined },
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
    extensions: leafExtensions(key.publicKey, issuer),
  });
  const forgeKey = forge.pki.privateKeyFromPem(key.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string);
  const chain = [toPem(cert), issuer.pem, root.pem].map((p) => forge.pki.certificateFromPem(p));
  const p12 = forge.pkcs12.toPkcs12Asn1(forgeKey, chain, password, { algorithm: 'aes256', friendlyName: tenant, count: 10_000 });
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
  const subject = buildName(options.subject);
  cert.subject = subject;
  cert.issuer = options.issuer ? options.issuer.cert.subject : subject;
  const notBefore = options.notBefore ?? new Date(Date.now() - 60 * 60 * 1000);
  const notAfter = options.notAfter ?? new Date(notBefore.getTime() + options.validDays * DAY);
  cert.notBefore = new pkijs.Time({ type: 0, value: notBefore });
  cert.notAfter = new pkijs.Time({ type: notAfter.getUTCFullYear() >= 2050 ? 1 : 0, value: notAfter });
  cert.extensions = options.extensions;
  cert.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(spki(options.publicKey));
  // RFC 4055: sha256WithRSAEncryption carries NULL parameters (PKI.js's own sign() omits them).
  const algorithm = () => new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRSA, algorithmParams: new asn1js.Null() });
  cert.signature = algorithm();
  cert.signatureAlgorithm = algorithm();
  const tbs = Buffer.from(cert.encodeTBS().toBER(false));
  cert.tbsView = new Uint8Array(tbs);
  cert.signatureValue = new asn1js.BitString({ valueHex: toArrayBuffer(cryptoSign('sha256', tbs, options.signingKey)) });
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
    extension('2.5.29.35', false, new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: issuerSki }) }).toSchema()),
  ];
}

function publicKeyOf(cert: pkijs.Certificate): KeyObject {
  return createPublicKey({ key: Buffer.from(cert.subjectPublicKeyInfo.toSchema().toBER(false)), format: 'der', type: 'spki' });
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

export function toPem(cert: pkijs.Certificate): string {
  const b64 = Buffer.from(cert.toSchema(true).toBER(false)).toString('base64');
  return `-----BEGIN CERTIFICATE-----\n${b64.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
}

export function certificateFromPem(pem: string): pkijs.Certificate {
  const b64 = pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return pkijs.Certificate.fromBER(Buffer.from(b64, 'base64'));
}

async function loadNamed(dir: string, base: string): Promise<Named | undefined> {
  try {
    const pem = await readFile(path.join(dir, `${base}.pem`), 'utf8');
    const keyPem = await readFile(path.join(dir, `${base}.key.pem`), 'utf8');
    return { cert: certificateFromPem(pem), key: createPrivateKey(keyPem), pem };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

async function loadOrCreate(dir: string, base: string, create: () => Promise<{ cert: pkijs.Certificate; key: KeyObject }>): Promise<Named> {
  const existing = await loadNamed(dir, base);
  if (existing) return existing;
  const { cert, key } = await create();
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

async function writeAtomic(file: string, data: string | Buffer, mode: number): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, data, { mode });
  await rename(tmp, file);
}

/** Serializes generation across processes with an exclusive lock file (stale after a minute). */
async function withLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(dir, '.lock');
  const started = Date.now();
  for (;;) {
    try {
      const handle = await open(lock, 'wx');
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
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
