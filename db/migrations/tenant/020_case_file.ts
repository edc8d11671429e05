/**
 * The case file as a legal record (domain/case-file/): every document added to a case gets its
 * position and folio range once (foliation, done by the case-file run: it reads each official
 * PDF's page count from storage); every change to a file (a document foliated, a folio annulled)
 * is a new version of its index, kept for good and signed with the municipality seal; exports of
 * a version (the complete PDF and the BagIt package); the audit hash chain over the outbox; and
 * an optional retention period per case template.
 */
import type { Migration } from '../types.js';

export const caseFile: Migration = {
  name: '020_case_file',
  async up(knex) {
    await knex.raw(`
      -- Links not yet given their folios (existing links included: they are foliated by the first run).
      alter table case_documents add column foliated boolean not null default false;
      create index case_documents_unfoliated on case_documents (linked_at) where not foliated;

      -- Position and folio range of each document in its case's file, fixed once given. A wrong link
      -- is never removed: it is annulled (who, when, why), as on paper.
      create table case_folios (
        case_id uuid not null references cases(id),
        document_id uuid not null references documents(id),
        position integer not null check (position >= 1),
        first_folio integer not null check (first_folio >= 1),
        last_folio integer not null,
        -- The official revision foliated: its file row and SHA-256.
        file_id uuid not null references document_files(id),
        sha256 text not null,
        foliated_at timestamptz not null default now(),
        annulled_at timestamptz,
        annulled_by uuid references users(id),
        annulment_reason text,
        primary key (case_id, document_id),
        unique (case_id, position),
        check (last_folio >= first_folio)
      );

      -- Each version of a case's index: what it lists (entries, and their SHA-256 over the canonical
      -- JSON), why it was made, and once signed (municipality seal, PAdES-B-LTA) its stored PDF.
      create table case_index_versions (
        id uuid primary key default gen_random_uuid(),
        case_id uuid not null references cases(id),
        version integer not null check (version >= 1),
        reason text not null check (reason in ('foliated', 'annulled')),
        entries jsonb not null,
        entries_sha256 text not null,
        created_at timestamptz not null default now(),
        pdf_key text,
        pdf_sha256 text,
        signed_at timestamptz,
        unique (case_id, version)
      );
      create index case_index_versions_unsigned on case_index_versions (created_at) where signed_at is null;

      -- Exports of one index version: the complete PDF and the BagIt package, made by CaseExportWorkflow.
      create table case_exports (
        id uuid primary key default gen_random_uuid(),
        case_id uuid not null references cases(id),
        index_version integer,
        requested_by uuid references users(id),
        requested_at timestamptz not null default now(),
        status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
        progress jsonb not null default '{}',
        pdf_key text,
        pdf_sha256 text,
        bag_key text,
        bag_sha256 text,
        error text,
        finished_at timestamptz
      );
      create index case_exports_by_case on case_exports (case_id, requested_at desc);

      -- The audit hash chain over the outbox (every state change is an event there): each positioned
      -- event's hash covers the previous one's, so editing or deleting a row breaks the chain.
      alter table webhook_events add column prev_hash text, add column hash text;
      -- The chain's head time-stamped (RFC 3161) once a day.
      create table audit_anchors (
        id uuid primary key default gen_random_uuid(),
        position bigint not null,
        hash text not null,
        timestamp_token bytea not null,
        timestamped_at timestamptz not null,
        created_at timestamptz not null default now()
      );
      create index audit_anchors_by_position on audit_anchors (position);

      -- How long an archived case of this template must be kept (years), or null: listed to the administrator, never deleted.
      alter table case_templates add column retention_years integer check (retention_years between 1 and 200);
      alter table cases add column archived_at timestamptz;
    `);
  },
  async down(knex) {
    await knex.raw(`
      alter table cases drop column archived_at;
      alter table case_templates drop column retention_years;
      drop table audit_anchors;
      alter table webhook_events drop column hash, drop column prev_hash;
      drop table case_exports, case_index_versions, case_folios;
      drop index case_documents_unfoliated;
      alter table case_documents drop column foliated;
    `);
  },
};
