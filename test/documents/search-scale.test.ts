import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createApiKey, upsertTenantRow } from '../../db/control.js';
import { quoteIdent } from '../../db/identifiers.js';
import { migrateTenantSchema } from '../../db/migrate.js';
import { initial } from '../../db/migrations/tenant/001_initial.js';
import { signingRoundsAndCaseCreation } from '../../db/migrations/tenant/002_signing_rounds_and_case_creation.js';
import { listMigrationSource } from '../../db/migrations/types.js';
import { seedBaseCatalog } from '../../db/seed/base-catalog.js';
import { scopeTransaction, tenantDb, type Tenant } from '../../db/tenancy.js';
import { useTextSearchDesign } from '../../domain/lists/text-search.js';
import { getStack } from '../support/hooks.js';
import { request } from '../support/http.js';

/**
 * A municipality whose archive was written before document_access existed: 1,530 documents are
 * loaded on the schema as it was (migrations 001-002), then the schema is migrated. Lists must
 * show what the visibility rule says, totals must be exact up to 1,000 and flagged above, and
 * every page of a long list must be the matching slice of the full order.
 */
describe('documents: lists over a large, migrated archive', function () {
  this.timeout(120_000);
  const schema = 'tenant_archive';
  const [s1, s2, s3] = [randomUUID(), randomUUID(), randomUUID()];
  const [clerk, reader, signer, historian] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  let key: string;
  let tenant: Tenant;
  /** s1's documents in list order: created_at desc, id asc (uuids compare like lowercase hex). */
  let expected: string[];
  /** "Expediente de prueba 1208, partida 20240" and "… 1202, …". */
  let doc1208: string;
  let doc1202: string;
  const rejected: string[] = [];
  const accented: string[] = [];
  /** s1's cases in list order. */
  let cases: string[];
  /** How many trigrams of references the statistics listed right after the upgrade. */
  let trigramsAfterUpgrade: number;

  const get = (user: string, query: string) =>
    request(`/api/v1/documents/search?${query}`, { headers: { 'X-API-Key': key, 'X-User-ID': user } });
  const ids = (body: { documents: { document_id: string }[] }) => body.documents.map((d) => d.document_id);
  /** Follows next_cursor from the first page of `query`: every id in order, and the last answer. */
  const byCursor = async (user: string, query: string) => {
    const walked: string[] = [];
    let last = await get(user, query);
    for (;;) {
      walked.push(...ids(last.body));
      if (!last.body.next_cursor) return { walked, last };
      last = await get(user, `${query}&cursor=${last.body.next_cursor}`);
    }
  };

  /** What `run` sent: the patterns the documents' trigram lookups used, and how many walks of a list it made. */
  const traced = async (run: () => Promise<void>) => {
    const found = { lookups: [] as string[], walks: 0 };
    const onQuery = (q: { sql: string; bindings?: unknown[] }) => {
      // The lookup reads ids and times (as text) of the documents matching its pattern, bound first.
      if (q.sql.includes('::text as at from "documents"'))
        found.lookups.push(String((q.bindings ?? []).find((b) => typeof b === 'string' && b.startsWith('%'))));
      if (q.sql.startsWith('with s as materialized')) found.walks++;
    };
    getStack().db.on('query', onQuery);
    try {
      await run();
    } finally {
      getStack().db.removeListener('query', onQuery);
    }
    return found;
  };

  before(async () => {
    const { db } = getStack();
    tenant = await upsertTenantRow(db, {
      schema,
      municipalityCode: 'ARC',
      displayName: 'Municipalidad del Archivo',
      city: 'Archivo',
    });
    await db.raw(`create schema if not exists ${quoteIdent(schema)}`);
    // The schema as it was before migration 003.
    await db.migrate.latest({
      schemaName: schema,
      tableName: 'knex_migrations',
      migrationSource: listMigrationSource(
        [initial, signingRoundsAndCaseCreation].map((m) => ({
          ...m,
          up: async (knex) => {
            await scopeTransaction(knex, schema);
            await m.up(knex);
          },
        })),
      ),
    });
    const start = Date.parse('2024-03-01T12:00:00Z');
    const docs = Array.from({ length: 1500 }, (_, i) => ({
      id: randomUUID(),
      // Every one but the accented carries the same five-digit parcel; each accented one, its own.
      reference:
        i % 200 === 7
          ? `Pasaje Álvarez Thomas ${i}, padrón ${31000 + i}${i === 1407 ? ', caja 71000' : ''}`
          : `Expediente de prueba ${i}, partida 20240`,
      status: i % 37 === 0 ? 'rejected' : 'signed',
      sector_id: s1,
      created_by: clerk,
      // Pairs of documents share a creation time, so the id decides their order.
      created_at: new Date(start - Math.floor(i / 2) * 60_000),
    }));
    const others = Array.from({ length: 30 }, (_, i) => ({
      id: randomUUID(),
      reference: `Nota de otro sector ${i}`,
      status: 'draft',
      sector_id: s2,
      created_by: reader,
      created_at: new Date(start),
    }));
    await tenantDb(db, tenant).transaction(async (trx) => {
      await seedBaseCatalog(trx);
      const inf = (await trx('document_types').where({ acronym: 'INF' }).first('id')).id;
      await trx('sectors').insert([
        { id: s1, name: 'Archivo Central', acronym: 'ARCH' },
        { id: s2, name: 'Despacho', acronym: 'DESP' },
      ]);
      await trx('users').insert([
        { id: clerk, full_name: 'Archivista', email: 'archivista@archivo.gob.ar', role: 'empleado' },
        { id: reader, full_name: 'Lectora', email: 'lectora@archivo.gob.ar', role: 'director' },
        { id: signer, full_name: 'Firmante sin sector', email: 'firmante@archivo.gob.ar', role: 'director' },
      ]);
      await trx('user_sector_permissions').insert([
        { user_id: clerk, sector_id: s1, can_edit: true, is_primary: true },
        { user_id: reader, sector_id: s2, can_edit: true, is_primary: true },
      ]);
      const all = [...docs, ...others];
      for (let i = 0; i < all.length; i += 500) {
        await trx('documents').insert(
          all.slice(i, i + 500).map((d) => ({ ...d, document_type_id: inf, updated_at: d.created_at })),
        );
      }
      await trx('document_signers').insert(
        others.slice(0, 5).map((d) => ({ document_id: d.id, user_id: signer, position: 1, is_numerator: true })),
      );
    });
    // Then the upgrade, as `npm run migrate` runs it on an existing tenant.
    await migrateTenantSchema(db, schema);
    trigramsAfterUpgrade = (
      await db.raw<{ rows: { trigrams: number }[] }>(
        `select coalesce(sum(cardinality(most_common_elems::text::text[])), 0)::int as trigrams from pg_stats_ext_exprs
       where statistics_schemaname = ? and statistics_name = 'documents_reference_trigrams'`,
        [schema],
      )
    ).rows[0]!.trigrams;
    await tenantDb(db, tenant).transaction(async (trx) => {
      // Written after the upgrade: kept in step by the triggers.
      await trx('document_signers').insert(
        others.slice(5, 8).map((d) => ({ document_id: d.id, user_id: signer, position: 1, is_numerator: true })),
      );
      // An older archive none of these users sees: it shares the parcel and half of it a box.
      const inf = (await trx('document_types').where({ acronym: 'INF' }).first('id')).id;
      await trx('sectors').insert({ id: s3, name: 'Archivo Histórico', acronym: 'HIST' });
      await trx('users').insert({
        id: historian,
        full_name: 'Historiadora',
        email: 'historiadora@archivo.gob.ar',
        role: 'empleado',
      });
      const old = Date.parse('2019-01-01T12:00:00Z');
      for (let i = 0; i < 5100; i += 850) {
        await trx('documents').insert(
          Array.from({ length: 850 }, (_, j) => ({
            id: randomUUID(),
            reference: `Legajo histórico ${i + j}, partida 20240${(i + j) % 2 ? ', caja 71000' : ''}`,
            status: 'signed',
            sector_id: s3,
            created_by: historian,
            document_type_id: inf,
            created_at: new Date(old - (i + j) * 60_000),
            updated_at: new Date(old),
          })),
        );
      }
      await trx.raw('analyze documents, document_access');
    });
    key = (await createApiKey(db, { tenantId: tenant.id, name: 'archive', userIds: [clerk, reader, signer] })).key;
    const caseRows = Array.from({ length: 1100 }, (_, i) => ({
      id: randomUUID(),
      case_number: `EX-2024-${String(i).padStart(8, '0')}-ARC-ARCH`,
      reference: `Expediente ${i}`,
      owner_sector_id: s1,
      created_by: clerk,
      created_at: new Date(start - Math.floor(i / 2) * 60_000),
    }));
    await tenantDb(db, tenant).transaction(async (trx) => {
      const [template] = await trx('case_templates')
        .insert({ name: 'Trámite', acronym: 'TRAM' })
        .returning<{ id: string }[]>('id');
      for (let i = 0; i < caseRows.length; i += 550)
        await trx('cases').insert(caseRows.slice(i, i + 550).map((c) => ({ ...c, template_id: template!.id })));
      await trx.raw('analyze cases');
    });
    cases = [...caseRows]
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? -1 : 1))
      .map((c) => c.id);
    const order = [...docs].sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? -1 : 1));
    expected = order.map((d) => d.id);
    doc1208 = docs[1208]!.id;
    doc1202 = docs[1202]!.id;
    for (const d of order) {
      if (d.status === 'rejected') rejected.push(d.id);
      if (d.reference.includes('Álvarez')) accented.push(d.id);
    }
  });

  it('a migrated tenant lists exactly what each user may see', async () => {
    const bySigner = await get(signer, 'page_size=100');
    assert.equal(bySigner.status, 200, bySigner.text);
    assert.equal(bySigner.body.total, 8, 'five signed before the upgrade, three after');
    assert.equal(bySigner.body.total_exact, true);
    const byReader = await get(reader, 'page_size=100');
    assert.deepEqual([byReader.body.total, byReader.body.total_exact], [30, true], 'its sector only');
    assert.ok(!ids(byReader.body).some((id: string) => expected.includes(id)));
  });

  it('above 1,000 the total is an estimate, flagged; each page is its slice of the order; the last page is exact', async () => {
    const first = await get(clerk, 'page=1&page_size=20');
    assert.deepEqual(Object.keys(first.body).sort(), [
      'documents',
      'next_cursor',
      'page',
      'page_size',
      'total',
      'total_exact',
    ]);
    assert.equal(first.body.total_exact, false);
    assert.ok(first.body.total > 1000, `estimate ${first.body.total}`);
    assert.deepEqual(ids(first.body), expected.slice(0, 20));

    const walked: string[] = [];
    for (let page = 1; page <= 15; page++) {
      const res = await get(clerk, `page=${page}&page_size=100`);
      assert.equal(res.body.page, page);
      walked.push(...ids(res.body));
      if (page === 15)
        assert.deepEqual([res.body.total, res.body.total_exact], [1500, true], 'the last page knows the total');
      else assert.ok(res.body.total > page * 100, `page ${page} must leave more to read (total ${res.body.total})`);
    }
    assert.deepEqual(walked, expected);

    // The same list by cursor: every document once, in order; the last page knows the total.
    const all = await byCursor(clerk, 'page_size=100');
    assert.deepEqual(all.walked, expected);
    assert.deepEqual([all.last.body.page, all.last.body.total, all.last.body.total_exact], [15, 1500, true]);

    const deep = await get(clerk, 'page=74&page_size=20');
    assert.deepEqual(ids(deep.body), expected.slice(73 * 20, 74 * 20));
    const past = await get(clerk, 'page=16&page_size=100');
    assert.deepEqual(past.body.documents, []);
    assert.ok(
      past.body.total > 1000 && past.body.total <= 1500,
      `past the end: at most what precedes (${past.body.total})`,
    );
  });

  it('filters and texts below 1,000 are exact, whichever way they are read', async () => {
    const byStatus = await get(clerk, 'status=rejected&page_size=100');
    assert.deepEqual([byStatus.body.total, byStatus.body.total_exact], [rejected.length, true]);
    assert.deepEqual(ids(byStatus.body), rejected);
    // Regardless of accents and case (migration 017), accents typed as marks of their own too.
    for (const text of ['Álvarez', 'ÁLVAREZ', 'pasaje álvarez', 'alvarez', 'PASAJE ALVAREZ', 'pasaje a\u0301lvarez']) {
      const res = await get(clerk, `search=${encodeURIComponent(text)}&page_size=100`);
      assert.deepEqual([ids(res.body), res.body.total, res.body.total_exact], [accented, accented.length, true], text);
    }
    // A text in nearly every document: read along the list; its first page is still exact.
    const broad = await get(clerk, 'search=prueba&page=2&page_size=50');
    assert.deepEqual(ids(broad.body), expected.filter((id) => !accented.includes(id)).slice(50, 100));
    assert.equal(broad.body.total_exact, false);
    assert.ok(broad.body.total > 1000);
  });

  it('number-shaped texts are exact whether rare (read by trigram first) or frequent (then walked)', async () => {
    const rare = await get(clerk, 'search=32207');
    assert.deepEqual(
      [ids(rare.body), rare.body.total, rare.body.total_exact],
      [[accented[6]], 1, true],
      'document 1207 = 7 + 200 × 6',
    );
    // 2,551 candidates, one of them the clerk's.
    const boxed = await get(clerk, 'search=71000');
    assert.deepEqual(
      [ids(boxed.body), boxed.body.total, boxed.body.total_exact],
      [[accented[7]], 1, true],
      'document 1407',
    );
    // Looks rare, matches over 5,000 documents of the tenant: the trigram read finds too many and the list is walked.
    const common = expected.filter((id) => !accented.includes(id));
    const page3 = await get(clerk, 'search=20240&page=3&page_size=50');
    assert.equal(page3.status, 200, page3.text);
    assert.deepEqual(ids(page3.body), common.slice(100, 150));
    assert.ok(page3.body.total > 1000, `estimate ${page3.body.total}`);
    const walked = await byCursor(clerk, 'search=20240&page_size=100');
    assert.deepEqual(walked.walked, common);
    assert.deepEqual([walked.last.body.total, walked.last.body.total_exact], [common.length, true]);
  });

  it('a rare text of several words is found by its distinctive words and checked whole', async () => {
    // Document 1208 is among the 1,210 newest, past the first walk's hits.
    const phrase = await get(clerk, `search=${encodeURIComponent('Expediente de prueba 1208,')}`);
    assert.equal(phrase.status, 200, phrase.text);
    assert.deepEqual([ids(phrase.body), phrase.body.total, phrase.body.total_exact], [[doc1208], 1, true]);
    // Its words, but not as written: what the lookup finds is checked against the whole text.
    for (const text of ['Expediente 1208', 'prueba de Expediente 1208', 'Expediente  de prueba 1208']) {
      const res = await get(clerk, `search=${encodeURIComponent(text)}`);
      assert.deepEqual([ids(res.body), res.body.total, res.body.total_exact], [[], 0, true], text);
    }
    const cases = await request(`/api/v1/cases/search?search=${encodeURIComponent('Expediente 1099')}`, {
      headers: { 'X-API-Key': key, 'X-User-ID': clerk },
    });
    assert.deepEqual([cases.body.total, cases.body.total_exact], [1, true]);
    const caseWords = await request(`/api/v1/cases/search?search=${encodeURIComponent('1099 Expediente')}`, {
      headers: { 'X-API-Key': key, 'X-User-ID': clerk },
    });
    assert.deepEqual([caseWords.body.total, caseWords.body.total_exact], [0, true]);
  });

  it("a rare text is looked up by each word's rarest trigram and a number's uncommon digits, common words left out, and every row holding it is found", async () => {
    // Written in every case; the statistics (ANALYZE in before()) have never seen these words.
    const references = [
      'INSPECCIÓN DE VEREDAS EN CALLE BELGRANO 100',
      'Inspección de veredas en calle Belgrano 200',
      'inspección de Veredas en Calle belgrano 300',
      'Belgrano: inspección de veredas en calle 400',
    ];
    const written = references.map((reference, i) => ({
      id: randomUUID(),
      reference,
      created_at: new Date(Date.parse('2017-02-02T10:00:00Z') - i * 1000),
    }));
    const { db } = getStack();
    await tenantDb(db, tenant).transaction(async (trx) => {
      const inf = (await trx('document_types').where({ acronym: 'INF' }).first('id')).id;
      await trx('documents').insert(
        written.map((d) => ({
          ...d,
          status: 'signed',
          sector_id: s1,
          created_by: clerk,
          document_type_id: inf,
          updated_at: d.created_at,
        })),
      );
    });
    try {
      let res: Awaited<ReturnType<typeof get>> | undefined;
      const text = 'inspección de VEREDAS en calle Belgrano';
      const patterns = (
        await traced(async () => {
          res = await get(clerk, `search=${encodeURIComponent(text)}`);
        })
      ).lookups;
      assert.deepEqual(
        [ids(res!.body), res!.body.total, res!.body.total_exact],
        [written.slice(0, 3).map((d) => d.id), 3, true],
      );
      // One trigram of each word's own letters, in order ("de" and "en" have none).
      const pieces = /^%(\w{3})%(\w{3})%(\w{3})%(\w{3})%$/.exec(patterns[0] ?? '');
      assert.ok(pieces, `lookup ${patterns[0]}`);
      // The text is looked up folded (migration 017): lower case, without accents.
      ['inspeccion', 'veredas', 'calle', 'belgrano'].forEach((word, i) =>
        assert.ok(word.includes(pieces[i + 1]!), `${pieces[i + 1]} of ${word}`),
      );
      // "partida" and "20240" are in nearly every document of the tenant: left out. A number is
      // looked up by its digits, but for a trigram most rows hold ("202" of "20240").
      const numbered = (
        await traced(async () => {
          res = await get(clerk, `search=${encodeURIComponent('Expediente de prueba 1208, partida 20240')}`);
        })
      ).lookups;
      assert.deepEqual([ids(res!.body), res!.body.total], [[doc1208], 1]);
      assert.match(numbered[0] ?? '', /^%\w{3}%\w{3}%1208%$/, JSON.stringify(numbered));
      const cut = (
        await traced(async () => {
          res = await get(clerk, `search=${encodeURIComponent('prueba 1202,')}`);
        })
      ).lookups;
      assert.deepEqual([ids(res!.body), res!.body.total], [[doc1202], 1]);
      assert.match(cut[0] ?? '', /^%\w{3}%120%$/, JSON.stringify(cut));
    } finally {
      await tenantDb(db, tenant).transaction((trx) =>
        trx('documents')
          .whereIn(
            'id',
            written.map((d) => d.id),
          )
          .del(),
      );
    }
  });

  it("the upgrade builds the statistics of the texts' trigrams at once", () => {
    // "Expediente de prueba N, partida 20240" and the accented references: dozens of trigrams.
    assert.ok(trigramsAfterUpgrade > 20, `${trigramsAfterUpgrade} trigrams listed`);
  });

  it('a text the trigram statistics show rare is looked up without walking the list; a frequent one is walked', async () => {
    // "Thomas" is in 8 documents of 6,630, "Zapiola" in none: a word of either has a trigram too rare for a walk.
    for (const [text, expectedIds] of [
      ['Thomas', accented],
      ['Pasaje Zapiola', []],
      ['thomas 1407', [accented[7]]],
    ] as const) {
      let res: Awaited<ReturnType<typeof get>> | undefined;
      const trace = await traced(async () => {
        res = await get(clerk, `search=${encodeURIComponent(text)}`);
      });
      assert.deepEqual(
        [ids(res!.body), res!.body.total, res!.body.total_exact],
        [expectedIds, expectedIds.length, true],
        text,
      );
      assert.deepEqual([trace.walks, trace.lookups.length], [0, 1], text);
    }
    // "prueba" is in 1,500: walked, and its first page found there.
    let res: Awaited<ReturnType<typeof get>> | undefined;
    const frequent = await traced(async () => {
      res = await get(clerk, 'search=prueba&page_size=5');
    });
    assert.deepEqual([frequent.walks, frequent.lookups.length], [1, 0]);
    assert.equal(res!.body.documents.length, 5);
  });

  it("a rare text's documents keep the list's order to the microsecond, by page and by cursor", async () => {
    // Four documents created within one millisecond, older than the walk's first batch reaches;
    // their ids ascend as their times do, so an order that lost the microseconds would be reversed.
    const times = ['000001', '000002', '000003', '000004'].map((us) => `2018-05-05T10:00:00.${us}Z`);
    const micro = times.map((created_at, i) => ({ id: `00000000-0000-4000-8000-00000000000${i}`, created_at }));
    const { db } = getStack();
    await tenantDb(db, tenant).transaction(async (trx) => {
      const inf = (await trx('document_types').where({ acronym: 'INF' }).first('id')).id;
      await trx('documents').insert(
        micro.map((d) => ({
          ...d,
          reference: 'Inventario de microsegundos',
          status: 'signed',
          sector_id: s1,
          created_by: clerk,
          document_type_id: inf,
          updated_at: d.created_at,
        })),
      );
    });
    try {
      const newestFirst = micro.map((d) => d.id).reverse();
      const byNumber: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const res = await get(clerk, `search=microsegundos&page=${page}&page_size=1`);
        assert.deepEqual([res.body.total, res.body.total_exact], [4, true]);
        byNumber.push(...ids(res.body));
      }
      assert.deepEqual(byNumber, newestFirst);
      assert.deepEqual((await byCursor(clerk, 'search=microsegundos&page_size=1')).walked, newestFirst);
    } finally {
      await tenantDb(db, tenant).transaction((trx) =>
        trx('documents')
          .whereIn(
            'id',
            micro.map((d) => d.id),
          )
          .del(),
      );
    }
  });

  it('the plain design the benchmark measures against finds the same documents in the same order', async () => {
    const texts = ['Álvarez', '32207', '71000', '20240', 'prueba'];
    const read = async () => {
      const out: unknown[] = [];
      for (const text of texts) {
        const query = `search=${encodeURIComponent(text)}&page_size=100`;
        const first = await get(clerk, query);
        const walked = await byCursor(clerk, query);
        out.push({ text, first: ids(first.body), walked: walked.walked, last: walked.last.body.total });
      }
      return out;
    };
    const adaptive = await read();
    useTextSearchDesign('planner');
    let plain: unknown[];
    try {
      plain = await read();
    } finally {
      useTextSearchDesign('adaptive');
    }
    assert.deepEqual(plain, adaptive);
  });

  it('a text of digits and punctuation is found as typed', async () => {
    // A number and a comma: "Pasaje Álvarez Thomas 1207, padrón 32207".
    const numbered = await get(clerk, `search=${encodeURIComponent('1207,')}`);
    assert.deepEqual([ids(numbered.body), numbered.body.total, numbered.body.total_exact], [[accented[6]], 1, true]);
  });

  it("an estimate is its own tenant's, even where another tenant has the same users and sectors", async () => {
    // Estimates are kept a while per tenant and list; a twin tenant with the same ids and twice
    // the documents must get its own.
    const { db } = getStack();
    const twin = await upsertTenantRow(db, {
      schema: 'tenant_archive_twin',
      municipalityCode: 'ARG',
      displayName: 'Archivo gemelo',
      city: 'Archivo',
    });
    await migrateTenantSchema(db, twin.schema);
    await tenantDb(db, twin).transaction(async (trx) => {
      await seedBaseCatalog(trx);
      const inf = (await trx('document_types').where({ acronym: 'INF' }).first('id')).id;
      await trx('sectors').insert({ id: s1, name: 'Archivo Central', acronym: 'ARCH' });
      await trx('users').insert({
        id: clerk,
        full_name: 'Archivista',
        email: 'archivista@archivo.gob.ar',
        role: 'empleado',
      });
      await trx('user_sector_permissions').insert({ user_id: clerk, sector_id: s1, can_edit: true, is_primary: true });
      const start = Date.parse('2024-03-01T12:00:00Z');
      for (let i = 0; i < 3000; i += 500) {
        await trx('documents').insert(
          Array.from({ length: 500 }, (_, j) => ({
            id: randomUUID(),
            reference: `Gemelo ${i + j}`,
            status: 'signed',
            sector_id: s1,
            created_by: clerk,
            document_type_id: inf,
            created_at: new Date(start - (i + j) * 60_000),
            updated_at: new Date(start),
          })),
        );
      }
      await trx.raw('analyze documents, document_access');
    });
    const twinKey = (await createApiKey(db, { tenantId: twin.id, name: 'twin', userIds: [clerk] })).key;
    const here = await get(clerk, 'page=1');
    const there = await request('/api/v1/documents/search?page=1', {
      headers: { 'X-API-Key': twinKey, 'X-User-ID': clerk },
    });
    assert.equal(there.status, 200);
    assert.deepEqual([here.body.total_exact, there.body.total_exact], [false, false]);
    assert.ok(here.body.total < 2200, `this tenant's estimate ${here.body.total} (1,500 documents)`);
    assert.ok(there.body.total > 2200, `the twin's estimate ${there.body.total} (3,000 documents)`);
  });

  it("a user's own documents and the cases lists follow the same rules", async () => {
    const backend = (path: string) =>
      request(path, { headers: { 'X-Tenant-Schema': schema, Authorization: `Bearer ${clerk}` } });
    const own: string[] = [];
    for (let page = 1; page <= 15; page++) {
      const res = await backend(`/api/v1/users/${clerk}/documents?page=${page}&page_size=100`);
      assert.equal(res.status, 200, res.text);
      own.push(...res.body.data.documents.map((d: { document_id: string }) => d.document_id));
      assert.equal(res.body.data.total_exact, page === 15, `page ${page}`);
    }
    assert.deepEqual(own, expected, 'last modified first (here, as created)');
    const ownRejected = await backend(`/api/v1/users/${clerk}/documents?status=rejected&page_size=100`);
    assert.deepEqual([ownRejected.body.data.total, ownRejected.body.data.total_exact], [rejected.length, true]);
    // Rare texts: their few candidates are read outright, paged and counted in the list's order.
    const ownIds = (res: { body: { data: { documents: { document_id: string }[] } } }) =>
      res.body.data.documents.map((d) => d.document_id);
    const ownRare = await backend(`/api/v1/users/${clerk}/documents?search=%C3%81lvarez%20Thomas&page=2&page_size=3`);
    assert.equal(ownRare.status, 200, ownRare.text);
    assert.deepEqual(
      [ownIds(ownRare), ownRare.body.data.total, ownRare.body.data.total_exact],
      [accented.slice(3, 6), accented.length, true],
    );
    const ownBoxed = await backend(`/api/v1/users/${clerk}/documents?search=71000`);
    assert.deepEqual(
      [ownIds(ownBoxed), ownBoxed.body.data.total, ownBoxed.body.data.total_exact],
      [[accented[7]], 1, true],
      "2,551 candidates, one of them the clerk's",
    );

    const listed: string[] = [];
    for (let page = 1; page <= 11; page++) {
      const res = await backend(`/api/v1/cases?page=${page}&page_size=100`);
      assert.equal(res.status, 200, res.text);
      listed.push(...res.body.data.cases.map((c: { id: string }) => c.id));
      if (page === 1) assert.deepEqual([res.body.data.total_exact, res.body.data.total > 1000], [false, true]);
      if (page === 11)
        assert.deepEqual([res.body.data.total, res.body.data.total_pages, res.body.data.total_exact], [1100, 11, true]);
    }
    assert.deepEqual(listed, cases);
    const bySector = await request('/api/v1/cases/search?sector_filter=ARCH&page=3&page_size=50', {
      headers: { 'X-API-Key': key, 'X-User-ID': clerk },
    });
    assert.deepEqual(
      bySector.body.cases.map((c: { case_id: string }) => c.case_id),
      cases.slice(100, 150),
    );
    const text = await request('/api/v1/cases/search?search=Expediente%201099', {
      headers: { 'X-API-Key': key, 'X-User-ID': clerk },
    });
    assert.deepEqual([text.body.total, text.body.total_exact], [1, true]);
    const none = await request('/api/v1/cases/search?page=1', { headers: { 'X-API-Key': key, 'X-User-ID': reader } });
    assert.deepEqual([none.body.total, none.body.cases], [0, []], 'another sector sees none');
  });
});
