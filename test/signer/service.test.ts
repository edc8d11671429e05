import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunningSigner } from '../../signer/server.js';
import { call, rawGet } from './support/http.js';
import { certsDirWith, devPki, startSigner } from './support/service.js';
import { run } from './support/tools.js';

const DAY = 24 * 60 * 60 * 1000;
const CERT_FIELDS = [
  'exists',
  'tenant_id',
  'subject',
  'issuer',
  'not_valid_before',
  'not_valid_after',
  'is_valid',
  'validation_message',
  'serial_number',
];
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

describe('signer: health, authentication and certificates', () => {
  let signer: RunningSigner;

  before(async () => {
    const now = Date.now();
    // Besides demo: certificates not usable today, one whose configured password is wrong, a broken file.
    const { certsDir, passwordsFile } = await certsDirWith([
      { tenant: 'vencido', notBefore: new Date(now - 400 * DAY), notAfter: new Date(now - 30 * DAY) },
      { tenant: 'futuro', notBefore: new Date(now + 30 * DAY), notAfter: new Date(now + 400 * DAY) },
      { tenant: 'clave_mala', password: 'la-correcta' },
    ]);
    await writeFile(path.join(certsDir, 'roto.p12'), 'not a pkcs12 container');
    signer = await startSigner({
      CERTS_DIR: certsDir,
      CERT_PASSWORDS_FILE: passwordsFile,
      CERT_PASSWORD_CLAVE_MALA: 'otra-cosa',
      CERT_PASSWORD_ROTO: 'x',
    });
  });

  it('GET /health answers without credentials, with exactly the spec fields', async () => {
    const res = await call(signer.url, '/health', { apiKey: null });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.json).sort(), [
      'available_certificates',
      'fallback_to_visual',
      'pades_system',
      'service',
      'signature_system',
      'status',
      'version',
    ]);
    assert.equal(res.json.version, '2.1.0');
    assert.equal(res.json.signature_system.version, '2.0');
    assert.deepEqual(Object.keys(res.json.signature_system).sort(), ['type', 'version']);
    assert.deepEqual(Object.keys(res.json.pades_system).sort(), ['library', 'type']);
    assert.equal(res.json.fallback_to_visual, true);
    assert.deepEqual(res.json.available_certificates, ['clave_mala', 'demo', 'futuro', 'roto', 'vencido']);
  });

  for (const [method, route] of [
    ['GET', '/certificates'],
    ['GET', '/certificate/demo'],
    ['POST', '/sign-pdf'],
  ] as const) {
    it(`${method} ${route} refuses a missing or wrong X-API-Key with 401 INVALID_API_KEY`, async () => {
      for (const apiKey of [null, 'wrong-key', '']) {
        const res = await call(signer.url, route, { method, apiKey });
        assert.equal(res.status, 401, `key ${JSON.stringify(apiKey)}`);
        assert.equal(res.json.code, 'INVALID_API_KEY');
        assert.equal(typeof res.json.message, 'string');
      }
    });
  }

  it('GET /certificates lists the tenants that have a certificate file', async () => {
    const res = await call(signer.url, '/certificates');
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.json).sort(), ['certificates', 'count']);
    assert.deepEqual(res.json.certificates, ['clave_mala', 'demo', 'futuro', 'roto', 'vencido']);
    assert.equal(res.json.count, 5);
  });

  it('GET /certificate/{tenant_id} describes a valid certificate with the spec fields', async () => {
    const pki = await devPki();
    const res = await call(signer.url, '/certificate/demo');
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.json).sort(), [...CERT_FIELDS].sort());
    assert.equal(res.json.exists, true);
    assert.equal(res.json.tenant_id, 'demo');
    assert.equal(res.json.is_valid, true);
    assert.match(res.json.not_valid_before, ISO_WITH_OFFSET);
    assert.match(res.json.not_valid_after, ISO_WITH_OFFSET);
    // Compared with what OpenSSL reads from the same PKCS#12.
    const out = await run('openssl', [
      'pkcs12',
      '-in',
      pki.tenants.demo!.p12Path,
      '-passin',
      `pass:${pki.tenants.demo!.password}`,
      '-nokeys',
      '-clcerts',
    ]);
    const x509 = await run('openssl', ['x509', '-noout', '-serial', '-subject', '-issuer', '-nameopt', 'RFC2253'], {
      input: Buffer.from(out.stdout),
    });
    assert.equal(res.json.serial_number, /serial=([0-9A-F]+)/.exec(x509.stdout)![1]);
    assert.equal(res.json.subject.replace(/, /g, ','), /subject=(.*)/.exec(x509.stdout)![1]);
    assert.equal(res.json.issuer.replace(/, /g, ','), /issuer=(.*)/.exec(x509.stdout)![1]);
  });

  it('reports expired and not-yet-valid certificates as not valid, with the reason', async () => {
    const expired = await call(signer.url, '/certificate/vencido');
    assert.equal(expired.status, 200);
    assert.equal(expired.json.exists, true);
    assert.equal(expired.json.is_valid, false);
    assert.match(expired.json.validation_message, /expired/);
    const future = await call(signer.url, '/certificate/futuro');
    assert.equal(future.json.is_valid, false);
    assert.match(future.json.validation_message, /not valid before/);
  });

  it('answers exists=false for a tenant without certificate', async () => {
    const res = await call(signer.url, '/certificate/sin_certificado');
    assert.equal(res.status, 200);
    assert.equal(res.json.exists, false);
    assert.equal(res.json.is_valid, false);
    assert.deepEqual(Object.keys(res.json).sort(), [...CERT_FIELDS].sort());
  });

  it('a wrong password or an unreadable file is 400 CERTIFICATE_LOAD_ERROR', async () => {
    const wrong = await call(signer.url, '/certificate/clave_mala');
    assert.equal(wrong.status, 400);
    assert.equal(wrong.json.code, 'CERTIFICATE_LOAD_ERROR');
    assert.match(wrong.json.message, /password/);
    const broken = await call(signer.url, '/certificate/roto');
    assert.equal(broken.status, 400);
    assert.equal(broken.json.code, 'CERTIFICATE_LOAD_ERROR');
  });

  it('refuses tenant ids outside [a-z][a-z0-9_]* before touching the file system', async () => {
    for (const id of [
      '..',
      '..%2F..%2Fetc%2Fpasswd',
      'demo.p12',
      'Demo',
      '%2e%2e',
      'a%00b',
      'x'.repeat(64),
      'demo%5C..',
      '.demo',
    ]) {
      const res = await rawGet(signer.url, `/certificate/${id}`);
      assert.equal(res.status, 400, id);
      assert.equal(res.json.code, 'INVALID_TENANT_ID', id);
    }
  });

  it('unknown routes are JSON 404s', async () => {
    const res = await call(signer.url, '/nothing-here');
    assert.equal(res.status, 404);
    assert.equal(res.json.code, 'NOT_FOUND');
  });
});
