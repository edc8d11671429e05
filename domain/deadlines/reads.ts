/** How lists show a deadline: its instant and whether it has passed while the subject still waits. */
import type { Tx } from '../../db/tenancy.js';
import type { ActingUser } from '../context.js';

export function deadlineFields(dueAt: Date | null | undefined, stillWaiting: boolean, now = new Date()) {
  return {
    due_at: dueAt && stillWaiting ? dueAt.toISOString() : null,
    overdue: Boolean(dueAt && stillWaiting && dueAt.getTime() < now.getTime()),
  };
}

/**
 * Signing rounds past their deadline that concern `user`: waiting for their signature (their turn
 * or not) or created by them and still waiting for someone's.
 */
export async function countOverdueSignatures(trx: Tx, user: ActingUser): Promise<number> {
  const [row] = await trx('documents as d')
    .where('d.status', 'sent_to_sign')
    .whereNull('d.deleted_at')
    .where('d.signing_due_at', '<', trx.fn.now())
    .where((q) =>
      q
        .where('d.created_by', user.id)
        .orWhereExists(
          trx('document_signers as s')
            .whereRaw('s.document_id = d.id')
            .where({ 's.user_id': user.id })
            .whereNot('s.status', 'signed'),
        ),
    )
    .count<{ n: string }[]>('* as n');
  return Number(row!.n);
}

export interface CaseDeadline {
  movement_id: string;
  sector: string;
  due_at: string;
  overdue: boolean;
}

/** Each case's open deadline that ends first (a transfer's or an assignment's), by case id. */
export async function openCaseDeadlines(
  trx: Tx,
  caseIds: string[],
  now = new Date(),
): Promise<Map<string, CaseDeadline>> {
  if (!caseIds.length) return new Map();
  const rows = await trx('case_movements as m')
    .join('sectors as s', 's.id', 'm.to_sector_id')
    .whereIn('m.case_id', caseIds)
    .whereNotNull('m.due_at')
    .whereNull('m.deadline_ended_at')
    .distinctOn('m.case_id')
    .orderBy([{ column: 'm.case_id' }, { column: 'm.due_at' }])
    .select<{ case_id: string; id: string; acronym: string; due_at: Date }[]>(
      'm.case_id',
      'm.id',
      's.acronym',
      'm.due_at',
    );
  return new Map(
    rows.map((r) => [
      r.case_id,
      { movement_id: r.id, sector: r.acronym, ...deadlineFields(r.due_at, true, now) } as CaseDeadline,
    ]),
  );
}
