/**
 * Case summaries (`cases.short_ai_summary`) written before case summaries left memos out
 * (domain/summaries/sources.ts) may repeat a private memo's text to every viewer of the case.
 * Every case with a MEMO linked to it and a stored summary has it made again here, from what a
 * case summary reads now, by the offline summarizer: it needs neither the network nor Temporal, so
 * the summary is right when the migration ends. Only clearing it would leave the case without a
 * summary until its content next changes, as nothing else asks for one; and the text alone could
 * not be cleared, since the `summaries` row would still claim the current version and a request
 * for that same version would then write nothing.
 *
 * The `summaries` row tells what wrote it (extractive, its model, the case's current source
 * version); the case's next change is summarized by the configured provider as always. A case
 * whose content gives no summary keeps none, and no `summaries` row, so any later run writes one.
 */
import type { Knex } from 'knex';
import type { Tx } from '../../tenancy.js';
import { ExtractiveSummarizer } from '../../../domain/summaries/extractive.js';
import { readSummarySource } from '../../../domain/summaries/sources.js';
import type { Migration } from '../types.js';

/** Cases read per step (keyset over id). */
const ID_BATCH = 500;

/** Makes again the stored summary of every case with a linked MEMO; returns how many were rewritten. */
export async function resummarizeCasesWithMemos(knex: Knex): Promise<number> {
  const summarizer = new ExtractiveSummarizer();
  let rewritten = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const ids: string[] = await knex('cases as c')
      .whereNotNull('c.short_ai_summary')
      .where('c.id', '>', after)
      // Deleted memos too: a summary written while one was linked may still quote it.
      .whereExists(
        knex('case_documents as cd')
          .join('documents as d', 'd.id', 'cd.document_id')
          .join('document_types as t', 't.id', 'd.document_type_id')
          .whereRaw('cd.case_id = c.id')
          .andWhere('t.acronym', 'MEMO'),
      )
      .orderBy('c.id')
      .limit(ID_BATCH)
      .pluck('c.id');
    if (ids.length === 0) return rewritten;
    after = ids[ids.length - 1]!;
    for (const id of ids) {
      const source = await readSummarySource(knex as Tx, 'case', id);
      const summary = source && (await summarizer.summarize({ kind: 'case', text: source.text }));
      if (!source || !summary?.text) {
        await knex('cases').where({ id }).update({ short_ai_summary: null });
        await knex('summaries').where({ kind: 'case', object_id: id }).delete();
      } else {
        await knex('cases').where({ id }).update({ short_ai_summary: summary.text });
        // Unconditional, unlike writeSummary: the stored row may already claim this version.
        await knex.raw(
          `insert into summaries (kind, object_id, source_version, provider, model, generated_at)
           values ('case', ?, ?, ?, ?, now())
           on conflict (kind, object_id) do update
             set source_version = excluded.source_version, provider = excluded.provider, model = excluded.model, generated_at = excluded.generated_at`,
          [id, source.version, summary.provider, summary.model],
        );
      }
      rewritten++;
    }
  }
}

export const caseSummariesWithoutMemos: Migration = {
  name: '013_case_summaries_without_memos',
  async up(knex) {
    await resummarizeCasesWithMemos(knex);
  },
  // The summaries that quoted memos are not kept anywhere: there is nothing to restore.
  async down() {},
};
