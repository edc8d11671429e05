/**
 * The MCP tools read documents under the same rules as REST: a memo is nobody's but its parties'
 * (get_document, get_document_content, search_documents, search_document_by_number,
 * get_signature_details, get_pending_signatures, get_case_documents), and get_document shows BCC
 * to the sender only.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createCase } from '../support/cases.js';
import { sendMemo } from '../support/communications.js';
import { asIntegration, demoUser, request } from '../support/http.js';
import { clientWithToken, mcpToken } from '../mcp/support.js';

type Json = Record<string, any>;

const JORGE = 'jorge.pena@villaesperanza.gob.ar';
const CARLOS = 'carlos.gomez@villaesperanza.gob.ar';
const LUCIA = 'lucia.fernandez@villaesperanza.gob.ar';

/** Every call names the demo municipality, as a user of several municipalities would. */
const call = (client: Client, name: string, args: Json) =>
  client.callTool({ name, arguments: { tenant_id: 'demo', ...args } });

async function ok(client: Client, name: string, args: Json): Promise<Json> {
  const result = await call(client, name, args);
  assert.ok(!result.isError, `${name}: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Json;
}

async function notFound(client: Client, name: string, args: Json): Promise<void> {
  const result = await call(client, name, args);
  assert.ok(result.isError, `${name} answered ${JSON.stringify(result.structuredContent)}`);
  assert.match(JSON.stringify(result.content), /no encontrado/i, name);
}

describe('MCP: memos and BCC under the same rules as REST', function () {
  this.timeout(240_000);
  const tag = randomUUID().slice(0, 8);
  let memo: { id: string; number: string };
  let caseId: string;
  const clients: Record<string, Client> = {};

  before(async () => {
    memo = await sendMemo(
      'agente-obras',
      { to: ['agente-mesa'], bcc: ['intendente'] },
      { reference: `Memo para agentes ${tag}` },
    );
    caseId = (await createCase('agente-obras', { reference: `Expediente con memo ${tag}` })).case_id;
    const linked = await request(`/api/v1/cases/${caseId}/documents/link`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      json: { official_document_id: memo.id },
    });
    assert.equal(linked.status, 200, linked.text);
    for (const [who, email] of [
      ['jorge', JORGE],
      ['carlos', CARLOS],
      ['lucia', LUCIA],
    ] as const)
      clients[who] = await clientWithToken(await mcpToken(email));
  });
  after(async () => {
    for (const c of Object.values(clients)) await c.close();
  });

  it('a non-party gets nothing of the memo from any document tool', async () => {
    const lucia = clients.lucia!;
    for (const name of ['get_document', 'get_document_content', 'get_signature_details'])
      await notFound(lucia, name, { document_id: memo.id });
    await notFound(lucia, 'search_document_by_number', { document_number: memo.number });
    for (const search of [memo.number, `Memo para agentes ${tag}`]) {
      const found = await ok(lucia, 'search_documents', { search });
      assert.deepEqual(found.documents, [], search);
    }
    const pending = await ok(lucia, 'get_pending_signatures', {});
    assert.ok(!pending.documents.some((d: Json) => d.document_id === memo.id));
    // Lucía views the case's sector (DOP): the case is hers to see, the memo linked to it is not.
    const docs = await ok(lucia, 'get_case_documents', { case_id: caseId });
    assert.ok(!docs.documents.some((d: Json) => d.document_id === memo.id));
    const withDocs = await ok(lucia, 'get_case', { case_id: caseId, include_documents: true });
    assert.ok(!withDocs.documents.some((d: Json) => d.document_id === memo.id));
  });

  it('get_document: the TO recipient sees no BCC, the sender does; both find it by number', async () => {
    const asCarlos = await ok(clients.carlos!, 'get_document', { document_id: memo.id });
    assert.deepEqual(asCarlos.recipients, { to: [demoUser('agente-mesa')], cc: [], bcc: [] });
    const asJorge = await ok(clients.jorge!, 'get_document', { document_id: memo.id });
    assert.deepEqual(asJorge.recipients.bcc, [demoUser('intendente')]);
    for (const who of ['carlos', 'jorge']) {
      const found = await ok(clients[who]!, 'search_document_by_number', { document_number: memo.number });
      assert.equal(found.document_id, memo.id, who);
    }
  });
});
