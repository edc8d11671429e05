import type { Migration } from '../types.js';

/**
 * The cross-tenant index of public verification codes: a code carries no tenant, so the public
 * lookup finds the schema and document here. `verification_renders` maps the SHA-256 of each
 * rendered final PDF (revision 0 of a signing round) to its code, so an uploaded file — whose
 * first revision is that render — finds its document without a code.
 */
export const verificationIndex: Migration = {
  name: '003_verification_index',
  async up(knex) {
    await knex.raw(`
      create table control.verification_codes (
        code text primary key,
        tenant_schema text not null,
        document_id uuid not null,
        created_at timestamptz not null default now(),
        unique (tenant_schema, document_id)
      );
      create table control.verification_renders (
        sha256 text primary key,
        code text not null references control.verification_codes(code) on delete cascade
      );
    `);
  },
  async down(knex) {
    await knex.raw('drop table control.verification_renders; drop table control.verification_codes;');
  },
};
