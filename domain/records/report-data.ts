/** Everything a report on one record shows, read in the caller's tenant transaction. */
import type { Tx } from '../../db/tenancy.js';
import type { ActingUser } from '../context.js';
import { iso } from '../documents/records.js';
import { notFound } from '../errors.js';
import { recentHistory, type HistoryEntry } from './history.js';
import { caseLinksOf, documentLinksOf } from './links.js';
import { RECORD_MESSAGES } from './messages.js';
import { creatorOf, presentData, type CreatorInfo } from './present.js';
import { viewableFamilyIds } from './families.js';
import { relationsOf } from './relations.js';
import { findRecord, loadFamily } from './rows.js';
import type { FieldDefinition, FieldEntry } from './schema.js';

export interface ReportField {
  name: string;
  definition: FieldDefinition;
  entry: FieldEntry;
}

export interface RecordReportData {
  record: {
    id: string;
    record_number: string;
    display_name: string;
    state: string;
    resume: string | null;
    next_expiration: string | null;
    created_at: string | null;
    updated_at: string | null;
    created_by: CreatorInfo;
  };
  registry: { id: string; code: string; name: string; description: string | null; allowed_states: string[] };
  /** Schema fields in schema order, each with its entry (verification status included). */
  fields: ReportField[];
  verification: { verifiable: number; verified: number };
  relations: Awaited<ReturnType<typeof relationsOf>>['relations'];
  cases: Awaited<ReturnType<typeof caseLinksOf>>['cases'];
  documents: Awaited<ReturnType<typeof documentLinksOf>>['documents'];
  /** Newest first. */
  history: HistoryEntry[];
}

const LIST_LIMIT = 200;

/**
 * Loads a record for its report, as `viewer` may see it: the record itself is not checked (the
 * caller has done it), but related records, linked cases and linked documents are only those the
 * viewer may open — the report is the record's detail on paper, never more. 404 when the record
 * does not exist.
 */
export async function loadRecordReportData(
  trx: Tx,
  recordId: string,
  options: { viewer: ActingUser; historyLimit?: number },
): Promise<RecordReportData> {
  const record = await findRecord(trx, recordId);
  if (!record) throw notFound(RECORD_MESSAGES.recordNotFound);
  const family = await loadFamily(trx, record.family_id);
  const data = presentData(family.data_schema, record.data);
  const fields = Object.entries(family.data_schema).map(([name, definition]) => ({
    name,
    definition,
    entry: data[name]!,
  }));
  const verifiable = fields.filter((f) => f.definition.has_verification);
  return {
    record: {
      id: record.id,
      record_number: record.record_number,
      display_name: record.display_name,
      state: record.state,
      resume: record.resume,
      next_expiration: record.next_expiration,
      created_at: iso(record.created_at),
      updated_at: iso(record.updated_at),
      created_by: await creatorOf(trx, record),
    },
    registry: {
      id: family.id,
      code: family.code,
      name: family.name,
      description: family.description,
      allowed_states: family.allowed_states,
    },
    fields,
    verification: { verifiable: verifiable.length, verified: verifiable.filter((f) => f.entry.verified).length },
    relations: (await relationsOf(trx, record.id, await viewableFamilyIds(trx, options.viewer), LIST_LIMIT, 0))
      .relations,
    cases: (await caseLinksOf(trx, record.id, options.viewer, LIST_LIMIT, 0)).cases,
    documents: (await documentLinksOf(trx, record.id, options.viewer, LIST_LIMIT, 0)).documents,
    history: await recentHistory(trx, record.id, options.historyLimit ?? 50),
  };
}
