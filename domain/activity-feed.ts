/** Dashboard activity: one row per event, written in the transaction of the change it reports. */
import type { Tx } from '../db/tenancy.js';

export type ActivityKind =
  | 'document_created'
  | 'document_edited'
  | 'document_sent_to_sign'
  | 'document_signed'
  | 'document_officialized'
  | 'document_rejected'
  | 'case_created'
  | 'case_transferred'
  | 'case_assigned'
  | 'signing_deadline_expired'
  | 'signing_deadline_escalated'
  | 'case_deadline_expired'
  | 'case_deadline_escalated';

export interface ActivityEvent {
  kind: ActivityKind;
  actorUserId: string | null;
  sectorId: string | null;
  entityType: 'document' | 'case';
  entityId: string;
  summary: string;
  data?: Record<string, unknown>;
  /** Users whose feed shows an event they did not do (an expired deadline's signers, its creator). */
  notifyUserIds?: string[];
}

export async function recordActivity(trx: Tx, event: ActivityEvent): Promise<void> {
  await trx('activity_events').insert({
    kind: event.kind,
    actor_user_id: event.actorUserId,
    sector_id: event.sectorId,
    entity_type: event.entityType,
    entity_id: event.entityId,
    summary: event.summary,
    data: JSON.stringify(event.data ?? {}),
    ...(event.notifyUserIds?.length ? { notify_user_ids: trx.raw('?::uuid[]', [event.notifyUserIds]) } : {}),
  });
}
