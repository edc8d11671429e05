/**
 * Text search over a list (LIKE '%text%' on a few columns, folded as the text is: regardless of
 * accents and case, see text-fold.ts): the list is walked newest first while matches are
 * frequent, and a rare text is looked up through a trigram index instead. The figures behind
 * each constant below, and the plain design this one is measured against, are in
 * docs/performance.md ("Search at scale").
 */
import type { Knex } from 'knex';
import {
  EXACT_TOTAL_LIMIT,
  kept,
  keptKey,
  type ListOrder,
  type Page,
  plannerRowsOf,
  type Sql,
  type TotalSources,
  whereAfter,
} from './pagination.js';

/** How many of a list's newest rows a broad text search checks at least (its total is exact if that is all of them). */
const TEXT_COUNT_SCAN = 1000;

/** (at, id) rows newest first, at most `take` of them. */
export type OrderedHead = (take: number) => Sql;

/**
 * A head's rows `s` that match `pattern` in `columns` of `table` (aliased as its columns name it,
 * `condition` on top): a lookup per row, fenced with offset 0 so the planner cannot trade it for a
 * scan of the whole table. The columns are folded copies (migration 017) and the pattern folded
 * alike (`searchPattern`), so plain LIKE matches regardless of accents and case.
 */
export function lateralMatch(table: string, condition: string, columns: readonly string[], pattern: string): Sql {
  const alias = table.split(' ').at(-1)!;
  const like = anyLike(columns, pattern);
  return {
    sql: `cross join lateral (select 1 from ${table} where ${alias}.id = s.id and ${condition} and ${like.sql} offset 0) ${alias}`,
    bindings: like.bindings,
  };
}

interface TextScan {
  ids: string[];
  /** Every row of the list was checked (the hits are then every match). */
  exhausted: boolean;
  seen: number;
  hits: number;
}

/**
 * How far a walk goes on, in multiples of its first batch, before a text is looked up by trigram
 * instead: each batch rereads the ones before it, and past this a lookup of the text's matches
 * costs less than walking on.
 */
const WALK_LIMIT = 4;

/** A walk's first batch: this many rows per row its page needs (at least TEXT_COUNT_SCAN). */
const FIRST_BATCH_PER_ROW = 60;

/**
 * Below this share of the list a walk gives up (see `textPage`) for any page of 17 rows or more:
 * its page needs more than WALK_LIMIT first batches.
 */
const WALK_GIVES_UP_BELOW = 1 / (WALK_LIMIT * FIRST_BATCH_PER_ROW);

/**
 * A page of a text search that walks the list: its newest rows are checked (documents: against a
 * covering index of references and numbers) in growing batches until the page is full or the
 * list has no more; the last batch gives the share of matches a total is estimated from.
 * With `giveUpWhenRare`, answers null as soon as a batch shows matches too rare to find this way
 * in reasonable time: at their share so far, the page needs more than WALK_LIMIT first batches.
 */
async function textPage(
  trx: Knex.Transaction,
  head: OrderedHead,
  match: Sql,
  p: Page,
  giveUpWhenRare = false,
): Promise<TextScan | null> {
  const wanted = p.skip + p.pageSize + 1;
  const firstTake = Math.max(wanted * FIRST_BATCH_PER_ROW, TEXT_COUNT_SCAN);
  for (let take = firstTake; ; ) {
    const rowsOf = head(take);
    const { rows } = await trx.raw<{ rows: { seen: number; hits: number; ids: string[] | null }[] }>(
      `with s as materialized (${rowsOf.sql}),
       m as materialized (select s.at, s.id from s ${match.sql})
       select (select count(*)::int from s) as seen,
         (select count(*)::int from m) as hits,
         (select array_agg(id) from (select id from m order by at desc, id offset ? limit ?) pg) as ids`,
      [...rowsOf.bindings, ...match.bindings, p.skip, p.pageSize + 1],
    );
    const { seen, hits, ids } = rows[0]!;
    const exhausted = seen < take;
    if ((ids?.length ?? 0) === p.pageSize + 1 || exhausted) return { ids: ids ?? [], exhausted, seen, hits };
    if (giveUpWhenRare && hits * WALK_LIMIT * firstTake < wanted * seen) return null;
    // Read on as far as the share of matches so far says the page needs (at most 8 times as far).
    take = Math.min(take * 8, Math.max(Math.ceil(take * 1.5), Math.ceil(((wanted * seen) / Math.max(hits, 1)) * 1.25)));
  }
}

/**
 * A rare text is looked up by trigram when it matches at most this many rows in the whole tenant.
 * Reading them, then the page and the count among them, costs less than walking a long list for
 * the few matches it holds, the more so when they are old, as numbers of a past year are.
 */
const RARE_TEXT_MATCHES = 5000;

const PLANNER_SCANS = ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan'];

/**
 * Runs `read` with bitmap scans only, i.e. through the trigram index. The planner's figure for an
 * LIKE '%…%' is a guess from a sample; a wrong one would scan a whole table for a rare text.
 */
async function byTrigrams<T>(trx: Knex.Transaction, read: () => Promise<T>): Promise<T> {
  await trx.raw(PLANNER_SCANS.map((s) => `set local ${s} = off`).join('; '));
  try {
    return await read();
  } finally {
    await trx.raw(PLANNER_SCANS.map((s) => `set local ${s} to default`).join('; '));
  }
}

/**
 * The tenant's rows a text is looked up in (every filter but the text), their folded text
 * columns, all in one trigram index, their id column and the time their list is ordered by; `scope` names the
 * tenant.
 */
export interface IndexedText {
  scope: string;
  rows(): Knex.QueryBuilder;
  columns: readonly string[];
  id: string;
  at: string;
  /** The statistics objects of the columns' trigrams (see `trigramShares`). */
  trigramStatistics: readonly string[];
}

/**
 * A row a text was found in: its id and its list time, read with it so that a list of these rows
 * needs not read them again. The time stays PostgreSQL's text (a JavaScript Date would drop its
 * microseconds, which order the list).
 */
export interface Candidate {
  id: string;
  at: string;
}

/**
 * Candidates as rows of a relation `alias(id, <at>)`, from one pair of array parameters: a list
 * that needs no other column of them pages them without reading them again.
 */
export function candidateRows(trx: Knex.Transaction, found: readonly Candidate[], alias: string, at: string): Knex.Raw {
  return trx.raw(`unnest(?::uuid[], ?::timestamptz[]) as ${alias}(id, ${at})`, [
    found.map((c) => c.id),
    found.map((c) => c.at),
  ]);
}

/**
 * Any of `columns` (folded copies) matches `pattern` (folded alike) by LIKE, which their trigram
 * index serves; the columns are stored folded, so no row is lowered or unaccented on the way.
 */
export const anyLike = (columns: readonly string[], pattern: string): Sql => ({
  sql: `(${columns.map((c) => `${c} like ?`).join(' or ')})`,
  bindings: columns.map(() => pattern),
});

/**
 * The tenant's rows matching `pattern`, at most `limit`, read through the trigram index (with the
 * lookup pattern, then the text itself checked on what it finds).
 */
async function trigramCandidates(
  trx: Knex.Transaction,
  indexed: IndexedText,
  pattern: string,
  limit: number,
): Promise<Candidate[]> {
  const lookup = await lookupPattern(trx, indexed, pattern);
  const like = anyLike(indexed.columns, lookup);
  const query = indexed.rows().andWhereRaw(like.sql, like.bindings);
  if (lookup !== pattern) {
    const whole = anyLike(indexed.columns, pattern);
    query.andWhereRaw(whole.sql, whole.bindings);
  }
  return byTrigrams(trx, () =>
    query.limit(limit).select<Candidate[]>(`${indexed.id} as id`, trx.raw(`${indexed.at}::text as at`)),
  );
}

/**
 * A trigram more than this share of the rows hold (summed over the columns) is left out of a
 * lookup, and so is a word all of whose trigrams are: it adds long posting lists and removes few
 * rows ("calle", in 57% of the references; "202" of a year, in every official number).
 */
const COMMON_SHARE = 0.3;

/**
 * How common a table's trigrams are, per the statistics ANALYZE keeps of each searched column's
 * `show_trgm` (`IndexedText.trigramStatistics`, migration 011): for each of the commonest
 * trigrams, the share of rows holding it, summed over the columns; any other trigram is rarer than
 * `unlisted` (the least share each column lists, summed). Empty before the table's first ANALYZE.
 */
interface TrigramShares {
  listed: Map<string, number>;
  unlisted: number;
}

const shareOf = (shares: TrigramShares, trigram: string) => shares.listed.get(trigram.toLowerCase()) ?? shares.unlisted;

/** The figures of `TrigramShares`, kept like list estimates (`kept`): ANALYZE changes them rarely. */
function trigramShares(trx: Knex.Transaction, indexed: IndexedText): Promise<TrigramShares> {
  return kept(keptKey(indexed.scope, 'trigram shares', indexed.trigramStatistics), async () => {
    const { rows } = await trx.raw<{ rows: { trigram: string | null; share: number }[] }>(
      // Each element's share is of the rows whose column is not null; after the elements' shares
      // come the least of them and the greatest.
      `with s as (
         select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs, 1 - null_frac as not_null
         from pg_stats_ext_exprs
         where statistics_schemaname = current_schema() and statistics_name = any(?) and most_common_elems is not null
       )
       select e.trigram, sum(e.share * s.not_null)::float8 as share
       from s cross join lateral unnest(s.elems, s.freqs) as e(trigram, share) where e.trigram is not null group by e.trigram
       union all
       select null, sum(s.freqs[cardinality(s.elems) + 1] * s.not_null)::float8 from s`,
      [[...indexed.trigramStatistics]],
    );
    const listed = new Map(rows.filter((r) => r.trigram !== null).map((r) => [r.trigram!, r.share]));
    return { listed, unlisted: rows.find((r) => r.trigram === null)?.share ?? 0 };
  });
}

/** Runs of three ASCII letters or digits or more (a folded text is lower case: upper case is read as lower). */
const ASCII_RUN = /[A-Za-z0-9]{3,}/g;

const unescapeLike = (word: string) => word.replace(/\\(.)/g, '$1');

/**
 * The parts of `run` left when its common trigrams (more than COMMON_SHARE of the rows hold them)
 * are cut out: runs of three characters or more, in order and apart, so that any text holding
 * `run` holds them one after the other ("2024" → "024", "00046857" → "0046857").
 */
function uncommonParts(run: string, shares: TrigramShares): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i + 3 <= run.length; i++) {
    if (i < start || shareOf(shares, run.slice(i, i + 3)) <= COMMON_SHARE) continue;
    // Trigram i is common: the part grown so far ends before its last character.
    if (i + 2 - start >= 3) {
      parts.push(run.slice(start, i + 2));
      start = i + 2;
    } else start = i + 1;
  }
  if (run.length - start >= 3) parts.push(run.slice(start));
  return parts;
}

/** A word's runs of ASCII letters and digits (see ASCII_RUN). */
const asciiRuns = (word: string) => unescapeLike(word).match(ASCII_RUN) ?? [];

/** The rarest trigram of `runs` and its share (undefined when they have none); no more rows hold their word. */
function rarestTrigram(runs: readonly string[], shares: TrigramShares): { text: string; share: number } | undefined {
  let rarest: { text: string; share: number } | undefined;
  for (const run of runs) {
    for (let i = 0; i + 3 <= run.length; i++) {
      const trigram = run.slice(i, i + 3);
      const share = shareOf(shares, trigram);
      if (!rarest || share < rarest.share) rarest = { text: trigram, share };
    }
  }
  return rarest;
}

/**
 * What a word of the text is looked up by, from its runs of ASCII letters and digits (the text's
 * own characters, folded as the text is): with other words beside it, a word of
 * letters by its rarest trigram alone; a number, or the text's only word, by its uncommon parts
 * (a number's trigrams are all fairly common, and only together do they narrow the lookup); a
 * word with no such run, whole. `share` is the word's rarest trigram's (null when it has none):
 * no more rows hold the word.
 */
function wordPiece(word: string, shares: TrigramShares, alone: boolean): { text: string; share: number | null } {
  const runs = asciiRuns(word);
  const rarest = rarestTrigram(runs, shares);
  if (!rarest) return { text: word, share: null };
  if (!alone && !runs.every((r) => /^[0-9]+$/.test(r))) return rarest;
  const parts = runs.flatMap((r) => uncommonParts(r, shares));
  return { text: parts.length ? parts.join('%') : word, share: rarest.share };
}

/** The words of a text's LIKE pattern that have trigrams of their own (three characters or more). */
const wordsOf = (pattern: string) =>
  pattern
    .slice(1, -1)
    .split(/\s+/)
    .filter((w) => unescapeLike(w).length >= 3);

/**
 * The pattern a text is looked up with. pg_trgm reads the posting list of every trigram of the
 * pattern, and the trigrams of one word mostly come together: a word's rarest one narrows the
 * lookup about as much as all of them, at a fraction of the reading, and a trigram most rows
 * hold ("202" of a year, the edges of a word) adds a long list and removes few rows. So the lookup is the pieces of the text's distinctive words
 * (`wordPiece`), in the text's order, joined by '%': every row holding the text matches it too
 * (each piece is a run of the folded text's own ASCII letters and digits), and the text itself
 * is checked on the rows it finds. Before the statistics exist, a text of several words is
 * looked up by its words whole.
 */
async function lookupPattern(trx: Knex.Transaction, indexed: IndexedText, pattern: string): Promise<string> {
  const words = wordsOf(pattern);
  if (!words.length) return pattern;
  const shares = await trigramShares(trx, indexed);
  if (!shares.listed.size) return words.length < 2 ? pattern : `%${words.join('%')}%`;
  const pieces = words.map((w) => wordPiece(w, shares, words.length === 1));
  const distinctive = pieces.filter((p) => p.share === null || p.share <= COMMON_SHARE);
  // Every word common: each still narrows the lookup.
  return `%${(distinctive.length ? distinctive : pieces).map((p) => p.text).join('%')}%`;
}

/**
 * Whether the statistics show a text too rare for a walk: a word of it has a trigram fewer rows
 * hold than a walk would give up at, so no more rows hold the text. Walking the first batch would
 * only show it rare.
 */
async function knownRare(trx: Knex.Transaction, indexed: IndexedText, pattern: string): Promise<boolean> {
  const shares = await trigramShares(trx, indexed);
  if (!shares.listed.size) return false;
  return wordsOf(pattern).some((w) => (rarestTrigram(asciiRuns(w), shares)?.share ?? Infinity) < WALK_GIVES_UP_BELOW);
}

export interface TextSearch {
  /** The text's LIKE pattern, folded (`searchPattern`; see also `looksRare`). */
  pattern: string;
  /**
   * The list walked newest first, and how a text matches its rows `s`: a lateral lookup per row
   * (fenced with offset 0, so the planner cannot trade it for a scan of the whole table).
   */
  head: OrderedHead;
  match: Sql;
  /** The list's size, for the walk's estimate. */
  listEstimate(): Promise<number>;
  /** Where the text is looked up by trigram. */
  indexed: IndexedText;
  /** The page among those candidates that belong to the list, and their totals. */
  among(found: Candidate[]): Promise<{ ids: string[]; total: TotalSources }>;
  /** The list's rows matching the text, every filter and the visibility rule applied (the planner design). */
  matching(): Knex.QueryBuilder;
  order: ListOrder;
}

/**
 * How a list finds a text: `adaptive` walks or looks up as `searchText` says; `planner` is the
 * plain design it is measured against (`bench:scale`): one statement for the page, ordered and
 * cut after the cursor, one for the count up to EXACT_TOTAL_LIMIT + 1, and the planner chooses
 * between the trigram index and the list's order.
 */
export type TextSearchDesign = 'adaptive' | 'planner';
let design: TextSearchDesign = 'adaptive';

/** Sets the design every later text search of this process uses (the benchmark measures both). */
export function useTextSearchDesign(next: TextSearchDesign): void {
  design = next;
}

/** The planner design: a page by keyset (or offset) and a count capped at the exact limit, as two plain statements. */
async function plannerPage(
  trx: Knex.Transaction,
  search: TextSearch,
  p: Page,
): Promise<{ ids: string[]; total: TotalSources }> {
  const { at, id } = search.order;
  const page = await whereAfter(search.matching(), at, id, p.after)
    .orderBy([
      { column: at, order: 'desc' },
      { column: id, order: 'asc' },
    ])
    .offset(p.skip)
    .limit(p.pageSize + 1)
    .select<{ id: string }[]>(`${id} as id`);
  return {
    ids: page.map((r) => r.id),
    total: {
      capped: async () => {
        const [row] = await trx
          .from(
            search
              .matching()
              .select(trx.raw('1'))
              .limit(EXACT_TOTAL_LIMIT + 1)
              .as('c'),
          )
          .count<{ count: string }[]>('* as count');
        return Number(row!.count);
      },
      estimate: () => plannerRowsOf(trx, search.matching()),
    },
  };
}

/**
 * A text holding five digits or more after its leading zeros (a number's sequence, whole or most
 * of it) matches a handful of rows of a whole tenant: official and case numbers share their
 * prefixes and years, not their sequences. Four digits (a year) or a zero-led run are not enough.
 */
const looksRare = (pattern: string) => /[1-9]\d{4}/.test(pattern);

/**
 * Text search over a list: walk the list while matches are frequent enough; when a batch shows
 * them too sparse (see `textPage`), read the rows of the tenant matching the text (trigram index)
 * and keep the list's. A text matching more than RARE_TEXT_MATCHES rows of the tenant is walked
 * to the end of the page however far that is. A text that looks rare (`looksRare`) or that the
 * trigram statistics show rare (`knownRare`) is read by trigram first: walking the first batch
 * would only show it rare.
 */
export async function searchText(
  trx: Knex.Transaction,
  p: Page,
  search: TextSearch,
): Promise<{ ids: string[]; total: TotalSources }> {
  if (design === 'planner') return plannerPage(trx, search, p);
  // After a cursor the walk starts there: the rows before it are the pages already shown.
  const before = p.after ? p.offset : 0;
  if (!looksRare(search.pattern) && !(await knownRare(trx, search.indexed, search.pattern))) {
    const scan = await textPage(trx, search.head, search.match, p, true);
    if (scan) return { ids: scan.ids, total: textTotals(scan, search.listEstimate, before) };
  }
  const candidates = await trigramCandidates(trx, search.indexed, search.pattern, RARE_TEXT_MATCHES + 1);
  if (candidates.length <= RARE_TEXT_MATCHES) return search.among(candidates);
  const walked = (await textPage(trx, search.head, search.match, p))!;
  return { ids: walked.ids, total: textTotals(walked, search.listEstimate, before) };
}

/**
 * Totals of a text page: exact when every candidate was seen, else the share of matches times
 * `candidates`; `before` matches precede the rows walked (the pages before a cursor).
 */
function textTotals(text: TextScan, candidates: () => Promise<number>, before = 0): TotalSources {
  const hits = before + text.hits;
  return {
    capped: async () => (text.exhausted ? hits : null),
    estimate: async () => Math.max(hits, (text.hits / Math.max(text.seen, 1)) * (await candidates())),
  };
}
