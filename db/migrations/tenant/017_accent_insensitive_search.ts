/**
 * Text search regardless of accents and case: "guemes" finds "Güemes", "INSPECCIÓN" finds
 * "inspeccion", "espana" finds "España" (people often type without accents).
 *
 * `search_fold(text)` is the one folding: unaccent (its default rules: accents and other marks
 * dropped, ñ → n, ß → ss, …) then lower. Searched columns keep a stored folded copy, which the
 * trigram indexes, the covering lookups and the trigram statistics of migration 011 now cover; a
 * search folds its text the same way (domain/lists/text-fold.ts) and compares with plain LIKE, so no row
 * is lowered or unaccented while searching. Smaller lists (users, notes' and memos' content) fold
 * the column row by row.
 *
 * unaccent is database-wide, as pg_trgm is (migration 003): created once, in `public` or wherever
 * it already is, and left in place by `down`, other tenants' columns depending on it.
 */
import type { Knex } from 'knex';
import { quoteIdent } from '../../identifiers.js';
import type { Migration } from '../types.js';
import { trigramSchema } from './003_search_at_scale.js';

/** Creates unaccent if missing and answers the schema it lives in. */
async function unaccentSchema(knex: Knex): Promise<string> {
  // Two tenants migrating at once must not both try to create it.
  await knex.raw("select pg_advisory_xact_lock(hashtext('expediente:unaccent'))");
  await knex.raw('create extension if not exists unaccent schema public');
  const { rows } = await knex.raw<{ rows: { schema: string }[] }>(
    "select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent'",
  );
  return quoteIdent(rows[0]!.schema);
}

/** Trigram statistics (migration 011, same names) → table, original column, folded column. */
const TEXT_TRIGRAM_STATISTICS = {
  documents_reference_trigrams: ['documents', 'reference', 'reference_folded'],
  documents_number_trigrams: ['documents', 'official_number', 'official_number_folded'],
  cases_number_trigrams: ['cases', 'case_number', 'case_number_folded'],
  cases_reference_trigrams: ['cases', 'reference', 'reference_folded'],
} as const;

/** As in migration 011. */
const TRIGRAM_STATISTICS_TARGET = 300;

async function trigramStatisticsOver(
  knex: Knex,
  trgm: string,
  column: (c: (typeof TEXT_TRIGRAM_STATISTICS)[keyof typeof TEXT_TRIGRAM_STATISTICS]) => string,
): Promise<void> {
  for (const [name, entry] of Object.entries(TEXT_TRIGRAM_STATISTICS)) {
    await knex.raw(`drop statistics ${name}`);
    await knex.raw(`create statistics ${name} on (${trgm}.show_trgm(${column(entry)})) from ${entry[0]}`);
    await knex.raw(`alter statistics ${name} set statistics ${TRIGRAM_STATISTICS_TARGET}`);
  }
  await knex.raw('analyze documents');
  await knex.raw('analyze cases');
}

export const accentInsensitiveSearch: Migration = {
  name: '017_accent_insensitive_search',
  async up(knex) {
    const unaccent = await unaccentSchema(knex);
    const trgm = await trigramSchema(knex);
    await knex.raw(`
      -- IMMUTABLE so that stored columns and indexes may use it: the dictionary is named, not
      -- looked up through the search_path, and a standard SQL body is bound when created.
      create function search_fold(t text) returns text
      language sql immutable strict parallel safe
      return lower(${unaccent}.unaccent('${unaccent}.unaccent'::regdictionary, t));

      alter table documents
        add column reference_folded text generated always as (search_fold(reference)) stored,
        add column official_number_folded text generated always as (search_fold(official_number)) stored;
      drop index documents_text_trgm;
      drop index documents_text_lookup;
      create index documents_text_trgm on documents
        using gin (reference_folded ${trgm}.gin_trgm_ops, official_number_folded ${trgm}.gin_trgm_ops) where deleted_at is null;
      create index documents_text_lookup on documents (id) include (reference_folded, official_number_folded) where deleted_at is null;

      alter table cases
        add column case_number_folded text generated always as (search_fold(case_number)) stored,
        add column reference_folded text generated always as (search_fold(reference)) stored;
      drop index cases_text_trgm;
      drop index cases_text_lookup;
      create index cases_text_trgm on cases using gin (case_number_folded ${trgm}.gin_trgm_ops, reference_folded ${trgm}.gin_trgm_ops) where is_ready;
      create index cases_text_lookup on cases (id) include (case_number_folded, reference_folded) where is_ready;

      drop index records_search_lower_trgm;
      alter table records drop column search_lower;
      alter table records add column search_folded text generated always as (
        search_fold(record_number || ' ' || display_name || ' ' || record_values_text(data))
      ) stored;
      create index records_search_folded_trgm on records using gin (search_folded ${trgm}.gin_trgm_ops);
    `);
    await trigramStatisticsOver(knex, trgm, ([, , folded]) => folded);
  },
  async down(knex) {
    const trgm = await trigramSchema(knex);
    await knex.raw(`
      drop index records_search_folded_trgm;
      alter table records drop column search_folded;
      alter table records add column search_lower text generated always as (
        lower(record_number || ' ' || display_name || ' ' || record_values_text(data))
      ) stored;
      create index records_search_lower_trgm on records using gin (search_lower ${trgm}.gin_trgm_ops);
    `);
    await trigramStatisticsOver(knex, trgm, ([, original]) => original);
    await knex.raw(`
      drop index cases_text_lookup;
      drop index cases_text_trgm;
      create index cases_text_trgm on cases using gin (case_number ${trgm}.gin_trgm_ops, reference ${trgm}.gin_trgm_ops) where is_ready;
      create index cases_text_lookup on cases (id) include (case_number, reference) where is_ready;
      alter table cases drop column reference_folded, drop column case_number_folded;

      drop index documents_text_lookup;
      drop index documents_text_trgm;
      create index documents_text_trgm on documents
        using gin (reference ${trgm}.gin_trgm_ops, official_number ${trgm}.gin_trgm_ops) where deleted_at is null;
      create index documents_text_lookup on documents (id) include (reference, official_number) where deleted_at is null;
      alter table documents drop column official_number_folded, drop column reference_folded;

      drop function search_fold(text);
    `);
  },
};
