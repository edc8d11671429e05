import type { Migration } from '../types.js';

/**
 * The lifecycle of integration API keys: revocation time, keys that act for every active user of
 * their tenant, rotation (the replaced secret keeps working until `previous_valid_until`), and the
 * audit trail of every create, revoke and rotate, whether from the CLI or the backend.
 */
export const apiKeyLifecycle: Migration = {
  name: '002_api_key_lifecycle',
  async up(knex) {
    await knex.raw(`
      alter table control.api_keys
        add column all_users boolean not null default false,
        add column revoked_at timestamptz,
        add column rotated_at timestamptz,
        add column previous_key_hash text unique,
        add column previous_key_prefix text,
        add column previous_valid_until timestamptz;

      -- Keys deactivated before revocation existed count as revoked from now on.
      update control.api_keys set revoked_at = now() where not is_active;

      create index api_keys_tenant on control.api_keys (tenant_id, created_at);
      create index api_keys_expiry on control.api_keys (expires_at) where is_active and expires_at is not null;

      create table control.api_key_audit (
        id bigint generated always as identity primary key,
        occurred_at timestamptz not null default now(),
        tenant_id uuid not null references control.tenants(id),
        api_key_id uuid not null references control.api_keys(id),
        action text not null check (action in ('create', 'revoke', 'rotate')),
        -- "user:<email>" for a tenant administrator, "cli:<os user>" for an operator.
        actor text not null,
        actor_user_id uuid,
        details jsonb not null default '{}'
      );
      create index api_key_audit_key on control.api_key_audit (api_key_id, occurred_at);
      create index api_key_audit_tenant on control.api_key_audit (tenant_id, occurred_at);
    `);
  },
  async down(knex) {
    await knex.raw(`
      drop table control.api_key_audit;
      drop index control.api_keys_tenant;
      drop index control.api_keys_expiry;
      alter table control.api_keys
        drop column all_users, drop column revoked_at, drop column rotated_at,
        drop column previous_key_hash, drop column previous_key_prefix, drop column previous_valid_until;
    `);
  },
};
