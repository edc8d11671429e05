import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RunningSigner } from '../../signer/server.js';
import { call, fields, sign } from './support/http.js';
import { letterPdf } from './support/pdfs.js';
import { certsDirWith, devPki, startSigner, tempDir, timestampAuthority } from './support/service.js';
import { dssAvailable, dssContents, dssValidate, run, saveTemp } from './support/tools.js';

/** The PEM certificate of a tenant's PKCS#12 (via OpenSSL, which shares no code with the service). */
async function tenantCertPem(p12: string, password: string): Promise<string> {
  const out = path.join(await tempDir(), `${path.basename(p12)}.pem`);
  const r = await run('openssl', [
    'pkcs12',
    '-in',
    p12,
    '-nokeys',
    '-clcerts',
    '-passin',
    `pass:${password}`,
    '-out',
    out,
  ]);
  assert.equal(r.code, 0, r.stderr);
  return out;
}

describe('signer: the dev PKI revocation services (OCSP, CRLs, caIssuers) and revocation by command', () => {
  let tsaUrl: string;

  before(async () => {
    tsaUrl = (await timestampAuthority()).url;
  });

  it('certificates point at the TSA process: CRL distribution point, OCSP and caIssuers', async () => {
    const pki = await devPki();
    for (const file of [
      pki.tsaCertPath,
      pki.signingCaCertPath,
      await tenantCertPem(pki.tenants.demo!.p12Path, pki.tenants.demo!.password),
    ]) {
      const text = (
        await run('openssl', ['x509', '-in', file, '-noout', '-ext', 'crlDistributionPoints,authorityInfoAccess'])
      ).stdout;
      assert.match(text, new RegExp(`URI:${tsaUrl}/crl/(ca|signing-ca)\\.crl`), text);
      assert.match(text, new RegExp(`OCSP - URI:${tsaUrl}/ocsp`), text);
      assert.match(text, new RegExp(`CA Issuers - URI:${tsaUrl}/certs/(ca|signing-ca)\\.cer`), text);
    }
    // The root is the trust anchor: no revocation pointers.
    const root = (
      await run('openssl', [
        'x509',
        '-in',
        pki.caCertPath,
        '-noout',
        '-ext',
        'crlDistributionPoints,authorityInfoAccess',
      ])
    ).stdout;
    assert.equal(root.trim(), '');
  });

  it('OCSP (RFC 6960) answers good, then revoked after npm run pki:revoke, verified by openssl ocsp', async () => {
    const pki = await devPki();
    const certs = await certsDirWith([{ tenant: 'ocsp_prueba' }]);
    const cert = await tenantCertPem(path.join(certs.certsDir, 'ocsp_prueba.p12'), 'clave-ocsp_prueba');
    const ocsp = () =>
      run('openssl', [
        'ocsp',
        '-issuer',
        pki.signingCaCertPath,
        '-cert',
        cert,
        '-url',
        `${tsaUrl}/ocsp`,
        '-CAfile',
        pki.caCertPath,
        '-resp_text',
      ]);
    const good = await ocsp();
    assert.match(good.stdout + good.stderr, /Response verify OK/);
    assert.match(good.stdout, /: good/);
    // The admin command, as an operator runs it.
    const revoke = await promisify(execFile)('node', ['--import', 'tsx', 'signer/admin/pki-revoke.ts', 'ocsp_prueba'], {
      env: { ...process.env, TSA_PKI_DIR: pki.dir, CERTS_DIR: certs.certsDir },
    });
    assert.match(revoke.stdout, /revoked .*ocsp_prueba.* \(serial [0-9A-F]+\)/);
    const revoked = await ocsp();
    assert.match(revoked.stdout + revoked.stderr, /Response verify OK/);
    assert.match(revoked.stdout, /: revoked/);
    assert.match(revoked.stdout, /Revocation Time:/);
  });

  it('CRLs are signed by their CA, list revoked serials and are fresh (openssl crl)', async () => {
    const pki = await devPki();
    const crlFile = path.join(await tempDir(), 'signing-ca.crl');
    const res = await fetch(`${tsaUrl}/crl/signing-ca.crl`);
    assert.equal(res.headers.get('content-type'), 'application/pkix-crl');
    await writeFile(crlFile, Buffer.from(await res.arrayBuffer()));
    const bundle = path.join(await tempDir(), 'chain.pem');
    await writeFile(bundle, (await readFile(pki.signingCaCertPath, 'utf8')) + (await readFile(pki.caCertPath, 'utf8')));
    const verify = await run('openssl', [
      'crl',
      '-inform',
      'DER',
      '-in',
      crlFile,
      '-CAfile',
      bundle,
      '-noout',
      '-text',
    ]);
    assert.match(verify.stdout + verify.stderr, /verify OK/);
    assert.match(verify.stdout, /Next Update:/);
    assert.match(verify.stdout, /Revoked Certificates:\s+Serial Number: [0-9A-F]+/, 'the certificate revoked above');
    assert.equal((await fetch(`${tsaUrl}/crl/otra.crl`)).status, 404);
    const issuer = await fetch(`${tsaUrl}/certs/ca.cer`);
    assert.equal(issuer.headers.get('content-type'), 'application/pkix-cert');
    const der = Buffer.from(await issuer.arrayBuffer());
    assert.equal(der.toString('base64'), (await readFile(pki.caCertPath, 'utf8')).replace(/-----[A-Z ]+-----|\s/g, ''));
  });

  it('OCSP refuses what it cannot answer (malformed, unknown issuer) with an OCSP status, never a 500', async () => {
    const res = await fetch(`${tsaUrl}/ocsp`, {
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request' },
      body: 'garbage',
    });
    assert.equal(res.status, 200);
    assert.deepEqual([...Buffer.from(await res.arrayBuffer())], [0x30, 0x03, 0x0a, 0x01, 0x01], 'malformedRequest');
    assert.equal(
      (await fetch(`${tsaUrl}/ocsp`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })).status,
      415,
    );
  });
});

describe('signer: POST /timestamp-pdf (a document time-stamp over an already signed PDF)', function () {
  this.timeout(120_000);
  let signer: RunningSigner;

  before(async () => {
    signer = await startSigner();
  });

  const post = (pdf: Buffer | undefined, apiKey?: string) => {
    const form = new FormData();
    if (pdf) form.append('pdf_file', new Blob([pdf], { type: 'application/pdf' }), 'firmado.pdf');
    return call(signer.url, '/timestamp-pdf', {
      method: 'POST',
      body: form,
      ...(apiKey !== undefined ? { apiKey } : {}),
    });
  };

  it('turns a B-LT document into B-LTA and adds a further archive time-stamp to a B-LTA one', async () => {
    const lt = await sign(signer.url, { pdf: await letterPdf(), fields: fields({ pades_level: 'B-LT' }) });
    assert.equal(lt.status, 200);
    const stamped = await post(lt.bytes);
    assert.equal(stamped.status, 200, stamped.bytes.toString('utf8').slice(0, 300));
    assert.equal(stamped.headers.get('x-signature-type'), 'document-timestamp');
    assert.ok(stamped.bytes.subarray(0, lt.bytes.length).equals(lt.bytes), 'appended, earlier bytes untouched');
    const again = await post(stamped.bytes);
    assert.equal(again.status, 200);
    // Each renewal first refreshes the validation data of what is there (signature, earlier
    // time-stamps), then adds its own: one VRI per signature and time-stamp.
    const [ltDss, stampedDss, againDss] = await Promise.all(
      [lt.bytes, stamped.bytes, again.bytes].map(async (b) => dssContents(await saveTemp(b, 'dss.pdf'))),
    );
    assert.deepEqual([ltDss!.vri.length, stampedDss!.vri.length, againDss!.vri.length], [1, 2, 3]);
    assert.ok(againDss!.ocsps >= 3, JSON.stringify(againDss));
    assert.equal(againDss!.certs, 4, 'tenant, signing CA, TSA and root, each stored once');
    if (!dssAvailable()) return;
    const file = await saveTemp(again.bytes, 'renewed.pdf');
    const verdicts = await dssValidate(file, (await devPki()).caCertPath);
    const sig = verdicts.find((v) => v.kind === 'signature')!;
    console.log(
      `      DSS: ${sig.level} ${sig.indication}; time-stamps: ${sig.timestamps!.map((t) => `${t.type} ${t.indication}`).join(', ')}`,
    );
    assert.equal(sig.level, 'PAdES-BASELINE-LTA');
    assert.equal(sig.indication, 'TOTAL_PASSED');
    assert.equal(sig.timestamps!.filter((t) => t.type === 'DOCUMENT_TIMESTAMP' && t.indication === 'PASSED').length, 2);
  });

  it('refuses like /sign-pdf: no key 401, no file or not a PDF 400', async () => {
    assert.equal((await post(await letterPdf(), '')).status, 401);
    const none = await post(undefined);
    assert.equal(none.status, 400);
    assert.equal(none.json.code, 'INVALID_PDF_FILE');
    const notPdf = await post(Buffer.from('hola'));
    assert.equal(notPdf.json.code, 'INVALID_PDF_FORMAT');
    const broken = await post(Buffer.from('%PDF-1.7\nnothing else'));
    assert.equal(broken.json.code, 'INVALID_PDF_FILE');
  });
});
