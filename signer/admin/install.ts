/**
 * Puts a checked PKCS#12 where the signing service reads it: `<CERTS_DIR>/<tenant>.p12`, and its
 * password in the passwords file (JSON tenant → password, mode 0600). Both are written under
 * temporary names and renamed, so the service never reads half a file; the certificate it
 * replaces is kept beside it as `<tenant>.p12.replaced-<time>` (the service only reads `*.p12`).
 */
import { chmod, copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { TENANT_ID_PATTERN } from '../tenant.js';
import { CertificateRefused, inspectPkcs12, type CertificateReport } from './inspect.js';

export interface InstallOptions {
  tenant: string;
  p12: Buffer;
  password: string;
  certsDir: string;
  /** undefined: the service takes passwords only from CERT_PASSWORD_<TENANT> variables. */
  passwordsFile: string | undefined;
  now?: Date;
}

export interface InstallResult {
  report: CertificateReport;
  file: string;
  replaced: string | undefined;
  /** Where the password went, or what the operator must still set. */
  password: string;
}

async function readPasswords(file: string): Promise<Record<string, unknown>> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
  const parsed = JSON.parse(raw) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new CertificateRefused(`${file} is not a JSON object of tenant → password; fix it first`);
  return parsed as Record<string, unknown>;
}

const staging = (file: string) => `${file}.${randomBytes(6).toString('hex')}.tmp`;

export async function installCertificate(options: InstallOptions): Promise<InstallResult> {
  if (!TENANT_ID_PATTERN.test(options.tenant))
    throw new CertificateRefused(
      `"${options.tenant}" is not a tenant schema name (lowercase letters, digits, "_", starting with a letter)`,
    );
  const report = inspectPkcs12(options.p12, options.password, options.now);

  await mkdir(options.certsDir, { recursive: true });
  const file = path.join(options.certsDir, `${options.tenant}.p12`);
  const p12Tmp = staging(file);
  await writeFile(p12Tmp, options.p12, { mode: 0o600 });
  let passwordsTmp: string | undefined;
  try {
    if (options.passwordsFile) {
      const passwords = await readPasswords(options.passwordsFile);
      passwords[options.tenant] = options.password;
      passwordsTmp = staging(options.passwordsFile);
      await mkdir(path.dirname(options.passwordsFile), { recursive: true });
      await writeFile(passwordsTmp, `${JSON.stringify(passwords, null, 2)}\n`, { mode: 0o600 });
      await chmod(passwordsTmp, 0o600);
    }
    let replaced: string | undefined = `${file}.replaced-${new Date().toISOString().replace(/[:.]/g, '')}`;
    try {
      await copyFile(file, replaced);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      replaced = undefined;
    }
    await rename(p12Tmp, file);
    if (passwordsTmp) await rename(passwordsTmp, options.passwordsFile!);
    return {
      report,
      file,
      replaced,
      password: options.passwordsFile
        ? `stored in ${options.passwordsFile}`
        : `not stored (passwords file disabled): set CERT_PASSWORD_${options.tenant.toUpperCase()} in the signing service's environment`,
    };
  } finally {
    await rm(p12Tmp, { force: true });
    if (passwordsTmp) await rm(passwordsTmp, { force: true });
  }
}
