import type { Migration } from '../types.js';

/**
 * Each municipality's logo, shown on the public verification page of its documents. Kept beside
 * the tenant registry (the public page finds the municipality there, outside any tenant scope);
 * small (the API accepts up to 256 KB) and read only by that page, so the bytes live in the row.
 */
export const municipalityLogos: Migration = {
  name: '005_municipality_logos',
  async up(knex) {
    await knex.raw(`
      create table control.municipality_logos (
        tenant_id uuid primary key references control.tenants(id) on delete cascade,
        content_type text not null check (content_type in ('image/png', 'image/jpeg')),
        bytes bytea not null,
        sha256 text not null,
        width integer not null check (width > 0),
        height integer not null check (height > 0),
        updated_by text not null,
        updated_at timestamptz not null default now()
      );
    `);
  },
  async down(knex) {
    await knex.raw('drop table control.municipality_logos;');
  },
};
