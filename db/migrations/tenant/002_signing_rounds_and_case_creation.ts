/**
 * Columns the signing workflow and durable case creation need: signing rounds and draft
 * recipients on documents, revisions per round, documents generated for a case, and cases that
 * stay invisible until their creation finishes.
 */
import type { Migration } from '../types.js';

export const signingRoundsAndCaseCreation: Migration = {
  name: '002_signing_rounds_and_case_creation',
  async up(knex) {
    await knex.raw(`
      -- Draft recipients: sectors for NOTA, users for MEMO; delivered as rows on officialization.
      alter table documents add column recipients jsonb not null default '{"to": [], "cc": [], "bcc": []}';
      -- Incremented each time the document is sent to signing (a rejection ends a round).
      alter table documents add column signing_round integer not null default 0;
      alter table documents add column numbered_at timestamptz;
      -- Set on documents the platform generates for a case (cover, providences): one per key.
      alter table documents add column source_key text;
      create unique index documents_case_source on documents (case_id, source_key) where source_key is not null;

      alter table document_files add column round integer not null default 0;
      alter table document_files drop constraint document_files_document_id_kind_revision_key;
      alter table document_files add constraint document_files_revision_key unique (document_id, kind, round, revision);

      -- False while the creation workflow runs (number, cover, signature): reads never see it.
      alter table cases add column is_ready boolean not null default true;
    `);
  },
  async down(knex) {
    await knex.raw(`
      alter table cases drop column is_ready;
      alter table document_files drop constraint document_files_revision_key;
      alter table document_files drop column round;
      alter table document_files add constraint document_files_document_id_kind_revision_key unique (document_id, kind, revision);
      drop index documents_case_source;
      alter table documents drop column source_key, drop column numbered_at, drop column signing_round, drop column recipients;
    `);
  },
};
