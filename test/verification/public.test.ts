import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { apiRoutes } from '../../api/app.js';
import { publicVerificationRoutes } from '../../api/public/router.js';
import { listRoutes } from '../../api/routes.js';
import { sha256 } from '../../domain/documents/files.js';
import { formatVerificationCode } from '../../lib/verification-code.js';
import { createCase } from '../support/cases.js';
import { getStack } from '../support/hooks.js';
import { asIntegration, demoUser, request } from '../support/http.js';
import { letterPdf, pdfForm, prepareIntegrationDraft } from '../support/documents.js';
import { pdfText, qrInFooter } from '../support/pdf-tools.js';
import { appendAnnotation, officialDocument, signAgain, type OfficialDocument } from './support/corpus.js';
import { printedVerificationCodeOf, verificationCodeOf } from '../support/verification-codes.js';

const REFERENCE = 'Informe reservado: domicilio Güemes 742';

function upload(bytes: Buffer, name = 'documento.pdf'): FormData {
  const form = new FormData();
  form.set('pdf_file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  return form;
}

describe('verification: public page and API', function () {
  this.timeout(180_000);
  let official: OfficialDocument;
  let api: { url: string; close(): Promise<void> };
  const publicRequest = (p: string, options: Parameters<typeof request>[1] = {}) =>
    request(p, { ...options, baseUrl: api.url });

  before(async () => {
    official = await officialDocument(['directora-obras', 'intendente'], REFERENCE);
    // A generous limit here; the rate-limit test runs its own API with a small one.
    api = await getStack().extraApi({ PUBLIC_VERIFY_RATE_LIMIT: '1000' });
  });

  after(async () => {
    await api?.close();
  });

  it('the official PDF prints the code and a QR of its public URL in the footer', () => {
    const url = `${getStack().config.api.publicUrl}/verificar/${formatVerificationCode(official.code)}`;
    assert.match(official.code, /^[0-9A-HJKMNP-TV-Z]{12}$/);
    assert.equal(qrInFooter(official.pdf), url);
    const text = pdfText(official.pdf);
    assert.ok(text.includes(`Código de verificación: ${formatVerificationCode(official.code)}`), text);
    assert.ok(text.includes(url));
  });

  it('GET by code: authentic, with only the public facts of the document', async () => {
    const res = await publicRequest(`/api/v1/public/verify/${formatVerificationCode(official.code)}`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.body.verdict, 'authentic');
    assert.equal(res.body.message, 'Documento auténtico');
    assert.deepEqual(
      {
        ...res.body.document,
        date: undefined,
        signers: res.body.document.signers.map((s: { name: string }) => s.name),
        trail: res.body.document.trail.map((t: { event: string; signer_name: string | null }) => [
          t.event,
          t.signer_name,
        ]),
      },
      {
        verification_code: formatVerificationCode(official.code),
        document_number: official.number,
        document_type: 'Informe',
        date: undefined,
        municipality: getStack().demoTenant.displayName,
        signers: ['Lucía Fernández', 'Martín Álvarez'],
        sha256: sha256(official.pdf),
        trail: [
          ['created', null],
          ['sent_to_sign', null],
          ['signed', 'Lucía Fernández'],
          ['signed', 'Martín Álvarez'],
          ['officialized', null],
        ],
      },
    );
    assert.equal(res.body.file.matches_registered_original, true);
    assert.deepEqual(
      res.body.signatures.map((s: { kind: string }) => s.kind),
      ['signature', 'signature', 'timestamp'],
      'two signatures and the archive time-stamp',
    );
    assert.ok(
      res.body.signatures.every((s: { signature_valid: boolean; trusted: boolean }) => s.signature_valid && s.trusted),
    );
    assert.ok(!res.text.includes('Güemes 742') && !res.text.includes('Señor Núñez'), 'no reference, no content');

    const typed = await publicRequest(`/api/v1/public/verify/${official.code.toLowerCase()}`);
    assert.equal(typed.body.verdict, 'authentic', 'codes are read case-insensitively, with or without hyphens');
  });

  it('unknown or malformed codes are only "not found"', async () => {
    for (const code of ['0000-0000-0000', 'ZZZZ', '%3Cscript%3E']) {
      const res = await publicRequest(`/api/v1/public/verify/${code}`);
      assert.deepEqual([res.status, res.body], [404, { code: 'NOT_FOUND', message: 'not found' }], code);
    }
    const page = await publicRequest('/verificar/0000-0000-0000');
    assert.equal(page.status, 404);
    assert.match(page.text, /No se encontró ningún documento con ese código/);
  });

  it('a document still being signed is not found: only official documents verify', async () => {
    const id = await prepareIntegrationDraft('intendente', ['directora-obras', 'intendente'], { reference: REFERENCE });
    assert.equal(
      (await request(`/api/v1/documents/${id}/start-signing`, { method: 'POST', headers: asIntegration('intendente') }))
        .status,
      200,
    );
    const res = await publicRequest(`/api/v1/public/verify/${await verificationCodeOf(id)}`);
    assert.deepEqual([res.status, res.body], [404, { code: 'NOT_FOUND', message: 'not found' }]);
  });

  it('POST an upload: the original is authentic; a re-signed copy is valid but not the original; an edit is modified', async () => {
    const same = await publicRequest('/api/v1/public/verify', { method: 'POST', form: upload(official.pdf) });
    assert.equal(same.status, 200, same.text);
    assert.equal(same.body.verdict, 'authentic');
    assert.equal(same.body.file.matches_registered_original, true);
    assert.equal(same.body.file.sha256, sha256(official.pdf));

    const resigned = await publicRequest('/api/v1/public/verify', {
      method: 'POST',
      form: upload(await signAgain(official.pdf)),
    });
    assert.equal(resigned.body.verdict, 'valid_not_original');
    assert.match(resigned.body.message, /^No es el original registrado/);
    assert.equal(resigned.body.document.document_number, official.number, 'found through its first revision');
    assert.equal(resigned.body.file.matches_registered_original, false);

    const edited = await publicRequest('/api/v1/public/verify', {
      method: 'POST',
      form: upload(appendAnnotation(official.pdf)),
    });
    assert.equal(edited.body.verdict, 'modified');
    assert.equal(edited.body.message, 'Modificado después de firmar');
    assert.equal(edited.body.file.after_last_signature, 'modification');
  });

  it('POST refusals use the signing service codes and limit', async () => {
    const notPdf = await publicRequest('/api/v1/public/verify', { method: 'POST', form: upload(Buffer.from('hola')) });
    assert.deepEqual([notPdf.status, notPdf.body.code], [400, 'INVALID_PDF_FORMAT']);
    const broken = await publicRequest('/api/v1/public/verify', {
      method: 'POST',
      form: upload(official.pdf.subarray(0, 4000)),
    });
    assert.deepEqual([broken.status, broken.body.code], [400, 'INVALID_PDF_FILE']);
    const large = await publicRequest('/api/v1/public/verify', {
      method: 'POST',
      form: upload(Buffer.alloc(10 * 1024 * 1024 + 1, 0x25)),
    });
    assert.deepEqual([large.status, large.body.code], [400, 'FILE_TOO_LARGE']);
    const none = await publicRequest('/api/v1/public/verify', { method: 'POST', form: new FormData() });
    assert.deepEqual([none.status, none.body.code], [400, 'INVALID_PDF_FILE']);
  });

  it('a case cover (CAEX) gets a code and verifies like any official document', async () => {
    const created = await createCase('agente-obras');
    const docs = await request(`/api/v1/cases/${created.case_id}/documents`, {
      headers: asIntegration('agente-obras'),
    });
    const cover = docs.body.documents.find((d: { document_type: string }) => d.document_type === 'CAEX');
    const res = await publicRequest(`/api/v1/public/verify/${await verificationCodeOf(cover.document_id)}`);
    assert.equal(res.body.verdict, 'authentic', res.text);
    assert.equal(res.body.document.document_number, cover.document_number);
  });

  it('an imported PDF gets its code and QR on the signatures page, and verifies', async () => {
    const imported = await request('/api/v1/documents/import', {
      method: 'POST',
      headers: asIntegration('intendente'),
      form: pdfForm(
        { document_type_acronym: 'INF', reference: 'Externo' },
        { bytes: await letterPdf('Documento externo') },
      ),
    });
    assert.equal(imported.status, 201, imported.text);
    const id = imported.body.document_id as string;
    const patched = await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers: asIntegration('intendente'),
      json: { signers: [demoUser('intendente')] },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(
      (await request(`/api/v1/documents/${id}/start-signing`, { method: 'POST', headers: asIntegration('intendente') }))
        .status,
      200,
    );
    assert.equal(
      (await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: asIntegration('intendente') })).status,
      200,
    );
    const url = await request(`/api/v1/documents/${id}/url`, { headers: asIntegration('intendente') });
    const pdf = Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer());
    assert.equal(
      qrInFooter(pdf, 2),
      `${getStack().config.api.publicUrl}/verificar/${await printedVerificationCodeOf(id)}`,
    );
    const res = await publicRequest('/api/v1/public/verify', { method: 'POST', form: upload(pdf) });
    assert.equal(res.body.verdict, 'authentic', res.text);
  });

  it('the page works in a browser: upload a file, enter a code, read the verdict', async () => {
    const browser = await chromium.launch({ executablePath: getStack().config.chromiumPath, args: ['--no-sandbox'] });
    const shots = mkdtempSync(path.join(os.tmpdir(), 'expediente-verificar-'));
    try {
      const page = await browser.newPage();
      page.setDefaultTimeout(15_000);
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.goto(`${api.url}/verificar`);
      assert.equal(await page.title(), 'Verificar un documento oficial');
      const file = path.join(shots, `${official.number}.pdf`);
      writeFileSync(file, official.pdf);
      await page.getByLabel('Archivo PDF firmado (hasta 10 MB)').setInputFiles(file);
      await page.getByRole('button', { name: 'Verificar archivo' }).click();
      const verdict = page.getByRole('status');
      assert.equal((await verdict.textContent())?.trim(), 'Documento auténtico');
      assert.match(await page.locator('main').innerText(), new RegExp(official.number));
      assert.match(await page.locator('main').innerText(), /El archivo es idéntico al original registrado/);
      await page.screenshot({ path: path.join(shots, 'upload-result.png'), fullPage: true });

      await page.getByLabel(/Código de verificación/).fill(formatVerificationCode(official.code).toLowerCase());
      await page.getByRole('button', { name: 'Verificar', exact: true }).click();
      assert.equal(new URL(page.url()).pathname, `/verificar/${formatVerificationCode(official.code)}`);
      assert.equal((await page.getByRole('status').textContent())?.trim(), 'Documento auténtico');
      assert.match(await page.locator('main').innerText(), /Lucía Fernández/);
      await page.screenshot({ path: path.join(shots, 'code-result.png'), fullPage: true });
      assert.deepEqual(errors, [], 'no console errors (CSP allows the page stylesheet)');
      process.stderr.write(`      screenshots: ${shots}\n`);
    } finally {
      await browser.close();
    }
  });

  it('public routes are rate-limited per client address: 429 with Retry-After', async () => {
    const limited = await getStack().extraApi({ PUBLIC_VERIFY_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await request(`/api/v1/public/verify/${official.code}`, { baseUrl: limited.url })).status);
      assert.deepEqual(statuses, [200, 200, 200]);
      const refused = await request(`/api/v1/public/verify/${official.code}`, { baseUrl: limited.url });
      assert.equal(refused.status, 429);
      assert.equal(refused.body.code, 'RATE_LIMITED');
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After ${refused.headers.get('retry-after')}`);
      const page = await request('/verificar', { baseUrl: limited.url });
      assert.equal(page.status, 429, 'pages share the limit');
      const refusedUpload = await request('/api/v1/public/verify', {
        method: 'POST',
        form: upload(official.pdf),
        baseUrl: limited.url,
      });
      assert.equal(refusedUpload.status, 429, 'an upload is refused with an answer, not a reset');
      const other = await request('/health', { baseUrl: limited.url });
      assert.equal(other.status, 200, 'other routes are not limited');
    } finally {
      await limited.close();
    }
  });

  it('the route listings still work, with the public routes listed by their own router', () => {
    const { integration, backend } = apiRoutes(getStack().apiDeps);
    assert.ok(
      integration.some((r) => r.method === 'POST' && /sign$/.test(r.path)),
      JSON.stringify(integration.slice(0, 5)),
    );
    assert.ok(
      backend.some((r) => r.method === 'POST' && /super-sign$/.test(r.path)),
      JSON.stringify(backend.slice(0, 5)),
    );
    assert.ok(![...integration, ...backend].some((r) => r.path.startsWith('/public') || r.path.includes('verificar')));
    assert.deepEqual(
      listRoutes(publicVerificationRoutes(getStack().apiDeps))
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
      [
        'GET /api/v1/public/verify/:code',
        'GET /verificar',
        'GET /verificar/:code',
        'GET /verificar/:code/documento.pdf',
        'GET /verificar/:code/logo',
        'GET /verificar/:code/paginas/:page.png',
        'POST /api/v1/public/verify',
        'POST /verificar',
      ],
    );
  });
});
