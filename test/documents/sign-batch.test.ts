/**
 * Batch signing: one user signs many documents, each through its own signing round, with one
 * answer per document; the Idempotency-Key makes the batch, and its signatures, happen once.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { asBackend, asIntegration, request } from '../support/http.js';
import { prepareIntegrationDraft } from '../support/documents.js';

const NUMBER = /^IF-\d{4}-\d{8}-MVE-[A-Z]+$/;
const NOT_YOUR_TURN = 'Documento no puede firmarse en su estado actual';

async function inSigning(signers: string[]): Promise<string> {
  const id = await prepareIntegrationDraft('agente-obras', signers);
  const started = await request(`/api/v1/documents/${id}/start-signing`, {
    method: 'POST',
    headers: asIntegration('agente-obras'),
  });
  assert.equal(started.status, 200, started.text);
  return id;
}

const signBatch = (user: string, key: string | undefined, json: unknown) =>
  request('/api/v1/documents/sign-batch', {
    method: 'POST',
    headers: { ...asIntegration(user), ...(key ? { 'Idempotency-Key': key } : {}) },
    json,
  });

async function finished(user: string, key: string) {
  for (let i = 0; i < 120; i++) {
    const res = await request(`/api/v1/documents/sign-batch/${key}`, { headers: asIntegration(user) });
    assert.ok(res.status === 200 || res.status === 202, res.text);
    if (res.status === 200) return res;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('batch did not finish');
}

describe('documents: batch signing', function () {
  this.timeout(180_000);

  it('signs and numbers the documents where the user signs last, refuses those where another must sign first, once per key', async () => {
    const mine = await Promise.all(Array.from({ length: 5 }, () => inSigning(['directora-obras'])));
    const notYet = await Promise.all(Array.from({ length: 2 }, () => inSigning(['jefa-mesa', 'directora-obras'])));
    const ids = [...mine, ...notYet];
    const key = `lote-${randomUUID()}`;

    const t0 = Date.now();
    const first = await signBatch('directora-obras', key, { document_ids: ids });
    assert.ok(first.status === 200 || first.status === 202, first.text);
    assert.equal(first.body.batch_id, key);
    assert.equal(first.body.total, 7);
    assert.equal(first.body.poll_url, `/api/v1/documents/sign-batch/${key}`);
    const done = first.status === 200 ? first : await finished('directora-obras', key);
    console.log(`      batch of 7 (5 numbered, 2 refused) answered in ${Date.now() - t0} ms`);
    assert.equal(done.body.status, 'completed');
    assert.equal(done.body.done, 7);
    assert.deepEqual(
      done.body.outcomes.map((o: { document_id: string }) => o.document_id),
      ids,
      'one outcome per document, in request order',
    );
    for (const o of done.body.outcomes.slice(0, 5)) {
      assert.equal(o.status, 'numbered', JSON.stringify(o));
      assert.match(o.document_number, NUMBER);
      assert.ok(o.signed_at);
    }
    for (const o of done.body.outcomes.slice(5)) {
      assert.deepEqual(o, {
        document_id: o.document_id,
        status: 'refused',
        document_number: null,
        signed_at: null,
        error: NOT_YOUR_TURN,
        http_status: 409,
      });
    }
    const numbers = done.body.outcomes.slice(0, 5).map((o: { document_number: string }) => o.document_number);
    assert.equal(new Set(numbers).size, 5, 'each document its own number');

    // The same key answers the same batch, and signs nothing again.
    const again = await signBatch('directora-obras', key, { document_ids: ids });
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(again.body, done.body);
    for (const id of mine) {
      const details = await request(`/api/v1/documents/${id}/signature-details`, {
        headers: asIntegration('agente-obras'),
      });
      assert.equal(details.body.signature_status, 'fully_signed');
      assert.equal(details.body.signers.length, 1);
    }
    // The refused documents are still waiting for their first signer.
    const single = await request(`/api/v1/documents/${notYet[0]}/sign`, {
      method: 'POST',
      headers: asIntegration('directora-obras'),
    });
    assert.deepEqual(
      [single.status, single.body],
      [409, { error: NOT_YOUR_TURN }],
      'the batch refuses as the single signature does',
    );

    // The same key with other documents is a mistake.
    const reused = await signBatch('directora-obras', key, { document_ids: mine });
    assert.deepEqual(
      [reused.status, reused.body],
      [409, { error: 'Idempotency-Key ya usado para otro lote de documentos' }],
    );

    // Progress, on both interfaces, only to the user who started it.
    const polled = await request(`/api/v1/documents/sign-batch/${key}`, { headers: asIntegration('directora-obras') });
    assert.deepEqual([polled.status, polled.body], [200, done.body]);
    const desk = await request(`/api/v1/documents/sign-batch/${key}`, { headers: asBackend('directora-obras') });
    assert.equal(desk.status, 200, desk.text);
    assert.deepEqual(desk.body.data, done.body);
    const other = await request(`/api/v1/documents/sign-batch/${key}`, { headers: asIntegration('jefa-mesa') });
    assert.deepEqual([other.status, other.body], [404, { error: 'Lote de firma no encontrado' }]);
    const otherDesk = await request(`/api/v1/documents/sign-batch/${key}`, { headers: asBackend('jefa-mesa') });
    assert.equal(otherDesk.status, 404);
  });

  it('the backend signs a batch too: a common signer is answered signed, an unknown document refused', async () => {
    const id = await inSigning(['jefa-mesa', 'directora-obras']);
    const missing = randomUUID();
    const key = `lote-${randomUUID()}`;
    let res = await request('/api/v1/documents/sign-batch', {
      method: 'POST',
      headers: { ...asBackend('jefa-mesa'), 'Idempotency-Key': key },
      json: { document_ids: [id, missing] },
    });
    assert.ok(res.status === 200 || res.status === 202, res.text);
    assert.equal(res.body.success, true);
    for (let i = 0; res.status === 202 && i < 120; i++) {
      await new Promise((r) => setTimeout(r, 500));
      res = await request(`/api/v1/documents/sign-batch/${key}`, { headers: asBackend('jefa-mesa') });
    }
    assert.equal(res.status, 200, res.text);
    const [signed, unknown] = res.body.data.outcomes;
    assert.equal(signed.status, 'signed');
    assert.equal(signed.document_number, null);
    assert.deepEqual([unknown.status, unknown.http_status, unknown.error], ['refused', 404, 'Documento no encontrado']);
    assert.equal(res.body.message, '2 de 2 documentos procesados');
  });

  it('refuses bad requests with 400', async () => {
    const key = `lote-${randomUUID()}`;
    const id = randomUUID();
    const cases: Array<[string | undefined, unknown, RegExp]> = [
      [key, {}, /document_ids/],
      [key, { document_ids: [] }, /document_ids/],
      [key, { document_ids: ['no-es-uuid'] }, /document_ids/],
      [key, { document_ids: [id, id] }, /document_ids/],
      [key, { document_ids: Array.from({ length: 101 }, () => randomUUID()) }, /document_ids/],
      [key, { document_ids: 'x' }, /document_ids/],
      [undefined, { document_ids: [id] }, /^Idempotency-Key es requerido$/],
      ['clave con espacios', { document_ids: [id] }, /^Idempotency-Key invalido/],
    ];
    for (const [k, body, message] of cases) {
      const res = await signBatch('directora-obras', k, body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.match(res.body.error, message);
    }
    const unknown = await request(`/api/v1/documents/sign-batch/${key}`, { headers: asIntegration('directora-obras') });
    assert.equal(unknown.status, 404, 'no batch was started');
  });
});
