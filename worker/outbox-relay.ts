/**
 * The outbox relay: LISTENs on `expediente_webhooks`, which the outbox's triggers NOTIFY when a
 * transaction that wrote an event (or a redelivery, or a subscription change) commits, and wakes
 * the runs that have work in that tenant: each active webhook subscription's delivery run, and
 * whatever other wakers the worker registers (the case file's run). A burst of commits costs one
 * pass per tenant at a time (a commit during a pass asks for one more). On start and after every
 * reconnection it sweeps, since notifications sent while nobody listened are lost: it asks every
 * tenant at once (db/across-tenants.ts) which of them have work for a waker, and wakes those; a
 * delivery run that misses a wake-up anyway looks again after WEBHOOK_IDLE_POLL_SECONDS. A pass
 * that leaves committed rows waiting behind an older transaction still open (whose own commit
 * may notify nobody) wakes the tenant again shortly, backing off while that transaction lasts.
 * Every worker runs one; two wake-ups of one run cost one empty pass.
 */
import { Client, type ConnectionLike } from '@temporalio/client';
import pg from 'pg';
import type { Config } from '../config/index.js';
import type { Db } from '../db/connection.js';
import { tenantsMatching, type TenantCondition } from '../db/across-tenants.js';
import { findTenantBySchema, listTenants } from '../db/control.js';
import { tenantDb, type Tenant, type TenantDb } from '../db/tenancy.js';
import { WEBHOOK_DELIVERY_WORKFLOW, webhookWakeWithStart, type WebhookRetryPolicy } from '../contract/webhooks.js';
import { activeSubscriptionIds, hasActiveSubscription } from '../domain/webhooks/delivery.js';
import { eventsToPosition, relayCommittedEvents } from '../domain/webhooks/relay.js';
import type { Logger } from '../lib/log.js';
import { caseFileWaker } from './case-file-waker.js';

export const WEBHOOK_CHANNEL = 'expediente_webhooks';

/**
 * Wakes, with `client`, the runs that have work in `db`'s tenant (cheap when there is none: it
 * runs on every commit). It answers 'waiting' when work remains that no commit will announce, so
 * the relay comes back by itself. `pending`: when it has work, as a condition on the tenant's
 * tables, so a sweep of 2,300 tenants wakes only those; a waker without one is woken everywhere.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a waker with nothing to say returns nothing
export type OutboxWaker = ((db: TenantDb, client: Client) => Promise<void | 'waiting'>) & { pending?: TenantCondition };

/** A tenant whose pass left rows waiting is woken again after this, doubling up to the maximum. */
const WAITING_RETRY_FIRST_MS = 500;
const WAITING_RETRY_MAX_MS = 30_000;

export interface OutboxRelay {
  /** Wakes the runs of every tenant that has work for one (done at start and after a reconnection); answers how many tenants. */
  sweep(): Promise<number>;
  close(): Promise<void>;
}

export function retryPolicyOf(config: Config): WebhookRetryPolicy {
  const w = config.webhooks;
  // A pass reports after each attempt, each bounded by the receiver's timeout: silence well past it means its worker is gone.
  return {
    initialMs: w.retryInitialMs,
    maxMs: w.retryMaxMs,
    giveUpMs: w.giveUpMs,
    idlePollMs: w.idlePollMs,
    heartbeatMs: w.timeoutMs + 30_000,
  };
}

/**
 * Positions and chains what the tenant committed (the audit trail needs it whether or not anyone
 * subscribes to webhooks). Rows behind a transaction still open wait for a later pass: the next
 * commit's, a delivery run's or the audit anchor's, which all position first.
 */
export const chainWaker: OutboxWaker = Object.assign(
  async (db: TenantDb) => ((await relayCommittedEvents(db, 200)).waiting ? ('waiting' as const) : undefined),
  { pending: eventsToPosition },
);

/** The webhook subscriptions' delivery runs. */
export function webhookWaker(config: Config): OutboxWaker {
  const retry = retryPolicyOf(config);
  const wake: OutboxWaker = async (db, client) => {
    for (const id of await activeSubscriptionIds(db)) {
      await client.workflow.signalWithStart(
        WEBHOOK_DELIVERY_WORKFLOW,
        webhookWakeWithStart(db.tenant.schema, id, retry, config.temporal.taskQueue),
      );
    }
  };
  return Object.assign(wake, { pending: hasActiveSubscription });
}

export function startOutboxRelay(deps: {
  config: Config;
  db: Db;
  connection: ConnectionLike;
  log: Logger;
  wakers?: OutboxWaker[];
}): OutboxRelay {
  const { config, db, log } = deps;
  const wakers = deps.wakers ?? [chainWaker, webhookWaker(config), caseFileWaker(config)];
  const client = new Client({ connection: deps.connection, namespace: config.temporal.namespace });
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const waitingRetryMs = new Map<string, number>();
  let listener: pg.Client | null = null;
  let closed = false;
  let reconnectMs = 500;

  /** Runs every waker in the tenant; answers whether one left work waiting. */
  async function wakeTenant(schema: string): Promise<boolean> {
    const tenant: Tenant | undefined = await findTenantBySchema(db, schema);
    if (!tenant) return false;
    const scoped = tenantDb(db, tenant);
    let waiting = false;
    for (const waker of wakers) if ((await waker(scoped, client)) === 'waiting') waiting = true;
    return waiting;
  }

  function comeBackIfWaiting(schema: string, waiting: boolean): void {
    if (!waiting) {
      waitingRetryMs.delete(schema);
      return;
    }
    const ms = waitingRetryMs.get(schema) ?? WAITING_RETRY_FIRST_MS;
    waitingRetryMs.set(schema, Math.min(ms * 2, WAITING_RETRY_MAX_MS));
    setTimeout(() => void wake(schema), ms).unref();
  }

  function wake(schema: string): Promise<void> {
    if (closed) return Promise.resolve();
    if (running.has(schema)) {
      again.add(schema);
      return running.get(schema)!;
    }
    const pass = wakeTenant(schema)
      .then((waiting) => comeBackIfWaiting(schema, waiting))
      .catch((err) => {
        log.warn('outbox relay could not wake a run; trying again shortly', {
          tenant: schema,
          error: (err as Error).message,
        });
        setTimeout(() => void wake(schema), 5_000).unref();
      })
      .finally(() => {
        running.delete(schema);
        if (again.delete(schema)) void wake(schema);
      });
    running.set(schema, pass);
    return pass;
  }

  async function sweep(): Promise<number> {
    const tenants = await listTenants(db);
    const conditions = wakers.map((w) => w.pending);
    const due = conditions.every((c) => c !== undefined)
      ? await tenantsMatching(db, tenants, (table) => conditions.map((c) => `(${c!(table)})`).join(' or '))
      : tenants;
    await Promise.all(due.map((t) => wake(t.schema)));
    return due.length;
  }

  async function listen(): Promise<void> {
    if (closed || !config.databaseUrl) return;
    const next = new pg.Client({ connectionString: config.databaseUrl, application_name: 'expediente-outbox-relay' });
    const retryLater = (err: Error) => {
      if (closed) return;
      log.warn('outbox relay lost its database connection; reconnecting', { error: err.message, inMs: reconnectMs });
      next.removeAllListeners();
      void next.end().catch(() => undefined);
      if (listener === next) listener = null;
      setTimeout(() => void listen(), reconnectMs).unref();
      reconnectMs = Math.min(reconnectMs * 2, 30_000);
    };
    next.on('error', retryLater);
    next.on('end', () => retryLater(new Error('connection ended')));
    next.on('notification', (n) => n.payload && void wake(n.payload));
    try {
      await next.connect();
      await next.query(`LISTEN ${WEBHOOK_CHANNEL}`);
    } catch (err) {
      return retryLater(err as Error);
    }
    listener = next;
    reconnectMs = 500;
    await sweep().catch((err) => log.warn('outbox relay sweep failed', { error: (err as Error).message }));
  }

  void listen();
  return {
    sweep,
    async close() {
      closed = true;
      const l = listener;
      listener = null;
      l?.removeAllListeners();
      await l?.end().catch(() => undefined);
      await Promise.allSettled([...running.values()]);
    },
  };
}
