/** Writing a new index version: every foliated document of the case as it stands now. */
import type { Tx } from '../../db/tenancy.js';
import { entriesSha256, type IndexEntry, type IndexVersionReason } from './index.js';

interface EntryRow {
  position: number;
  document_id: string;
  official_number: string | null;
  type: string;
  type_name: string;
  reference: string;
  signed_at: Date | null;
  first_folio: number;
  last_folio: number;
  sha256: string;
  annulled_at: Date | null;
  annulment_reason: string | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export async function currentEntries(trx: Tx, caseId: string): Promise<IndexEntry[]> {
  const rows = await trx('case_folios as cf')
    .join('documents as d', 'd.id', 'cf.document_id')
    .join('document_types as t', 't.id', 'd.document_type_id')
    .where('cf.case_id', caseId)
    .orderBy('cf.position')
    .select<EntryRow[]>(
      'cf.position',
      'cf.document_id',
      'd.official_number',
      't.acronym as type',
      't.name as type_name',
      'd.reference',
      'd.signed_at',
      'cf.first_folio',
      'cf.last_folio',
      'cf.sha256',
      'cf.annulled_at',
      'cf.annulment_reason',
    );
  return rows.map((r) => {
    const memo = r.type === 'MEMO';
    return {
      position: r.position,
      document_id: r.document_id,
      number: r.official_number ?? '',
      type: r.type,
      type_name: r.type_name,
      reference: memo ? null : r.reference,
      is_memo: memo,
      signed_at: iso(r.signed_at),
      first_folio: r.first_folio,
      last_folio: r.last_folio,
      sha256: r.sha256,
      annulled: r.annulled_at !== null,
      annulled_at: iso(r.annulled_at),
      annulment_reason: r.annulment_reason,
    };
  });
}

/** Appends the next version of the case's index (the caller holds the case row's lock). */
export async function writeIndexVersion(trx: Tx, caseId: string, reason: IndexVersionReason): Promise<number> {
  const entries = await currentEntries(trx, caseId);
  const last = await trx('case_index_versions')
    .where({ case_id: caseId })
    .max<{ max: number | null }>('version as max')
    .first();
  const version = (last?.max ?? 0) + 1;
  await trx('case_index_versions').insert({
    case_id: caseId,
    version,
    reason,
    entries: JSON.stringify(entries),
    entries_sha256: entriesSha256(entries),
  });
  return version;
}
