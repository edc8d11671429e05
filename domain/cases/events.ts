/**
 * The webhook events of a case (created, transferred, assigned, assignment closed, document
 * linked), written in the transaction of each change. Data carries ids, numbers and sectors:
 * never the case's reference or a movement's reason.
 */
import type { Tx } from '../../db/tenancy.js';
import type { OutboxEvent } from '../webhooks/outbox.js';

/** One `case.document_linked` for each case in `caseIds` the document was just linked to. */
export async function documentLinkedEvents(
  trx: Tx,
  caseIds: string[],
  doc: { id: string; official_number: string | null },
  byUserId: string | null,
): Promise<OutboxEvent<'case.document_linked'>[]> {
  if (!caseIds.length) return [];
  const cases = await trx('cases')
    .whereIn('id', caseIds)
    .select<{ id: string; case_number: string }[]>('id', 'case_number');
  const numberOf = new Map(cases.map((c) => [c.id, c.case_number]));
  return caseIds.map((caseId) => ({
    type: 'case.document_linked',
    subject: { kind: 'case', id: caseId },
    data: {
      case_id: caseId,
      case_number: numberOf.get(caseId)!,
      document_id: doc.id,
      document_number: doc.official_number,
      by_user_id: byUserId,
    },
  }));
}
