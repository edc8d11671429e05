/**
 * Summaries of records, cases and memos, written by SummaryWorkflow (domain/summaries/).
 *
 * - `summaries`: one row per summarized object — `kind` (record, case, memo), `object_id`, the
 *   `provider` (`extractive`: the offline summarizer; `openai`: an OpenAI-compatible server) and
 *   `model` that wrote it, the `source_version` of the content it summarizes and `generated_at`.
 *   The text is the object's own column (`records.resume`, `cases.short_ai_summary`,
 *   `documents.ai_summary`), written in the same transaction.
 * - `records.summary_source_version`, `cases.summary_source_version`: the version of the content a
 *   summary is made from, raised by triggers whatever code writes it — a record's display name or
 *   data; a case's reference, or a document linked to it or unlinked. A summary is written only
 *   over an older version, so a late attempt never replaces a newer summary.
 */
import type { Migration } from '../types.js';

export const summaries: Migration = {
  name: '009_summaries',
  async up(knex) {
    await knex.raw(`
      create table summaries (
        kind text not null check (kind in ('record', 'case', 'memo')),
        object_id uuid not null,
        source_version bigint not null,
        provider text not null check (provider in ('extractive', 'openai')),
        model text not null,
        generated_at timestamptz not null default now(),
        primary key (kind, object_id)
      );

      alter table records add column summary_source_version bigint not null default 1;
      alter table cases add column summary_source_version bigint not null default 1;

      create function bump_summary_source_version() returns trigger
      language plpgsql as $$
      begin
        new.summary_source_version := old.summary_source_version + 1;
        return new;
      end $$;
      create trigger records_summary_source before update of display_name, data on records for each row
        when (old.display_name is distinct from new.display_name or old.data is distinct from new.data)
        execute function bump_summary_source_version();
      create trigger cases_summary_source before update of reference on cases for each row
        when (old.reference is distinct from new.reference)
        execute function bump_summary_source_version();

      create function bump_case_summary_source_version() returns trigger
      language plpgsql as $$
      begin
        update cases set summary_source_version = summary_source_version + 1
          where id = (case when tg_op = 'DELETE' then old.case_id else new.case_id end);
        return null;
      end $$;
      create trigger case_documents_summary_source after insert or delete on case_documents for each row
        execute function bump_case_summary_source_version();
    `);
  },
  async down(knex) {
    await knex.raw(`
      drop trigger if exists case_documents_summary_source on case_documents;
      drop function if exists bump_case_summary_source_version();
      drop trigger if exists cases_summary_source on cases;
      drop trigger if exists records_summary_source on records;
      drop function if exists bump_summary_source_version();
      alter table cases drop column if exists summary_source_version;
      alter table records drop column if exists summary_source_version;
      drop table if exists summaries;
    `);
  },
};
