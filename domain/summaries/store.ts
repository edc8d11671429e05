/**
 * Writing a summary, and which summaries an officialization calls for.
 *
 * `summaries` (one row per object) says which provider and model wrote the object's summary and
 * from which version of its content; the text itself is the object's own column (`records.resume`,
 * `cases.short_ai_summary`, `documents.ai_summary`), which every read already returns. Both are
 * written in one transaction, and only when the summarized version is newer than the stored one:
 * a late attempt that read older content (a retry after a timeout, a run that was replaced) never
 * overwrites a newer summary.
 */
import type { TenantDb, Tx } from '../../db/tenancy.js';
import type { Summary, SummaryKind } from './types.js';

export interface SummaryTarget {
  kind: SummaryKind;
  id: string;
  /** The object's number when known (the run's search attribute). */
  number?: string;
}

const COLUMN: Record<SummaryKind, { table: string; column: string }> = {
  record: { table: 'records', column: 'resume' },
  case: { table: 'cases', column: 'short_ai_summary' },
  memo: { table: 'documents', column: 'ai_summary' },
};

/** True when written; false when the stored summary already comes from this version or a newer one. */
export async function writeSummary(
  db: TenantDb,
  kind: SummaryKind,
  id: string,
  version: number,
  summary: Summary,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const { rows } = await trx.raw<{ rows: unknown[] }>(
      `insert into summaries (kind, object_id, source_version, provider, model, generated_at)
       values (?, ?, ?, ?, ?, now())
       on conflict (kind, object_id) do update
         set source_version = excluded.source_version, provider = excluded.provider, model = excluded.model, generated_at = excluded.generated_at
         where summaries.source_version < excluded.source_version
       returning object_id`,
      [kind, id, version, summary.provider, summary.model],
    );
    if (rows.length === 0) return false;
    const { table, column } = COLUMN[kind];
    await trx(table)
      .where({ id })
      .update({ [column]: summary.text });
    return true;
  });
}

/**
 * After a document is made official: its memo summary (a MEMO) and the summaries of the cases it
 * is now linked to (the case it was created in, the cases that accepted it).
 */
export async function summaryTargetsOfOfficialized(trx: Tx, documentId: string): Promise<SummaryTarget[]> {
  const doc = await trx('documents as d')
    .join('document_types as t', 't.id', 'd.document_type_id')
    .where('d.id', documentId)
    .first<{ acronym: string; official_number: string | null; status: string } | undefined>(
      't.acronym',
      'd.official_number',
      'd.status',
    );
  if (doc?.status !== 'signed') return [];
  const cases = await trx('case_documents as cd')
    .join('cases as c', 'c.id', 'cd.case_id')
    .where('cd.document_id', documentId)
    .orderBy('c.id')
    .select<{ id: string; case_number: string }[]>('c.id', 'c.case_number');
  return [
    ...(doc.acronym === 'MEMO'
      ? [{ kind: 'memo' as const, id: documentId, ...(doc.official_number ? { number: doc.official_number } : {}) }]
      : []),
    ...cases.map((c) => ({ kind: 'case' as const, id: c.id, number: c.case_number })),
  ];
}
