/**
 * Cases and documents linked to a record. A case is linked once per record; a document once per
 * record and field (no field: once for the record). A link may only be undone through its own record.
 * Lists show only the cases and documents the viewer may open (the rules of domain/cases/access.ts
 * and domain/documents/access.ts): a link says nothing of what the viewer cannot see.
 */
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import { requireCase, whereCaseVisibleTo } from '../cases/access.js';
import type { ActingUser, UserContext } from '../context.js';
import { requireDocument, whereVisibleTo } from '../documents/access.js';
import { iso } from '../documents/records.js';
import { conflict, notFound } from '../errors.js';
import { pageInfo, parsePage } from '../lists/pagination.js';
import { actorOf, appendRecordHistory, type HistoryActor, type RecordAction } from './history.js';
import { RECORD_MESSAGES } from './messages.js';
import { requireRecord } from './rows.js';

interface CaseLinkRow {
  id: string;
  case_id: string;
  notes: string | null;
  linked_at: Date;
  case_number: string;
  reference: string;
  short_ai_summary: string | null;
}

const presentCaseLink = (r: CaseLinkRow) => ({
  link_id: r.id,
  case_id: r.case_id,
  notes: r.notes,
  linked_at: iso(r.linked_at),
  case_number: r.case_number,
  reference: r.reference,
  short_ai_summary: r.short_ai_summary,
});

/** The record's case links whose case `viewer` may see, newest first. */
export async function caseLinksOf(trx: Tx, recordId: string, viewer: ActingUser, limit: number, offset: number) {
  const base = whereCaseVisibleTo(
    trx('record_case_links as l').join('cases as c', 'c.id', 'l.case_id').where('l.record_id', recordId),
    trx,
    viewer,
  );
  const [{ total }] = await base.clone().count<{ total: number }[]>('* as total');
  const rows = await base
    .orderBy([{ column: 'l.linked_at', order: 'desc' }, { column: 'l.id' }])
    .offset(offset)
    .limit(limit)
    .select<CaseLinkRow[]>(
      'l.id',
      'l.case_id',
      'l.notes',
      'l.linked_at',
      'c.case_number',
      'c.reference',
      'c.short_ai_summary',
    );
  return { total: Number(total), cases: rows.map(presentCaseLink) };
}

export async function listCaseLinks(
  ctx: UserContext,
  recordId: string,
  query: { page?: unknown; page_size?: unknown },
) {
  const { user } = ctx;
  const p = parsePage(query, 20, 100);
  return ctx.db.transaction(async (trx) => {
    const { record } = await requireRecord(trx, user, recordId, 'view');
    const { total, cases } = await caseLinksOf(trx, record.id, user, p.pageSize, p.offset);
    return { cases, ...pageInfo(p, total) };
  });
}

/** Links a case the user can see; 409 when it is already linked. */
export async function linkCase(ctx: UserContext, recordId: string, input: { caseId: string; notes?: string | null }) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const { record } = await requireRecord(trx, user, recordId, 'edit');
    const found = await requireCase(trx, user, input.caseId);
    const [row] = await trx('record_case_links')
      .insert({ record_id: record.id, case_id: found.id, notes: input.notes ?? null, linked_by: user.id })
      .onConflict(['record_id', 'case_id'])
      .ignore()
      .returning<{ id: string; linked_at: Date }[]>(['id', 'linked_at']);
    if (!row) throw conflict(RECORD_MESSAGES.caseAlreadyLinked);
    const link = presentCaseLink({
      id: row.id,
      case_id: found.id,
      notes: input.notes ?? null,
      linked_at: row.linked_at,
      case_number: found.case_number,
      reference: found.reference,
      short_ai_summary: found.short_ai_summary,
    });
    await appendRecordHistory(trx, {
      recordId: record.id,
      action: 'case_linked',
      after: { link_id: row.id, case_id: found.id, case_number: found.case_number, notes: link.notes },
      actor: actorOf(user),
    });
    return link;
  });
}

export async function unlinkCase(ctx: UserContext, recordId: string, linkId: string) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const { record } = await requireRecord(trx, user, recordId, 'edit');
    if (!isUuid(linkId)) throw notFound(RECORD_MESSAGES.linkNotFound);
    const [row] = await trx('record_case_links')
      .where({ id: linkId, record_id: record.id })
      .delete()
      .returning<{ id: string; case_id: string; notes: string | null }[]>(['id', 'case_id', 'notes']);
    if (!row) throw notFound(RECORD_MESSAGES.linkNotFound);
    const number = await trx('cases')
      .where('id', row.case_id)
      .first<{ case_number: string } | undefined>('case_number');
    await appendRecordHistory(trx, {
      recordId: record.id,
      action: 'case_unlinked',
      before: { link_id: row.id, case_id: row.case_id, case_number: number?.case_number ?? null, notes: row.notes },
      actor: actorOf(user),
    });
    return { removed: true, link_id: row.id };
  });
}

interface DocumentLinkRow {
  id: string;
  document_id: string;
  field_name: string | null;
  notes: string | null;
  linked_at: Date;
  document_number: string | null;
  reference: string;
  document_type: string;
  status: string;
}

const presentDocumentLink = (r: DocumentLinkRow) => ({
  link_id: r.id,
  document_id: r.document_id,
  document_number: r.document_number,
  document_type: r.document_type,
  reference: r.reference,
  status: r.status,
  field_name: r.field_name,
  notes: r.notes,
  linked_at: iso(r.linked_at),
});

/** The record's document links whose document `viewer` may see, newest first. */
export async function documentLinksOf(trx: Tx, recordId: string, viewer: ActingUser, limit: number, offset: number) {
  const base = whereVisibleTo(
    trx('record_document_links as l')
      .join('documents as d', 'd.id', 'l.document_id')
      .join('document_types as t', 't.id', 'd.document_type_id')
      .where('l.record_id', recordId),
    trx,
    viewer,
  );
  const [{ total }] = await base.clone().count<{ total: number }[]>('* as total');
  const rows = await base
    .orderBy([{ column: 'l.linked_at', order: 'desc' }, { column: 'l.id' }])
    .offset(offset)
    .limit(limit)
    .select<DocumentLinkRow[]>(
      'l.id',
      'l.document_id',
      'l.field_name',
      'l.notes',
      'l.linked_at',
      'd.official_number as document_number',
      'd.reference',
      't.acronym as document_type',
      'd.status',
    );
  return { total: Number(total), documents: rows.map(presentDocumentLink) };
}

export async function listDocumentLinks(
  ctx: UserContext,
  recordId: string,
  query: { page?: unknown; page_size?: unknown },
) {
  const { user } = ctx;
  const p = parsePage(query, 20, 100);
  return ctx.db.transaction(async (trx) => {
    const { record } = await requireRecord(trx, user, recordId, 'view');
    const { total, documents } = await documentLinksOf(trx, record.id, user, p.pageSize, p.offset);
    return { documents, ...pageInfo(p, total) };
  });
}

export interface LinkDocumentInput {
  recordId: string;
  documentId: string;
  fieldName?: string | null;
  notes?: string | null;
  actor: HistoryActor | null;
}

export interface LinkDocumentOptions {
  /** The history action written with the link (the IFRLM report writes `ifrlm_generated`). */
  historyAction?: Extract<RecordAction, 'document_linked' | 'ifrlm_generated'>;
  /** 'ignore' makes a repeated link a no-op (for retried activities); default 'conflict' (409). */
  onExisting?: 'conflict' | 'ignore';
  /** Extra data for the history entry's after_value. */
  historyDetails?: Record<string, unknown>;
}

/**
 * Links a document to a record and writes the history entry, inside the caller's transaction.
 * No permission check: callers check (linkDocument below) or act for the system (the report).
 * Returns the link id, or null when the link existed and `onExisting` is 'ignore'.
 */
export async function linkDocumentToRecord(
  trx: Tx,
  input: LinkDocumentInput,
  options: LinkDocumentOptions = {},
): Promise<{ linkId: string; linkedAt: Date } | null> {
  const [row] = await trx('record_document_links')
    .insert({
      record_id: input.recordId,
      document_id: input.documentId,
      field_name: input.fieldName ?? null,
      notes: input.notes ?? null,
      linked_by: input.actor?.userId ?? null,
    })
    .onConflict()
    .ignore()
    .returning<{ id: string; linked_at: Date }[]>(['id', 'linked_at']);
  if (!row) {
    if (options.onExisting === 'ignore') return null;
    throw conflict(RECORD_MESSAGES.documentAlreadyLinked);
  }
  const doc = await trx('documents')
    .where('id', input.documentId)
    .first<{ official_number: string | null; reference: string } | undefined>('official_number', 'reference');
  await appendRecordHistory(trx, {
    recordId: input.recordId,
    action: options.historyAction ?? 'document_linked',
    fieldName: input.fieldName ?? null,
    after: {
      link_id: row.id,
      document_id: input.documentId,
      document_number: doc?.official_number ?? null,
      reference: doc?.reference ?? null,
      notes: input.notes ?? null,
      ...options.historyDetails,
    },
    actor: input.actor,
  });
  return { linkId: row.id, linkedAt: row.linked_at };
}

/** Links a document the user can see; field_name must be a field of the record's family. */
export async function linkDocument(
  ctx: UserContext,
  recordId: string,
  input: { documentId: string; fieldName?: string | null; notes?: string | null },
) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const { record, family } = await requireRecord(trx, user, recordId, 'edit');
    if (input.fieldName != null && !Object.hasOwn(family.data_schema, input.fieldName)) {
      throw notFound(RECORD_MESSAGES.fieldNotFound(input.fieldName, family.code));
    }
    const doc = await requireDocument(trx, user, input.documentId);
    const linked = (await linkDocumentToRecord(trx, {
      recordId: record.id,
      documentId: doc.id,
      fieldName: input.fieldName ?? null,
      notes: input.notes ?? null,
      actor: actorOf(user),
    }))!;
    return presentDocumentLink({
      id: linked.linkId,
      document_id: doc.id,
      field_name: input.fieldName ?? null,
      notes: input.notes ?? null,
      linked_at: linked.linkedAt,
      document_number: doc.official_number,
      reference: doc.reference,
      document_type: doc.type_acronym,
      status: doc.status,
    });
  });
}

export async function unlinkDocument(ctx: UserContext, recordId: string, linkId: string) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const { record } = await requireRecord(trx, user, recordId, 'edit');
    if (!isUuid(linkId)) throw notFound(RECORD_MESSAGES.linkNotFound);
    const [row] = await trx('record_document_links')
      .where({ id: linkId, record_id: record.id })
      .delete()
      .returning<{ id: string; document_id: string; field_name: string | null; notes: string | null }[]>([
        'id',
        'document_id',
        'field_name',
        'notes',
      ]);
    if (!row) throw notFound(RECORD_MESSAGES.linkNotFound);
    const doc = await trx('documents')
      .where('id', row.document_id)
      .first<{ official_number: string | null } | undefined>('official_number');
    await appendRecordHistory(trx, {
      recordId: record.id,
      action: 'document_unlinked',
      fieldName: row.field_name,
      before: {
        link_id: row.id,
        document_id: row.document_id,
        document_number: doc?.official_number ?? null,
        notes: row.notes,
      },
      actor: actorOf(user),
    });
    return { removed: true, link_id: row.id };
  });
}
