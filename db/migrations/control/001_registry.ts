import type { Migration } from '../types.js';

export const registry: Migration = {
  name: '001_registry',
  async up(knex) {
    await knex.raw(`
      create table control.tenants (
        id uuid primary key default gen_random_uuid(),
        schema_name text not null unique,
        municipality_code text not null unique,
        display_name text not null,
        city text not null,
        is_active boolean not null default true,
        created_at timestamptz not null default now()
      );

      create table control.api_keys (
        id uuid primary key default gen_random_uuid(),
        tenant_id uuid not null references control.tenants(id),
        name text not null,
        key_prefix text not null,
        key_hash text not null unique,
        is_active boolean not null default true,
        expires_at timestamptz,
        created_at timestamptz not null default now(),
        last_used_at timestamptz
      );

      -- Users of the key's tenant allowed to act through the key (user ids live in the tenant schema).
      create table control.api_key_users (
        api_key_id uuid not null references control.api_keys(id) on delete cascade,
        user_id uuid not null,
        primary key (api_key_id, user_id)
      );
    `);
  },
  async down(knex) {
    await knex.raw('drop table control.api_key_users; drop table control.api_keys; drop table control.tenants;');
  },
};
