/**
 * Signing-certificate install: refusals (wrong password, expired, wrong key usage) change
 * nothing; a good certificate is installed where the stack's signing service reads it, and a
 * document that service then signs for the tenant validates with pyHanko against the dev root.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { CertificateRefused, expiringCertificates, installCertificate } from '../../signer/admin/index.js';
import { issueTenantCertificate } from '../../signer/dev-pki.js';
import { TEST_SIGNER_API_KEY } from '../support/stack.js';
import { getStack } from '../support/hooks.js';
import { letterPdf } from '../signer/support/pdfs.js';
import { pdfSignatures } from '../support/pdf-tools.js';

const DAY = 86_400_000;
const TENANT = 'cert_install_test';

/** A self-signed certificate whose key usage forbids signing documents (keyEncipherment only). */
function encipherOnlyP12(password: string): Buffer {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - DAY);
  cert.validity.notAfter = new Date(Date.now() + 365 * DAY);
  const attrs = [{ name: 'commonName', value: 'Solo cifrado' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: 'keyUsage', keyEncipherment: true, digitalSignature: false, nonRepudiation: false }]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

async function signAs(tenant: string): Promise<{ status: number; bytes: Buffer; text: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name: 'Ana Pérez',
    seal: 'Intendenta',
    department: 'Intendencia',
    entity: 'Municipalidad de Prueba',
    tenant_id: tenant,
  }))
    form.append(k, v);
  form.append('pdf_file', new Blob([await letterPdf()], { type: 'application/pdf' }), 'doc.pdf');
  const res = await fetch(`${getStack().signer.url}/sign-pdf`, {
    method: 'POST',
    body: form,
    headers: { 'x-api-key': TEST_SIGNER_API_KEY },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, bytes, text: bytes.toString('utf8').slice(0, 300) };
}

describe('admin: signing-certificate install', function () {
  this.timeout(120_000);
  let work: string;
  let good: Buffer;

  before(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'expediente-cert-test-'));
    const pki = getStack().pki;
    await issueTenantCertificate(pki, {
      tenant: TENANT,
      file: path.join(work, 'good.p12'),
      password: 'clave correcta',
    });
    await issueTenantCertificate(pki, {
      tenant: TENANT,
      file: path.join(work, 'expired.p12'),
      password: 'x',
      notBefore: new Date(Date.now() - 400 * DAY),
      notAfter: new Date(Date.now() - DAY),
    });
    good = await readFile(path.join(work, 'good.p12'));
  });

  after(async () => {
    const pki = getStack().pki;
    for (const f of await readdir(pki.certsDir))
      if (f.startsWith(`${TENANT}.p12`)) await rm(path.join(pki.certsDir, f));
    const passwords = JSON.parse(await readFile(pki.passwordsFile, 'utf8'));
    delete passwords[TENANT];
    await writeFile(pki.passwordsFile, JSON.stringify(passwords, null, 2));
    await rm(work, { recursive: true, force: true });
  });

  const target = () => ({
    certsDir: path.join(work, 'certs'),
    passwordsFile: path.join(work, 'certs', 'passwords.json'),
  });

  it('refuses a wrong password, an expired certificate and one that may not sign, writing nothing', async () => {
    await assert.rejects(
      installCertificate({ tenant: TENANT, p12: good, password: 'otra', ...target() }),
      (e: Error) => e instanceof CertificateRefused && /wrong password/.test(e.message),
    );
    const expired = await readFile(path.join(work, 'expired.p12'));
    await assert.rejects(
      installCertificate({ tenant: TENANT, p12: expired, password: 'x', ...target() }),
      (e: Error) => e instanceof CertificateRefused && /expired on/.test(e.message),
    );
    await assert.rejects(
      installCertificate({ tenant: TENANT, p12: encipherOnlyP12('y'), password: 'y', ...target() }),
      (e: Error) => e instanceof CertificateRefused && /neither digitalSignature nor nonRepudiation/.test(e.message),
    );
    await assert.rejects(
      installCertificate({ tenant: '../demo', p12: good, password: 'clave correcta', ...target() }),
      CertificateRefused,
    );
    await assert.rejects(readdir(target().certsDir), { code: 'ENOENT' });
  });

  it('reports the chain, key usage and validity of a good certificate', async () => {
    const result = await installCertificate({ tenant: TENANT, p12: good, password: 'clave correcta', ...target() });
    assert.equal(result.report.chain.length, 3, JSON.stringify(result.report.chain));
    assert.ok(result.report.chain_complete);
    assert.deepEqual(result.report.key_usage, ['digitalSignature', 'nonRepudiation']);
    assert.deepEqual(result.report.warnings, []);
    assert.deepEqual(await readdir(target().certsDir).then((f) => f.sort()), [
      'cert_install_test.p12',
      'passwords.json',
    ]);
    assert.equal(JSON.parse(await readFile(target().passwordsFile, 'utf8'))[TENANT], 'clave correcta');

    const soon = await expiringCertificates(
      { ...target(), envPasswords: new Map() },
      { days: 30, now: new Date(Date.now() + 720 * DAY) },
    );
    assert.deepEqual(
      soon.items.map((i) => [i.kind, i.tenant, i.status]),
      [['signing_certificate', TENANT, 'expiring']],
    );
    const later = await expiringCertificates({ ...target(), envPasswords: new Map() }, { days: 30 });
    assert.deepEqual(later.items, []);
  });

  it('installed for the signing service: its signatures then validate with pyHanko', async () => {
    const before = await signAs(TENANT);
    // Without a certificate the service falls back to a visual (unsigned) stamp.
    assert.deepEqual(
      before.status === 200 ? pdfSignatures(before.bytes) : [],
      [],
      'no certificate yet for this tenant',
    );

    const pki = getStack().pki;
    await installCertificate({
      tenant: TENANT,
      p12: good,
      password: 'clave correcta',
      certsDir: pki.certsDir,
      passwordsFile: pki.passwordsFile,
    });
    const info = await fetch(`${getStack().signer.url}/certificate/${TENANT}`, {
      headers: { 'x-api-key': TEST_SIGNER_API_KEY },
    }).then((r) => r.json() as Promise<{ is_valid: boolean }>);
    assert.equal(info.is_valid, true, JSON.stringify(info));

    const signed = await signAs(TENANT);
    assert.equal(signed.status, 200, signed.text);
    const file = path.join(work, 'signed.pdf');
    await writeFile(file, signed.bytes);
    const r = spawnSync(
      'pyhanko',
      ['sign', 'validate', '--trust', pki.caCertPath, '--trust-replace', '--no-revocation-check', file],
      { encoding: 'utf8' },
    );
    const summaries = r.stdout
      .split('\n')
      .map((l) => /^[^:]+:[0-9a-f]{64}:(.*)$/.exec(l.trim())?.[1])
      .filter(Boolean);
    assert.equal(summaries.length, 1, r.stdout + r.stderr);
    assert.match(summaries[0]!, /^INTACT:TRUSTED/, r.stdout);
    assert.deepEqual(
      pdfSignatures(signed.bytes).map((s) => [s.valid, /firma de desarrollo/.test(s.signer)]),
      [[true, true]],
    );
  });

  it('cert:install exits 2 on a wrong password and cert:check lists in the ExpiringItem shape', async () => {
    const env = {
      ...process.env,
      CERTS_DIR: path.join(work, 'cli-certs'),
      DATA_DIR: path.join(work, 'cli-data'),
      DATABASE_URL: getStack().databaseUrl,
      SIGNER_URL: 'http://127.0.0.1:9',
      PW: 'mala',
    };
    const cli = (script: string, args: string[], extra: Record<string, string> = {}) =>
      spawnSync(process.execPath, ['--import', 'tsx', `cli/${script}.ts`, ...args], {
        encoding: 'utf8',
        env: { ...env, ...extra },
        cwd: path.resolve(import.meta.dirname, '../..'),
        timeout: 60_000,
      });
    await writeFile(path.join(work, 'good-again.p12'), good);
    const bad = cli('cert-install', [
      '--tenant',
      TENANT,
      '--p12',
      path.join(work, 'good-again.p12'),
      '--password-env',
      'PW',
    ]);
    assert.equal(bad.status, 2, bad.stderr);
    assert.match(bad.stderr, /wrong password/);
    const ok = cli(
      'cert-install',
      ['--tenant', TENANT, '--p12', path.join(work, 'good-again.p12'), '--password-env', 'PW'],
      { PW: 'clave correcta' },
    );
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout, /not reachable/);
    const check = cli('cert-check', ['--days', '3650', '--json']);
    assert.equal(check.status, 0, check.stderr);
    const items = JSON.parse(check.stdout).items as { kind: string; tenant: string }[];
    assert.ok(
      items.some((i) => i.kind === 'signing_certificate' && i.tenant === TENANT),
      check.stdout,
    );
  });
});
