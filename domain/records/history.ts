/**
 * Record history: one row per change, written in the transaction of the change. User and sector
 * names are snapshots, so an entry still reads right after a user moves or is renamed.
 */
import type { Tx } from '../../db/tenancy.js';
import { primarySector, type ActingUser } from '../context.js';
import { iso } from '../documents/records.js';
import { pageInfo, parsePage } from '../pagination.js';
import { jsonbText } from './json.js';

export const RECORD_ACTIONS = [
  'created', 'state_changed', 'display_name_changed', 'record_updated', 'field_updated', 'field_verified',
  'relation_created', 'relation_deleted', 'document_linked', 'document_unlinked', 'case_linked', 'case_unlinked',
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
  return row!.id;
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
  id: h.id, action: h.action, field_name: h.field_name, before_value: h.before_value, after_value: h.after_value,
  user_id: h.user_id, user_name: h.user_name, sector_name: h.sector_name, created_at: iso(h.created_at),
});

export type HistoryEntry = ReturnType<typeof presentHistory>;

/** Newest first (by write order; entries of one transaction share created_at). */
export async function recentHistory(trx: Tx, recordId: string, limit: number, offset = 0): Promise<HistoryEntry[]> {
  const rows = await trx('record_history').where('record_id', recordId).orderBy('seq', 'desc').offset(offset).limit(limit)
    .select<HistoryRow[]>('id', 'action', 'field_name', 'before_value', 'after_value', 'user_id', 'user_name', 'sector_name', 'created_at');
  return rows.map(presentHistory);
}

export async function historyPage(trx: Tx, recordId: string, query: { page?: unknown; page_size?: unknown }) {
  const p = parsePage(query, 20, 100);
  const [{ total }] = await trx('record_history').where('record_id', recordId).count<{ total: number }[]>('* as total');
  const entries = await recentHistory(trx, recordId, p.pageSize, p.offset);
  return { entries, ...pageInfo(p, Number(total)) };
}
