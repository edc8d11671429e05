/**
 * sign_batch: an agent asking to sign is refused (403, bilingual) after its input is checked as
 * POST /api/v1/documents/sign-batch checks it; nothing is signed.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { asIntegration, request } from '../support/http.js';
import { AGENT_CANNOT_SIGN, LUCIA, LUCIA_KEY } from './fixtures.js';
import { clientWithToken, mcpToken } from './support.js';

type Json = Record<string, any>;

async function inSigning(signers: string[]): Promise<string> {
  const id = await prepareIntegrationDraft('agente-obras', signers);
  const started = await request(`/api/v1/documents/${id}/start-signing`, {
    method: 'POST',
    headers: asIntegration('agente-obras'),
  });
  assert.equal(started.status, 200, started.text);
  return id;
}

const restSignBatch = (json: unknown) =>
  request('/api/v1/documents/sign-batch', {
    method: 'POST',
    headers: { ...asIntegration(LUCIA_KEY), 'Idempotency-Key': `lote-${randomUUID()}` },
    json,
  });

describe('MCP sign_batch: agents do not sign', function () {
  this.timeout(120_000);
  let client: Client;

  before(async () => {
    client = await clientWithToken(await mcpToken(LUCIA));
  });
  after(() => client?.close());

  it('is listed as a read-only tool whose description says it refuses', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'sign_batch');
    assert.ok(tool, 'sign_batch is listed');
    assert.equal(tool.annotations?.readOnlyHint, true);
    assert.match(tool.description ?? '', /403/);
    const props = (tool.inputSchema.properties ?? {}) as Json;
    assert.deepEqual(Object.keys(props).sort(), ['document_ids', 'tenant_id']);
    assert.equal(props.document_ids.minItems, 1);
    assert.equal(props.document_ids.maxItems, 100);
    assert.deepEqual(tool.inputSchema.required, ['document_ids']);
    const guide = await client.callTool({ name: 'get_agent_guide', arguments: {} });
    assert.match(JSON.stringify(guide.structuredContent), /sign_batch/);
  });

  it('refuses with 403 and the bilingual message; the documents stay waiting for the signature', async () => {
    const ids = await Promise.all([
      inSigning([LUCIA_KEY]),
      inSigning([LUCIA_KEY]),
      inSigning(['jefa-mesa', LUCIA_KEY]),
    ]);
    for (const args of [{ document_ids: ids }, { tenant_id: 'demo', document_ids: ids }, { document_ids: [ids[0]] }]) {
      const result = await client.callTool({ name: 'sign_batch', arguments: args });
      assert.equal(result.isError, true, JSON.stringify(args));
      assert.deepEqual(result.structuredContent, { error: AGENT_CANNOT_SIGN, status: 403 });
      assert.deepEqual(result.content, [{ type: 'text', text: AGENT_CANNOT_SIGN }]);
    }
    for (const id of ids) {
      const details = await request(`/api/v1/documents/${id}/signature-details`, {
        headers: asIntegration('agente-obras'),
      });
      assert.equal(details.status, 200, details.text);
      assert.ok(
        details.body.signers.every((s: Json) => s.status === 'pending' && s.signed_at === null),
        JSON.stringify(details.body),
      );
      assert.equal(details.body.document_number, null);
      const doc = await request(`/api/v1/documents/${id}`, { headers: asIntegration('agente-obras') });
      assert.equal(doc.body.status, 'sent_to_sign');
    }
    // Lucía still has the two where she signs now to sign herself, in the application.
    const pending = JSON.stringify(
      (await request('/api/v1/documents/pending-signatures', { headers: asIntegration(LUCIA_KEY) })).body,
    );
    assert.ok(pending.includes(ids[0]!) && pending.includes(ids[1]!), pending.slice(0, 300));
  });

  it('checks its input first, with the message POST /documents/sign-batch gives', async () => {
    const cases: [string, Json, RegExp][] = [
      ['missing', {}, /^document_ids es requerido$/],
      ['empty', { document_ids: [] }, /^document_ids /],
      ['over 100', { document_ids: Array.from({ length: 101 }, () => randomUUID()) }, /^document_ids /],
      ['not a UUID', { document_ids: [randomUUID(), 'no-es-uuid'] }, /^document_ids\.1 debe ser un UUID$/],
      ['not a list', { document_ids: randomUUID() }, /^document_ids debe ser una lista$/],
      [
        'repeated',
        { document_ids: ['0f5d7c36-94a4-4c3e-9a0e-3a1f1d6b2c11', '0f5d7c36-94a4-4c3e-9a0e-3a1f1d6b2c11'] },
        /^document_ids /,
      ],
    ];
    for (const [what, args, message] of cases) {
      const result = await client.callTool({ name: 'sign_batch', arguments: args });
      const rest = await restSignBatch(args);
      assert.equal(rest.status, 400, `${what}: ${rest.text}`);
      assert.equal(result.isError, true, what);
      assert.deepEqual(result.structuredContent, { error: rest.body.error, status: 400 }, what);
      assert.match(rest.body.error, message, what);
    }
  });
});
