/**
 * Records (legajos) and their registry families: the operations both interfaces call.
 *
 * For other modules (e.g. the IFRLM report workflow's activities), inside a tenant transaction:
 * - `loadRecordReportData(trx, recordId, {viewer})`: record, registry, fields with verification
 *   status, relations, case links, document links (those `viewer` may open) and recent history
 *   (404 AppError when missing).
 * - `appendRecordHistory(trx, {recordId, action, fieldName?, before?, after?, actor})`: one history
 *   entry; `actorOf(user)` builds the actor from an ActingUser (null actor = the system).
 * - `linkDocumentToRecord(trx, {recordId, documentId, fieldName?, notes?, actor}, {historyAction:
 *   'ifrlm_generated', onExisting: 'ignore'})`: link + history entry in one call.
 * - `requireRecord(trx, user, recordId, 'view' | 'edit' | 'verify')`: 404 / 403 checks.
 * - `RECORD_NUMBER_KIND` ('RLM'): the counter kind in number_counters (scope = family code).
 */
export { createRecord, RECORD_NUMBER_KIND, type CreateRecordInput } from './creation.js';
export { recordDetail, listRegistries, registryDetail } from './reads.js';
export { updateRecord, updateField, verifyField, type UpdateRecordInput, type VerifyFieldInput } from './updates.js';
export { createRelation, deleteRelation, listRelations, RELATION_TYPES, type RelationType } from './relations.js';
export {
  linkCase,
  unlinkCase,
  listCaseLinks,
  linkDocument,
  unlinkDocument,
  listDocumentLinks,
  linkDocumentToRecord,
  type LinkDocumentInput,
  type LinkDocumentOptions,
} from './links.js';
export { searchRecords, listRecords, autocompleteRecords } from './search.js';
export {
  appendRecordHistory,
  actorOf,
  historyPage,
  recentHistory,
  RECORD_ACTIONS,
  type RecordAction,
  type HistoryActor,
  type HistoryInput,
  type HistoryEntry,
} from './history.js';
export { loadRecordReportData, type RecordReportData, type ReportField } from './report-data.js';
export { checkReportRequest, createRecordReportDraft, linkRecordReport } from './report.js';
export { requireRecord, findRecord, type RecordRow, type RecordAccess, type RecordNeed } from './rows.js';
export { RECORD_MESSAGES } from './messages.js';
export { RECORD_LIMITS } from './limits.js';
export type { DataSchema, FieldDefinition, FieldEntry, FieldType } from './schema.js';
export type { FamilyPermissions, FamilyRow } from './families.js';

import type { UserContext } from '../context.js';
import { historyPage } from './history.js';
import { requireRecord } from './rows.js';

/** A record's history, newest first (spec: `{entries, total, page, page_size, total_pages}`). */
export async function recordHistory(
  ctx: UserContext,
  recordId: string,
  query: { page?: unknown; page_size?: unknown },
) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const { record } = await requireRecord(trx, user, recordId, 'view');
    return historyPage(trx, record.id, query, user);
  });
}
