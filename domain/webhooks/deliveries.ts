/**
 * What an administrator reads of a subscription's deliveries (one row per attempt, written by the
 * delivery run) and how they ask for an event to be sent once more: a `webhook_redeliveries` row,
 * which the subscription's delivery run sends and marks done (its insert wakes the run).
 */
import type { TenantDb } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import { badRequest, notFound } from '../errors.js';
import { WEBHOOK_MESSAGES, validWebhookId } from './subscriptions.js';

export const DELIVERY_LIST = { defaultLimit: 50, maxLimit: 100, maxOffset: 1_000_000 } as const;

export const DELIVERY_MESSAGES = {
  notFound: 'Intento de entrega no encontrado',
  limit: `limit debe ser un entero entre 1 y ${DELIVERY_LIST.maxLimit}`,
  offset: `offset debe ser un entero entre 0 y ${DELIVERY_LIST.maxOffset}`,
} as const;

export interface WebhookDeliveryView {
  id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  manual: boolean;
  outcome: 'delivered' | 'failed';
  status_code: number | null;
  error: string | null;
  latency_ms: number;
  response_excerpt: string;
  created_at: string;
}

/** A whole number within bounds, from a query string or a number (the CLI's). */
function bounded(raw: unknown, fallback: number, min: number, max: number, message: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < min || value > max) throw badRequest(message);
  return value;
}

/** A subscription's attempts, newest first; 404 for a subscription the tenant does not have. */
export async function listDeliveries(
  db: TenantDb,
  rawSubscriptionId: unknown,
  paging: { limit?: unknown; offset?: unknown } = {},
): Promise<WebhookDeliveryView[]> {
  const id = validWebhookId(rawSubscriptionId);
  const limit = bounded(paging.limit, DELIVERY_LIST.defaultLimit, 1, DELIVERY_LIST.maxLimit, DELIVERY_MESSAGES.limit);
  const offset = bounded(paging.offset, 0, 0, DELIVERY_LIST.maxOffset, DELIVERY_MESSAGES.offset);
  const rows = await db.transaction(async (trx) => {
    if (!(await trx('webhook_subscriptions').where({ id }).first('id'))) throw notFound(WEBHOOK_MESSAGES.notFound);
    return trx('webhook_deliveries as d')
      .join('webhook_events as e', 'e.id', 'd.event_id')
      .where('d.subscription_id', id)
      .orderBy([
        { column: 'd.created_at', order: 'desc' },
        { column: 'd.id', order: 'desc' },
      ])
      .limit(limit)
      .offset(offset)
      .select(
        'd.id',
        'd.event_id',
        'e.type as event_type',
        'd.attempt',
        'd.manual',
        'd.outcome',
        'd.status_code',
        'd.error',
        'd.latency_ms',
        'd.response_excerpt',
        'd.created_at',
      );
  });
  return rows.map((r: WebhookDeliveryView & { created_at: Date }) => ({
    ...r,
    created_at: r.created_at.toISOString(),
  }));
}

/**
 * Asks for the event of one attempt to be sent once more to its subscription. The delivery run
 * sends it as a manual attempt, besides (never instead of) the regular order of deliveries.
 */
export async function requestRedelivery(
  db: TenantDb,
  rawDeliveryId: unknown,
  requestedBy: string | null,
): Promise<{ redelivery_id: string; event_id: string }> {
  if (!isUuid(rawDeliveryId)) throw badRequest('id debe ser un UUID');
  const id = rawDeliveryId.toLowerCase();
  return db.transaction(async (trx) => {
    const delivery = await trx('webhook_deliveries')
      .where({ id })
      .first<{ subscription_id: string; event_id: string } | undefined>('subscription_id', 'event_id');
    if (!delivery) throw notFound(DELIVERY_MESSAGES.notFound);
    const [row] = await trx('webhook_redeliveries')
      .insert({ subscription_id: delivery.subscription_id, event_id: delivery.event_id, requested_by: requestedBy })
      .returning<{ id: string }[]>('id');
    return { redelivery_id: row!.id, event_id: delivery.event_id };
  });
}
