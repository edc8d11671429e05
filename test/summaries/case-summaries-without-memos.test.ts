/**
 * Tenant migration 013: a case summary written before case summaries left memos out, quoting a
 * memo linked to the case, is made again without it; the summaries of cases without a memo are
 * left alone, and the next change of the case is summarized again.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { quoteIdent } from '../../db/identifiers.js';
import { migrateTenantSchema } from '../../db/migrate.js';
import { resummarizeCasesWithMemos } from '../../db/migrations/tenant/013_case_summaries_without_memos.js';
import { seedBaseCatalog } from '../../db/seed/base-catalog.js';
import { scopeTransaction, type TenantDb, type Tx } from '../../db/tenancy.js';
import {
  EXTRACTIVE_MODEL,
  ExtractiveSummarizer,
  readSummarySource,
  writeSummary,
} from '../../domain/summaries/index.js';
import { getStack } from '../support/hooks.js';
import { tenantSchemaBefore } from '../support/migrations.js';

const SECRET = 'clave-del-memorandum-reservado';
const MEMO_TEXT = `<p>Jorge a Carlos, reservado: la ${SECRET} no debe circular fuera de esta comunicación.</p>`;
const REPORT_TEXT =
  '<p>La inspección de la obra verificó los planos presentados y la habilitación del terreno municipal.</p>';
/** A summary as the summarizer wrote it while it still read the memos of a case. */
const LEAKY = `Permiso de obra en calle Belgrano. Jorge a Carlos, reservado: la ${SECRET} no debe circular fuera de esta comunicación.`;

describe('migration 013: case summaries without memos', function () {
  this.timeout(120_000);
  const schema = `tenant_summ_${randomUUID().slice(0, 8)}`;
  const sector = randomUUID();
  const clerk = randomUUID();
  const template = randomUUID();
  const ids = {
    withMemo: randomUUID(),
    withoutMemo: randomUUID(),
    memoOnly: randomUUID(),
    unsummarized: randomUUID(),
    memo: randomUUID(),
    report: randomUUID(),
  };
  let applied: string[];
  const inSchema = <T>(fn: (trx: Tx) => Promise<T>) =>
    getStack().db.transaction(async (trx) => {
      await scopeTransaction(trx, schema);
      return fn(trx);
    });
  const cases = () =>
    inSchema((trx) =>
      trx('cases')
        .orderBy('id')
        .select<{ id: string; short_ai_summary: string | null; summary_source_version: string }[]>(
          'id',
          'short_ai_summary',
          'summary_source_version',
        ),
    );
  const provenance = () =>
    inSchema((trx) =>
      trx('summaries')
        .where('kind', 'case')
        .orderBy('object_id')
        .select<{ object_id: string; source_version: string; provider: string; model: string }[]>(
          'object_id',
          'source_version',
          'provider',
          'model',
        ),
    );
  const byId = async () => new Map((await cases()).map((c) => [c.id, c]));

  before(async () => {
    const { db } = getStack();
    // The schema as it was before migration 013, with summaries written while memos were read.
    await tenantSchemaBefore(db, schema, '013');
    await inSchema(async (trx) => {
      await seedBaseCatalog(trx);
      const type = async (acronym: string) => (await trx('document_types').where({ acronym }).first('id')).id as string;
      await trx('sectors').insert({ id: sector, name: 'Obras Particulares', acronym: 'DOP' });
      await trx('users').insert({ id: clerk, full_name: 'Jorge Obras', email: 'jorge@obras.gob.ar', role: 'empleado' });
      await trx('case_templates').insert({ id: template, name: 'Permiso de obra', acronym: 'PEROB' });
      const kase = (id: string, n: number, summary: string | null) => ({
        id,
        case_number: `EX-2025-0000000${n}-DOP`,
        reference: 'Permiso de obra en calle Belgrano',
        template_id: template,
        owner_sector_id: sector,
        created_by: clerk,
        short_ai_summary: summary,
      });
      await trx('cases').insert([
        kase(ids.withMemo, 1, LEAKY),
        kase(ids.withoutMemo, 2, 'Resumen de un expediente sin memorándums.'),
        kase(ids.memoOnly, 3, LEAKY),
        kase(ids.unsummarized, 4, null),
      ]);
      const doc = (id: string, acronym: string, number: string, content: string) => ({
        id,
        reference: acronym === 'MEMO' ? 'Reservado' : 'Informe de inspección',
        content,
        status: 'signed',
        official_number: number,
        signed_at: new Date(),
        sector_id: sector,
        created_by: clerk,
      });
      await trx('documents').insert([
        { ...doc(ids.memo, 'MEMO', 'MEMO-2025-00000001-DOP', MEMO_TEXT), document_type_id: await type('MEMO') },
        { ...doc(ids.report, 'INF', 'IF-2025-00000001-DOP', REPORT_TEXT), document_type_id: await type('INF') },
      ]);
      await trx('case_documents').insert([
        { case_id: ids.withMemo, document_id: ids.memo, linked_by: clerk },
        { case_id: ids.withMemo, document_id: ids.report, linked_by: clerk },
        { case_id: ids.withoutMemo, document_id: ids.report, linked_by: clerk },
        { case_id: ids.memoOnly, document_id: ids.memo, linked_by: clerk },
        { case_id: ids.unsummarized, document_id: ids.memo, linked_by: clerk },
      ]);
      // Each summary came from the case's current content version (after its links), as writeSummary records it.
      const versions = await trx('cases').select<{ id: string; summary_source_version: string }[]>(
        'id',
        'summary_source_version',
      );
      await trx('summaries').insert(
        versions
          .filter((v) => v.id !== ids.unsummarized)
          .map((v) => ({
            kind: 'case',
            object_id: v.id,
            source_version: v.summary_source_version,
            provider: 'openai',
            model: 'modelo-anterior',
          })),
      );
    });
    // The upgrade, as `npm run migrate` runs it on an existing tenant.
    applied = await migrateTenantSchema(db, schema);
  });
  after(async () => {
    await getStack().db.raw(`drop schema if exists ${quoteIdent(schema)} cascade`);
  });

  it('makes again, without the memo, the summary of every case with a linked memo; the others are left alone', async () => {
    assert.equal(applied[0], '013_case_summaries_without_memos', 'the first migration applied (later ones follow it)');
    const after = await byId();
    for (const id of [ids.withMemo, ids.memoOnly]) {
      const summary = after.get(id)!.short_ai_summary;
      assert.ok(summary, id);
      assert.ok(!summary.includes(SECRET) && !summary.includes('Jorge a Carlos'), `${id}: ${summary}`);
      // Exactly what a summary of the case is made of now (its reference, type and other documents).
      const source = (await inSchema((trx) => readSummarySource(trx, 'case', id)))!;
      assert.ok(!source.text.includes(SECRET));
      assert.equal(summary, (await new ExtractiveSummarizer().summarize({ kind: 'case', text: source.text })).text, id);
    }
    assert.equal(after.get(ids.withoutMemo)!.short_ai_summary, 'Resumen de un expediente sin memorándums.');
    assert.equal(
      after.get(ids.unsummarized)!.short_ai_summary,
      null,
      'a case without a summary gets none from the migration',
    );

    const rows = new Map((await provenance()).map((r) => [r.object_id, r]));
    for (const id of [ids.withMemo, ids.memoOnly]) {
      assert.deepEqual(
        [rows.get(id)!.provider, rows.get(id)!.model, Number(rows.get(id)!.source_version)],
        ['extractive', EXTRACTIVE_MODEL, Number(after.get(id)!.summary_source_version)],
        'the row says who wrote the summary and from which version',
      );
    }
    assert.deepEqual(
      [rows.get(ids.withoutMemo)!.provider, rows.get(ids.withoutMemo)!.model],
      ['openai', 'modelo-anterior'],
    );
    assert.equal(rows.has(ids.unsummarized), false);
  });

  it('the next change of the case is summarized as always', async () => {
    // A document linked raises the source version (trigger of migration 009); the new summary is written over the migration's.
    await inSchema((trx) =>
      trx('case_documents')
        .where({ case_id: ids.memoOnly, document_id: ids.report })
        .delete()
        .then(() => trx('case_documents').insert({ case_id: ids.memoOnly, document_id: ids.report, linked_by: clerk })),
    );
    const version = Number((await byId()).get(ids.memoOnly)!.summary_source_version);
    const tenantDb: TenantDb = { transaction: (fn) => inSchema(fn) } as TenantDb;
    assert.equal(
      await writeSummary(tenantDb, 'case', ids.memoOnly, version, {
        text: 'Resumen nuevo del expediente.',
        provider: 'openai',
        model: 'modelo-nuevo',
      }),
      true,
    );
    assert.equal((await byId()).get(ids.memoOnly)!.short_ai_summary, 'Resumen nuevo del expediente.');
  });

  it('is idempotent: run again it writes the same summaries', async () => {
    const before = await cases();
    const rewritten = await inSchema((trx) => resummarizeCasesWithMemos(trx));
    assert.equal(rewritten, 2, 'the cases with a memo and a summary');
    const again = new Map((await cases()).map((c) => [c.id, c.short_ai_summary]));
    const expected = new Map(before.map((c) => [c.id, c.short_ai_summary]));
    // memoOnly now has the provider's summary of the test above; run again it is made again too, without the memo.
    assert.equal(again.get(ids.withMemo), expected.get(ids.withMemo));
    assert.ok(!again.get(ids.memoOnly)!.includes(SECRET));
  });
});
