/**
 * Records (legajos) at scale. Migration 001 created the registry tables; this one adds what the
 * record operations and their searches need:
 *
 * - `registry_families.updated_at`: the key of the compiled data-schema cache (domain/records/schema.ts),
 *   bumped by a trigger whenever a family's schema or states change.
 * - `records.search_text`: a generated column holding the record number, the display name and
 *   every field's value as plain text, with a pg_trgm GIN index, so ILIKE '%…%' over "number,
 *   name and data text" reads the index instead of every row.
 * - btree indexes for newest-first pages overall, per family and per (family, state).
 * - `record_history.seq`: an identity that orders entries written in one transaction (they share
 *   `created_at`), so "newest first" is exact.
 * - indexes for the link tables' reverse lookups.
 *
 * The record counter is `number_counters` (kind 'RLM', scope = family code), independent of the
 * document counters (docs/decisions.md).
 */
import type { Knex } from 'knex';
import { quoteIdent } from '../../identifiers.js';
import type { Migration } from '../types.js';

/** The schema pg_trgm lives in (migration 003 created it); opclasses are named through it. */
export async function trigramSchema(knex: Knex): Promise<string> {
  const { rows } = await knex.raw<{ rows: { schema: string }[] }>(
    "select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'",
  );
  if (!rows[0]) throw new Error('pg_trgm is missing: migration 003 creates it');
  return quoteIdent(rows[0].schema);
}

export const records: Migration = {
  name: '005_records',
  async up(knex) {
    const trgm = await trigramSchema(knex);
    await knex.raw(`
      alter table registry_families add column updated_at timestamptz not null default now();

      create function touch_registry_family() returns trigger
      language plpgsql as $$
      begin
        new.updated_at := clock_timestamp();
        return new;
      end $$;
      create trigger registry_families_touch before update of data_schema, allowed_states, is_active, code, name
        on registry_families for each row execute function touch_registry_family();

      -- The fields' values as plain text (strings unquoted and unescaped, numbers and booleans as
      -- written), in key order. A standard SQL body is bound when created, so the generated
      -- column below does not depend on the search_path of whoever writes a record.
      create function record_values_text(data jsonb) returns text
      language sql immutable parallel safe
      return (
        select coalesce(string_agg(e.value -> 'value' #>> '{}', ' '), '')
        from jsonb_each(data) e
        where jsonb_typeof(e.value) = 'object'
      );

      -- Text a search matches: number, name and the fields' values, computed on every write.
      alter table records add column search_text text generated always as (
        record_number || ' ' || display_name || ' ' || record_values_text(data)
      ) stored;
      create index records_search_trgm on records using gin (search_text ${trgm}.gin_trgm_ops);

      drop index records_family;
      create index records_family_created on records (family_id, created_at desc, id);
      create index records_family_state_created on records (family_id, state, created_at desc, id);
      create index records_created on records (created_at desc, id);

      alter table record_history add column seq bigint generated always as identity;
      drop index record_history_record;
      create index record_history_record on record_history (record_id, seq desc);

      create index record_relations_source on record_relations (source_record_id, created_at desc);
      create index record_case_links_record on record_case_links (record_id, linked_at desc);
      create index record_case_links_case on record_case_links (case_id);
      create index record_document_links_record on record_document_links (record_id, linked_at desc);
      create index record_document_links_document on record_document_links (document_id);
    `);
  },
  async down(knex) {
    await knex.raw(`
      drop index if exists record_document_links_document, record_document_links_record, record_case_links_case,
        record_case_links_record, record_relations_source;
      drop index if exists record_history_record;
      alter table record_history drop column if exists seq;
      create index record_history_record on record_history (record_id, created_at desc);
      drop index if exists records_created, records_family_state_created, records_family_created, records_search_trgm;
      create index records_family on records (family_id, created_at desc);
      alter table records drop column if exists search_text;
      drop function if exists record_values_text(jsonb);
      drop trigger if exists registry_families_touch on registry_families;
      drop function if exists touch_registry_family();
      alter table registry_families drop column if exists updated_at;
    `);
  },
};
