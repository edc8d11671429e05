/**
 * What a deadline is about, read fresh at each of its points: whether it still runs (the round
 * still waits for signatures; the assignment is still open, the case not transferred on), who is
 * reminded (the signers the round waits for; the assigned user, or the receiving sector's staff),
 * who the escalation goes to (the directors of the creator's sector for a round, of the receiving
 * sector for a case; the municipality's administrators when a sector has none), and the events
 * the feed shows. A memo is private to its parties: it escalates only to the directors among them
 * (else to its creator), and what a feed reads of one names only its type.
 */
import type { TenantDb, Tx } from '../../db/tenancy.js';
import { recordActivity, type ActivityKind } from '../activity-feed.js';
import { emitEvent } from '../webhooks/outbox.js';
import { whoseTurn, type SignerStatus } from '../../rules/signing.js';

export type DeadlineSubject =
  | { kind: 'signing'; documentId: string; round: number }
  | { kind: 'case'; caseId: string; movementId: string };

export interface Person {
  id: string;
  email: string;
  fullName: string;
}

export interface OpenDeadline {
  dueAt: string;
  /** What the deadline is about, as its parties read it ("INF «Inspección de obra»", "EE-2026-…"). */
  title: string;
  /** The same for people who may not see the object (a memo's reference stays out). */
  publicTitle: string;
  /** Desk path of the object. */
  path: string;
  remind: Person[];
  escalateTo: Person[];
  /** Who is waiting for it: the document's creator, the case's mover. */
  owner: Person | null;
  escalated: boolean;
}

const PERSON = ['u.id', 'u.email', 'u.full_name as fullName'] as const;

function directorsOf(trx: Tx, sectorId: string): Promise<Person[]> {
  return trx('users as u')
    .join('user_sector_permissions as p', 'p.user_id', 'u.id')
    .where({ 'p.sector_id': sectorId, 'u.role': 'director', 'u.is_active': true })
    .distinct(...PERSON)
    .orderBy('u.email');
}

async function escalationFor(trx: Tx, sectorId: string): Promise<Person[]> {
  const directors = await directorsOf(trx, sectorId);
  if (directors.length) return directors;
  return trx('users as u')
    .where({ 'u.is_admin': true, 'u.is_active': true })
    .select(...PERSON)
    .orderBy('u.email');
}

async function person(trx: Tx, id: string | null): Promise<Person | null> {
  if (!id) return null;
  return (
    (await trx('users as u')
      .where({ 'u.id': id, 'u.is_active': true })
      .first(...PERSON)) ?? null
  );
}

/** Everyone a memo names: its signers (signed or not) and its recipients, blind copies included. */
async function memoParties(trx: Tx, documentId: string): Promise<string[]> {
  const signers: string[] = await trx('document_signers').where({ document_id: documentId }).pluck('user_id');
  const row = await trx('documents')
    .where({ id: documentId })
    .first<{ recipients: { to?: string[]; cc?: string[]; bcc?: string[] } } | undefined>('recipients');
  const r = row?.recipients ?? {};
  return [...signers, ...(r.to ?? []), ...(r.cc ?? []), ...(r.bcc ?? [])];
}

async function signingDeadline(
  trx: Tx,
  subject: Extract<DeadlineSubject, { kind: 'signing' }>,
): Promise<OpenDeadline | null> {
  const doc = await trx('documents as d')
    .join('document_types as t', 't.id', 'd.document_type_id')
    .where({ 'd.id': subject.documentId })
    .whereNull('d.deleted_at')
    .first<
      | {
          status: string;
          signing_round: number;
          signing_due_at: Date | null;
          signing_escalated_at: Date | null;
          created_by: string;
          sector_id: string;
          reference: string;
          acronym: string;
        }
      | undefined
    >(
      'd.status',
      'd.signing_round',
      'd.signing_due_at',
      'd.signing_escalated_at',
      'd.created_by',
      'd.sector_id',
      'd.reference',
      't.acronym',
    );
  if (doc?.status !== 'sent_to_sign' || doc.signing_round !== subject.round || !doc.signing_due_at) return null;
  const unsigned = await trx('document_signers as s')
    .join('users as u', 'u.id', 's.user_id')
    .where({ 's.document_id': subject.documentId })
    .whereNot('s.status', 'signed')
    .select<(Person & { isNumerator: boolean; status: SignerStatus; active: boolean })[]>(
      ...PERSON,
      's.is_numerator as isNumerator',
      's.status',
      'u.is_active as active',
    )
    .orderBy('u.email');
  // Whose turn it is, by the signing rules over every unsigned signer (an inactive common signer
  // still holds the numerator's turn back); only active users are written to.
  const turn = new Set(
    whoseTurn(unsigned.map((p) => ({ userId: p.id, isNumerator: p.isNumerator, status: p.status }))),
  );
  const pending = unsigned.filter((p) => p.active);
  const remind = pending.filter((p) => turn.has(p.id)).map(({ id, email, fullName }) => ({ id, email, fullName }));
  const title = `${doc.acronym} «${doc.reference}»`;
  const owner = await person(trx, doc.created_by);
  let escalateTo = await escalationFor(trx, doc.sector_id);
  if (doc.acronym === 'MEMO') {
    // A memo is its parties' only: it escalates to the directors among them, else to its creator.
    const parties = new Set([
      doc.created_by,
      ...pending.map((p) => p.id),
      ...(await memoParties(trx, subject.documentId)),
    ]);
    escalateTo = escalateTo.filter((d) => parties.has(d.id));
    if (!escalateTo.length && owner) escalateTo = [owner];
  }
  return {
    dueAt: doc.signing_due_at.toISOString(),
    title,
    publicTitle: doc.acronym === 'MEMO' ? 'un memorándum' : title,
    path: `/documentos/${subject.documentId}`,
    remind,
    escalateTo,
    owner,
    escalated: doc.signing_escalated_at !== null,
  };
}

async function caseDeadline(
  trx: Tx,
  subject: Extract<DeadlineSubject, { kind: 'case' }>,
): Promise<OpenDeadline | null> {
  const m = await trx('case_movements as m')
    .join('cases as c', 'c.id', 'm.case_id')
    .where({ 'm.id': subject.movementId, 'm.case_id': subject.caseId })
    .first<
      | {
          due_at: Date | null;
          deadline_ended_at: Date | null;
          escalated_at: Date | null;
          movement_type: string;
          status: string;
          case_status: string;
          to_sector_id: string;
          assigned_user_id: string | null;
          created_by: string;
          case_number: string;
          reference: string;
        }
      | undefined
    >(
      'm.due_at',
      'm.deadline_ended_at',
      'm.escalated_at',
      'm.movement_type',
      'm.status',
      'c.status as case_status',
      'm.to_sector_id',
      'm.assigned_user_id',
      'm.created_by',
      'c.case_number',
      'c.reference',
    );
  if (!m?.due_at || m.deadline_ended_at || m.case_status !== 'active') return null;
  if (m.movement_type === 'assignment' && m.status !== 'active') return null;
  const assignee = await person(trx, m.assigned_user_id);
  const remind = assignee
    ? [assignee]
    : await trx('users as u')
        .join('user_sector_permissions as p', 'p.user_id', 'u.id')
        .where({ 'p.sector_id': m.to_sector_id, 'u.is_active': true })
        .distinct(...PERSON)
        .orderBy('u.email');
  const title = `${m.case_number} «${m.reference}»`;
  return {
    dueAt: m.due_at.toISOString(),
    title,
    publicTitle: title,
    path: `/expedientes/${subject.caseId}`,
    remind,
    escalateTo: await escalationFor(trx, m.to_sector_id),
    owner: await person(trx, m.created_by),
    escalated: m.escalated_at !== null,
  };
}

/** The deadline as it stands, or null once it no longer runs. */
export function openDeadline(db: TenantDb, subject: DeadlineSubject): Promise<OpenDeadline | null> {
  return db.transaction((trx) =>
    subject.kind === 'signing' ? signingDeadline(trx, subject) : caseDeadline(trx, subject),
  );
}

const EVENT_KIND: Record<DeadlineSubject['kind'], Record<'expired' | 'escalated', ActivityKind>> = {
  signing: { expired: 'signing_deadline_expired', escalated: 'signing_deadline_escalated' },
  case: { expired: 'case_deadline_expired', escalated: 'case_deadline_escalated' },
};

/**
 * Records that the deadline expired or escalated, once (a retried step finds its event): the feed
 * of everyone concerned shows it. Answers false when the event was already recorded.
 */
export async function recordDeadlineEvent(
  db: TenantDb,
  subject: DeadlineSubject,
  event: 'expired' | 'escalated',
  deadline: OpenDeadline,
): Promise<boolean> {
  const entityId = subject.kind === 'signing' ? subject.documentId : subject.caseId;
  const key = subject.kind === 'signing' ? `${subject.documentId}/${subject.round}` : subject.movementId;
  return db.transaction(async (trx) => {
    const kind = EVENT_KIND[subject.kind][event];
    const seen = await trx('activity_events')
      .where({ kind, entity_id: entityId })
      .whereRaw("data->>'deadline' = ?", [key])
      .first('id');
    if (seen) return false;
    if (event === 'escalated') {
      if (subject.kind === 'signing')
        await trx('documents').where({ id: subject.documentId }).update({ signing_escalated_at: trx.fn.now() });
      else await trx('case_movements').where({ id: subject.movementId }).update({ escalated_at: trx.fn.now() });
    }
    const notify = new Set([
      ...(deadline.owner ? [deadline.owner.id] : []),
      ...deadline.remind.map((p) => p.id),
      ...(event === 'escalated' ? deadline.escalateTo.map((p) => p.id) : []),
    ]);
    const what =
      subject.kind === 'signing'
        ? `la firma de ${deadline.publicTitle}`
        : `la tarea del expediente ${deadline.publicTitle}`;
    await recordActivity(trx, {
      kind,
      actorUserId: null,
      sectorId: null,
      entityType: subject.kind === 'signing' ? 'document' : 'case',
      entityId,
      summary:
        event === 'expired' ? `Venció el plazo de ${what}` : `Se escaló a la dirección el plazo vencido de ${what}`,
      data: { deadline: key, due_at: deadline.dueAt },
      notifyUserIds: [...notify],
    });
    if (subject.kind === 'signing' && event === 'expired') {
      const type = await trx('documents as d')
        .join('document_types as t', 't.id', 'd.document_type_id')
        .where('d.id', subject.documentId)
        .first<{ acronym: string }>('t.acronym');
      await emitEvent(
        trx,
        'signing.overdue',
        { kind: 'document', id: subject.documentId },
        {
          document_id: subject.documentId,
          document_type: type!.acronym,
          round: subject.round,
          due_at: deadline.dueAt,
        },
      );
    }
    return true;
  });
}
