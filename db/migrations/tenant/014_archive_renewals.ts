/**
 * Archive time-stamp renewals, one row per renewal stored (PAdES-B-LTA; domain/archive): which
 * official revision it made, when, what the newest document time-stamp held before and what the
 * new one holds — its authority certificate (SHA-256 of the DER), that certificate's expiry and
 * the imprint's digest. A renewal is done once per time-stamp generation: only when the authority
 * now answering gives a time-stamp that holds longer (or with a digest no longer retired), so
 * two renewals of one document never share an authority certificate.
 */
import type { Migration } from '../types.js';

export const archiveRenewals: Migration = {
  name: '014_archive_renewals',
  async up(knex) {
    await knex.raw(`
      create table archive_renewals (
        document_id uuid not null references documents(id) on delete cascade,
        -- The official revision the renewal stored (document_files.revision of kind 'official').
        revision integer not null,
        renewed_at timestamptz not null default now(),
        previous_valid_until timestamptz,
        previous_digest text,
        valid_until timestamptz,
        digest text,
        authority_certificate text,
        primary key (document_id, revision)
      );
      create index archive_renewals_renewed_at on archive_renewals (renewed_at);
    `);
  },
  async down(knex) {
    await knex.raw('drop table archive_renewals');
  },
};
