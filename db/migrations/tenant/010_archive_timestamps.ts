/**
 * Archive time-stamps (PAdES-B-LTA renewal). An official document's PDF may be renewed: each
 * renewal appends a document time-stamp and is stored as a further official revision (the earlier
 * ones stay, so a copy handed out before still verifies as the original). For each document the
 * renewal run keeps what it found in the newest official revision:
 * - archive_checked_revision: the official revision examined (null: not examined yet);
 * - archive_valid_until: when the certificate of its newest document time-stamp's authority
 *   expires (null: the file has no document time-stamp, so nothing to renew);
 * - archive_digest: the digest algorithm of that time-stamp's imprint (a retired one is renewed).
 */
import type { Migration } from '../types.js';

export const archiveTimestamps: Migration = {
  name: '010_archive_timestamps',
  async up(knex) {
    await knex.raw(`
      alter table documents
        add column archive_checked_revision integer,
        add column archive_valid_until timestamptz,
        add column archive_digest text;
      -- Official documents the renewal run has not examined in their newest revision yet.
      create index documents_archive_unchecked on documents (id) where status = 'signed' and archive_checked_revision is null;
      -- Documents whose archive time-stamp expires first.
      create index documents_archive_valid_until on documents (archive_valid_until) where archive_valid_until is not null;
    `);
  },
  async down(knex) {
    await knex.raw(`
      drop index documents_archive_valid_until;
      drop index documents_archive_unchecked;
      alter table documents drop column archive_digest, drop column archive_valid_until, drop column archive_checked_revision;
    `);
  },
};
