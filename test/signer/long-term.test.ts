import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { freePort } from '../../dev/ports.js';
import { ensureDevPki } from '../../signer/dev-pki.js';
import type { RunningSigner } from '../../signer/server.js';
import { RevocationServices } from '../../signer/tsa/revocation.js';
import { startTimestampAuthority } from '../../signer/tsa/server.js';
import { fields, sign } from './support/http.js';
import { letterPdf } from './support/pdfs.js';
import {
  certsDirWith,
  devPki,
  fakeServer,
  quietLogger,
  revokeTenant,
  startSigner,
  tempDir,
} from './support/service.js';
import {
  dssAvailable,
  dssContents,
  dssValidate,
  pdfsig,
  pyhankoValidateWithRevocation,
  qpdfCheck,
  qpdfFields,
  saveTemp,
  type DssVerdict,
} from './support/tools.js';

/** EU DSS (default policy, dev root as the trusted list, OCSP/CRL fetching on loopback allowed). */
async function dss(bytes: Buffer, name: string): Promise<{ file: string; verdicts: DssVerdict[] }> {
  const file = await saveTemp(bytes, name);
  return { file, verdicts: await dssValidate(file, (await devPki()).caCertPath) };
}

function summary(v: DssVerdict): string {
  const errors = v.errors.length ? ` errors: ${v.errors.join(' | ')}` : '';
  return `${v.level ?? v.type} ${v.indication}${v.subIndication ? `/${v.subIndication}` : ''}${errors}`;
}

const signatures = (verdicts: DssVerdict[]) => verdicts.filter((v) => v.kind === 'signature');

/** Every signature at `level` and TOTAL_PASSED (the printed verdicts go to the test log). */
function assertPassed(verdicts: DssVerdict[], level: string, count: number): void {
  const sigs = signatures(verdicts);
  console.log(`      DSS: ${verdicts.map(summary).join('; ')}`);
  assert.equal(sigs.length, count, verdicts.map(summary).join('\n'));
  for (const s of sigs) {
    assert.equal(s.level, level, summary(s));
    assert.equal(s.indication, 'TOTAL_PASSED', summary(s));
  }
}

describe('signer: PAdES-B-LT and B-LTA, judged by EU DSS (default policy) and pyHanko', function () {
  this.timeout(300_000);
  let signer: RunningSigner;
  let caCertPath: string;

  before(async function () {
    if (!dssAvailable()) {
      // Only when Java 17 and Maven are missing: npm run setup:tools builds the validator otherwise.
      console.log('      EU DSS validator not built (needs Java 17 and Maven; run npm run setup:tools): skipping');
      this.skip();
    }
    signer = await startSigner();
    caCertPath = (await devPki()).caCertPath;
  });

  it('B-LT, one page: PAdES-BASELINE-LT, TOTAL_PASSED; pyHanko with revocation required: trusted', async () => {
    const input = await letterPdf();
    const res = await sign(signer.url, { pdf: input, fields: fields({ pades_level: 'B-LT' }) });
    assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 300));
    assert.ok(res.bytes.subarray(0, input.length).equals(input), 'incremental: the original bytes stay');
    const { file, verdicts } = await dss(res.bytes, 'b-lt.pdf');
    assertPassed(verdicts, 'PAdES-BASELINE-LT', 1);
    assert.ok((await qpdfCheck(file)).ok);
    const py = await pyhankoValidateWithRevocation(file, caCertPath);
    assert.equal(py.code, 0, py.output);
    assert.match(py.fields.get('Firma1') ?? '', /^INTACT:TRUSTED,TIMESTAMP_TOKEN<INTACT:TRUSTED>/, py.output);
  });

  it('B-LTA, one page: PAdES-BASELINE-LTA, TOTAL_PASSED, with a valid archive time-stamp', async () => {
    const res = await sign(signer.url, {
      pdf: await letterPdf(),
      fields: fields({ pades_level: 'B-LTA', document_number: 'IF-2026-00000013-MVE-DOP', city: 'Villa Esperanza' }),
    });
    assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 300));
    const { file, verdicts } = await dss(res.bytes, 'b-lta.pdf');
    assertPassed(verdicts, 'PAdES-BASELINE-LTA', 1);
    // DSS lists the signature time-stamp and the document time-stamp covering it; both must pass.
    const timestamps = signatures(verdicts)[0]!.timestamps!;
    assert.deepEqual(
      timestamps.map((t) => `${t.type} ${t.indication}`).sort(),
      ['DOCUMENT_TIMESTAMP PASSED', 'SIGNATURE_TIMESTAMP PASSED'],
      JSON.stringify(timestamps),
    );
    // The document time-stamp is an invisible field of its own; pdfsig sees it next to the signature.
    const docTs = (await qpdfFields(file)).find((f) => f.name.startsWith('SelloTiempo'));
    assert.ok(docTs?.signed);
    assert.equal(docTs.sig?.['/SubFilter'], '/ETSI.RFC3161');
    assert.equal(docTs.sig?.['/Type'], '/DocTimeStamp');
    // poppler verifies the CAdES signature; it lists the RFC 3161 document time-stamp but cannot check it.
    const popplerView = await pdfsig(file);
    assert.ok(popplerView.find((s) => s.field === 'Firma1')?.valid);
    assert.ok(popplerView.find((s) => s.field === 'SelloTiempo1')?.signed);
    const py = await pyhankoValidateWithRevocation(file, caCertPath);
    assert.equal(py.code, 0, py.output);
  });

  it('a document signed 6 times at B-LTA: 6 signatures TOTAL_PASSED, earlier ones untouched', async () => {
    let pdf = await letterPdf();
    const sizes: number[] = [pdf.length];
    for (let i = 0; i < 6; i++) {
      const res = await sign(signer.url, { pdf, fields: fields({ pades_level: 'B-LTA', name: `Firmante ${i + 1}` }) });
      assert.equal(res.status, 200, `signature ${i + 1}: ${res.bytes.toString('utf8').slice(0, 300)}`);
      assert.ok(res.bytes.subarray(0, pdf.length).equals(pdf), 'each signature appends');
      pdf = res.bytes;
      sizes.push(pdf.length);
    }
    console.log(`      sizes: ${sizes.join(' → ')} bytes`);
    const { file, verdicts } = await dss(pdf, 'six-lta.pdf');
    assertPassed(verdicts, 'PAdES-BASELINE-LTA', 6);
    // The slots are those of six signatures (document time-stamps do not take one).
    const rects = (await qpdfFields(file))
      .filter((f) => f.name.startsWith('Firma'))
      .map((f) => f.rect.slice(0, 2).join(','));
    assert.deepEqual(rects, ['50,40', '316,40', '50,122', '316,122', '50,204', '316,204']);
    const py = await pyhankoValidateWithRevocation(file, caCertPath);
    assert.equal(py.code, 0, py.output);
    assert.equal([...py.fields.keys()].filter((k) => k.startsWith('Firma')).length, 6, py.output);
  });

  it('a certificate revoked before signing: refused with CERTIFICATE_REVOKED, nothing signed', async () => {
    const certs = await certsDirWith([{ tenant: 'revocado' }]);
    // No reuse of revocation answers here (REVOCATION_CACHE_MS, 60 s by default), so the revocation shows at once.
    const withRevoked = await startSigner({
      CERTS_DIR: certs.certsDir,
      CERT_PASSWORDS_FILE: certs.passwordsFile,
      REVOCATION_CACHE_MS: '0',
    });
    const before = await sign(withRevoked.url, {
      pdf: await letterPdf(),
      fields: fields({ tenant_id: 'revocado', pades_level: 'B-LT' }),
    });
    assert.equal(before.status, 200, before.bytes.toString('utf8').slice(0, 300));
    await revokeTenant('revocado', certs.certsDir);
    for (const level of ['B-LT', 'B-LTA']) {
      const res = await sign(withRevoked.url, {
        pdf: await letterPdf(),
        fields: fields({ tenant_id: 'revocado', pades_level: level }),
      });
      assert.equal(res.status, 400);
      assert.equal(res.json.code, 'CERTIFICATE_REVOKED');
      assert.match(res.json.message, /tenant "revocado".*revoked on \d{4}-\d{2}-\d{2}T.*the document was not signed/);
    }
    // Revoking one tenant does not affect another.
    const other = await sign(withRevoked.url, { pdf: await letterPdf(), fields: fields({ pades_level: 'B-LT' }) });
    assert.equal(other.status, 200);
  });

  it('after the signer certificate expired, a B-LTA signature still passes (TOTAL_PASSED, LTA)', async () => {
    // A certificate valid for 20 s: signed while valid, validated once expired.
    const notAfter = new Date(Date.now() + 20_000);
    const certs = await certsDirWith([{ tenant: 'efimero', notBefore: new Date(Date.now() - 60_000), notAfter }]);
    const shortLived = await startSigner({ CERTS_DIR: certs.certsDir, CERT_PASSWORDS_FILE: certs.passwordsFile });
    const res = await sign(shortLived.url, {
      pdf: await letterPdf(),
      fields: fields({ tenant_id: 'efimero', pades_level: 'B-LTA' }),
    });
    assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 300));
    await new Promise((r) => setTimeout(r, Math.max(0, notAfter.getTime() - Date.now() + 1500)));
    const expired = await sign(shortLived.url, {
      pdf: await letterPdf(),
      fields: fields({ tenant_id: 'efimero', pades_level: 'B-LTA' }),
    });
    assert.equal(expired.json?.code, 'CERTIFICATE_LOAD_ERROR', 'an expired certificate no longer signs');
    const { verdicts } = await dss(res.bytes, 'expired-lta.pdf');
    assertPassed(verdicts, 'PAdES-BASELINE-LTA', 1);
  });

  it('without an OCSP answer the CRLs are used (OCSP_URL pointed at a responder answering 503): still PAdES-BASELINE-LT, TOTAL_PASSED', async () => {
    const dead = await fakeServer((_req, res) => res.writeHead(503).end());
    const crlOnly = await startSigner({ OCSP_URL: `${dead.url}/ocsp`, REVOCATION_CACHE_MS: '0' });
    const res = await sign(crlOnly.url, { pdf: await letterPdf(), fields: fields({ pades_level: 'B-LT' }) });
    assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 300));
    const { file, verdicts } = await dss(res.bytes, 'b-lt-crl.pdf');
    const stored = await dssContents(file);
    assert.deepEqual([stored.ocsps, stored.crls], [0, 2], 'the signing CA and root CRLs, no OCSP');
    assertPassed(verdicts, 'PAdES-BASELINE-LT', 1);
  });

  it('pades_level: the tenant default from PADES_LEVEL_<TENANT>, the request wins, anything else is INVALID_PARAMETERS', async () => {
    const configured = await startSigner({ PADES_LEVEL_DEMO: 'B-LT' });
    const byTenant = await sign(configured.url, { pdf: await letterPdf(), fields: fields() });
    assert.equal(byTenant.status, 200);
    assert.ok(byTenant.bytes.includes('/DSS'), 'B-LT by tenant configuration');
    const byRequest = await sign(configured.url, { pdf: await letterPdf(), fields: fields({ pades_level: 'B-T' }) });
    assert.equal(byRequest.status, 200);
    assert.ok(!byRequest.bytes.includes('/DSS'), 'B-T asked for by the request');
    for (const bad of ['b-lt', 'B-B', 'LTA', 'B-LTA ']) {
      const res = await sign(signer.url, { pdf: await letterPdf(), fields: fields({ pades_level: bad }) });
      if (bad === 'B-LTA ') {
        assert.equal(res.status, 200, 'values are trimmed like every field');
        continue;
      }
      assert.equal(res.status, 400, bad);
      assert.equal(res.json.code, 'INVALID_PARAMETERS');
      assert.match(res.json.message, /pades_level must be one of "B-T", "B-LT", "B-LTA"/);
    }
  });
});

describe('signer: revocation data in the /DSS (no validator needed)', function () {
  this.timeout(120_000);

  // The development CA signs a fresh CRL on every request, stamped to the second: two downloads of
  // one CRL a second apart differ. The signer's CA and the time-stamping authority are both issued
  // by the root, so a /DSS that downloaded the root's CRL once per certificate held it twice
  // whenever a second ended between the downloads (the CRL test above then counted 3).
  it('each CRL is downloaded once per /DSS, so one issuer has one CRL even when every download differs', async () => {
    const dir = await mkdtemp(path.join(await tempDir(), 'fresh-crls-'));
    const revocationPort = await freePort();
    const pki = await ensureDevPki({ dir, tenants: ['demo'], revocationUrl: `http://127.0.0.1:${revocationPort}` });
    const services = await RevocationServices.load(pki.dir);
    // Each CRL download is one second later than the one before; OCSP never answers.
    const downloads: string[] = [];
    const since = Date.now() - 60_000;
    const revocation = http.createServer((req, res) => {
      const crl = /^\/crl\/([a-z-]+)\.crl$/.exec(req.url ?? '');
      const cer = /^\/certs\/([a-z-]+)\.cer$/.exec(req.url ?? '');
      if (crl) {
        downloads.push(crl[1]!);
        void services
          .crl(crl[1]!, new Date(since + 1000 * downloads.length))
          .then((der) => res.writeHead(200, { 'content-type': 'application/pkix-crl' }).end(der));
      } else if (cer && services.caCertificate(cer[1]!)) {
        res.writeHead(200, { 'content-type': 'application/pkix-cert' }).end(services.caCertificate(cer[1]!));
      } else {
        res.writeHead(503).end();
      }
    });
    await new Promise<void>((resolve) => revocation.listen(revocationPort, '127.0.0.1', resolve));
    const tsa = await startTimestampAuthority({
      port: 0,
      host: '127.0.0.1',
      pkiDir: pki.dir,
      log: quietLogger(),
      publishRevocation: false,
    });
    try {
      const signer = await startSigner({
        CERTS_DIR: pki.certsDir,
        CERT_PASSWORDS_FILE: pki.passwordsFile,
        TSA_URL: tsa.url,
        REVOCATION_CACHE_MS: '0',
      });
      for (let i = 0; i < 2; i++) {
        downloads.length = 0;
        const res = await sign(signer.url, { pdf: await letterPdf(), fields: fields({ pades_level: 'B-LT' }) });
        assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 300));
        const stored = await dssContents(await saveTemp(res.bytes, `fresh-crls-${i}.pdf`));
        assert.deepEqual([stored.ocsps, stored.crls], [0, 2], 'the signing CA and root CRLs, once each');
        // Checked before signing (signer chain: both CRLs), then once each for the /DSS.
        assert.deepEqual(downloads.sort(), ['ca', 'ca', 'signing-ca', 'signing-ca']);
      }
    } finally {
      await tsa.close();
      revocation.closeAllConnections();
      await new Promise<void>((resolve) => revocation.close(() => resolve()));
    }
  });
});
