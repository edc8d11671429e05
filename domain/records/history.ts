/**
 * Record history: one row per change, written in the transaction of the change. User and sector
 * names are snapshots, so an entry still reads right after a user moves or is renamed.
 */
import type { Tx } from '../../db/tenancy.js';
import { whereCaseVisibleTo } from '../cases/access.js';
import { primarySector, type ActingUser } from '../context.js';
import { whereVisibleTo } from '../documents/access.js';
import { iso } from '../documents/records.js';
import { pageInfo, parsePage } from '../lists/pagination.js';
import { viewableFamilyIds } from './families.js';
import { jsonbText } from './json.js';
import { emitEvent } from '../webhooks/outbox.js';

export const RECORD_ACTIONS = [
  'created',
  'state_changed',
  'display_name_changed',
  'record_updated',
  'field_updated',
  'field_verified',
  'relation_created',
  'relation_deleted',
  'document_linked',
  'document_unlinked',
  'case_linked',
  'case_unlinked',
  'ifrlm_generated',
] as const;
export type RecordAction = (typeof RECORD_ACTIONS)[number];

/** Who made a change; null for changes made by the system. */
export interface HistoryActor {
  userId: string;
  userName: string;
  sectorName: string | null;
}

export function actorOf(user: ActingUser): HistoryActor {
  return { userId: user.id, userName: user.fullName, sectorName: primarySector(user)?.name ?? null };
}

export interface HistoryInput {
  recordId: string;
  action: RecordAction;
  fieldName?: string | null;
  before?: unknown;
  after?: unknown;
  actor: HistoryActor | null;
}

const json = (value: unknown) => (value === undefined ? null : jsonbText(value));

/** Appends one entry; call it inside the transaction that makes the change. */
export async function appendRecordHistory(trx: Tx, entry: HistoryInput): Promise<string> {
  const [row] = await trx('record_history')
    .insert({
      record_id: entry.recordId,
      action: entry.action,
      field_name: entry.fieldName ?? null,
      before_value: json(entry.before),
      after_value: json(entry.after),
      user_id: entry.actor?.userId ?? null,
      user_name: entry.actor?.userName ?? null,
      sector_name: entry.actor?.sectorName ?? null,
    })
    .returning<{ id: string }[]>('id');
  await emitRecordEvent(trx, entry);
  return row!.id;
}

/** Record header fields for the names a change touched, when no single field is named. */
const HEADER_FIELDS = ['state', 'display_name'];

const keysOf = (value: unknown) => (value && typeof value === 'object' ? Object.keys(value) : []);

/**
 * Every history entry is one change of its record and one webhook event, written with it:
 * `record.created`, `record.report_generated` for the IFRLM report, else `record.updated` naming
 * the action and the fields it changed (never their values).
 */
async function emitRecordEvent(trx: Tx, entry: HistoryInput): Promise<void> {
  const r = await trx('records as r')
    .join('registry_families as f', 'f.id', 'r.family_id')
    .where('r.id', entry.recordId)
    .first<{ record_number: string; family: string; created_by: string | null }>(
      'r.record_number',
      'f.code as family',
      'r.created_by',
    );
  const about = { record_id: entry.recordId, record_number: r!.record_number, family: r!.family };
  const subject = { kind: 'record' as const, id: entry.recordId };
  if (entry.action === 'created') {
    await emitEvent(trx, 'record.created', subject, {
      ...about,
      created_by_user_id: entry.actor?.userId ?? r!.created_by!,
    });
  } else if (entry.action === 'ifrlm_generated') {
    const documentId = (entry.after as { document_id: string }).document_id;
    const doc = await trx('documents').where({ id: documentId }).first<{ official_number: string }>('official_number');
    await emitEvent(trx, 'record.report_generated', subject, {
      ...about,
      document_id: documentId,
      document_number: doc!.official_number,
    });
  } else {
    const changed = entry.fieldName
      ? [entry.fieldName]
      : HEADER_FIELDS.filter((f) => keysOf(entry.after).includes(f) || keysOf(entry.before).includes(f));
    await emitEvent(trx, 'record.updated', subject, {
      ...about,
      change: entry.action,
      changed_fields: changed,
      by_user_id: entry.actor?.userId ?? null,
    });
  }
}

interface HistoryRow {
  id: string;
  action: RecordAction;
  field_name: string | null;
  before_value: unknown;
  after_value: unknown;
  user_id: string | null;
  user_name: string | null;
  sector_name: string | null;
  created_at: Date;
}

export const presentHistory = (h: HistoryRow) => ({
  id: h.id,
  action: h.action,
  field_name: h.field_name,
  before_value: h.before_value,
  after_value: h.after_value,
  user_id: h.user_id,
  user_name: h.user_name,
  sector_name: h.sector_name,
  created_at: iso(h.created_at),
});

export type HistoryEntry = ReturnType<typeof presentHistory>;

/** Newest first (by write order; entries of one transaction share created_at). */
export async function recentHistory(trx: Tx, recordId: string, limit: number, offset = 0): Promise<HistoryEntry[]> {
  const rows = await trx('record_history')
    .where('record_id', recordId)
    .orderBy('seq', 'desc')
    .offset(offset)
    .limit(limit)
    .select<HistoryRow[]>(
      'id',
      'action',
      'field_name',
      'before_value',
      'after_value',
      'user_id',
      'user_name',
      'sector_name',
      'created_at',
    );
  return rows.map(presentHistory);
}

const CASE_ACTIONS = new Set<RecordAction>(['case_linked', 'case_unlinked']);
const DOCUMENT_ACTIONS = new Set<RecordAction>(['document_linked', 'document_unlinked', 'ifrlm_generated']);
const RELATION_ACTIONS = new Set<RecordAction>(['relation_created', 'relation_deleted']);

const detailOf = (e: HistoryEntry, key: string): string | undefined => {
  for (const v of [e.after_value, e.before_value]) {
    const found = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
    if (typeof found === 'string') return found;
  }
  return undefined;
};

/**
 * Entries about a case, document or related record `viewer` may not open keep their action, date
 * and author, but not their values (numbers, references, names, notes): the history tells no more
 * than the links and relations lists do.
 */
async function withheldFor(
  trx: Tx,
  recordId: string,
  entries: HistoryEntry[],
  viewer: ActingUser,
): Promise<HistoryEntry[]> {
  const about = entries.map((e) => {
    if (CASE_ACTIONS.has(e.action)) return { kind: 'case' as const, id: detailOf(e, 'case_id') };
    if (DOCUMENT_ACTIONS.has(e.action)) return { kind: 'document' as const, id: detailOf(e, 'document_id') };
    if (RELATION_ACTIONS.has(e.action)) {
      const [source, target] = [detailOf(e, 'source_record_id'), detailOf(e, 'target_record_id')];
      return { kind: 'record' as const, id: source === recordId ? target : source };
    }
    return undefined;
  });
  const ids = (kind: string) => [...new Set(about.filter((a) => a?.kind === kind && a.id).map((a) => a!.id!))];
  const [cases, documents, records] = [ids('case'), ids('document'), ids('record')];
  const visible = new Set<string>([
    ...(cases.length
      ? await whereCaseVisibleTo(trx('cases as c').whereIn('c.id', cases), trx, viewer).pluck('c.id')
      : []),
    ...(documents.length
      ? await whereVisibleTo(trx('documents as d').whereIn('d.id', documents), trx, viewer).pluck('d.id')
      : []),
    ...(records.length
      ? await trx('records')
          .whereIn('id', records)
          .whereIn('family_id', await viewableFamilyIds(trx, viewer))
          .pluck('id')
      : []),
  ]);
  return entries.map((e, i) => {
    const subject = about[i];
    if (!subject || (subject.id && visible.has(subject.id))) return e;
    return { ...e, before_value: null, after_value: null };
  });
}

export async function historyPage(
  trx: Tx,
  recordId: string,
  query: { page?: unknown; page_size?: unknown },
  viewer: ActingUser,
) {
  const p = parsePage(query, 20, 100);
  const [{ total }] = await trx('record_history').where('record_id', recordId).count<{ total: number }[]>('* as total');
  const entries = await withheldFor(trx, recordId, await recentHistory(trx, recordId, p.pageSize, p.offset), viewer);
  return { entries, ...pageInfo(p, Number(total)) };
}
