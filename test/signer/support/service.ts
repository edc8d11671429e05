/**
 * The signing service for tests, started in-process on free ports with real HTTP: one dev PKI
 * (tenants `demo` and `otro`) and one time-stamping authority for the whole run, and signer
 * instances with whatever configuration a test needs.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../dev/ports.js';
import { createLogger, type Logger } from '../../../lib/log.js';
import { loadSignerConfig } from '../../../signer/config.js';
import { ensureDevPki, issueTenantCertificate, revokeTenantCertificate, type DevPki } from '../../../signer/dev-pki.js';
import { startSignerServer, type RunningSigner } from '../../../signer/server.js';
import { startTimestampAuthority, type RunningTimestampAuthority } from '../../../signer/tsa/server.js';
import { logBuffer } from '../../support/stack.js';

export const API_KEY = 'signer-test-key';

let workDir: Promise<string> | undefined;
let pkiPromise: Promise<DevPki> | undefined;
let tsaPromise: Promise<RunningTimestampAuthority> | undefined;
/** The TSA's port, chosen before the PKI so its certificates point at it from the start. */
let tsaPort: Promise<number> | undefined;
const running: { close(): Promise<void> }[] = [];

/** Server logs go where the platform's tests keep theirs: printed only under a failing test. */
export function quietLogger(): Logger {
  const live = process.env.TEST_LOG as 'debug' | 'info' | undefined;
  if (live) return createLogger(live, (line) => process.stderr.write(`      ${line}\n`));
  return createLogger('info', (line) => {
    logBuffer.push(`[signer] ${line}`);
    if (logBuffer.length > 200) logBuffer.shift();
  });
}

export function tempDir(): Promise<string> {
  workDir ??= mkdtemp(path.join(os.tmpdir(), 'expediente-signer-test-'));
  return workDir;
}

export async function devPki(): Promise<DevPki> {
  tsaPort ??= freePort();
  pkiPromise ??= tempDir().then(async (dir) =>
    ensureDevPki({
      dir: path.join(dir, 'pki'),
      tenants: ['demo', 'otro'],
      revocationUrl: `http://127.0.0.1:${await tsaPort}`,
    }),
  );
  return pkiPromise;
}

export async function timestampAuthority(): Promise<RunningTimestampAuthority> {
  tsaPromise ??= devPki().then(async (pki) => {
    const tsa = await startTimestampAuthority({
      port: await tsaPort!,
      host: '127.0.0.1',
      pkiDir: pki.dir,
      log: quietLogger(),
    });
    running.push(tsa);
    return tsa;
  });
  return tsaPromise;
}

/** Revokes the certificate of `tenant` in `certsDir` (default: the PKI's own folder) at the dev CA. */
export async function revokeTenant(tenant: string, certsDir?: string): Promise<void> {
  const pki = await devPki();
  await revokeTenantCertificate(pki, { tenant, ...(certsDir ? { certsDir } : {}) });
}

export interface TenantSpec {
  tenant: string;
  /** Stored in the passwords file unless `envOnly`. */
  password?: string;
  notBefore?: Date;
  notAfter?: Date;
}

/**
 * A certificates folder of its own (so tests do not see each other's tenants): `demo` from the
 * dev PKI plus the tenants asked for, issued by the dev signing CA.
 */
export async function certsDirWith(specs: TenantSpec[]): Promise<{ certsDir: string; passwordsFile: string }> {
  const pki = await devPki();
  const certsDir = await mkdtemp(path.join(await tempDir(), 'certs-'));
  const passwords: Record<string, string> = { demo: pki.tenants.demo!.password };
  await copyFile(pki.tenants.demo!.p12Path, path.join(certsDir, 'demo.p12'));
  for (const spec of specs) {
    const password = spec.password ?? `clave-${spec.tenant}`;
    await issueTenantCertificate(pki, {
      tenant: spec.tenant,
      file: path.join(certsDir, `${spec.tenant}.p12`),
      password,
      notBefore: spec.notBefore,
      notAfter: spec.notAfter,
    });
    passwords[spec.tenant] = password;
  }
  const passwordsFile = path.join(certsDir, 'passwords.json');
  await writeFile(passwordsFile, JSON.stringify(passwords));
  return { certsDir, passwordsFile };
}

/** A signer with the test PKI and TSA; `env` overrides or adds configuration variables. */
export async function startSigner(env: Record<string, string> = {}): Promise<RunningSigner> {
  const pki = await devPki();
  const tsa = await timestampAuthority();
  const config = loadSignerConfig({
    ENVIRONMENT: 'test',
    API_KEY,
    CERTS_DIR: pki.certsDir,
    CERT_PASSWORDS_FILE: pki.passwordsFile,
    TSA_URL: tsa.url,
    SIGNER_PORT: String(await freePort()),
    HOST: '127.0.0.1',
    ...env,
  });
  const signer = await startSignerServer(config, quietLogger());
  running.push(signer);
  return signer;
}

/** Everything the signer tests started stops after the whole run (a root-level hook), and its files go. */
after(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  if (workDir && !process.env.KEEP_SIGNER_TEST_FILES) await rm(await workDir, { recursive: true, force: true });
});

/** A throwaway HTTP server on a free port (stands in for a misbehaving time-stamping authority). */
export async function fakeServer(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const handle = {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  running.push(handle);
  return handle;
}
