/** Webhook fixtures the administration tests read back: a delivery attempt as the delivery run records one. */
import { randomUUID } from 'node:crypto';
import { tenantDb, type Tenant } from '../../db/tenancy.js';
import type { Db } from '../../db/connection.js';
import { subjectOf, type EventData } from '../../domain/webhooks/catalog.js';

export interface RecordedAttempt {
  deliveryId: string;
  eventId: string;
}

/**
 * An outbox event (a well-formed `document.created`, should a delivery run send it) and one
 * attempt of it to `subscriptionId`, as the delivery activity writes them.
 */
export async function recordAttempt(
  db: Db,
  tenant: Tenant,
  subscriptionId: string,
  attempt: Partial<{
    outcome: 'delivered' | 'failed';
    status_code: number | null;
    error: string | null;
    response_excerpt: string;
    attempt: number;
  }> = {},
): Promise<RecordedAttempt> {
  const documentId = randomUUID();
  const data: EventData<'document.created'> = {
    document_id: documentId,
    document_type: 'NOTA',
    created_by_user_id: randomUUID(),
  };
  return tenantDb(db, tenant).transaction(async (trx) => {
    const [event] = await trx('webhook_events')
      .insert({ type: 'document.created', subject: subjectOf('document', documentId), data: JSON.stringify(data) })
      .returning<{ id: string }[]>('id');
    const [delivery] = await trx('webhook_deliveries')
      .insert({
        subscription_id: subscriptionId,
        event_id: event!.id,
        attempt: attempt.attempt ?? 1,
        outcome: attempt.outcome ?? 'failed',
        status_code: attempt.status_code === undefined ? 500 : attempt.status_code,
        error: attempt.error ?? null,
        latency_ms: 42,
        response_excerpt: attempt.response_excerpt ?? 'Internal Server Error',
      })
      .returning<{ id: string }[]>('id');
    return { deliveryId: delivery!.id, eventId: event!.id };
  });
}
