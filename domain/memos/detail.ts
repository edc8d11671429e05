/** The memo's detail, which records a recipient's first opening, and the recipient's archive toggle. */
import type { UserContext } from '../context.js';
import { forbidden, notFound } from '../errors.js';
import { currentPdf } from '../documents/files.js';
import { iso } from '../documents/records.js';
import { MEMO_MESSAGES } from './messages.js';
import {
  person,
  RECIPIENT_COLUMNS,
  recipientsQuery,
  requireMemo,
  senderOf,
  type RecipientRow,
  type RecipientType,
} from './records.js';

/**
 * The memo for its sender or a recipient (anyone else: 403). A recipient's first fetch sets
 * `opened_at`: the update only matches while it is null, so of concurrent first fetches exactly
 * one sees `first_open: true` (the others wait for its row lock, then match nothing).
 */
export async function memoDetail(ctx: UserContext, documentId: string) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const memo = await requireMemo(trx, documentId);
    const isSender = memo.created_by === user.id;
    const all = await recipientsQuery(trx)
      .where('mr.document_id', memo.id)
      .orderBy([{ column: 'ru.full_name' }, { column: 'mr.id' }])
      .select<RecipientRow[]>(RECIPIENT_COLUMNS);
    const mine = all.find((r) => r.recipient_user_id === user.id);
    if (!isSender && !mine) throw forbidden(MEMO_MESSAGES.noAccess);

    let firstOpen = false;
    let openedAt = mine?.opened_at ?? null;
    if (mine && !openedAt) {
      const [opened] = await trx('memo_recipients')
        .where({ id: mine.id })
        .whereNull('opened_at')
        .update({ opened_at: trx.fn.now(), updated_at: trx.fn.now() })
        .returning<{ opened_at: Date }[]>('opened_at');
      firstOpen = Boolean(opened);
      openedAt =
        opened?.opened_at ??
        (await trx('memo_recipients').where({ id: mine.id }).first<{ opened_at: Date }>('opened_at'))!.opened_at;
      mine.opened_at = openedAt;
    }

    const senderRow = all[0];
    const sectorOfSender = senderRow
      ? { acronym: senderRow.sender_sector_acronym, name: senderRow.sender_sector_name }
      : ((await trx('sectors')
          .where({ id: memo.sector_id })
          .first<{ acronym: string; name: string }>('acronym', 'name')) ?? { acronym: null, name: null });
    const senderName = senderRow?.sender_name ?? (await senderOf(trx, memo.created_by, undefined)).fullName;
    const item = (r: RecipientRow) => person(r.recipient_user_id, r.full_name, r.recipient_sector_acronym);
    const ofType = (type: RecipientType) => all.filter((r) => r.recipient_type === type).map(item);
    const pdf = await currentPdf(trx, memo.id, memo.signing_round);
    const proposed = memo.proposed_case_ids.length
      ? await trx('cases')
          .whereIn('id', memo.proposed_case_ids)
          .orderBy('case_number')
          .select('id as case_id', 'case_number', 'reference')
      : null;
    return {
      document_id: memo.id,
      official_number: memo.official_number,
      reference: memo.reference,
      content: { html: memo.content ?? '' },
      signed_at: iso(memo.signed_at),
      signed_pdf_url: pdf ? ctx.services.urls.sign(pdf.storage_key).url : null,
      ai_summary: memo.ai_summary,
      document_type: 'MEMO',
      sender: { ...person(memo.created_by, senderName, sectorOfSender.acronym), sector_name: sectorOfSender.name },
      recipients: { to: ofType('TO'), cc: ofType('CC'), bcc: isSender ? ofType('BCC') : null },
      read_status: { opened: openedAt !== null, opened_at: iso(openedAt) },
      my_access: {
        is_sender: isSender,
        recipient_type: mine?.recipient_type ?? null,
        first_open: firstOpen,
        opened_at: iso(openedAt),
        is_archived: mine?.is_archived ?? false,
        archived_at: iso(mine?.archived_at),
      },
      openings: isSender
        ? all
            .filter((r) => r.opened_at !== null)
            .map((r) => ({ ...item(r), recipient_type: r.recipient_type, opened_at: iso(r.opened_at) }))
        : null,
      proposed_cases: proposed,
    };
  });
}

/** Archive toggle by a recipient; the sender may not archive (403), anyone else finds nothing (404). */
export async function archiveMemo(ctx: UserContext, documentId: string, archived: boolean) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const memo = await requireMemo(trx, documentId);
    if (memo.created_by === user.id) throw forbidden(MEMO_MESSAGES.senderCannotArchive);
    const [row] = await trx('memo_recipients')
      .where({ document_id: memo.id, recipient_user_id: user.id })
      .update({
        is_archived: archived,
        // A repeated archive keeps the first time.
        archived_at: archived ? trx.raw('coalesce(archived_at, now())') : null,
        updated_at: trx.fn.now(),
      })
      .returning<{ is_archived: boolean; archived_at: Date | null }[]>(['is_archived', 'archived_at']);
    if (!row) throw notFound(MEMO_MESSAGES.notFound);
    return { archived: row.is_archived, archived_at: iso(row.archived_at) };
  });
}
