/**
 * How common each trigram of the searched text columns is. ANALYZE keeps, for an expression
 * statistics object over an array, its most common elements with the share of rows holding each:
 * over `show_trgm(column)` that is the length of each trigram's posting list in the trigram
 * indexes (documents_text_trgm, cases_text_trgm). A text search reads these figures to look a
 * text up by its rarest trigrams and to tell a text too rare to walk a list for
 * (domain/lists/text-search.ts).
 */
import { trigramSchema } from './003_search_at_scale.js';
import type { Migration } from '../types.js';

/**
 * ANALYZE lists up to ten times this many trigrams, down to those in about 0.1% of the rows (at
 * the default of 100: 0.3%, too coarse to show a text rarer than a walk gives up at, 0.42%). It
 * samples 300 rows per unit for the whole table: ANALYZE of a million documents takes 4.4 s
 * (0.5 s without these statistics, 1.4 s with them at the default).
 */
const TRIGRAM_STATISTICS_TARGET = 300;

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
      await knex.raw(`alter statistics ${name} set statistics ${TRIGRAM_STATISTICS_TARGET}`);
    }
    // Built now: autovacuum analyzes a table again only after a tenth of its rows change, which
    // an archive that mostly grows old may not see for months.
    await knex.raw('analyze documents');
    await knex.raw('analyze cases');
  },
  async down(knex) {
    for (const name of Object.keys(TEXT_TRIGRAM_STATISTICS)) await knex.raw(`drop statistics ${name}`);
  },
};
