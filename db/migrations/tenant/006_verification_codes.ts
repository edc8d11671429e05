import { generateVerificationCode } from '../../../lib/verification-code.js';
import type { Migration } from '../types.js';

const BATCH = 1000;

/**
 * Public verification codes: one per document that went to signing, printed in the footer of its
 * final PDF. The cross-tenant lookup (code → schema) lives in control.verification_codes
 * (control migration 003, which runs before tenant migrations).
 *
 * Documents already official get a code too, and the digests of their renders (revision 0 of
 * each signing round, already in document_files) are indexed: their signed PDFs cannot print the
 * code, but an uploaded copy then finds its record and can be reported authentic.
 */
export const verificationCodes: Migration = {
  name: '006_verification_codes',
  async up(knex) {
    await knex.raw(`
      create table document_verification_codes (
        document_id uuid primary key references documents(id) on delete cascade,
        code text not null unique check (code ~ '^[0-9A-HJKMNP-TV-Z]{12}$'),
        created_at timestamptz not null default now()
      );
    `);
    const schema = (await knex.raw<{ rows: { schema: string }[] }>('select current_schema() as schema')).rows[0]!
      .schema;
    // Signed, or being signed from a render made before codes existed.
    const official = await knex('documents')
      .whereIn('status', ['signed', 'sent_to_sign'])
      .orderBy('id')
      .pluck<string[]>('id');
    for (let i = 0; i < official.length; i += BATCH) {
      const rows = official.slice(i, i + BATCH).map((id) => ({ document_id: id, code: generateVerificationCode() }));
      await knex('document_verification_codes').insert(rows);
      await knex
        .withSchema('control')
        .table('verification_codes')
        .insert(rows.map((r) => ({ code: r.code, tenant_schema: schema, document_id: r.document_id })));
    }
    await knex.raw(`
      insert into control.verification_renders (sha256, code)
      select f.sha256, v.code from document_files f join document_verification_codes v using (document_id)
      where f.kind = 'signing' and f.revision = 0
      on conflict (sha256) do nothing
    `);
  },
  async down(knex) {
    const schema = (await knex.raw<{ rows: { schema: string }[] }>('select current_schema() as schema')).rows[0]!
      .schema;
    await knex.withSchema('control').table('verification_codes').where({ tenant_schema: schema }).delete();
    await knex.raw('drop table document_verification_codes;');
  },
};
