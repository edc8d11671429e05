/**
 * Changing a record: its state and name, one field, or a field's verification. Each operation
 * locks the record's row first, so concurrent writers of one record take turns and each reads
 * what the previous one committed: edits of different fields never overwrite each other, and
 * edits of the same field leave one complete entry. History is written in the same transaction.
 */
import type { UserContext } from '../context.js';
import { iso } from '../documents/records.js';
import { badRequest, notFound } from '../errors.js';
import { checkReferencedDocuments, requireOfficialDocument } from './documents.js';
import { schemaSource } from './families.js';
import { actorOf, appendRecordHistory, type RecordAction } from './history.js';
import { jsonbText } from './json.js';
import { RECORD_MESSAGES } from './messages.js';
import { requireRecord } from './rows.js';
import {
  completeEntry,
  dateOnly,
  nextExpiration,
  validateData,
  WRITABLE_ENTRY_KEYS,
  type EntryInput,
  type FieldEntry,
} from './schema.js';

export interface UpdateRecordInput {
  state?: string;
  displayName?: string;
  reason?: string;
}

export async function updateRecord(ctx: UserContext, recordId: string, input: UpdateRecordInput) {
  const { user } = ctx;
  if (input.state === undefined && input.displayName === undefined) throw badRequest(RECORD_MESSAGES.nothingToUpdate);
  return ctx.db.transaction(async (trx) => {
    const { record, family } = await requireRecord(trx, user, recordId, 'edit', { forUpdate: true });
    if (input.state !== undefined && !family.allowed_states.includes(input.state))
      throw badRequest(RECORD_MESSAGES.invalidState(family.allowed_states));
    const stateChanged = input.state !== undefined && input.state !== record.state;
    const nameChanged = input.displayName !== undefined && input.displayName !== record.display_name;
    if (!stateChanged && !nameChanged) {
      return {
        id: record.id,
        state: record.state,
        display_name: record.display_name,
        updated_at: iso(record.updated_at),
      };
    }
    const [row] = await trx('records')
      .where('id', record.id)
      .update({
        ...(stateChanged ? { state: input.state } : {}),
        ...(nameChanged ? { display_name: input.displayName } : {}),
        updated_at: trx.fn.now(),
      })
      .returning<{ id: string; state: string; display_name: string; updated_at: Date }[]>([
        'id',
        'state',
        'display_name',
        'updated_at',
      ]);
    const action: RecordAction =
      stateChanged && nameChanged ? 'record_updated' : stateChanged ? 'state_changed' : 'display_name_changed';
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (stateChanged) [before.state, after.state] = [record.state, input.state];
    if (nameChanged) [before.display_name, after.display_name] = [record.display_name, input.displayName];
    if (input.reason !== undefined) after.reason = input.reason;
    await appendRecordHistory(trx, { recordId: record.id, action, before, after, actor: actorOf(user) });
    return { id: row!.id, state: row!.state, display_name: row!.display_name, updated_at: iso(row!.updated_at) };
  });
}

function requireField(family: { code: string; data_schema: Record<string, unknown> }, fieldName: string) {
  if (!Object.hasOwn(family.data_schema, fieldName))
    throw notFound(RECORD_MESSAGES.fieldNotFound(fieldName, family.code));
}

/** Only the keys present in `input` change; the others keep their stored value. */
export async function updateField(ctx: UserContext, recordId: string, fieldName: string, input: EntryInput) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const { record, family } = await requireRecord(trx, user, recordId, 'edit', { forUpdate: true });
    requireField(family, fieldName);
    const unknown = Object.keys(input).find((k) => !(WRITABLE_ENTRY_KEYS as readonly string[]).includes(k));
    if (unknown !== undefined) throw badRequest(RECORD_MESSAGES.unknownEntryKey(`${fieldName}.${unknown}`));
    const source = schemaSource(ctx.tenant.schema, family);
    const supplied: EntryInput = Object.fromEntries(
      WRITABLE_ENTRY_KEYS.filter((k) => k in input).map((k) => [k, input[k]]),
    );
    if (Object.keys(supplied).length === 0) throw badRequest(RECORD_MESSAGES.fieldNothingToUpdate);
    validateData(source, { [fieldName]: supplied }, '');
    await checkReferencedDocuments(trx, source, { [fieldName]: supplied }, '');

    const before = completeEntry(record.data[fieldName]);
    const after = JSON.parse(jsonbText({ ...before, ...supplied })) as FieldEntry;
    if ('expiration_date' in supplied) after.expiration_date = dateOnly(supplied.expiration_date);
    // A verification attests one value: changing the value (or its document) withdraws it.
    const attested = ['value', 'document_id'] as const;
    if (
      before.verified &&
      attested.some((k) => k in supplied && JSON.stringify(supplied[k]) !== JSON.stringify(before[k]))
    ) {
      Object.assign(after, {
        verified: false,
        verified_at: null,
        verified_by: null,
        verified_by_name: null,
        verified_document_id: null,
        verified_document_number: null,
        verified_document_resume: null,
        verification_notes: null,
      });
    }
    const data = { ...record.data, [fieldName]: after };
    const next = nextExpiration(data);
    const [row] = await trx('records')
      .where('id', record.id)
      .update({
        data: trx.raw('jsonb_set(data, ?::text[], ?::jsonb, true)', [[fieldName], jsonbText(after)]),
        next_expiration: next,
        updated_at: trx.fn.now(),
      })
      .returning<{ updated_at: Date; next_expiration: string | null }[]>(['updated_at', 'next_expiration']);
    await appendRecordHistory(trx, {
      recordId: record.id,
      action: 'field_updated',
      fieldName,
      before,
      after,
      actor: actorOf(user),
    });
    return {
      field_name: fieldName,
      field_data: after,
      next_expiration: row!.next_expiration,
      updated_at: iso(row!.updated_at),
    };
  });
}

export interface VerifyFieldInput {
  documentId: string;
  notes?: string | null;
}

export async function verifyField(ctx: UserContext, recordId: string, fieldName: string, input: VerifyFieldInput) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const { record, family } = await requireRecord(trx, user, recordId, 'verify', { forUpdate: true });
    requireField(family, fieldName);
    if (!family.data_schema[fieldName]!.has_verification) throw badRequest(RECORD_MESSAGES.notVerifiable(fieldName));
    const document = await requireOfficialDocument(trx, input.documentId);
    const before = completeEntry(record.data[fieldName]);
    const after: FieldEntry = {
      ...before,
      verified: true,
      verified_at: new Date().toISOString(),
      verified_by: user.id,
      verified_by_name: user.fullName,
      verified_document_id: document.id,
      verified_document_number: document.official_number,
      verified_document_resume: document.reference,
      verification_notes: input.notes ?? null,
    };
    const [row] = await trx('records')
      .where('id', record.id)
      .update({
        data: trx.raw('jsonb_set(data, ?::text[], ?::jsonb, true)', [[fieldName], jsonbText(after)]),
        updated_at: trx.fn.now(),
      })
      .returning<{ updated_at: Date }[]>(['updated_at']);
    await appendRecordHistory(trx, {
      recordId: record.id,
      action: 'field_verified',
      fieldName,
      before,
      after,
      actor: actorOf(user),
    });
    return { field_name: fieldName, field_data: after, updated_at: iso(row!.updated_at) };
  });
}
