/**
 * While PostgreSQL or Temporal is down the API says so — 503 with Retry-After in the interface's
 * error shape — instead of a 500 that reads like a bug, and writes nothing half-way.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { freePort } from '../dev/ports.js';
import { MESSAGES } from '../api/errors.js';
import { getStack } from './support/hooks.js';
import { asBackend, asIntegration, request } from './support/http.js';
import { prepareIntegrationDraft } from './support/documents.js';
import { template } from './support/cases.js';

describe('503 while a dependency is down', function () {
  this.timeout(120_000);

  it('PostgreSQL unreachable: integration and backend requests get 503 with Retry-After', async () => {
    const url = new URL(getStack().databaseUrl);
    url.port = String(await freePort());
    const api = await getStack().extraApi({}, { databaseUrl: url.toString() });
    try {
      const integration = await request('/api/v1/documents/search', { headers: asIntegration(), baseUrl: api.url });
      assert.equal(integration.status, 503);
      assert.equal(integration.headers.get('retry-after'), '5');
      assert.deepEqual(integration.body, { error: MESSAGES.unavailable });
      const backend = await request('/api/v1/users/me', { headers: asBackend(), baseUrl: api.url });
      assert.equal(backend.status, 503);
      assert.equal(backend.body.success, false);
    } finally {
      await api.close();
    }
  });

  it('Temporal unreachable: start-signing gets 503 and the draft stays a draft', async () => {
    const id = await prepareIntegrationDraft('agente-obras', ['directora-obras'], {
      document_type_acronym: 'DICT',
      reference: 'Sin Temporal',
    });
    const api = await getStack().extraApi({}, { temporalAddress: `127.0.0.1:${await freePort()}` });
    try {
      const res = await request(`/api/v1/documents/${id}/start-signing`, {
        method: 'POST',
        headers: asIntegration('agente-obras'),
        baseUrl: api.url,
      });
      assert.equal(res.status, 503, JSON.stringify(res.body));
      assert.equal(res.headers.get('retry-after'), '5');
    } finally {
      await api.close();
    }
    const doc = await request(`/api/v1/documents/${id}`, { headers: asIntegration('agente-obras') });
    assert.equal(doc.body.status, 'draft');
  });

  it('Temporal answering that its namespace is not found (a real server whose namespace cache cannot reach its database): 503, nothing started', async () => {
    const id = await prepareIntegrationDraft('agente-obras', ['directora-obras'], {
      document_type_acronym: 'DICT',
      reference: 'Sin espacio de nombres',
    });
    const api = await getStack().extraApi({ TEMPORAL_NAMESPACE: 'sin-espacio-de-nombres' });
    try {
      // Update-with-start (the signing round) and a plain start (a case and its cover).
      const started = await request(`/api/v1/documents/${id}/start-signing`, {
        method: 'POST',
        headers: asIntegration('agente-obras'),
        baseUrl: api.url,
      });
      assert.equal(started.status, 503, JSON.stringify(started.body));
      assert.equal(started.headers.get('retry-after'), '5');
      const created = await request('/api/v1/cases', {
        method: 'POST',
        headers: { ...asIntegration('agente-obras'), 'Idempotency-Key': randomUUID() },
        baseUrl: api.url,
        json: { case_template_id: template('PEROB'), reference: 'Expediente sin espacio de nombres' },
      });
      assert.equal(created.status, 503, JSON.stringify(created.body));
      assert.deepEqual(created.body, { error: MESSAGES.unavailable });
    } finally {
      await api.close();
    }
    const doc = await request(`/api/v1/documents/${id}`, { headers: asIntegration('agente-obras') });
    assert.equal(doc.body.status, 'draft');
  });
});
