/**
 * Tool arguments: every input schema is closed (`additionalProperties: false`) and a call with an
 * argument the tool does not take is refused, naming it and the accepted ones, before anything
 * runs. And a document found by number opens with get_document, or is refused as not visible
 * (403), never "not found" — the same answers as the REST twins.
 */
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { OFFICIAL_NOT_VISIBLE } from '../../domain/documents/reads.js';
import { sendMemo, sendNote, signAll, startSigning } from '../support/communications.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { asIntegration, request } from '../support/http.js';
import { LUCIA, LUCIA_KEY, makeFixtures, type McpFixtures } from './fixtures.js';
import { clientWithToken, mcpToken } from './support.js';

type Json = Record<string, any>;

/** The refusal of `unknown` by a tool that accepts `accepted`. */
const refusal = (unknown: string, accepted: string) =>
  `Argumento desconocido: ${unknown}. Argumentos aceptados: ${accepted} / Unknown argument: ${unknown}. Accepted arguments: ${accepted}`;

/** An INF of `creator`'s sector, signed and numbered by `creator`. */
async function officialReport(creator: string, reference: string) {
  const id = await prepareIntegrationDraft(creator, [creator], { reference });
  await startSigning(id, creator);
  return { id, number: (await signAll(id, [creator])).document_number };
}

describe('MCP tool arguments', function () {
  this.timeout(180_000);
  let client: Client;
  let f: McpFixtures;

  before(async () => {
    f = await makeFixtures();
    client = await clientWithToken(await mcpToken(LUCIA));
  });
  after(() => client?.close());

  const call = (name: string, args: Json) => client.callTool({ name, arguments: args });
  const refused = async (name: string, args: Json): Promise<Json> => {
    const result = await call(name, args);
    assert.equal(result.isError, true, `${name} ${JSON.stringify(args)} is refused`);
    return result.structuredContent as Json;
  };
  const ok = async (name: string, args: Json): Promise<Json> => {
    const result = await call(name, args);
    assert.ok(!result.isError, `${name}: ${JSON.stringify(result.content)}`);
    return result.structuredContent as Json;
  };

  describe('unknown arguments', () => {
    it('lists every input schema closed, with tenant_id on the tenant-scoped tools', async () => {
      const { tools } = await client.listTools();
      for (const tool of tools) {
        assert.equal(tool.inputSchema.additionalProperties, false, `${tool.name} takes no other arguments`);
        const tenantFree = tool.name === 'list_my_tenants' || tool.name === 'get_agent_guide';
        assert.equal('tenant_id' in (tool.inputSchema.properties ?? {}), !tenantFree, `${tool.name} tenant_id`);
      }
    });

    it('search_documents refuses query (the parameter is search) instead of answering every document', async () => {
      assert.deepEqual(await refused('search_documents', { query: 'zzzz' }), {
        error: refusal('query', 'tenant_id, search, status, document_type, case_id, page, page_size, cursor'),
        status: 400,
      });
      const searched = await ok('search_documents', { search: 'zzzz-ningún-documento' });
      assert.equal(searched.documents.length, 0, 'search filters');
      assert.equal(searched.total, 0);
    });

    it('get_case refuses caseid, even with case_id missing, and answers with case_id', async () => {
      assert.deepEqual(await refused('get_case', { caseid: f.caseId }), {
        error: refusal('caseid', 'tenant_id, case_id, include_documents'),
        status: 400,
      });
      assert.equal((await ok('get_case', { case_id: f.caseId, tenant_id: 'demo' })).case_id, f.caseId);
    });

    it('start_signing refuses due_days and leaves the draft alone; due_in_business_days starts the round', async () => {
      const id = await prepareIntegrationDraft(LUCIA_KEY, [LUCIA_KEY], {
        reference: `Informe con plazo ${Date.now()}`,
      });
      assert.deepEqual(await refused('start_signing', { document_id: id, due_days: 5 }), {
        error: refusal('due_days', 'tenant_id, document_id, due_at, due_in_business_days'),
        status: 400,
      });
      assert.equal((await ok('get_document', { document_id: id })).status, 'draft', 'nothing ran');
      const started = await ok('start_signing', { document_id: id, due_in_business_days: 5 });
      assert.equal(started.status, 'sent_to_sign');
      assert.ok((await ok('get_document', { document_id: id })).due_at, 'the deadline was taken');
    });

    it('names several unknown arguments at once, and says when a tool takes none', async () => {
      const several = await refused('search_cases', { query: 'x', size: 5, search: 'y' });
      assert.match(
        several.error,
        /^Argumentos desconocidos: query, size\. Argumentos aceptados: tenant_id, search, .* \/ Unknown arguments: query, size\. Accepted arguments: tenant_id, search, /,
      );
      assert.equal(several.status, 400);
      assert.deepEqual(await refused('get_agent_guide', { topic: 'firmas' }), {
        error:
          'Argumento desconocido: topic. Esta herramienta no acepta argumentos / Unknown argument: topic. This tool takes no arguments',
        status: 400,
      });
      assert.deepEqual(await refused('get_document_types', { acronym: 'INF' }), {
        error: refusal('acronym', 'tenant_id'),
        status: 400,
      });
      // A name is the caller's text: a long one is cut in the message.
      const long = await refused('get_document_states', { ['x'.repeat(5000)]: 1 });
      assert.ok(long.error.length < 400, long.error);
      // The other checks still apply to known arguments.
      assert.deepEqual(await refused('search_cases', { page_size: 101 }), {
        error: 'page_size debe ser un entero entre 1 y 100',
        status: 400,
      });
      assert.deepEqual(await refused('get_case', {}), { error: 'case_id es requerido', status: 400 });
    });
  });

  describe('a document found by number, then get_document', () => {
    const docs: Record<string, { id: string; number: string }> = {};

    before(async () => {
      const tag = Date.now();
      docs.ownSector = await officialReport('agente-obras', `Informe de Obras ${tag}`);
      docs.otherSector = await officialReport('directora-rentas', `Informe de Rentas ${tag}`);
      docs.noteToHerSector = await sendNote('intendente', { to: ['DOP'] }, { reference: `Nota a Obras ${tag}` });
      docs.noteToAnother = await sendNote('intendente', { to: ['RENT'] }, { reference: `Nota a Rentas ${tag}` });
      docs.memoToHer = await sendMemo('intendente', { to: [LUCIA_KEY] }, { reference: `Memo a Lucía ${tag}` });
      docs.memoToAnother = await sendMemo(
        'intendente',
        { to: ['directora-rentas'] },
        { reference: `Memo a María José ${tag}` },
      );
    });

    /** The tool's answer and its REST twin's, as one comparable value. */
    async function both(tool: string, args: Json, path: string): Promise<Json> {
      const result = await call(tool, args);
      const rest = await request(`/api/v1${path}`, { headers: asIntegration(LUCIA_KEY) });
      if (result.isError) {
        const { error, status } = result.structuredContent as Json;
        assert.deepEqual(
          { status: rest.status, body: rest.body },
          { status, body: { error } },
          `${tool} and ${path} refuse alike`,
        );
      } else {
        assert.equal(rest.status, 200, `${path}: ${rest.text}`);
        assert.deepEqual(result.structuredContent, rest.body, `${tool} and ${path} answer alike`);
      }
      return { isError: Boolean(result.isError), ...(result.structuredContent as Json) };
    }

    const lookUp = (d: { number: string }) =>
      both(
        'search_document_by_number',
        { document_number: d.number },
        `/documents/search-official/${encodeURIComponent(d.number)}`,
      );
    const open = (d: { id: string }) => both('get_document', { document_id: d.id }, `/documents/${d.id}`);

    for (const kind of ['ownSector', 'noteToHerSector', 'memoToHer'] as const) {
      it(`opens what she finds: ${kind}`, async () => {
        const found = await lookUp(docs[kind]!);
        assert.equal(found.isError, false);
        assert.equal(found.document_id, docs[kind]!.id);
        const detail = await open({ id: found.document_id });
        assert.equal(detail.isError, false);
        assert.equal(detail.document_id, docs[kind]!.id);
        assert.equal(detail.document_number, docs[kind]!.number);
      });
    }

    it('an official document of a sector she does not see: found by number, its detail refused as not visible (403), not "not found"', async () => {
      const found = await lookUp(docs.otherSector!);
      assert.equal(found.isError, false);
      assert.equal(found.document_id, docs.otherSector!.id);
      assert.deepEqual(await open({ id: found.document_id }), {
        isError: true,
        error: OFFICIAL_NOT_VISIBLE,
        status: 403,
      });
      // Its author still opens it.
      const own = await request(`/api/v1/documents/${docs.otherSector!.id}`, {
        headers: asIntegration('directora-rentas'),
      });
      assert.equal(own.status, 200);
    });

    for (const kind of ['noteToAnother', 'memoToAnother'] as const) {
      it(`neither finds nor opens a communication she is no party to: ${kind}`, async () => {
        assert.deepEqual(await lookUp(docs[kind]!), { isError: true, error: 'Documento no encontrado', status: 404 });
        assert.deepEqual(await open(docs[kind]!), { isError: true, error: 'Documento no encontrado', status: 404 });
      });
    }

    it('an unknown or malformed id is still "not found"', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'x']) {
        assert.deepEqual(await open({ id }), { isError: true, error: 'Documento no encontrado', status: 404 });
      }
    });
  });
});
