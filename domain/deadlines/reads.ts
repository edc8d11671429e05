/** How lists show a deadline: its instant and whether it has passed while the subject still waits. */
import type { Tx } from '../../db/tenancy.js';
import type { ActingUser } from '../context.js';

export function deadlineFields(dueAt: Date | null | undefined, stillWaiting: boolean, now = new Date()) {
  return { due_at: dueAt && stillWaiting ? dueAt.toISOString() : null, overdue: Boolean(dueAt && stillWaiting && dueAt.getTime() < now.getTime()) };
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
    .where((q) => q
      .where('d.created_by', user.id)
      .orWhereExists(trx('document_signers as s').whereRaw('s.document_id = d.id').where({ 's.user_id': user.id }).whereNot('s.status', 'signed')))
    .count<{ n: string }[]>('* as n');
  return Number(row!.n);
}
