/**
 * Memo lists: received and archived (the user's recipient rows), sent (the user's officialized
 * MEMOs) and the unread count. Each list counts and pages on its own index and joins only the
 * page's rows.
 */
import type { Knex } from 'knex';
import type { Tx } from '../../db/tenancy.js';
import { BACKEND_DATE_FILTERS, dayRange, namedWindow, type Window } from '../calendar.js';
import type { DomainContext, UserContext } from '../context.js';
import { badRequest } from '../errors.js';
import { searchTextOf } from '../limits.js';
import { iso, sentOfficialDocuments } from '../documents/records.js';
import { parsePage, pageInfo } from '../lists/pagination.js';
import { anyLike } from '../lists/text-search.js';
import { anyFoldedLike, searchPattern } from '../lists/text-fold.js';
import {
  MEMO_COLUMNS,
  memosQuery,
  person,
  RECIPIENT_COLUMNS,
  recipientsQuery,
  senderOf,
  type MemoRow,
  type RecipientRow,
} from './records.js';

export interface MemoListInput {
  page?: unknown;
  page_size?: unknown;
  search?: string;
  date_filter?: string;
  date_from?: string;
  date_to?: string;
}

const DATE_FILTERS: readonly string[] = BACKEND_DATE_FILTERS;

/**
 * search (number, subject, content) on `documents as d`, joined by the caller when there is a
 * search; regardless of accents and case (the folded copies of migration 017, the content folded
 * row by row). It narrows lists that are already the user's own, so privacy is theirs.
 */
async function whereSearch(trx: Tx, query: Knex.QueryBuilder, search?: string): Promise<void> {
  const text = search?.trim();
  if (!text) return;
  const pattern = await searchPattern(trx, text);
  const stored = anyLike(['d.official_number_folded', 'd.reference_folded'], pattern);
  const content = anyFoldedLike(['d.content'], pattern);
  query.andWhereRaw(`(${stored.sql} or ${content.sql})`, [...stored.bindings, ...content.bindings]);
}

/** The date window (named filter and/or date_from/date_to, municipal days) on the column that dates each list. */
function whereDates(query: Knex.QueryBuilder, ctx: DomainContext, input: MemoListInput, dateColumn: string): void {
  const windows: Window[] = [];
  if (input.date_filter) {
    if (!DATE_FILTERS.includes(input.date_filter))
      throw badRequest(`date_filter debe ser uno de: ${DATE_FILTERS.join(', ')}`);
    windows.push(namedWindow(input.date_filter, ctx.services.timeZone)!);
  }
  windows.push(dayRange(ctx.services.timeZone, input.date_from, input.date_to));
  for (const w of windows) {
    if (w.from) query.andWhere(dateColumn, '>=', w.from);
    if (w.to) query.andWhere(dateColumn, '<', w.to);
  }
}

/** Rows of `ids` in the order of `ids` (a page is fetched by id after it is ordered). */
function inOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Received (not archived) or archived memos of the user, newest first. */
export async function listReceived(ctx: UserContext, input: MemoListInput, options: { archived: boolean }) {
  const { user } = ctx;
  searchTextOf(input.search);
  const p = parsePage(input);
  return ctx.db.transaction(async (trx) => {
    // Count and page on the user's recipient rows (inbox index); only the page is joined. A row
    // exists only for an officialized memo, which can no longer be deleted.
    const inbox = trx('memo_recipients as mr')
      .where('mr.recipient_user_id', user.id)
      .andWhere('mr.is_archived', options.archived);
    whereDates(inbox, ctx, input, 'mr.created_at');
    if (input.search?.trim())
      await whereSearch(trx, inbox.join('documents as d', 'd.id', 'mr.document_id'), input.search);
    const [{ total }] = await inbox.clone().count<{ total: number }[]>('* as total');
    const page: string[] = await inbox
      .orderBy([{ column: 'mr.created_at', order: 'desc' }, { column: 'mr.id' }])
      .limit(p.pageSize)
      .offset(p.offset)
      .pluck('mr.id');
    const found = page.length
      ? await recipientsQuery(trx)
          .join('documents as d', 'd.id', 'mr.document_id')
          .whereIn('mr.id', page)
          .select<(RecipientRow & MemoRow)[]>([
            ...RECIPIENT_COLUMNS,
            'd.official_number',
            'd.reference',
            'd.signed_at',
            'd.ai_summary',
          ])
      : [];
    const rows = inOrder(page, found);
    return {
      memos: rows.map((r) => ({
        document_id: r.document_id,
        official_number: r.official_number,
        reference: r.reference,
        signed_at: iso(r.signed_at),
        ai_summary: r.ai_summary,
        document_type: 'MEMO',
        recipient_type: r.recipient_type,
        sender: person(r.sender_user_id, r.sender_name, r.sender_sector_acronym),
        read_status: { opened: r.opened_at !== null, opened_at: iso(r.opened_at) },
        is_archived: r.is_archived,
        archived_at: iso(r.archived_at),
      })),
      ...pageInfo(p, Number(total)),
    };
  });
}

/** Memos the user sent, newest first, with every recipient (BCC included: the sender sees all) and the openings count. */
export async function listSent(ctx: UserContext, input: MemoListInput) {
  const { user } = ctx;
  searchTextOf(input.search);
  const p = parsePage(input);
  return ctx.db.transaction(async (trx) => {
    // Count and page on the sender's signed MEMOs (documents_sent_by index), then join the page.
    const sent = sentOfficialDocuments(trx, user.id, 'MEMO');
    whereDates(sent, ctx, input, 'd.signed_at');
    await whereSearch(trx, sent, input.search);
    const [{ total }] = await sent.clone().count<{ total: number }[]>('* as total');
    const page: string[] = await sent
      .orderBy([{ column: 'd.signed_at', order: 'desc' }, { column: 'd.id' }])
      .limit(p.pageSize)
      .offset(p.offset)
      .pluck('d.id');
    const rows = inOrder(
      page,
      page.length ? await memosQuery(trx).whereIn('d.id', page).select<MemoRow[]>(MEMO_COLUMNS) : [],
    );
    const recipients = rows.length
      ? await recipientsQuery(trx)
          .whereIn(
            'mr.document_id',
            rows.map((r) => r.id),
          )
          .orderBy([{ column: 'ru.full_name' }, { column: 'mr.id' }])
          .select<RecipientRow[]>(RECIPIENT_COLUMNS)
      : [];
    const sender = await senderOf(trx, user.id, recipients[0]);
    return {
      memos: rows.map((r) => {
        const mine = recipients.filter((x) => x.document_id === r.id);
        return {
          document_id: r.id,
          official_number: r.official_number,
          reference: r.reference,
          signed_at: iso(r.signed_at),
          ai_summary: r.ai_summary,
          document_type: 'MEMO',
          sender: person(user.id, sender.fullName, mine[0]?.sender_sector_acronym ?? null),
          recipients: mine.map((x) => ({
            user_id: x.recipient_user_id,
            full_name: x.full_name,
            recipient_type: x.recipient_type,
            sector_acronym: x.recipient_sector_acronym,
          })),
          openings_count: mine.filter((x) => x.opened_at !== null).length,
        };
      }),
      ...pageInfo(p, Number(total)),
    };
  });
}

/** Unopened, non-archived memos of the user (read from the partial index alone). */
export async function unreadCount(ctx: UserContext) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const [{ count }] = await trx('memo_recipients')
      .where('recipient_user_id', user.id)
      .whereNull('opened_at')
      .andWhere('is_archived', false)
      .count<{ count: number }[]>('* as count');
    return { unread_count: Number(count) };
  });
}
