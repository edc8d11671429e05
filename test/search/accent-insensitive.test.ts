/**
 * Every text search matches regardless of accents and case: "guemes" finds "Güemes",
 * "inspección" finds "INSPECCION", "espana" finds "España" — documents, cases, notes, memos,
 * records and users, on integration REST, the backend API and MCP. A memo stays its parties'
 * however its text is typed.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Knex } from 'knex';
import { accentInsensitiveSearch } from '../../db/migrations/tenant/017_accent_insensitive_search.js';
import { scopeTransaction } from '../../db/tenancy.js';
import { getStack } from '../support/hooks.js';
import { tenantSchemaBefore } from '../support/migrations.js';
import { createCase } from '../support/cases.js';
import { sendMemo, sendNote } from '../support/communications.js';
import { createIntegrationDraft } from '../support/documents.js';
import { asBackend, asIntegration, demoUser, request } from '../support/http.js';
import { clientWithToken, mcpToken } from '../mcp/support.js';
import { createRecord } from '../records/support.js';

type Json = Record<string, any>;

const JORGE = 'jorge.pena@villaesperanza.gob.ar'; // agente-obras
const CARLOS = 'carlos.gomez@villaesperanza.gob.ar'; // agente-mesa
const LUCIA = 'lucia.fernandez@villaesperanza.gob.ar'; // directora-obras

const q = encodeURIComponent;
const integration = (user: string, path: string) => request(`/api/v1${path}`, { headers: asIntegration(user) });
const backend = (user: string, path: string) => request(`/api/v1${path}`, { headers: asBackend(user) });

async function tool(client: Client, name: string, args: Json): Promise<Json> {
  const result = await client.callTool({ name, arguments: { tenant_id: 'demo', ...args } });
  assert.ok(!result.isError, `${name}: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Json;
}

/**
 * What migration 017 changes in a schema, with the schema's name taken out: the searched tables'
 * indexes, generated columns and trigram statistics, and the folding function.
 */
async function searchShape(knex: Knex, schema: string) {
  const unqualified = (text: string) => text.split(`"${schema}".`).join('').split(`${schema}.`).join('');
  const tables = ['documents', 'cases', 'records'];
  const indexes = await knex.raw<{ rows: { indexdef: string }[] }>(
    'select indexdef from pg_indexes where schemaname = ? and tablename = any(?) order by indexname',
    [schema, tables],
  );
  const columns = await knex.raw<{ rows: { column: string }[] }>(
    `select table_name || '.' || column_name || ' = ' || generation_expression as column from information_schema.columns
     where table_schema = ? and table_name = any(?) and is_generated = 'ALWAYS' order by 1`,
    [schema, tables],
  );
  const statistics = await knex.raw<{ rows: { statistics: string }[] }>(
    `select s.stxname || ': ' || pg_get_statisticsobjdef_expressions(s.oid)::text as statistics from pg_statistic_ext s
     join pg_namespace n on n.oid = s.stxnamespace where n.nspname = ? order by 1`,
    [schema],
  );
  const fold = await knex.raw<{ rows: unknown[] }>(
    "select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = ? and p.proname = 'search_fold'",
    [schema],
  );
  return {
    indexes: indexes.rows.map((r) => unqualified(r.indexdef)),
    columns: columns.rows.map((r) => unqualified(r.column)),
    statistics: statistics.rows.map((r) => unqualified(r.statistics)),
    fold: fold.rows.length === 1,
  };
}

/** Ids in an answer's list, sorted (the assertions compare sets). */
const idsOf = (list: Json[], key: string) => list.map((x) => x[key] as string).sort();

describe('text search regardless of accents and case', function () {
  this.timeout(240_000);
  // Hex: letters a-f and digits, the same folded or not; it keeps each search to this run's rows.
  const tag = `t${randomUUID().slice(0, 8)}`;
  const clients: Record<string, Client> = {};
  /** Written with accents, and without them in capitals. */
  let accented: string;
  let plain: string;

  before(async () => {
    accented = await createIntegrationDraft('agente-obras', {
      reference: `${tag} Inspección de veredas en Güemes y España`,
    });
    plain = await createIntegrationDraft('agente-obras', {
      reference: `${tag} INSPECCION DE VEREDAS EN GUEMES Y ESPANA`,
    });
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

  /** Texts that must all find both documents: unaccented, accented, upper case, decomposed accents. */
  const texts = () => [
    `${tag} inspeccion de veredas en guemes`,
    `${tag} Inspección de veredas en Güemes`,
    `${tag} INSPECCIÓN DE VEREDAS EN GÜEMES`,
    `${tag} inspeccio\u0301n de veredas en gu\u0308emes`,
    `${tag} inspeccion de veredas en guemes y espana`,
    `${tag} inspección de veredas en güemes y españa`,
  ];

  it("documents: integration REST, the backend list of one's documents and MCP find either spelling by the other", async () => {
    const both = [accented, plain].sort();
    for (const text of texts()) {
      const rest = await integration('agente-obras', `/documents/search?search=${q(text)}`);
      assert.equal(rest.status, 200, rest.text);
      assert.deepEqual([idsOf(rest.body.documents, 'document_id'), rest.body.total], [both, 2], `REST ${text}`);
      const own = await backend('agente-obras', `/users/${demoUser('agente-obras')}/documents?search=${q(text)}`);
      assert.equal(own.status, 200, own.text);
      assert.deepEqual(idsOf(own.body.data.documents, 'document_id'), both, `backend ${text}`);
      const mcp = await tool(clients.jorge!, 'search_documents', { search: text });
      assert.deepEqual(idsOf(mcp.documents, 'document_id'), both, `MCP ${text}`);
    }
    // Folding matches letters, not more: another word is still another word.
    const other = await integration('agente-obras', `/documents/search?search=${q(`${tag} inspecciones`)}`);
    assert.deepEqual([other.body.documents, other.body.total], [[], 0]);
  });

  it('migration 017 undone gives back the schema before it, and done again searches as before', async () => {
    const { db, demoTenant } = getStack();
    const old = 'tenant_before_accents';
    await tenantSchemaBefore(db, old, '017');
    try {
      const before = await searchShape(db, old);
      assert.equal(before.fold, false);
      let folded: Awaited<ReturnType<typeof searchShape>> | undefined;
      await db.transaction(async (trx) => {
        await scopeTransaction(trx, demoTenant.schema);
        folded = await searchShape(trx, demoTenant.schema);
        await accentInsensitiveSearch.down(trx);
        assert.deepEqual(await searchShape(trx, demoTenant.schema), before);
        await accentInsensitiveSearch.up(trx);
        assert.deepEqual(await searchShape(trx, demoTenant.schema), folded);
      });
      assert.ok(folded!.fold && folded!.indexes.some((i) => i.includes('reference_folded')), JSON.stringify(folded));
    } finally {
      await db.raw(`drop schema ${old} cascade`);
    }
    const again = await integration(
      'agente-obras',
      `/documents/search?search=${q(`${tag} inspeccion de veredas en guemes`)}`,
    );
    assert.deepEqual(idsOf(again.body.documents, 'document_id'), [accented, plain].sort());
  });

  it('cases: integration REST, backend and MCP', async () => {
    const made = await createCase('agente-obras', { reference: `${tag} Permiso de obra en Güemes, Peñaloza` });
    const unaccented = `${tag} permiso de obra en guemes, penaloza`;
    for (const text of [
      unaccented,
      unaccented.toUpperCase().replace(tag.toUpperCase(), tag),
      `${tag} PERMISO DE OBRA EN GÜEMES, PEÑALOZA`,
    ]) {
      const rest = await integration('agente-obras', `/cases/search?search=${q(text)}`);
      assert.deepEqual(idsOf(rest.body.cases, 'case_id'), [made.case_id], `REST ${text}`);
      const list = await backend('agente-obras', `/cases?search=${q(text)}`);
      assert.deepEqual(idsOf(list.body.data.cases, 'id'), [made.case_id], `backend ${text}`);
      const mcp = await tool(clients.jorge!, 'search_cases', { search: text });
      assert.deepEqual(idsOf(mcp.cases, 'case_id'), [made.case_id], `MCP ${text}`);
    }
    // A case number typed in lower case.
    const byNumber = await integration('agente-obras', `/cases/search?search=${q(made.case_number.toLowerCase())}`);
    assert.deepEqual(idsOf(byNumber.body.cases, 'case_id'), [made.case_id]);
  });

  it("notes: the recipients' inbox on integration REST and MCP, the sender's sent list", async () => {
    const note = await sendNote(
      'intendente',
      { to: ['MESA'] },
      { reference: `${tag} Nota sobre la inspección en Güemes` },
    );
    for (const text of [`${tag} nota sobre la inspeccion en guemes`, `${tag} NOTA SOBRE LA INSPECCIÓN EN GÜEMES`]) {
      const received = await integration('agente-mesa', `/notes/received?search=${q(text)}`);
      assert.deepEqual(idsOf(received.body.notes, 'note_id'), [note.id], `received ${text}`);
      const sent = await integration('intendente', `/notes/sent?search=${q(text)}`);
      assert.deepEqual(idsOf(sent.body.notes, 'note_id'), [note.id], `sent ${text}`);
      const mcp = await tool(clients.carlos!, 'get_notes', { search: text });
      assert.deepEqual(idsOf(mcp.notes, 'note_id'), [note.id], `MCP ${text}`);
    }
  });

  it('memos: their parties find them by subject or content however typed; nobody else does', async () => {
    const memo = await sendMemo(
      'agente-obras',
      { to: ['agente-mesa'], bcc: ['intendente'] },
      {
        reference: `${tag} Memo reservado sobre Güemes`,
        content: `<p>Revisión de la ${tag}-cañería en la esquina</p>`,
      },
    );
    const subject = `${tag} MEMO RESERVADO SOBRE GUEMES`;
    const content = `${tag}-caneria en la esquina`;
    for (const text of [subject, content]) {
      for (const [user, list] of [
        ['agente-mesa', 'received'],
        ['intendente', 'received'],
        ['agente-obras', 'sent'],
      ] as const) {
        const res = await backend(user, `/memos/${list}?search=${q(text)}`);
        assert.equal(res.status, 200, res.text);
        assert.deepEqual(idsOf(res.body.data.memos, 'document_id'), [memo.id], `${user} ${list} ${text}`);
      }
      // Lucía directs the sender's sector and is no party: no list, search or tool shows it to her.
      for (const list of ['received', 'sent', 'archived']) {
        assert.deepEqual(
          (await backend('directora-obras', `/memos/${list}?search=${q(text)}`)).body.data.memos,
          [],
          `${list} ${text}`,
        );
      }
    }
    for (const text of [subject, `${tag} memo reservado sobre güemes`]) {
      assert.deepEqual(
        idsOf((await integration('agente-mesa', `/documents/search?search=${q(text)}`)).body.documents, 'document_id'),
        [memo.id],
        text,
      );
      assert.deepEqual(
        idsOf((await tool(clients.carlos!, 'search_documents', { search: text })).documents, 'document_id'),
        [memo.id],
        text,
      );
      const rest = await integration('directora-obras', `/documents/search?search=${q(text)}`);
      assert.deepEqual([rest.body.documents, rest.body.total], [[], 0], text);
      assert.deepEqual((await tool(clients.lucia!, 'search_documents', { search: text })).documents, [], text);
      assert.deepEqual(
        (await backend('directora-obras', `/users/${demoUser('directora-obras')}/documents?search=${q(text)}`)).body
          .data.documents,
        [],
        text,
      );
    }
  });

  it('records: integration search, backend list, autocomplete and MCP', async () => {
    const made = await createRecord('directora-obras', 'ARQ', `${tag} Arquitecta Núñez`, {
      matricula: `${tag}-Güemes`,
    });
    for (const text of [`${tag} arquitecta nunez`, `${tag} ARQUITECTA NÚÑEZ`, `${tag}-guemes`]) {
      const search = await integration('directora-obras', `/records/search?search=${q(text)}`);
      assert.deepEqual(idsOf(search.body.records, 'id'), [made.id], `search ${text}`);
      const list = await backend('directora-obras', `/records?search=${q(text)}`);
      assert.deepEqual(idsOf(list.body.data.records, 'id'), [made.id], `list ${text}`);
      const auto = await backend('directora-obras', `/records/autocomplete?q=${q(text)}`);
      assert.deepEqual(idsOf(auto.body.data.records, 'record_id'), [made.id], `autocomplete ${text}`);
      const mcp = await tool(clients.lucia!, 'search_records', { search: text });
      assert.deepEqual(idsOf(mcp.records, 'id'), [made.id], `MCP ${text}`);
    }
  });

  it('users: the integration catalog, the backend directory and MCP', async () => {
    const nunez = demoUser('directora-rentas'); // María José Núñez
    const ibanez = demoUser('jefa-mesa'); // Sofía Ibáñez
    for (const [text, id] of [
      ['nunez', nunez],
      ['NUÑEZ', nunez],
      ['maria jose', nunez],
      ['sofia ibanez', ibanez],
      ['SOFÍA IBÁÑEZ', ibanez],
    ] as const) {
      const catalog = await integration('intendente', `/system/users/search?q=${q(text)}`);
      assert.deepEqual(idsOf(catalog.body.users, 'user_id'), [id], `catalog ${text}`);
      const directory = await backend('intendente', `/users/search?query=${q(text)}`);
      assert.deepEqual(idsOf(directory.body.data.users, 'user_id'), [id], `directory ${text}`);
      const mcp = await tool(clients.jorge!, 'search_users', { q: text });
      assert.deepEqual(idsOf(mcp.users, 'user_id'), [id], `MCP ${text}`);
    }
  });
});
