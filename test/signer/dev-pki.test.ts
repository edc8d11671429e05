import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ensureDevPki } from '../../signer/dev-pki.js';
import { tempDir } from './support/service.js';
import { run } from './support/tools.js';

describe('signer: the development PKI', () => {
  it('is created once, concurrently safe, and later calls only add missing tenants', async function () {
    this.timeout(30_000);
    const dir = path.join(await tempDir(), 'pki-idempotent');
    const [a, b] = await Promise.all([
      ensureDevPki({ dir, tenants: ['demo'] }),
      ensureDevPki({ dir, tenants: ['demo'] }),
    ]);
    assert.deepEqual(a, b);
    const ca = await readFile(a.caCertPath);
    const demo = await readFile(a.tenants.demo!.p12Path);

    const c = await ensureDevPki({ dir, tenants: ['demo', 'villa_nueva'] });
    assert.ok((await readFile(c.caCertPath)).equals(ca), 'the CA is not regenerated');
    assert.ok((await readFile(c.tenants.demo!.p12Path)).equals(demo), 'an existing tenant is kept');
    assert.equal(c.tenants.demo!.password, a.tenants.demo!.password);
    assert.ok(c.tenants.villa_nueva);
    const passwords = JSON.parse(await readFile(c.passwordsFile, 'utf8'));
    assert.deepEqual(Object.keys(passwords).sort(), ['demo', 'villa_nueva']);

    // Private material is readable by the owner only.
    for (const file of [path.join(dir, 'ca.key.pem'), c.tsaKeyPath, c.passwordsFile, c.tenants.demo!.p12Path]) {
      assert.equal((await stat(file)).mode & 0o077, 0, file);
    }
  });

  it('issues tenant certificates that chain to the root through the signing CA', async () => {
    const dir = path.join(await tempDir(), 'pki-idempotent');
    const pki = await ensureDevPki({ dir, tenants: ['demo'] });
    const leaf = await run('openssl', [
      'pkcs12',
      '-in',
      pki.tenants.demo!.p12Path,
      '-passin',
      `pass:${pki.tenants.demo!.password}`,
      '-nokeys',
      '-clcerts',
    ]);
    const verify = await run('openssl', ['verify', '-CAfile', pki.caCertPath, '-untrusted', pki.signingCaCertPath], {
      input: Buffer.from(leaf.stdout),
    });
    assert.match(verify.stdout, /OK/, verify.stdout + verify.stderr);
    const text = await run('openssl', ['x509', '-noout', '-text'], { input: Buffer.from(leaf.stdout) });
    assert.match(text.stdout, /Digital Signature, Non Repudiation/);
    const wrong = await run('openssl', [
      'pkcs12',
      '-in',
      pki.tenants.demo!.p12Path,
      '-passin',
      'pass:wrong',
      '-nokeys',
    ]);
    assert.notEqual(wrong.code, 0, 'the PKCS#12 is protected by its password');
  });

  it('rebinds to a new revocation URL: CA keys and tenant passwords kept, certificates point at the new URL', async function () {
    this.timeout(30_000);
    const dir = path.join(await tempDir(), 'pki-rebind');
    const first = await ensureDevPki({ dir, tenants: ['demo'], revocationUrl: 'http://127.0.0.1:1111' });
    const caKey = await readFile(path.join(dir, 'signing-ca.key.pem'));
    const second = await ensureDevPki({ dir, tenants: [], revocationUrl: 'http://127.0.0.1:2222' });
    assert.equal(second.revocationUrl, 'http://127.0.0.1:2222');
    assert.ok((await readFile(path.join(dir, 'signing-ca.key.pem'))).equals(caKey), 'the CA key stays');
    const again = await ensureDevPki({ dir, tenants: ['demo'] });
    assert.equal(again.tenants.demo!.password, first.tenants.demo!.password, 'the password stays');
    const leaf = await run('openssl', [
      'pkcs12',
      '-in',
      again.tenants.demo!.p12Path,
      '-passin',
      `pass:${again.tenants.demo!.password}`,
      '-nokeys',
      '-clcerts',
    ]);
    const ext = await run('openssl', ['x509', '-noout', '-ext', 'authorityInfoAccess,crlDistributionPoints'], {
      input: Buffer.from(leaf.stdout),
    });
    assert.match(ext.stdout, /OCSP - URI:http:\/\/127\.0\.0\.1:2222\/ocsp/);
    assert.match(ext.stdout, /URI:http:\/\/127\.0\.0\.1:2222\/crl\/signing-ca\.crl/);
    const verify = await run(
      'openssl',
      ['verify', '-CAfile', again.caCertPath, '-untrusted', again.signingCaCertPath],
      { input: Buffer.from(leaf.stdout) },
    );
    assert.match(verify.stdout, /OK/, verify.stdout + verify.stderr);
  });
});
