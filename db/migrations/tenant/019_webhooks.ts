/**
 * Webhooks (domain/webhooks/): the outbox of events, written in the transaction of the change
 * each one reports; the subscriptions an administrator registers; every delivery attempt; and
 * the redeliveries asked for by hand. A trigger tells the worker's relay (LISTEN) that a tenant
 * has something new once its transaction commits.
 */
import type { Migration } from '../types.js';

export const webhooks: Migration = {
  name: '019_webhooks',
  async up(knex) {
    await knex.raw(`
      -- The outbox. seq orders rows as they were inserted; txid is the inserting transaction, so
      -- the relay hands a row on only once every transaction that began before it has ended (a
      -- row of a transaction still open can never be skipped); position is the order of delivery,
      -- given by the relay (domain/webhooks/relay.ts).
      create table webhook_events (
        seq bigint generated always as identity primary key,
        id uuid not null unique default gen_random_uuid(),
        type text not null,
        subject text not null,
        data jsonb not null,
        occurred_at timestamptz not null default now(),
        txid xid8 not null default pg_current_xact_id(),
        position bigint unique
      );
      create index webhook_events_unpositioned on webhook_events (seq) where position is null;

      create table webhook_subscriptions (
        id uuid primary key default gen_random_uuid(),
        url text not null,
        description text not null default '',
        event_types text[] not null,
        status text not null default 'active' check (status in ('active', 'disabled', 'failing')),
        -- Secrets are kept encrypted (AES-256-GCM, WEBHOOK_SECRETS_KEY); the previous one signs too until it expires.
        secret_enc text not null,
        previous_secret_enc text,
        previous_secret_expires_at timestamptz,
        -- The last position handed to this subscription (delivered, or skipped by its event types).
        delivered_position bigint not null default 0,
        failing_since timestamptz,
        failure_reason text,
        created_by uuid references users(id),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );

      create table webhook_deliveries (
        id uuid primary key default gen_random_uuid(),
        subscription_id uuid not null references webhook_subscriptions(id) on delete cascade,
        event_id uuid not null references webhook_events(id),
        attempt integer not null,
        manual boolean not null default false,
        outcome text not null check (outcome in ('delivered', 'failed')),
        status_code integer,
        error text,
        latency_ms integer not null,
        response_excerpt text not null default '',
        created_at timestamptz not null default now()
      );
      create index webhook_deliveries_by_subscription on webhook_deliveries (subscription_id, created_at desc, id desc);
      create index webhook_deliveries_by_event on webhook_deliveries (subscription_id, event_id);

      -- Redeliveries asked for by hand, done by the subscription's delivery run.
      create table webhook_redeliveries (
        id uuid primary key default gen_random_uuid(),
        subscription_id uuid not null references webhook_subscriptions(id) on delete cascade,
        event_id uuid not null references webhook_events(id),
        requested_by uuid references users(id),
        requested_at timestamptz not null default now(),
        done_at timestamptz
      );
      create index webhook_redeliveries_pending on webhook_redeliveries (subscription_id, requested_at) where done_at is null;

      -- NOTIFY is sent at commit (never for a rolled-back change): the worker's relay wakes the
      -- tenant's delivery runs. The payload is the tenant's schema; a burst within a transaction is one.
      create function webhook_wake() returns trigger language plpgsql as $$
      begin
        perform pg_notify('expediente_webhooks', current_schema());
        return null;
      end $$;
      create trigger webhook_events_wake after insert on webhook_events for each statement execute function webhook_wake();
      -- Not on the cursor's advance: only a change that can give a run something to do.
      create trigger webhook_subscriptions_wake after insert or update of status, url, event_types on webhook_subscriptions for each statement execute function webhook_wake();
      create trigger webhook_redeliveries_wake after insert on webhook_redeliveries for each statement execute function webhook_wake();
    `);
  },
  async down(knex) {
    await knex.raw(`
      drop table webhook_redeliveries, webhook_deliveries, webhook_subscriptions, webhook_events;
      drop function webhook_wake();
    `);
  },
};
