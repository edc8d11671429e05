/**
 * How common each trigram of the searched text columns is. ANALYZE keeps, for an expression
 * statistics object over an array, its most common elements with the share of rows holding each:
 * over `show_trgm(column)` that is the length of each trigram's posting list in the trigram
 * indexes (documents_text_trgm, cases_text_trgm). A text search reads these figures to look a
 * text up by its rarest trigrams (domain/text-search.ts). Building them adds about a second to
 * ANALYZE of a table of a million documents (30,000 sampled rows, two columns).
 */
import { trigramSchema } from './003_search_at_scale.js';
import type { Migration } from '../types.js';

/** Statistics object (the name a search names it by, see IndexedText) → its table and column. */
const TEXT_TRIGRAM_STATISTICS = {
  documents_reference_trigrams: ['documents', 'reference'],
  documents_number_trigrams: ['documents', 'official_number'],
  cases_number_trigrams: ['cases', 'case_number'],
  cases_reference_trigrams: ['cases', 'reference'],
} as const;

export const textTrigramStatistics: Migration = {
  name: '011_text_trigram_statistics',
  async up(knex) {
    const trgm = await trigramSchema(knex);
    for (const [name, [table, column]] of Object.entries(TEXT_TRIGRAM_STATISTICS)) {
      await knex.raw(`create statistics ${name} on (${trgm}.show_trgm(${column})) from ${table}`);
    }
  },
  async down(knex) {
    for (const name of Object.keys(TEXT_TRIGRAM_STATISTICS)) await knex.raw(`drop statistics ${name}`);
  },
};
