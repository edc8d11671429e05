/**
 * Reading notes: received, archived and sent lists and the detail, in the integration shape and
 * the backend shape. The received list of a user is the inbox of the sectors they belong to.
 */
import type { Knex } from 'knex';
import type { Tx } from '../../db/tenancy.js';
import type { ActingUser, UserContext } from '../context.js';
import { forbidden } from '../errors.js';
import { searchTextOf } from '../limits.js';
import { iso, sentOfficialDocuments } from '../documents/records.js';
import { parsePage, pageInfo, type Page } from '../lists/pagination.js';
import { anyLike } from '../lists/text-search.js';
import { anyFoldedLike, searchPattern } from '../lists/text-fold.js';
import { NOTE_MESSAGES } from './messages.js';
import {
  memberSectorIds,
  myDeliveries,
  NOTE_COLUMNS,
  notesQuery,
  recipientUsers,
  requireNote,
  strongestKind,
  type NoteRecipientUser,
  type NoteRow,
  type ReceptionKind,
} from './records.js';

export interface NoteListInput {
  page?: unknown;
  page_size?: unknown;
  search?: string;
  unread_only?: boolean;
}

export type Flavor = 'integration' | 'backend';

interface InboxRow extends NoteRow {
  delivered_at: Date;
  archived_at: Date | null;
  kind_rank: number;
  is_read: boolean;
}

const KIND_BY_RANK: ReceptionKind[] = ['to', 'to', 'cc', 'bcc'];
const KIND_RANK_SQL = "case nr.recipient_kind when 'to' then 1 when 'cc' then 2 else 3 end";

/**
 * Integration searches subject or content; backend the subject (reference) or the note's number;
 * regardless of accents and case (the folded copies of migration 017, the content folded row by row).
 */
async function whereSearch(trx: Tx, query: Knex.QueryBuilder, flavor: Flavor, search?: string): Promise<void> {
  const text = search?.trim();
  if (!text) return;
  const pattern = await searchPattern(trx, text);
  const matches =
    flavor === 'integration'
      ? [anyLike(['d.reference_folded'], pattern), anyFoldedLike(['d.content'], pattern)]
      : [anyLike(['d.reference_folded', 'd.official_number_folded'], pattern)];
  query.andWhereRaw(
    `(${matches.map((m) => m.sql).join(' or ')})`,
    matches.flatMap((m) => m.bindings),
  );
}

/**
 * One row per note delivered to the user's sectors and (not) archived there. A note delivered
 * to two of the user's sectors is listed once, with its strongest reception kind.
 *
 * Counting and paging read note_recipients alone (its inbox index), and only the page's notes
 * are joined with their documents: a delivery exists only for an officialized NOTA, which can
 * no longer be deleted, so the delivery rows are the list. Search needs the document's text and
 * joins it before paging.
 */
async function inboxPage(trx: Tx, user: ActingUser, archived: boolean, input: NoteListInput, flavor: Flavor, p: Page) {
  const inbox = trx('note_recipients as nr')
    .whereIn('nr.sector_id', memberSectorIds(user))
    .whereNotNull('nr.delivered_at')
    .andWhere('nr.is_archived', archived);
  if (input.search?.trim())
    await whereSearch(trx, inbox.join('documents as d', 'd.id', 'nr.document_id'), flavor, input.search);
  if (input.unread_only)
    inbox.whereNotExists(
      trx('note_reads as r').whereRaw('r.document_id = nr.document_id').andWhere('r.user_id', user.id),
    );
  type Entry = { document_id: string; delivered_at: Date; archived_at: Date | null; kind_rank: number };
  let total: number;
  let page: Entry[];
  if (memberSectorIds(user).length === 1) {
    // One sector: one row per note, read in index order.
    [{ total }] = await inbox.clone().count<{ total: number }[]>('* as total');
    page = await inbox
      .orderBy([{ column: 'nr.delivered_at', order: 'desc' }, { column: 'nr.document_id' }])
      .limit(p.pageSize)
      .offset(p.offset)
      .select<Entry[]>('nr.document_id', 'nr.delivered_at', 'nr.archived_at', trx.raw(`${KIND_RANK_SQL} as kind_rank`));
  } else {
    // Several sectors: a note delivered to two of them is one entry.
    [{ total }] = await inbox.clone().countDistinct<{ total: number }[]>('nr.document_id as total');
    page = await inbox
      .groupBy('nr.document_id')
      .orderByRaw('max(nr.delivered_at) desc, nr.document_id')
      .limit(p.pageSize)
      .offset(p.offset)
      .select<Entry[]>(
        'nr.document_id',
        trx.raw('max(nr.delivered_at) as delivered_at'),
        trx.raw('max(nr.archived_at) as archived_at'),
        trx.raw(`min(${KIND_RANK_SQL}) as kind_rank`),
      );
  }
  if (page.length === 0) return { rows: [] as InboxRow[], total: Number(total) };
  const readByMe = trx('note_reads as r')
    .whereRaw('r.document_id = d.id')
    .andWhere('r.user_id', user.id)
    .select(trx.raw('1'));
  const notes = await notesQuery(trx)
    .whereIn(
      'd.id',
      page.map((e) => e.document_id),
    )
    .select<(NoteRow & { is_read: boolean })[]>([...NOTE_COLUMNS, trx.raw('exists(?) as is_read', [readByMe])]);
  const byId = new Map(notes.map((n) => [n.id, n]));
  const rows = page.flatMap((e) => {
    const note = byId.get(e.document_id);
    return note ? [{ ...note, delivered_at: e.delivered_at, archived_at: e.archived_at, kind_rank: e.kind_rank }] : [];
  });
  return { rows, total: Number(total) };
}

const senderSector = (n: NoteRow) => ({ sector_id: n.sector_id, name: n.sector_name, acronym: n.sector_acronym });

function integrationInboxItem(row: InboxRow, archived: boolean) {
  return {
    note_id: row.id,
    note_number: row.official_number,
    subject: row.reference,
    sender: { user_id: row.created_by, full_name: row.sender_name },
    is_read: row.is_read,
    created_at: iso(row.delivered_at),
    ...(archived ? { archived_at: iso(row.archived_at) } : {}),
  };
}

function backendInboxItem(row: InboxRow, archived: boolean) {
  return {
    note_id: row.id,
    document_id: row.id,
    official_number: row.official_number,
    reference: row.reference,
    content: row.content,
    date: iso(row.delivered_at),
    sender: { user_id: row.created_by, full_name: row.sender_name, sector: senderSector(row) },
    reception_kind: KIND_BY_RANK[Number(row.kind_rank)] ?? 'to',
    is_read: row.is_read,
    is_archived: archived,
    archived_at: iso(row.archived_at),
  };
}

/** Received (not archived) or archived notes of the user's sectors. */
export async function listInbox(
  ctx: UserContext,
  input: NoteListInput,
  options: { archived: boolean; flavor: Flavor },
) {
  const { user } = ctx;
  searchTextOf(input.search);
  const p = parsePage(input);
  return ctx.db.transaction(async (trx) => {
    const { rows, total } = await inboxPage(trx, user, options.archived, input, options.flavor, p);
    const item = options.flavor === 'integration' ? integrationInboxItem : backendInboxItem;
    return { notes: rows.map((r) => item(r, options.archived)), ...pageInfo(p, total) };
  });
}

const recipientItem = (u: NoteRecipientUser) => ({
  user_id: u.user_id,
  full_name: u.full_name,
  is_read: u.read_at !== null,
  sector_acronym: u.sector_acronym,
  recipient_kind: u.recipient_kind,
});

/** Sector recipients by kind (backend), per note: what the sender addressed, BCC only for the sender and its own members. */
async function sectorRecipients(trx: Tx, noteIds: string[], user: ActingUser, isSender: boolean) {
  const rows = noteIds.length
    ? await trx('note_recipients as nr')
        .join('sectors as s', 's.id', 'nr.sector_id')
        .whereIn('nr.document_id', noteIds)
        .whereNotNull('nr.delivered_at')
        .orderBy('s.acronym')
        .select<
          { document_id: string; sector_id: string; name: string; acronym: string; recipient_kind: ReceptionKind }[]
        >('nr.document_id', 'nr.sector_id', 's.name', 's.acronym', 'nr.recipient_kind')
    : [];
  const mine = new Set(memberSectorIds(user));
  const of = (noteId: string, kind: ReceptionKind) =>
    rows
      .filter(
        (r) =>
          r.document_id === noteId &&
          r.recipient_kind === kind &&
          (kind !== 'bcc' || isSender || mine.has(r.sector_id)),
      )
      .map(({ sector_id, name, acronym }) => ({ sector_id, name, acronym }));
  return (noteId: string) => ({ to: of(noteId, 'to'), cc: of(noteId, 'cc'), bcc: of(noteId, 'bcc') });
}

/** Notes the user sent (officialized NOTAs they created), newest first. */
export async function listSent(ctx: UserContext, input: NoteListInput, flavor: Flavor) {
  const { user } = ctx;
  searchTextOf(input.search);
  const p = parsePage(input);
  return ctx.db.transaction(async (trx) => {
    // Count and page on the sender's signed NOTAs (documents_sent_by index), then join the page.
    const sent = sentOfficialDocuments(trx, user.id, 'NOTA');
    await whereSearch(trx, sent, flavor, input.search);
    const [{ total }] = await sent.clone().count<{ total: number }[]>('* as total');
    const page = await sent
      .orderBy([{ column: 'd.signed_at', order: 'desc' }, { column: 'd.id' }])
      .limit(p.pageSize)
      .offset(p.offset)
      .pluck('d.id');
    const found = page.length ? await notesQuery(trx).whereIn('d.id', page).select<NoteRow[]>(NOTE_COLUMNS) : [];
    const rows = page.flatMap((id: string) => found.filter((n) => n.id === id));
    const info = pageInfo(p, Number(total));
    if (flavor === 'integration') {
      const users = await recipientUsers(
        trx,
        rows.map((r) => r.id),
        { userId: user.id, isSender: () => true },
      );
      return {
        notes: rows.map((r) => ({
          note_id: r.id,
          note_number: r.official_number,
          subject: r.reference,
          recipients: (users.get(r.id) ?? []).map(recipientItem),
          created_at: iso(r.signed_at),
        })),
        ...info,
      };
    }
    const recipientsOf = await sectorRecipients(
      trx,
      rows.map((r) => r.id),
      user,
      true,
    );
    return {
      notes: rows.map((r) => ({
        note_id: r.id,
        document_id: r.id,
        official_number: r.official_number,
        reference: r.reference,
        content: r.content,
        date: iso(r.signed_at),
        sender: { user_id: r.created_by, full_name: r.sender_name, sector: senderSector(r) },
        recipients: recipientsOf(r.id),
      })),
      ...info,
    };
  });
}

/**
 * The note for the user: its sender, or a member of a sector it was delivered to (else 403).
 * A recipient's first fetch marks it read for that user (once: the read row keeps its time).
 */
export async function noteDetail(ctx: UserContext, noteId: string, flavor: Flavor) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const note = await requireNote(trx, noteId);
    const deliveries = await myDeliveries(trx, note.id, user);
    const isSender = note.created_by === user.id;
    if (!isSender && deliveries.length === 0) throw forbidden(NOTE_MESSAGES.noAccess);
    let readAt: Date | null = null;
    if (deliveries.length) {
      await trx('note_reads')
        .insert({ document_id: note.id, user_id: user.id })
        .onConflict(['document_id', 'user_id'])
        .ignore();
      readAt = (await trx('note_reads')
        .where({ document_id: note.id, user_id: user.id })
        .first<{ read_at: Date }>('read_at'))!.read_at;
    }
    const active = deliveries.filter((d) => !d.is_archived);
    const isArchived = deliveries.length > 0 && active.length === 0;
    const archivedAt = isArchived
      ? deliveries.map((d) => d.archived_at!).sort((a, b) => b.getTime() - a.getTime())[0]!
      : null;
    const reception = deliveries.length ? strongestKind(deliveries.map((d) => d.recipient_kind)) : null;
    const common = {
      note_id: note.id,
      is_read: readAt !== null,
      read_at: iso(readAt),
      is_archived: isArchived,
      archived_at: iso(archivedAt),
    };
    if (flavor === 'integration') {
      const users = await recipientUsers(trx, [note.id], { userId: user.id, isSender: () => isSender });
      return {
        ...common,
        note_number: note.official_number,
        subject: note.reference,
        body: note.content,
        sender: { user_id: note.created_by, full_name: note.sender_name, sector: senderSector(note) },
        recipients: (users.get(note.id) ?? []).map((u) => ({ ...recipientItem(u), read_at: iso(u.read_at) })),
        created_at: iso(note.signed_at),
      };
    }
    return {
      ...common,
      document_id: note.id,
      official_number: note.official_number,
      reference: note.reference,
      content: note.content,
      status: 'signed',
      sent_at: iso(note.signed_at),
      sender: { user_id: note.created_by, full_name: note.sender_name, sector: senderSector(note) },
      recipients: (await sectorRecipients(trx, [note.id], user, isSender))(note.id),
      my_access: {
        is_sender: isSender,
        reception_kind: reception,
        sectors: deliveries.map((d) => ({
          sector_id: d.sector_id,
          reception_kind: d.recipient_kind,
          is_archived: d.is_archived,
          archived_at: iso(d.archived_at),
        })),
      },
    };
  });
}
