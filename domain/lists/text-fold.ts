/**
 * Searched text matches regardless of accents and case: both sides are folded by the tenant's
 * `search_fold` (migration 017: unaccent, then lower), stored folded on the searched columns and
 * folded once for the text a user typed, then compared with LIKE.
 */
import type { Knex } from 'knex';
import type { Sql } from './pagination.js';

/** ASCII only: unaccent leaves it as it is and lowering is JavaScript's, so no query is needed. */
const ASCII = /^[\x00-\x7f]*$/;

/** `text` as `search_fold` folds it (asked of the database unless it is ASCII, which most searches are). */
export async function foldText(trx: Knex.Transaction, text: string): Promise<string> {
  if (ASCII.test(text)) return text.toLowerCase();
  const { rows } = await trx.raw<{ rows: { folded: string }[] }>('select search_fold(?) as folded', [text]);
  return rows[0]!.folded;
}

/** Escapes LIKE wildcards so user input matches literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The LIKE pattern a typed text is searched with: folded, then its wildcards escaped (folding
 * makes some characters wildcards, "％" a "%"; they stand for themselves, as in the text).
 */
export async function searchPattern(trx: Knex.Transaction, text: string): Promise<string> {
  return likePattern(await foldText(trx, text));
}

/** Any of `columns`, folded row by row, matches a `searchPattern` (lists small enough to need no stored copy). */
export function anyFoldedLike(columns: readonly string[], pattern: string): Sql {
  return {
    sql: `(${columns.map((c) => `search_fold(${c}) like ?`).join(' or ')})`,
    bindings: columns.map(() => pattern),
  };
}
