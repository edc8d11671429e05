/**
 * Record writes shared by integration REST and the backend: each request's one schema and the
 * operation it runs (the domain call, and the summary refresh a visible change asks for). Each
 * interface answers the outcome its own way.
 */
import type { UserContext } from '../../domain/context.js';
import {
  createRecord,
  createRelation,
  linkCase,
  linkDocument,
  updateField,
  updateRecord,
  verifyField,
} from '../../domain/records/index.js';
import { RECORD_LIMITS } from '../../domain/records/limits.js';
import { RELATION_TYPES } from '../../domain/records/relations.js';
import type { ApiDeps } from '../deps.js';
import { requestSummary } from '../temporal/summaries.js';
import { bodyParser, requiredText, uuid } from '../validation.js';

const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

export const createRecordBody = bodyParser<{
  registry_code: string;
  display_name: string;
  data?: Record<string, unknown>;
}>({
  type: 'object',
  required: ['registry_code', 'display_name'],
  properties: {
    registry_code: requiredText(RECORD_LIMITS.registryCode),
    display_name: requiredText(RECORD_LIMITS.displayName),
    data: { type: 'object' },
  },
});

export const updateRecordBody = bodyParser<{ state?: string; display_name?: string; reason?: string }>({
  type: 'object',
  properties: {
    state: requiredText(RECORD_LIMITS.displayName),
    display_name: requiredText(RECORD_LIMITS.displayName),
    reason: { type: 'string', maxLength: RECORD_LIMITS.reason },
  },
});

/** Keys and values are checked against the family's schema by the domain (messages name the field). */
export const fieldBody = bodyParser<Record<string, unknown>>({ type: 'object' });

export const verifyBody = bodyParser<{ document_id: string; notes?: string | null }>({
  type: 'object',
  required: ['document_id'],
  properties: { document_id: uuid, notes: optionalText(RECORD_LIMITS.notes) },
});

export const relationBody = bodyParser<{
  target_record_id: string;
  relation_type: (typeof RELATION_TYPES)[number];
  notes?: string | null;
}>({
  type: 'object',
  required: ['target_record_id', 'relation_type'],
  properties: {
    target_record_id: uuid,
    relation_type: { type: 'string', enum: [...RELATION_TYPES] },
    notes: optionalText(RECORD_LIMITS.notes),
  },
});

export const caseLinkBody = bodyParser<{ case_id: string; notes?: string | null }>({
  type: 'object',
  required: ['case_id'],
  properties: { case_id: uuid, notes: optionalText(RECORD_LIMITS.notes) },
});

export const documentLinkBody = bodyParser<{ document_id: string; field_name?: string | null; notes?: string | null }>({
  type: 'object',
  required: ['document_id'],
  properties: { document_id: uuid, field_name: optionalText(100), notes: optionalText(RECORD_LIMITS.notes) },
});

export async function createRecordOf(deps: ApiDeps, ctx: UserContext, body: ReturnType<typeof createRecordBody>) {
  const created = await createRecord(ctx, {
    registryCode: body.registry_code,
    displayName: body.display_name,
    data: body.data,
  });
  requestSummary(deps, ctx, { kind: 'record', id: created.id, number: created.record_number });
  return created;
}

export async function updateRecordOf(
  deps: ApiDeps,
  ctx: UserContext,
  recordId: string,
  body: ReturnType<typeof updateRecordBody>,
) {
  const updated = await updateRecord(ctx, recordId, {
    state: body.state,
    displayName: body.display_name,
    reason: body.reason,
  });
  // The summary shows the name, not the state.
  if (body.display_name !== undefined) requestSummary(deps, ctx, { kind: 'record', id: recordId });
  return updated;
}

export async function updateRecordField(
  deps: ApiDeps,
  ctx: UserContext,
  recordId: string,
  field: string,
  body: ReturnType<typeof fieldBody>,
) {
  const updated = await updateField(ctx, recordId, field, body);
  requestSummary(deps, ctx, { kind: 'record', id: recordId });
  return updated;
}

export const verifyRecordField = (
  ctx: UserContext,
  recordId: string,
  field: string,
  body: ReturnType<typeof verifyBody>,
) => verifyField(ctx, recordId, field, { documentId: body.document_id, notes: body.notes });

export const relateRecord = (ctx: UserContext, recordId: string, body: ReturnType<typeof relationBody>) =>
  createRelation(ctx, recordId, {
    targetRecordId: body.target_record_id,
    relationType: body.relation_type,
    notes: body.notes,
  });

export const linkRecordCase = (ctx: UserContext, recordId: string, body: ReturnType<typeof caseLinkBody>) =>
  linkCase(ctx, recordId, { caseId: body.case_id, notes: body.notes });

export const linkRecordDocument = (ctx: UserContext, recordId: string, body: ReturnType<typeof documentLinkBody>) =>
  linkDocument(ctx, recordId, { documentId: body.document_id, fieldName: body.field_name, notes: body.notes });
