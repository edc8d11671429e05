/**
 * The webhook events of a document's life (created, sent to sign, signed, officialized, rejected,
 * delivered as a note or memo), built from the rows as the change leaves them and written in the
 * change's own transaction. Data carries ids, numbers and times: never the reference, the content,
 * a memo's recipients or a rejection's reason.
 *
 * A document of a case still being created (its CAEX cover) is not visible yet, and a creation
 * that fails for good deletes it: its events are written by `coverEvents` when the case is made
 * visible, never by a step a compensation can undo.
 */
import type { Tx } from '../../db/tenancy.js';
import type { OutboxEvent } from '../webhooks/outbox.js';
import { emitEvents } from '../webhooks/outbox.js';
import { findDocument, iso, loadSigners, type DocumentRow, type SignerRow } from './records.js';

type Event<T extends OutboxEvent['type']> = OutboxEvent<T>;

const subject = (doc: DocumentRow) => ({ kind: 'document' as const, id: doc.id });
const base = (doc: DocumentRow) => ({ document_id: doc.id, document_type: doc.type_acronym });

/** True for a document of a case that is not visible yet (its events wait for the case). */
export async function inCaseCreation(trx: Tx, doc: Pick<DocumentRow, 'case_id'>): Promise<boolean> {
  if (!doc.case_id) return false;
  const c = await trx('cases').where({ id: doc.case_id }).first<{ is_ready: boolean } | undefined>('is_ready');
  return c?.is_ready === false;
}

/** Writes `events` of `doc` unless its case is still being created. */
export async function emitDocumentEvents(trx: Tx, doc: DocumentRow, ...events: OutboxEvent[]): Promise<void> {
  if (await inCaseCreation(trx, doc)) return;
  await emitEvents(trx, ...events);
}

export function createdEvent(doc: DocumentRow): Event<'document.created'> {
  return {
    type: 'document.created',
    subject: subject(doc),
    data: { ...base(doc), created_by_user_id: doc.created_by },
  };
}

export function sentToSignEvent(doc: DocumentRow, signers: SignerRow[]): Event<'document.sent_to_sign'> {
  return {
    type: 'document.sent_to_sign',
    subject: subject(doc),
    data: {
      ...base(doc),
      round: doc.signing_round,
      signer_user_ids: signers.map((s) => s.user_id),
      numerator_user_id: signers.find((s) => s.is_numerator)!.user_id,
      due_at: iso(doc.signing_due_at),
    },
  };
}

/** `pending`: how many of the round's signers had not signed once this one had. */
export function signedEvent(doc: DocumentRow, signer: SignerRow, pending: number): Event<'document.signed'> {
  return {
    type: 'document.signed',
    subject: subject(doc),
    data: {
      ...base(doc),
      round: doc.signing_round,
      signer_user_id: signer.user_id,
      signed_at: iso(signer.signed_at)!,
      pending_signers: pending,
    },
  };
}

export async function officializedEvent(trx: Tx, doc: DocumentRow): Promise<Event<'document.officialized'>> {
  const code = await trx('document_verification_codes')
    .where({ document_id: doc.id })
    .first<{ code: string } | undefined>('code');
  return {
    type: 'document.officialized',
    subject: subject(doc),
    data: {
      ...base(doc),
      round: doc.signing_round,
      number: doc.official_number!,
      officialized_at: iso(doc.signed_at)!,
      verification_code: code?.code ?? null,
    },
  };
}

export function rejectedEvent(doc: DocumentRow): Event<'document.rejected'> {
  return {
    type: 'document.rejected',
    subject: subject(doc),
    data: {
      ...base(doc),
      round: doc.signing_round,
      rejected_by_user_id: doc.rejected_by!,
      rejected_at: iso(doc.rejected_at)!,
    },
  };
}

/**
 * A note's or memo's delivery on officialization. A note names its receiving sectors (to and cc;
 * blind copies stay out); a memo names nobody: its recipients are private.
 */
export function deliveryEvents(doc: DocumentRow): OutboxEvent[] {
  const number = doc.official_number!;
  if (doc.type_acronym === 'NOTA') {
    const sectors = [...doc.recipients.to, ...doc.recipients.cc];
    return [
      {
        type: 'note.delivered',
        subject: subject(doc),
        data: { ...base(doc), number, recipient_sector_ids: sectors },
      } satisfies Event<'note.delivered'>,
    ];
  }
  if (doc.type_acronym === 'MEMO')
    return [
      {
        type: 'memo.delivered',
        subject: subject(doc),
        data: { ...base(doc), number },
      } satisfies Event<'memo.delivered'>,
    ];
  return [];
}

/**
 * The whole signed life of a case's cover, written when the case becomes visible: created, sent
 * to sign, each signature (in the order they were made) and officialized.
 */
export async function coverEvents(trx: Tx, documentId: string): Promise<OutboxEvent[]> {
  const doc = await findDocument(trx, documentId);
  if (doc?.status !== 'signed') return [];
  const signers = await loadSigners(trx, doc.id);
  const bySignature = [...signers].sort((a, b) => (a.signed_at?.getTime() ?? 0) - (b.signed_at?.getTime() ?? 0));
  return [
    createdEvent(doc),
    sentToSignEvent(doc, signers),
    ...bySignature.map((s, i) => signedEvent(doc, s, bySignature.length - i - 1)),
    await officializedEvent(trx, doc),
    ...deliveryEvents(doc),
  ];
}
