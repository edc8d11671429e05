/**
 * Notes are officialized NOTA documents delivered to sectors (one note_recipients row per sector,
 * written by officialization). Until then a NOTA is a document, never a note: every read here
 * starts from delivered rows of signed documents.
 *
 * Read state is per user (note_reads): one member of a sector reading a note does not read it
 * for the rest of the sector. Archiving is per receiving sector (note_recipients.is_archived):
 * the sector's inbox is shared, so any member with rights in the sector archives it for all.
 */
import type { Knex } from 'knex';
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import type { ActingUser } from '../context.js';
import { notFound } from '../errors.js';
import { NOTE_MESSAGES } from './messages.js';

export type ReceptionKind = 'to' | 'cc' | 'bcc';

const KIND_RANK: Record<ReceptionKind, number> = { to: 1, cc: 2, bcc: 3 };
export const strongestKind = (kinds: ReceptionKind[]): ReceptionKind =>
  kinds.reduce((a, b) => (KIND_RANK[b] < KIND_RANK[a] ? b : a));

/** Sectors whose inbox the user reads and manages: every sector the user belongs to with rights. */
export const memberSectorIds = (user: ActingUser) =>
  user.sectors.filter((s) => s.canView || s.canEdit).map((s) => s.sectorId);

export interface NoteRow {
  id: string;
  official_number: string;
  reference: string;
  content: string | null;
  sector_id: string;
  created_by: string;
  sender_name: string;
  sector_name: string;
  sector_acronym: string;
  signed_at: Date;
}

export interface DeliveryRow {
  sector_id: string;
  recipient_kind: ReceptionKind;
  delivered_at: Date;
  is_archived: boolean;
  archived_at: Date | null;
}

/** Signed, non-deleted NOTA documents with their sender and sender sector. */
export function notesQuery(trx: Tx): Knex.QueryBuilder {
  return trx('documents as d')
    .join('document_types as t', 't.id', 'd.document_type_id')
    .join('users as su', 'su.id', 'd.created_by')
    .join('sectors as ss', 'ss.id', 'd.sector_id')
    .where('t.acronym', 'NOTA')
    .andWhere('d.status', 'signed')
    .whereNull('d.deleted_at');
}

export const NOTE_COLUMNS = [
  'd.id',
  'd.official_number',
  'd.reference',
  'd.content',
  'd.sector_id',
  'd.created_by',
  'd.signed_at',
  'su.full_name as sender_name',
  'ss.name as sector_name',
  'ss.acronym as sector_acronym',
] as const;

/** The note (an officialized NOTA), or 404: drafts, documents in signing and rejected NOTAs are not notes. */
export async function requireNote(trx: Tx, noteId: string, options: { forUpdate?: boolean } = {}): Promise<NoteRow> {
  if (!isUuid(noteId)) throw notFound(NOTE_MESSAGES.notFound);
  let query = notesQuery(trx).where('d.id', noteId);
  if (options.forUpdate) query = query.forUpdate('d');
  const note = await query.first<NoteRow | undefined>(NOTE_COLUMNS);
  if (!note) throw notFound(NOTE_MESSAGES.notFound);
  return note;
}

/** The note's deliveries to sectors the user belongs to. */
export function myDeliveries(trx: Tx, noteId: string, user: ActingUser): Promise<DeliveryRow[]> {
  return trx('note_recipients')
    .where('document_id', noteId)
    .whereNotNull('delivered_at')
    .whereIn('sector_id', memberSectorIds(user))
    .select<DeliveryRow[]>('sector_id', 'recipient_kind', 'delivered_at', 'is_archived', 'archived_at');
}

export interface NoteRecipientUser {
  document_id: string;
  user_id: string;
  full_name: string;
  sector_id: string;
  sector_acronym: string;
  recipient_kind: ReceptionKind;
  read_at: Date | null;
}

/**
 * The users a note reached (members of its delivered sectors), once each with their strongest
 * kind and their own read state. Users reached only as BCC are shown to the sender alone
 * (and each BCC user sees themself): a BCC recipient never learns of other BCC recipients.
 */
export async function recipientUsers(
  trx: Tx,
  noteIds: string[],
  viewer: { userId: string; isSender: (noteId: string) => boolean },
) {
  if (noteIds.length === 0) return new Map<string, NoteRecipientUser[]>();
  const rows = await trx('note_recipients as nr')
    .join('sectors as s', 's.id', 'nr.sector_id')
    .join('user_sector_permissions as p', 'p.sector_id', 'nr.sector_id')
    .join('users as u', (j) => j.on('u.id', 'p.user_id').andOn('u.is_active', trx.raw('true')))
    .leftJoin('note_reads as r', (j) => j.on('r.document_id', 'nr.document_id').andOn('r.user_id', 'u.id'))
    .whereIn('nr.document_id', noteIds)
    .whereNotNull('nr.delivered_at')
    .orderBy([{ column: 'u.full_name' }, { column: 'u.id' }])
    .select<NoteRecipientUser[]>(
      'nr.document_id',
      'u.id as user_id',
      'u.full_name',
      'nr.sector_id',
      's.acronym as sector_acronym',
      'nr.recipient_kind',
      'r.read_at',
    );
  const byNote = new Map<string, Map<string, NoteRecipientUser>>();
  for (const row of rows) {
    const users = byNote.get(row.document_id) ?? new Map<string, NoteRecipientUser>();
    byNote.set(row.document_id, users);
    const seen = users.get(row.user_id);
    if (!seen || KIND_RANK[row.recipient_kind] < KIND_RANK[seen.recipient_kind]) users.set(row.user_id, row);
  }
  const result = new Map<string, NoteRecipientUser[]>();
  for (const [noteId, users] of byNote) {
    const sender = viewer.isSender(noteId);
    result.set(
      noteId,
      [...users.values()].filter((u) => sender || u.recipient_kind !== 'bcc' || u.user_id === viewer.userId),
    );
  }
  return result;
}
