/**
 * Delivering a subscription's events: the manual redeliveries asked for, then every event after
 * its cursor, in position order (so in order per subject), each signed the Standard Webhooks way
 * and recorded as an attempt. The cursor moves past an event once its receiver answered 2xx (or
 * when the subscription does not take its type); a failure stops the pass there, so the next
 * pass (after the back-off) starts with the same event. Delivery is at least once: a worker that
 * dies between the answer and the cursor's move sends that event again, with the same webhook-id.
 */
import { Webhook } from 'standardwebhooks';
import type { TenantCondition } from '../../db/across-tenants.js';
import type { Tenant, TenantDb, Tx } from '../../db/tenancy.js';
import { isWebhookEventType, type EventType } from './catalog.js';
import { postJson, type PostResult } from './http-post.js';
import { relayCommittedEvents } from './relay.js';
import type { SecretBox } from './secrets.js';
import type { UrlPolicy } from './url-policy.js';

export interface DeliverySettings {
  secrets: SecretBox;
  urls: UrlPolicy;
  timeoutMs: number;
  /** The API's public address, for the links in each event. */
  publicUrl: string;
  /** Called after each attempt (the activity's heartbeat). */
  progress?: () => void;
  /** Events per pass, so a long backlog is delivered in several activities. */
  batch?: number;
}

export type PassOutcome =
  /** Caught up: nothing after the cursor. */
  | { state: 'idle'; delivered: number }
  /** Delivered a full batch, or delivered some and then failed: run again at once. */
  | { state: 'more'; delivered: number }
  /** Delivered nothing: the first event failed (the caller backs off and retries). */
  | { state: 'failed'; delivered: 0; error: string }
  /** The subscription is gone, disabled or failing. */
  | { state: 'stopped'; delivered: number };

interface SubscriptionRow {
  id: string;
  url: string;
  event_types: string[];
  status: string;
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_secret_expires_at: Date | null;
  delivered_position: string;
}

interface EventRow {
  id: string;
  position: string;
  type: EventType;
  subject: string;
  data: Record<string, unknown>;
  occurred_at: Date;
}

/** `webhook-id`: the same for every attempt of one event, so a receiver processes it once. */
export const webhookIdOf = (eventId: string) => `evt_${eventId.replace(/-/g, '')}`;

function linksOf(e: EventRow, publicUrl: string): Record<string, string> {
  const base = publicUrl.replace(/\/+$/, '');
  const [kind, id] = e.subject.split(':');
  const path = kind === 'document' ? 'documents' : kind === 'case' ? 'cases' : 'records';
  const links: Record<string, string> = { api: `${base}/api/v1/${path}/${id}` };
  if (typeof e.data.verification_code === 'string')
    links.verification = `${base}/verificar/${e.data.verification_code}`;
  return links;
}

/** The body as delivered: Standard Webhooks' `{type, timestamp, data}`. */
export function bodyOf(e: EventRow, tenant: Tenant, publicUrl: string): string {
  return JSON.stringify({
    type: e.type,
    timestamp: e.occurred_at.toISOString(),
    data: { ...e.data, municipality: tenant.municipalityCode, links: linksOf(e, publicUrl) },
  });
}

/** The signatures: the current secret's and, during a rotation's overlap, the previous one's. */
function signatureOf(sub: SubscriptionRow, secrets: SecretBox, msgId: string, at: Date, body: string): string {
  const keys = [sub.secret_enc];
  if (
    sub.previous_secret_enc &&
    sub.previous_secret_expires_at &&
    sub.previous_secret_expires_at.getTime() > at.getTime()
  )
    keys.push(sub.previous_secret_enc);
  return keys.map((k) => new Webhook(secrets.open(k)).sign(msgId, at, body)).join(' ');
}

const delivered = (r: PostResult) =>
  r.error === null && r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;

function failureOf(r: PostResult): string {
  if (r.error) return r.error;
  return r.statusCode !== null && r.statusCode >= 300 && r.statusCode < 400
    ? `redirección ${r.statusCode} (no se sigue)`
    : `respuesta ${r.statusCode}`;
}

async function send(
  db: TenantDb,
  sub: SubscriptionRow,
  e: EventRow,
  manual: boolean,
  s: DeliverySettings,
): Promise<PostResult> {
  const msgId = webhookIdOf(e.id);
  const body = bodyOf(e, db.tenant, s.publicUrl);
  const at = new Date();
  const result = await postJson(
    sub.url,
    body,
    {
      'webhook-id': msgId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signatureOf(sub, s.secrets, msgId, at, body),
    },
    s.urls,
    s.timeoutMs,
  );
  await db.transaction(async (trx) => {
    const [{ n }] = await trx('webhook_deliveries')
      .where({ subscription_id: sub.id, event_id: e.id })
      .count<{ n: string }[]>('* as n');
    await trx('webhook_deliveries').insert({
      subscription_id: sub.id,
      event_id: e.id,
      attempt: Number(n) + 1,
      manual,
      outcome: delivered(result) ? 'delivered' : 'failed',
      status_code: result.statusCode,
      error: delivered(result) ? null : failureOf(result).slice(0, 500),
      latency_ms: result.latencyMs,
      // NUL cannot be stored in text; the excerpt is for people to read.
      response_excerpt: result.excerpt.replace(/\u0000/g, ''),
    });
    if (!manual && delivered(result)) await advance(trx, sub.id, e.position);
  });
  s.progress?.();
  return result;
}

const advance = (trx: Tx, subscriptionId: string, position: string) =>
  trx('webhook_subscriptions')
    .where('id', subscriptionId)
    .andWhere('delivered_position', '<', position)
    .update({ delivered_position: position });

const EVENT_COLUMNS = ['e.id', 'e.position', 'e.type', 'e.subject', 'e.data', 'e.occurred_at'];

/** One pass over a subscription: redeliveries asked for by hand, then its events in order. */
export async function deliverPass(db: TenantDb, subscriptionId: string, s: DeliverySettings): Promise<PassOutcome> {
  await relayCommittedEvents(db);
  const sub = await db.transaction((trx) =>
    trx('webhook_subscriptions').where('id', subscriptionId).first<SubscriptionRow | undefined>(),
  );
  if (sub?.status !== 'active') return { state: 'stopped', delivered: 0 };

  const asked = await db.transaction((trx) =>
    trx('webhook_redeliveries as r')
      .join('webhook_events as e', 'e.id', 'r.event_id')
      .where('r.subscription_id', sub.id)
      .whereNull('r.done_at')
      .orderBy('r.requested_at')
      .limit(20)
      .select<(EventRow & { redelivery_id: string })[]>('r.id as redelivery_id', ...EVENT_COLUMNS),
  );
  for (const r of asked) {
    // Sent once whatever the answer: a redelivery by hand is a person's single try.
    await send(db, sub, r, true, s);
    await db.transaction((trx) =>
      trx('webhook_redeliveries').where('id', r.redelivery_id).update({ done_at: trx.fn.now() }),
    );
  }

  const batch = s.batch ?? 100;
  const events = await db.transaction((trx) =>
    trx('webhook_events as e')
      .where('e.position', '>', sub.delivered_position)
      .orderBy('e.position')
      .limit(batch)
      .select<EventRow[]>(...EVENT_COLUMNS),
  );
  let count = 0;
  let skipTo: string | null = null;
  for (const e of events) {
    if (!sub.event_types.includes(e.type) || !isWebhookEventType(e.type)) {
      skipTo = e.position;
      continue;
    }
    if (skipTo) await db.transaction((trx) => advance(trx, sub.id, skipTo!));
    skipTo = null;
    const result = await send(db, sub, e, false, s);
    if (!delivered(result))
      return count ? { state: 'more', delivered: count } : { state: 'failed', delivered: 0, error: failureOf(result) };
    count++;
  }
  if (skipTo) await db.transaction((trx) => advance(trx, sub.id, skipTo!));
  return events.length === batch ? { state: 'more', delivered: count } : { state: 'idle', delivered: count };
}

/**
 * After the back-off ran out: the subscription stops until an administrator enables it again.
 * A repeat (the step retried) finds it failing already and answers the same; a subscription
 * disabled or deleted meanwhile is left alone (null).
 */
export async function markFailing(
  db: TenantDb,
  subscriptionId: string,
  reason: string,
): Promise<{ url: string } | null> {
  return db.transaction(async (trx) => {
    const [row] = await trx('webhook_subscriptions')
      .where({ id: subscriptionId })
      .whereIn('status', ['active', 'failing'])
      .update(
        {
          status: 'failing',
          failing_since: trx.fn.now(),
          failure_reason: reason.slice(0, 500),
          updated_at: trx.fn.now(),
        },
        ['url'],
      );
    return row ?? null;
  });
}

/** The tenant has an active subscription (whose delivery run a sweep wakes). */
export const hasActiveSubscription: TenantCondition = (table) =>
  `exists (select 1 from ${table('webhook_subscriptions')} where status = 'active')`;

/** Active subscriptions of a tenant (the relay wakes their runs). */
export function activeSubscriptionIds(db: TenantDb): Promise<string[]> {
  return db.transaction((trx) =>
    trx('webhook_subscriptions').where('status', 'active').orderBy('created_at').pluck('id'),
  );
}
