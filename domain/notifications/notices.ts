/**
 * What one notification is about, and who gets one for each event of a signing round. A notice
 * carries ids only (it travels through the user's NotificationWorkflow, whose history operators
 * read): what it says is read when it is sent, so a memo's reference never sits in a history and
 * a signature already given by digest time is not asked for again.
 */
import type { TenantDb, Tx } from '../../db/tenancy.js';
import type { NotificationKind } from './preferences.js';

export type NoticeSubject = 'signature_request' | 'signed' | 'rejected' | 'note' | 'memo';

export interface Notice {
  /** The event, the same for every recipient: with the user id, the e-mail's idempotency key. */
  key: string;
  subject: NoticeSubject;
  documentId: string;
  round: number;
}

export const KIND_OF: Record<NoticeSubject, NotificationKind> = {
  signature_request: 'signature_request',
  signed: 'document_outcome',
  rejected: 'document_outcome',
  note: 'note',
  memo: 'memo',
};

/** What a DocumentSigningWorkflow tells: whose turn began, or how the round ended. */
export type SigningEvent =
  | { event: 'turn'; documentId: string; round: number; userIds: string[]; actorUserId: string }
  | { event: 'officialized' | 'rejected'; documentId: string; round: number; actorUserId: string };

export interface Addressed {
  userId: string;
  notice: Notice;
}

interface DocumentFacts {
  created_by: string;
  acronym: string;
}

/** Everyone an event concerns, with their notice; never the person who caused it. */
export async function addresseesOf(db: TenantDb, e: SigningEvent): Promise<Addressed[]> {
  const base = { documentId: e.documentId, round: e.round };
  const out: Addressed[] = [];
  const add = (userIds: Iterable<string>, subject: NoticeSubject, key: string) => {
    for (const userId of new Set(userIds))
      if (userId !== e.actorUserId) out.push({ userId, notice: { ...base, subject, key } });
  };
  if (e.event === 'turn') {
    add(e.userIds, 'signature_request', `signature_request.${e.documentId}.${e.round}`);
    return out;
  }
  await db.transaction(async (trx) => {
    const doc = await trx('documents as d')
      .join('document_types as t', 't.id', 'd.document_type_id')
      .where('d.id', e.documentId)
      .first<DocumentFacts | undefined>('d.created_by', 't.acronym');
    if (!doc) return;
    if (e.event === 'rejected') return add([doc.created_by], 'rejected', `rejected.${e.documentId}.${e.round}`);
    add([doc.created_by], 'signed', `signed.${e.documentId}`);
    const others = (ids: string[]) => ids.filter((id) => id !== doc.created_by);
    if (doc.acronym === 'NOTA') add(others(await noteReaders(trx, e.documentId)), 'note', `note.${e.documentId}`);
    if (doc.acronym === 'MEMO') add(others(await memoParties(trx, e.documentId)), 'memo', `memo.${e.documentId}`);
  });
  return out;
}

/** Active members (with rights) of the sectors the note was delivered to. */
export async function noteReaders(trx: Tx, documentId: string): Promise<string[]> {
  return trx('note_recipients as r')
    .join('user_sector_permissions as p', 'p.sector_id', 'r.sector_id')
    .join('users as u', 'u.id', 'p.user_id')
    .where('r.document_id', documentId)
    .whereNotNull('r.delivered_at')
    .andWhere('u.is_active', true)
    .andWhere((q) => q.where('p.can_view', true).orWhere('p.can_edit', true))
    .distinct('u.id')
    .pluck('u.id');
}

/** The memo's recipients (TO, CC and BCC alike: each is told only of the memo itself). */
export async function memoParties(trx: Tx, documentId: string): Promise<string[]> {
  return trx('memo_recipients').where('document_id', documentId).pluck('recipient_user_id');
}
