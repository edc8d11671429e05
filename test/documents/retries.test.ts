import assert from 'node:assert/strict';
import { asBackend, asIntegration, demoUser, request, type HttpResult } from '../support/http.js';
import { createBackendDraft, prepareIntegrationDraft, SAMPLE_HTML } from '../support/documents.js';
import { pdfSignatures } from '../support/pdf-tools.js';

const NUMBER = /^IF-\d{4}-\d{8}-MVE-[A-Z]+$/;

const post = (path: string, headers: Record<string, string>, json?: unknown) =>
  request(path, { method: 'POST', headers, ...(json !== undefined ? { json } : {}) });
const sign = (id: string, user: string) => post(`/api/v1/documents/${id}/sign`, asIntegration(user));
const superSign = (id: string, user: string) => post(`/api/v1/documents/${id}/super-sign`, asBackend(user));
const startSigning = (id: string, user: string) => post(`/api/v1/documents/${id}/start-signing`, asIntegration(user));
const startProcess = (id: string, user: string) =>
  post(`/api/v1/documents/${id}/start-signing-process`, asBackend(user));
const reject = (id: string, user: string, reason: string) =>
  post(`/api/v1/documents/${id}/reject`, asIntegration(user), { reason });
const rejectBackend = (id: string, user: string, reason: string) =>
  post(`/api/v1/documents/${id}/reject`, asBackend(user), { reason });

/** The same request `n` times at once: a double click, or a client retrying on its own timeout. */
const together = (n: number, send: () => Promise<HttpResult>) => Promise.all(Array.from({ length: n }, send));

/** The same request every `gapMs` while the first is in flight: repeats land before, during and after it completes. */
const staggered = (n: number, gapMs: number, send: () => Promise<HttpResult>) =>
  Promise.all(
    Array.from({ length: n }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * gapMs));
      return send();
    }),
  );

/** An earlier 200 answer, to compare later ones with. */
const answered = (body: unknown): HttpResult => ({ status: 200, body }) as HttpResult;

/** Every answer has `status` and the same body (`omit`: fields that legitimately differ per call); returns that body. */
function allSame(results: HttpResult[], status: number, omit: string[] = []): any {
  const strip = (body: any) => Object.fromEntries(Object.entries(body).filter(([k]) => !omit.includes(k)));
  for (const r of results) assert.equal(r.status, status, `${r.status} ${r.text}`);
  for (const r of results.slice(1)) assert.deepEqual(strip(r.body), strip(results[0]!.body));
  return results[0]!.body;
}

async function signatureCount(id: string, user: string): Promise<number> {
  const url = await request(`/api/v1/documents/${id}/url`, { headers: asIntegration(user) });
  assert.equal(url.status, 200, url.text);
  const pdf = Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer());
  return pdfSignatures(pdf).filter((s) => s.valid).length;
}

async function backendDraft(signers: [string, boolean][]): Promise<string> {
  const id = await createBackendDraft('agente-obras');
  const saved = await request(`/api/v1/documents/${id}/save`, {
    method: 'PATCH',
    headers: asBackend('agente-obras'),
    json: {
      content: SAMPLE_HTML,
      signers: signers.map(([user, isNumerator]) => ({ user_id: demoUser(user), is_numerator: isNumerator })),
    },
  });
  assert.equal(saved.status, 200, saved.text);
  return id;
}

describe('documents: a retried request gets the answer of the request it repeats', function () {
  this.timeout(120_000);

  it('integration sign: concurrent and later repeats by a signer all answer that signature; the document is signed once', async () => {
    const id = await prepareIntegrationDraft('agente-obras', ['directora-obras', 'intendente']);
    assert.equal((await startSigning(id, 'agente-obras')).status, 200);

    const common = allSame(await together(6, () => sign(id, 'directora-obras')), 200);
    assert.equal(common.status, 'sent_to_sign');

    const numerator = allSame(await staggered(16, 100, () => sign(id, 'intendente')), 200);
    assert.equal(numerator.status, 'signed');
    assert.match(numerator.document_number, NUMBER);
    allSame([answered(numerator), ...(await together(3, () => sign(id, 'intendente')))], 200);

    const commonLater = await sign(id, 'directora-obras');
    assert.equal(commonLater.status, 200, commonLater.text);
    assert.equal(commonLater.body.signed_at, common.signed_at, 'the common signer keeps the signature it was answered');
    assert.equal(await signatureCount(id, 'agente-obras'), 2, 'each signer signed once');
  });

  it('backend super-sign: concurrent and later repeats by the numerator answer the official number', async () => {
    const id = await backendDraft([
      ['directora-obras', false],
      ['intendente', true],
    ]);
    assert.equal((await startProcess(id, 'agente-obras')).status, 200);

    const common = allSame(await together(6, () => superSign(id, 'directora-obras')), 200);
    assert.equal(common.document_status, 'sent_to_sign');

    // signed_pdf_url (flat and under data) is a fresh temporary URL on every answer.
    const numerator = allSame(await staggered(16, 100, () => superSign(id, 'intendente')), 200, [
      'signed_pdf_url',
      'data',
    ]);
    assert.deepEqual([numerator.document_status, numerator.is_numerator], ['signed', true]);
    assert.match(numerator.official_number, NUMBER);
    const later = await superSign(id, 'intendente');
    assert.deepEqual(
      [later.status, later.body.official_number, later.body.document_status],
      [200, numerator.official_number, 'signed'],
    );
    assert.equal(await signatureCount(id, 'agente-obras'), 2, 'each signer signed once');
  });

  it('integration start-signing: repeats while the round is open answer 200 with the same body; a signed document stays 409', async () => {
    const id = await prepareIntegrationDraft('agente-obras', ['intendente']);
    const started = allSame(await together(6, () => startSigning(id, 'agente-obras')), 200);
    assert.deepEqual(started, { document_id: id, status: 'sent_to_sign', message: 'Documento enviado a firma' });
    allSame(
      [answered(started), await startSigning(id, 'agente-obras'), await startSigning(id, 'directora-obras')],
      200,
    );
    assert.equal((await startSigning(id, 'agente-mesa')).status, 404, 'a user who cannot see it still cannot start it');

    assert.equal((await sign(id, 'intendente')).status, 200);
    const afterSigned = await startSigning(id, 'agente-obras');
    assert.deepEqual(
      [afterSigned.status, afterSigned.body],
      [409, { error: 'Documento no puede firmarse en su estado actual' }],
    );
  });

  it('backend start-signing-process: concurrent and later repeats by the creator answer the same round; others stay 403', async () => {
    const id = await backendDraft([
      ['directora-obras', false],
      ['intendente', true],
    ]);
    const started = allSame(await together(6, () => startProcess(id, 'agente-obras')), 200);
    assert.equal(started.data.status, 'sent_to_sign');
    assert.deepEqual(
      started.data.signers.map((s: { status: string }) => s.status),
      ['pending', 'pending'],
    );
    assert.equal((await superSign(id, 'directora-obras')).status, 200);
    allSame([answered(started), await startProcess(id, 'agente-obras')], 200);
    assert.equal((await startProcess(id, 'directora-obras')).status, 403, 'only the creator starts it');
  });

  it('integration reject: concurrent and later repeats by the signer answer that rejection; anything else stays 409', async () => {
    const id = await prepareIntegrationDraft('agente-obras', ['directora-obras', 'intendente']);
    assert.equal((await startSigning(id, 'agente-obras')).status, 200);
    const rejected = allSame(await staggered(8, 50, () => reject(id, 'intendente', 'Falta el plano')), 200);
    assert.deepEqual(rejected, {
      document_id: id,
      status: 'rejected',
      rejected_by: demoUser('intendente'),
      reason: 'Falta el plano',
    });
    allSame([answered(rejected), await reject(id, 'intendente', 'Falta el plano')], 200);

    const notRejectable = { error: 'Documento no puede rechazarse en su estado actual' };
    const other = await reject(id, 'directora-obras', 'Falta el plano');
    assert.deepEqual([other.status, other.body], [409, notRejectable], 'another signer cannot reject it again');
    const otherReason = await reject(id, 'intendente', 'Otro motivo');
    assert.deepEqual(
      [otherReason.status, otherReason.body],
      [409, notRejectable],
      'a different reason is not a repeat',
    );
    const doc = await request(`/api/v1/documents/${id}`, { headers: asIntegration('agente-obras') });
    assert.deepEqual(
      [doc.body.status, doc.body.rejected_by, doc.body.rejection_reason],
      ['rejected', demoUser('intendente'), 'Falta el plano'],
    );
  });

  it('backend reject: repeats answer the same rejection (same rejected_at) until the document is saved back to draft', async () => {
    const id = await backendDraft([
      ['directora-obras', false],
      ['intendente', true],
    ]);
    assert.equal((await startProcess(id, 'agente-obras')).status, 200);
    const rejected = allSame(await together(6, () => rejectBackend(id, 'directora-obras', 'Revisar montos')), 200);
    assert.deepEqual(
      [rejected.data.status, rejected.data.rejected_by, rejected.data.reason],
      ['rejected', demoUser('directora-obras'), 'Revisar montos'],
    );
    allSame([answered(rejected), await rejectBackend(id, 'directora-obras', 'Revisar montos')], 200);

    const saved = await request(`/api/v1/documents/${id}/save`, {
      method: 'PATCH',
      headers: asBackend('agente-obras'),
      json: { content: `${SAMPLE_HTML}<p>Montos revisados.</p>` },
    });
    assert.equal(saved.body.status, 'draft');
    const afterSave = await rejectBackend(id, 'directora-obras', 'Revisar montos');
    assert.deepEqual(
      [afterSave.status, afterSave.body.message],
      [409, 'Documento no puede rechazarse en su estado actual'],
      'the rejection was dealt with',
    );
  });
});
