/**
 * The signing service is down during a case creation: the request answers 202 with where to
 * poll, nothing half-made is visible meanwhile, and the case completes once the service is back
 * (the workflow keeps retrying the signature). The same for a document signature.
 */
import assert from 'node:assert/strict';
import { getStack } from '../support/hooks.js';
import { asIntegration, request } from '../support/http.js';
import { template } from '../support/cases.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { until } from '../support/until.js';

describe('the signing service is down for a while', function () {
  this.timeout(180_000);
  let api: { url: string; close(): Promise<void> };

  before(async () => {
    const stack = getStack();
    // Same task queue and worker as the rest of the suite; only the request wait is short.
    api = await stack.extraApi({ WORKFLOW_WAIT_MS: '1500' });
  });

  after(async () => {
    await getStack().signer.start();
    await api.close();
  });

  it('case creation answers 202, shows nothing until done, and completes when the service is back', async () => {
    const reference = `Durante la caída ${Date.now()}`;
    const key = `caida-${Date.now()}`;
    await getStack().signer.stop();
    let poll: string;
    try {
      const res = await request('/api/v1/cases', {
        method: 'POST',
        baseUrl: api.url,
        headers: { ...asIntegration('agente-obras'), 'Idempotency-Key': key },
        json: { case_template_id: template('PEROB'), reference },
      });
      assert.equal(res.status, 202, res.text);
      assert.equal(res.body.status, 'creating');
      assert.match(res.body.workflow_id, /^case-creation\/demo\//);
      assert.equal(res.body.poll_url, `/api/v1/cases/creations/${key}`);
      assert.equal(res.headers.get('location'), res.body.poll_url);
      poll = res.body.poll_url;

      await new Promise((r) => setTimeout(r, 2_000));
      const meanwhile = await request(`/api/v1/cases/search?search=${encodeURIComponent(reference)}`, {
        baseUrl: api.url,
        headers: asIntegration('agente-obras'),
      });
      assert.equal(meanwhile.body.total, 0, 'no half-made case is visible');
      const coverSearch = await request(`/api/v1/documents/search?search=${encodeURIComponent(reference)}`, {
        baseUrl: api.url,
        headers: asIntegration('agente-obras'),
      });
      assert.equal(coverSearch.body.total, 0, 'nor its cover');
      const pendingCovers = await request('/api/v1/documents/pending-signatures', {
        baseUrl: api.url,
        headers: asIntegration('agente-obras'),
      });
      assert.ok(
        !pendingCovers.body.documents.some((d: { reference: string }) => d.reference.includes(reference)),
        'nor the cover waiting for its signature',
      );
      const pending = await request(poll, { baseUrl: api.url, headers: asIntegration('agente-obras') });
      assert.equal(pending.status, 202);
    } finally {
      await getStack().signer.start();
    }

    const done = await until('the case', async () => {
      const r = await request(poll, { baseUrl: api.url, headers: asIntegration('agente-obras') });
      return r.status === 200 ? r.body : undefined;
    });
    assert.match(done.case_number, /^EE-\d{4}-\d{8}-MVE-DOP$/);
    const found = await request(`/api/v1/cases/search?search=${encodeURIComponent(reference)}`, {
      baseUrl: api.url,
      headers: asIntegration('agente-obras'),
    });
    assert.equal(found.body.total, 1);
    const docs = await request(`/api/v1/cases/${done.case_id}/documents`, {
      baseUrl: api.url,
      headers: asIntegration('agente-obras'),
    });
    assert.equal(docs.body.documents[0].status, 'signed');
  });

  it('a signature answers 202 and completes when the service is back', async () => {
    const id = await prepareIntegrationDraft('agente-obras', ['intendente']);
    assert.equal(
      (
        await request(`/api/v1/documents/${id}/start-signing`, {
          method: 'POST',
          baseUrl: api.url,
          headers: asIntegration('agente-obras'),
        })
      ).status,
      200,
    );
    await getStack().signer.stop();
    try {
      const res = await request(`/api/v1/documents/${id}/sign`, {
        method: 'POST',
        baseUrl: api.url,
        headers: asIntegration('intendente'),
      });
      assert.equal(res.status, 202, res.text);
      assert.equal(res.body.status, 'sent_to_sign');
    } finally {
      await getStack().signer.start();
    }
    const signed = await until('the signature', async () => {
      const r = await request(`/api/v1/documents/${id}`, { baseUrl: api.url, headers: asIntegration('agente-obras') });
      return r.body.status === 'signed' ? r.body : undefined;
    });
    assert.match(signed.document_number, /^IF-/);
    const again = await request(`/api/v1/documents/${id}/sign`, {
      method: 'POST',
      baseUrl: api.url,
      headers: asIntegration('intendente'),
    });
    assert.equal(again.status, 200, 'asking again returns the completed signature');
    assert.equal(again.body.document_number, signed.document_number);
  });
});
