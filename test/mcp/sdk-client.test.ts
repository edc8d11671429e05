/**
 * The MCP SDK's own client, knowing only the server URL: protected-resource discovery,
 * authorization-server metadata, registration (dynamic, then by Client ID Metadata Document
 * served on loopback), authorization code + PKCE through the provider's login form, token,
 * initialize, tools/list (38 tools, schemas that compile) and a call of every tool.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { decodeJwt } from 'jose';
import { getStack } from '../support/hooks.js';
import { asIntegration, demoSector, demoUser, request } from '../support/http.js';
import { ensureAccount } from '../support/identity.js';
import { AGENT_CANNOT_SIGN, LUCIA, LUCIA_KEY, makeFixtures, SPEC_TOOLS, type McpFixtures } from './fixtures.js';
import { connectWithOAuth, mcpUrl, PASSWORD, TestOAuthProvider } from './support.js';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (a: Ajv) => void;

const WRITES = [
  'create_document',
  'save_document',
  'propose_document',
  'reject_document',
  'reject_proposal',
  'start_signing',
  'assign_case',
  'export_case',
];

const REDIRECT = 'http://127.0.0.1:5999/mcp-callback';

type Json = Record<string, any>;

async function callEveryTool(client: Client, f: McpFixtures): Promise<Set<string>> {
  const called = new Set<string>();
  const call = async (name: string, args: Json = {}) => {
    called.add(name);
    return client.callTool({ name, arguments: args });
  };
  const ok = async (name: string, args: Json = {}): Promise<Json> => {
    const result = await call(name, args);
    assert.ok(!result.isError, `${name}: ${JSON.stringify(result.content)}`);
    assert.ok(result.structuredContent, `${name} has structured output`);
    return result.structuredContent as Json;
  };

  assert.deepEqual(
    (await ok('list_my_tenants')).tenants.map((t: Json) => t.tenant_id),
    ['demo'],
  );
  assert.ok((await ok('get_agent_guide')).flows.length > 0);
  assert.equal((await ok('get_user_info')).email, LUCIA);
  assert.ok((await ok('search_users', { q: 'Fernández' })).users.some((u: Json) => u.email === LUCIA));
  assert.ok((await ok('get_document_types')).document_types.some((t: Json) => t.acronym === 'INF'));
  assert.ok((await ok('get_document_states')).document_states.length > 0);
  assert.ok((await ok('get_case_templates')).case_templates.length > 0);
  assert.ok((await ok('get_registry_families')).registries.some((r: Json) => r.code === 'ARQ'));

  assert.ok((await ok('search_cases', { search: f.caseNumber })).cases.some((c: Json) => c.case_id === f.caseId));
  assert.equal((await ok('get_case', { case_id: f.caseId, include_documents: true })).case_number, f.caseNumber);
  assert.ok(Array.isArray((await ok('get_case_history', { case_id: f.caseId })).movements));
  await ok('get_case_documents', { case_id: f.caseId });
  await ok('get_case_permissions', { case_id: f.caseId });
  assert.equal((await ok('get_case_index', { case_id: f.caseId })).case_id, f.caseId);
  const started = await ok('export_case', { case_id: f.caseId });
  assert.equal(
    (await ok('export_case', { case_id: f.caseId, export_id: started.export_id })).export_id,
    started.export_id,
  );
  assert.equal((await ok('get_case_by_number', { case_number: f.caseNumber })).case_id, f.caseId);
  await ok('prepare_assignment', { case_id: f.caseId });
  await ok('prepare_transfer', { case_id: f.caseId });

  const created = await ok('create_document', {
    document_type_acronym: 'INF',
    reference: `Informe desde MCP ${Date.now()}`,
  });
  const doc = created.document_id as string;
  assert.equal(created.status, 'draft');
  await ok('save_document', {
    document_id: doc,
    content: '<p>Informe redactado por un agente.</p>',
    signers: [demoUser(LUCIA_KEY)],
  });
  const proposal = await ok('propose_document', { case_id: f.caseId, document_draft_id: doc });
  await ok('reject_proposal', {
    case_id: f.caseId,
    proposed_id: proposal.proposed_id,
    reason: 'No corresponde a este expediente',
  });
  assert.equal((await ok('get_document', { document_id: doc })).document_id, doc);
  assert.equal((await ok('start_signing', { document_id: doc })).status, 'sent_to_sign');
  assert.ok(JSON.stringify(await ok('get_pending_signatures')).includes(doc));
  await ok('get_signature_details', { document_id: doc });
  assert.equal((await ok('reject_document', { document_id: doc, reason: 'Falta el anexo' })).status, 'rejected');
  assert.ok(
    (await ok('search_documents', { search: 'Informe desde MCP' })).documents.some((d: Json) => d.document_id === doc),
  );
  assert.equal(
    (await ok('search_document_by_number', { document_number: f.noteNumber })).document_number ?? f.noteNumber,
    f.noteNumber,
  );

  const moved = await ok('assign_case', {
    case_id: f.caseId,
    target_sector_id: demoSector('MESA'),
    reason: 'Revisar la documentación presentada',
  });
  assert.equal(moved.sector, 'MESA');

  const inbox = await ok('get_notes', { page_size: 100 });
  const note = inbox.notes.find((n: Json) => n.official_number === f.noteNumber || n.note_number === f.noteNumber);
  assert.ok(note, 'the delivered note is in the inbox');
  assert.equal((await ok('get_note_detail', { note_id: note.note_id })).note_id, note.note_id);
  // The content of an official document (the note is one).
  assert.ok(await ok('get_document_content', { document_id: note.note_id }));
  await ok('get_sent_notes');
  await ok('get_archived_notes');
  assert.ok((await ok('search_records', { family_code: 'ARQ' })).records.some((r: Json) => r.id === f.recordId));
  assert.equal((await ok('get_record', { record_id: f.recordId })).id ?? f.recordId, f.recordId);

  // A refusal is a tool error with REST's message.
  const missing = await call('get_case', { case_id: '00000000-0000-4000-8000-000000000000' });
  const rest = await request('/api/v1/cases/00000000-0000-4000-8000-000000000000', {
    headers: asIntegration(LUCIA_KEY),
  });
  assert.equal(missing.isError, true);
  assert.equal((missing.structuredContent as Json).error, rest.body.error);
  // No tool signs: sign_batch refuses, and the document stays waiting for Lucía's signature.
  const signable = await ok('create_document', {
    document_type_acronym: 'INF',
    reference: `Informe para firmar ${Date.now()}`,
  });
  await ok('save_document', {
    document_id: signable.document_id,
    content: '<p>Para firmar en la aplicación.</p>',
    signers: [demoUser(LUCIA_KEY)],
  });
  await ok('start_signing', { document_id: signable.document_id });
  const refused = await call('sign_batch', { document_ids: [signable.document_id] });
  assert.equal(refused.isError, true);
  assert.deepEqual(refused.structuredContent, { error: AGENT_CANNOT_SIGN, status: 403 });
  assert.equal((await ok('get_document', { document_id: signable.document_id })).status, 'sent_to_sign');
  const invalid = await call('search_cases', { page_size: 101 });
  assert.equal(invalid.isError, true);
  assert.equal((invalid.structuredContent as Json).error, 'page_size debe ser un entero entre 1 y 100');
  return called;
}

describe('MCP with the SDK client and OAuth 2.0', function () {
  this.timeout(240_000);
  let fixtures: McpFixtures;

  before(async () => {
    await ensureAccount(LUCIA, PASSWORD);
    fixtures = await makeFixtures();
  });

  it('discovers, registers dynamically, logs in with code + PKCE, lists 38 valid tools and calls every one', async () => {
    const provider = new TestOAuthProvider({ redirectUrl: REDIRECT, email: LUCIA, password: PASSWORD });
    const { client, transport } = await connectWithOAuth(provider);
    try {
      assert.equal(provider.registeredBy, 'dcr');
      const authorize = provider.authorizationUrls[0]!;
      assert.ok(authorize.href.startsWith(`${getStack().idp.issuer}/authorize`));
      assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
      assert.equal(authorize.searchParams.get('resource'), mcpUrl());
      const tokens = provider.tokens()!;
      assert.equal(decodeJwt(tokens.access_token).aud, mcpUrl(), 'the token names the MCP resource (RFC 8707)');
      assert.ok(tokens.refresh_token, 'offline_access gives a refresh token');
      assert.equal(transport.protocolVersion, LATEST_PROTOCOL_VERSION);
      assert.equal(client.getServerVersion()?.version, '1.0.0');

      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), [...SPEC_TOOLS].sort());
      const ajv = new Ajv({ strict: false });
      addFormats(ajv);
      for (const tool of tools) {
        assert.doesNotThrow(() => ajv.compile(tool.inputSchema), `${tool.name} input schema compiles`);
        if (tool.outputSchema) ajv.compile(tool.outputSchema);
        assert.match(tool.description ?? '', / \/ /, `${tool.name} is described in Spanish and English`);
        assert.equal(tool.annotations?.readOnlyHint, !WRITES.includes(tool.name), `${tool.name} readOnlyHint`);
      }
      const called = await callEveryTool(client, fixtures);
      assert.deepEqual([...called].sort(), [...SPEC_TOOLS].sort());
    } finally {
      await client.close();
    }
  });

  it('registers by a Client ID Metadata Document served on loopback, and refreshes its token', async () => {
    let fetched = 0;
    const server = http.createServer((req, res) => {
      fetched++;
      const port = (server.address() as AddressInfo).port;
      res.setHeader('content-type', 'application/json');
      res.setHeader('cache-control', 'max-age=120');
      res.end(
        JSON.stringify({
          client_id: `https://127.0.0.1:${port}${req.url}`,
          client_name: 'expediente CIMD test client',
          redirect_uris: [REDIRECT],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const clientId = `https://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/client.json`;
    try {
      const provider = new TestOAuthProvider({
        redirectUrl: REDIRECT,
        email: LUCIA,
        password: PASSWORD,
        clientMetadataUrl: clientId,
      });
      const { client } = await connectWithOAuth(provider);
      try {
        assert.equal(provider.registeredBy, 'cimd');
        assert.equal(provider.authorizationUrls[0]!.searchParams.get('client_id'), clientId);
        assert.ok(fetched >= 1, 'the provider fetched the metadata document');
        const tokens = provider.tokens()!;
        assert.equal(decodeJwt(tokens.access_token).client_id, clientId);
        const result = await client.callTool({ name: 'search_cases', arguments: { search: fixtures.caseNumber } });
        assert.ok(!result.isError, JSON.stringify(result.content));

        // The refresh grant keeps the MCP audience.
        const refreshed = await fetch(`${getStack().idp.issuer}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: tokens.refresh_token!,
            client_id: clientId,
            resource: mcpUrl(),
          }),
        });
        const body = (await refreshed.json()) as Json;
        assert.equal(refreshed.status, 200, JSON.stringify(body));
        assert.equal(decodeJwt(body.access_token).aud, mcpUrl());
      } finally {
        await client.close();
      }
    } finally {
      server.close();
    }
  });
});
