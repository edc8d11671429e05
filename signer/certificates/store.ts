/**
 * Per-tenant signing certificates: `<CERTS_DIR>/<tenant_id>.p12`, with passwords from
 * `CERT_PASSWORD_<TENANT_ID>` variables or the JSON passwords file. Loaded credentials stay in
 * memory (never logged or returned) and are reused until the file or its password changes;
 * concurrent first loads share one decryption.
 */
import { createHash, X509Certificate, type KeyObject } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import * as pkijs from 'pkijs';
import { SignerError } from '../errors.js';
import { prepareIdentity, type SignerIdentity } from '../pades/cms.js';
import { TENANT_ID_PATTERN } from '../tenant.js';
import { isoWithOffset } from '../time.js';
import { Pkcs12Error, readPkcs12 } from './pkcs12.js';

export interface CertificateInfo {
  exists: boolean;
  tenant_id: string;
  subject: string | null;
  issuer: string | null;
  not_valid_before: string | null;
  not_valid_after: string | null;
  is_valid: boolean;
  validation_message: string;
  serial_number: string | null;
}

export interface TenantCredentials extends SignerIdentity {
  tenant: string;
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  /** Total DER size of the chain (sizes the signature placeholder). */
  chainSize: number;
}

export interface CertificateStoreOptions {
  certsDir: string;
  /** JSON object {"<tenant_id>": "<password>"}; optional. */
  passwordsFile: string | undefined;
  /** Passwords given as CERT_PASSWORD_<TENANT_ID> variables (they win over the file). */
  envPasswords: ReadonlyMap<string, string>;
}

interface CacheEntry {
  stamp: string;
  passwordHash: string;
  credentials: TenantCredentials;
}

export class CertificateStore {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly loading = new Map<string, Promise<TenantCredentials>>();
  private passwordFileCache: { stamp: string; passwords: Record<string, unknown> } | undefined;

  constructor(private readonly options: CertificateStoreOptions) {}

  /** Tenants with a certificate file, sorted. A missing CERTS_DIR simply holds none. */
  async list(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.options.certsDir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    return names
      .filter((n) => n.endsWith('.p12'))
      .map((n) => n.slice(0, -4))
      .filter((t) => TENANT_ID_PATTERN.test(t))
      .sort();
  }

  /** `tenant` must already have passed checkTenantId. */
  private fileOf(tenant: string): string {
    return path.join(this.options.certsDir, `${tenant}.p12`);
  }

  async exists(tenant: string): Promise<boolean> {
    try {
      return (await stat(this.fileOf(tenant))).isFile();
    } catch {
      return false;
    }
  }

  /** The tenant's key and chain; CERTIFICATE_LOAD_ERROR when the file cannot be used. */
  async credentials(tenant: string): Promise<TenantCredentials> {
    const file = this.fileOf(tenant);
    let stamp: string;
    try {
      const s = await stat(file);
      stamp = `${s.ino}:${s.size}:${s.mtimeMs}`;
    } catch {
      throw new SignerError('CERTIFICATE_LOAD_ERROR', `the certificate file for tenant "${tenant}" cannot be read`);
    }
    const password = await this.passwordFor(tenant);
    const passwordHash = createHash('sha256').update(password).digest('hex');
    const cached = this.cache.get(tenant);
    if (cached && cached.stamp === stamp && cached.passwordHash === passwordHash) return cached.credentials;

    const key = `${tenant}\0${stamp}\0${passwordHash}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(tenant, file, password).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    const credentials = await pending;
    this.cache.set(tenant, { stamp, passwordHash, credentials });
    return credentials;
  }

  async info(tenant: string, now = new Date()): Promise<CertificateInfo> {
    if (!(await this.exists(tenant))) {
      return {
        exists: false,
        tenant_id: tenant,
        subject: null,
        issuer: null,
        not_valid_before: null,
        not_valid_after: null,
        is_valid: false,
        validation_message: `no certificate for tenant "${tenant}"`,
        serial_number: null,
      };
    }
    const c = await this.credentials(tenant);
    const validity = checkValidity(c, now);
    return {
      exists: true,
      tenant_id: tenant,
      subject: c.subject,
      issuer: c.issuer,
      not_valid_before: isoWithOffset(c.notBefore),
      not_valid_after: isoWithOffset(c.notAfter),
      is_valid: validity.valid,
      validation_message: validity.message,
      serial_number: c.serialNumber,
    };
  }

  private async passwordFor(tenant: string): Promise<string> {
    const fromEnv = this.options.envPasswords.get(tenant);
    if (fromEnv !== undefined) return fromEnv;
    const file = this.options.passwordsFile;
    if (file) {
      const passwords = await this.readPasswordsFile(file);
      const value = passwords?.[tenant];
      if (typeof value === 'string') return value;
    }
    throw new SignerError(
      'CERTIFICATE_LOAD_ERROR',
      `no password configured for tenant "${tenant}" (set CERT_PASSWORD_${tenant.toUpperCase()} or add it to the passwords file)`,
    );
  }

  private async readPasswordsFile(file: string): Promise<Record<string, unknown> | undefined> {
    let stamp: string;
    try {
      const s = await stat(file);
      stamp = `${s.ino}:${s.size}:${s.mtimeMs}`;
    } catch {
      return undefined;
    }
    if (this.passwordFileCache?.stamp === stamp) return this.passwordFileCache.passwords;
    let passwords: Record<string, unknown>;
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      passwords = parsed as Record<string, unknown>;
    } catch {
      throw new SignerError(
        'CERTIFICATE_LOAD_ERROR',
        'the certificate passwords file is not a JSON object of tenant_id → password',
      );
    }
    this.passwordFileCache = { stamp, passwords };
    return passwords;
  }

  private async load(tenant: string, file: string, password: string): Promise<TenantCredentials> {
    let contents: { key: KeyObject; certificates: Buffer[] };
    try {
      contents = readPkcs12(await readFile(file), password);
    } catch (err) {
      if (err instanceof Pkcs12Error)
        throw new SignerError('CERTIFICATE_LOAD_ERROR', `certificate for tenant "${tenant}": ${err.message}`);
      throw new SignerError('CERTIFICATE_LOAD_ERROR', `the certificate file for tenant "${tenant}" cannot be read`);
    }
    const fail = (message: string) =>
      new SignerError('CERTIFICATE_LOAD_ERROR', `certificate for tenant "${tenant}": ${message}`);
    const key = contents.key;
    if (key.asymmetricKeyType !== 'rsa' && key.asymmetricKeyType !== 'ec')
      throw fail(`unsupported key type ${key.asymmetricKeyType}`);
    let x509: X509Certificate[];
    try {
      x509 = contents.certificates.map((der) => new X509Certificate(der));
    } catch {
      throw fail('a certificate in the PKCS#12 cannot be parsed');
    }
    const leafIndex = x509.findIndex((c) => c.checkPrivateKey(key));
    if (leafIndex < 0) throw fail('no certificate matches the private key');

    // Signer first, then each issuer found in the file (the chain validators need).
    const order = [leafIndex];
    for (let current = x509[leafIndex]!; order.length < x509.length; ) {
      const next = x509.findIndex(
        (c, i) => !order.includes(i) && current.checkIssued(c) && current.verify(c.publicKey),
      );
      if (next < 0 || x509[next]!.subject === current.subject) break;
      order.push(next);
      current = x509[next]!;
    }
    const chainDer = order.map((i) => contents.certificates[i]!);
    const leaf = pkijs.Certificate.fromBER(chainDer[0]!);
    const leafX509 = x509[leafIndex]!;
    return {
      tenant,
      ...prepareIdentity(key, chainDer),
      subject: rfc4514(leafX509.subject),
      issuer: rfc4514(leafX509.issuer),
      serialNumber: leafX509.serialNumber.toUpperCase(),
      notBefore: leaf.notBefore.value,
      notAfter: leaf.notAfter.value,
      chainSize: chainDer.reduce((sum, der) => sum + der.length, 0),
    };
  }
}

export function checkValidity(
  c: Pick<TenantCredentials, 'notBefore' | 'notAfter'>,
  now: Date,
): { valid: boolean; message: string } {
  if (now < c.notBefore) return { valid: false, message: `certificate not valid before ${isoWithOffset(c.notBefore)}` };
  if (now > c.notAfter) return { valid: false, message: `certificate expired on ${isoWithOffset(c.notAfter)}` };
  return { valid: true, message: `certificate valid until ${isoWithOffset(c.notAfter)}` };
}

/** Node prints names one attribute per line, most general first; RFC 4514 is the reverse, comma-separated. */
function rfc4514(multiline: string): string {
  return multiline.split('\n').filter(Boolean).reverse().join(', ');
}
