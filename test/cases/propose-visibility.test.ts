/**
 * A draft can be proposed only to a case its author can see, on every interface that proposes:
 * integration `POST /cases/{id}/documents/propose`, `PATCH /documents/{id}` (integration) and
 * `/documents/{id}/save` (backend) with `proposed_case_ids`, a draft created in a case
 * (`POST /documents` with `case_id`), and the MCP tools propose_document, save_document and
 * create_document. A case out of sight answers as one that does not exist: 404 "Expediente no
 * encontrado". Also: MCP text arguments have the limits of the REST routes, refused at once.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createCase } from '../support/cases.js';
import { createBackendDraft, createIntegrationDraft } from '../support/documents.js';
import { asBackend, asIntegration, demoSector, request } from '../support/http.js';
import { clientWithToken, mcpToken } from '../mcp/support.js';

const CARLOS = 'carlos.gomez@villaesperanza.gob.ar';
const NOT_FOUND = 'Expediente no encontrado';

type Json = Record<string, any>;

describe('cases: proposing needs sight of the case', function () {
  this.timeout(180_000);
  let hidden: { case_id: string };
  let assigned: { case_id: string };

  before(async () => {
    // Both belong to Obras Particulares; Mesa de Entradas sees only the one assigned to it.
    hidden = await createCase('agente-obras', { reference: 'Obra fuera de la vista de Mesa' });
    assigned = await createCase('agente-obras', { reference: 'Obra asignada a Mesa' });
    const res = await request(`/api/v1/cases/${assigned.case_id}/assign`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      json: { target_sector_id: demoSector('MESA'), reason: 'Para la nota de Mesa' },
    });
    assert.equal(res.status, 200, res.text);
  });

  it('integration: propose to an unseen case is 404, to a case in sight 200', async () => {
    const draft = await createIntegrationDraft('agente-mesa');
    const propose = (caseId: string) =>
      request(`/api/v1/cases/${caseId}/documents/propose`, {
        method: 'POST',
        headers: asIntegration('agente-mesa'),
        json: { document_draft_id: draft },
      });
    const refused = await propose(hidden.case_id);
    assert.deepEqual([refused.status, refused.body], [404, { error: NOT_FOUND }]);
    const accepted = await propose(assigned.case_id);
    assert.equal(accepted.status, 200, accepted.text);
    assert.equal(accepted.body.status, 'pending_approval');

    const saved = await request(`/api/v1/documents/${draft}`, {
      method: 'PATCH',
      headers: asIntegration('agente-mesa'),
      json: { proposed_case_ids: [assigned.case_id, hidden.case_id] },
    });
    assert.deepEqual([saved.status, saved.body], [404, { error: NOT_FOUND }]);
    // One query for the whole list, however long (it used to be a query per id).
    const many = Array.from({ length: 50_000 }, () => randomUUID());
    const started = Date.now();
    const long = await request(`/api/v1/documents/${draft}`, {
      method: 'PATCH',
      headers: asIntegration('agente-mesa'),
      json: { proposed_case_ids: [assigned.case_id, ...many] },
    });
    assert.deepEqual([long.status, long.body], [404, { error: NOT_FOUND }]);
    assert.ok(Date.now() - started < 3000, `50,000 ids checked in ${Date.now() - started} ms`);
    const inCase = await request('/api/v1/documents', {
      method: 'POST',
      headers: asIntegration('agente-mesa'),
      json: { document_type_acronym: 'INF', reference: 'En un expediente ajeno', case_id: hidden.case_id },
    });
    assert.deepEqual([inCase.status, inCase.body], [404, { error: NOT_FOUND }]);
  });

  it('backend: saving a draft with an unseen case in proposed_case_ids is 404; with cases in sight 200', async () => {
    const draft = await createBackendDraft('agente-mesa');
    const save = (ids: string[]) =>
      request(`/api/v1/documents/${draft}/save`, {
        method: 'PATCH',
        headers: asBackend('agente-mesa'),
        json: { proposed_case_ids: ids },
      });
    const refused = await save([hidden.case_id]);
    assert.equal(refused.status, 404, refused.text);
    assert.equal(refused.body.message, NOT_FOUND);
    assert.equal((await save([assigned.case_id])).status, 200);
    const detail = await request(`/api/v1/cases/${hidden.case_id}`, { headers: asBackend('agente-obras') });
    assert.ok(!JSON.stringify(detail.body).includes(draft), 'nothing reached the unseen case');
  });

  describe('MCP', () => {
    let client: Client;
    const call = async (name: string, args: Json) => client.callTool({ name, arguments: args });

    before(async () => {
      client = await clientWithToken(await mcpToken(CARLOS));
    });
    after(async () => {
      await client?.close();
    });

    it('propose_document, save_document and create_document refuse an unseen case with 404', async () => {
      const created = await call('create_document', {
        document_type_acronym: 'INF',
        reference: 'Borrador de Mesa por MCP',
      });
      assert.ok(!created.isError, JSON.stringify(created.content));
      const draft = (created.structuredContent as Json).document_id as string;
      for (const [name, args] of [
        ['propose_document', { case_id: hidden.case_id, document_draft_id: draft }],
        ['save_document', { document_id: draft, proposed_case_ids: [hidden.case_id] }],
        [
          'create_document',
          { document_type_acronym: 'INF', reference: 'En un expediente ajeno', case_id: hidden.case_id },
        ],
      ] as const) {
        const res = await call(name, args);
        assert.ok(res.isError, name);
        assert.deepEqual(res.structuredContent, { error: NOT_FOUND, status: 404 }, name);
      }
      const ok = await call('propose_document', { case_id: assigned.case_id, document_draft_id: draft });
      assert.ok(!ok.isError, JSON.stringify(ok.content));
    });

    it('a search text over the limit is refused at once with the REST message; tools list the limits', async () => {
      const rest = await request(`/api/v1/records/search?search=${'x'.repeat(201)}`, {
        headers: asIntegration('agente-mesa'),
      });
      assert.deepEqual([rest.status, rest.body], [400, { error: 'search no puede superar 200 caracteres' }]);
      const huge = 'x'.repeat(7 * 1024 * 1024);
      for (const name of ['search_documents', 'search_cases', 'get_notes', 'search_records']) {
        const started = Date.now();
        const res = await call(name, { search: huge });
        const ms = Date.now() - started;
        assert.ok(res.isError, name);
        assert.deepEqual(res.structuredContent, { error: 'search no puede superar 200 caracteres', status: 400 }, name);
        // Was 1.6 s for search_documents: matched against every visible document.
        assert.ok(ms < 1000, `${name} refused in ${ms} ms`);
        console.log(`      ${name}: 7 MB search refused in ${ms} ms`);
      }
      for (const [name, args] of [
        ['search_document_by_number', { document_number: huge }],
        ['get_case_by_number', { case_number: huge }],
        ['search_users', { q: huge }],
      ] as const) {
        const res = await call(name, args);
        assert.ok(
          res.isError && /no puede superar 200 caracteres$/.test((res.structuredContent as Json).error),
          `${name}: ${JSON.stringify(res.structuredContent).slice(0, 200)}`,
        );
      }
      assert.ok(
        !(await call('search_documents', { search: 'x'.repeat(200) })).isError,
        'exactly the limit is a search',
      );
      const { tools } = await client.listTools();
      for (const tool of tools) {
        const unbounded = Object.entries(tool.inputSchema.properties ?? {}).filter(
          ([, s]) => (s as Json).type === 'string' && (s as Json).maxLength === undefined,
        );
        assert.deepEqual(unbounded, [], `${tool.name}: every text argument has a maxLength`);
      }
    });
  });
});
