/** `page` / `page_size` parsing shared by every paginated list (spec: page ≥ 1, page_size ≤ 100). */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { badRequest } from '../errors.js';

/**
 * Highest page number accepted: with page_size ≤ 100 the offset stays ≤ 10⁹ (exact in a JS
 * number and in a Postgres bigint), and a million-document archive is reachable even one per page.
 */
export const MAX_PAGE = 10_000_000;

export interface Page {
  page: number;
  pageSize: number;
  /** Rows before this page: (page − 1) × page_size. */
  offset: number;
  /** Rows the page's query skips: `offset`, or 0 for a page that starts after a cursor's row. */
  skip: number;
  /** The last row of the previous page, for a page read from a cursor (see list-cursor.ts). */
  after?: Position;
}

/** Where a row stands in a newest-first list: its creation time (as exact text) and id. */
export interface Position {
  at: string;
  id: string;
}

/** A bounded positive integer; digits only (no sign, exponent or fraction), at most 9 of them. */
function positive(raw: unknown, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > max)
    throw badRequest(`${name} debe ser un entero entre 1 y ${max}`);
  return value;
}

export function parsePage(input: { page?: unknown; page_size?: unknown }, defaultSize = 20, maxSize = 100): Page {
  const page = positive(input.page, 'page', 1, MAX_PAGE);
  const pageSize = positive(input.page_size, 'page_size', defaultSize, maxSize);
  const offset = (page - 1) * pageSize;
  return { page, pageSize, offset, skip: offset };
}

export function pageInfo(p: Page, total: number) {
  return { total, page: p.page, page_size: p.pageSize, total_pages: Math.ceil(total / p.pageSize) };
}

/**
 * Totals of large lists. Counting every match would cost as much as reading every match, so a
 * list counts at most EXACT_TOTAL_LIMIT + 1 of them: up to the limit `total` is exact; above it
 * `total` is the planner's estimate and `total_exact` is false (so is a broad text search over a
 * long list, which only samples its newest part, whatever its size). The page itself keeps the
 * estimate honest: the last page makes it exact, and a page with more after it keeps it above
 * what has been seen, so a client that pages until `total_pages` still reaches the end.
 */
export const EXACT_TOTAL_LIMIT = 1000;

export interface PageTotal {
  total: number;
  exact: boolean;
}

export interface TotalSources {
  /** Matches counted up to EXACT_TOTAL_LIMIT + 1, or null when they could not be counted cheaply. */
  capped(): Promise<number | null>;
  /** The planner's figure for all matches. */
  estimate(): Promise<number>;
}

/** `rows` is what the page query returned for page_size + 1: the extra row tells whether more follow. */
export async function settleTotal(p: Page, rows: number, sources: TotalSources): Promise<PageTotal> {
  const shown = Math.min(rows, p.pageSize);
  const more = rows > p.pageSize;
  if (!more && (shown > 0 || p.offset === 0)) return { total: p.offset + shown, exact: true };
  // More rows after this page prove a lower bound; an empty page past the end, an upper bound.
  const atLeast = more ? p.offset + shown + 1 : 0;
  let floor = EXACT_TOTAL_LIMIT + 1;
  if (atLeast <= EXACT_TOTAL_LIMIT) {
    const counted = await sources.capped();
    if (counted !== null && counted <= EXACT_TOTAL_LIMIT) return { total: counted, exact: true };
    if (counted === null) floor = 0;
  }
  const estimate = Math.round(await sources.estimate());
  const lower = Math.max(atLeast, floor);
  const upper = more ? Infinity : Math.max(p.offset, lower);
  return { total: Math.min(Math.max(estimate, lower), upper), exact: false };
}

/** `pageInfo` with the settled total and its flag. */
export function pageInfoOf(p: Page, total: PageTotal) {
  return { ...pageInfo(p, total.total), total_exact: total.exact };
}

/** The planner's row estimate for a query (EXPLAIN, nothing is read). */
async function plannerRows(trx: Knex.Transaction, sql: string, bindings: readonly Knex.RawBinding[]): Promise<number> {
  const { rows } = await trx.raw<{ rows: { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[] }>(
    `explain (format json) ${sql}`,
    bindings,
  );
  return rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
}

/** The planner's row estimate for the rows of `query` (its select list is replaced). */
export function plannerRowsOf(trx: Knex.Transaction, query: Knex.QueryBuilder): Promise<number> {
  const sql = query.select(trx.raw('1')).toSQL();
  return plannerRows(trx, sql.sql, [...sql.bindings]);
}

/** SQL text with its `?` bindings. */
export interface Sql {
  sql: string;
  bindings: Knex.RawBinding[];
}

/** Condition "comes after `after`" in newest-first order (created_at desc, id) on two columns. */
export function afterCondition(atColumn: string, idColumn: string, after: Position): Sql {
  return {
    sql: `${atColumn} <= ?::timestamptz and (${atColumn} < ?::timestamptz or ${idColumn} > ?::uuid)`,
    bindings: [after.at, after.at, after.id],
  };
}

/** Keeps only the rows of `query` after `after` (none: the query as it is). */
export function whereAfter(
  query: Knex.QueryBuilder,
  atColumn: string,
  idColumn: string,
  after: Position | undefined,
): Knex.QueryBuilder {
  if (!after) return query;
  const condition = afterCondition(atColumn, idColumn, after);
  return query.andWhereRaw(condition.sql, condition.bindings);
}

/**
 * Ranges are queries of (created_at, id) that each return their rows newest first (created_at
 * desc, id), at most `take` of them — typically one index range each — and only those after
 * `after` when given (a cursor's position: the index range then starts there). A list that is
 * their union is read by merging them in that order and dropping repeats, which never reads past
 * what the page needs: no range can contribute more than skip + limit rows to the first skip + limit.
 */
export type Ranges = (take: number | null, after?: Position) => Sql[];

const union = (parts: Sql[]) => parts.map((r) => `(${r.sql})`).join(' union all ');

/** Ids of the union's rows skip .. skip + limit (after `after`, if given). */
export function mergedPage(ranges: Ranges, skip: number, limit: number, after?: Position): Sql {
  const parts = ranges(skip + limit, after);
  return {
    sql: `select distinct on (created_at, id) created_at, id from (${union(parts)}) s order by created_at desc, id offset ? limit ?`,
    bindings: [...parts.flatMap((r) => r.bindings), skip, limit],
  };
}

/**
 * A sample of the union: its first `take` range rows and how many distinct rows they hold. It
 * tells how often a row repeats across ranges, which turns the planner's figure for the ranges
 * (rows) into one for the union. Streams in order.
 */
function mergedSample(ranges: Ranges, take: number): Sql {
  const parts = ranges(take);
  return {
    sql: `select count(*)::int as rows, count(distinct (created_at, id))::int as distinct_rows
      from (select created_at, id from (${union(parts)}) s order by created_at desc, id limit ?) x`,
    bindings: [...parts.flatMap((r) => r.bindings), take],
  };
}

/** Range rows a repeat ratio is measured on. */
const SAMPLE_ROWS = 250;

interface MergeSample {
  rows: number;
  distinct_rows: number;
}

/** The planner's figure for the union: its ranges' rows, scaled by a sample's distinct rows per row. */
async function mergedEstimate(trx: Knex.Transaction, ranges: Ranges): Promise<number> {
  const s = mergedSample(ranges, SAMPLE_ROWS);
  const sample = (await trx.raw<{ rows: MergeSample[] }>(s.sql, s.bindings)).rows[0]!;
  const parts = ranges(null);
  const rows = await plannerRows(
    trx,
    union(parts),
    parts.flatMap((r) => r.bindings),
  );
  return rows * (sample.rows ? sample.distinct_rows / sample.rows : 1);
}

/**
 * Figures kept a while per tenant: estimates of large lists, per list (the planner's figure and
 * the repeat sample are a noticeable share of a list request, and an estimate — answered only above
 * EXACT_TOTAL_LIMIT, flagged `total_exact: false` and clamped by what the page saw — gains
 * nothing from being fresher than this), and a text search's trigram figures. Counts up to the
 * limit are never kept, nor is a failed read.
 */
const KEPT_TTL_MS = 30_000;
const KEPT_ENTRIES = 2000;
const keptValues = new Map<string, { value: unknown; until: number }>();

/** A kept figure's key: the tenant (`scope`) and what names the figure (a statement with its bindings). */
export function keptKey(scope: string, ...parts: readonly unknown[]): string {
  return createHash('sha256')
    .update(JSON.stringify([scope, ...parts]))
    .digest('base64url');
}

/** The figure kept under `key`, read with `load` when there is none or it is older than KEPT_TTL_MS. */
export async function kept<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = keptValues.get(key);
  if (hit && hit.until > Date.now()) return hit.value as T;
  keptValues.delete(key);
  const value = await load();
  // Oldest first out (a Map iterates in insertion order).
  if (keptValues.size >= KEPT_ENTRIES) keptValues.delete(keptValues.keys().next().value!);
  keptValues.set(key, { value, until: Date.now() + KEPT_TTL_MS });
  return value;
}

/** The window a merged list is counted over: up to the exact limit and one more. */
const COUNT_WINDOW = EXACT_TOTAL_LIMIT + 1;

/**
 * One read of `rows` (`at`, id) for two answers: how many they are, up to COUNT_WINDOW, and the
 * page's ids (page_size + 1 of them, newest first by `at`, after the cursor's row if any).
 */
async function countedPage(
  trx: Knex.Transaction,
  rows: Sql,
  p: Page,
  at = 'created_at',
): Promise<{ counted: number; ids: string[] }> {
  const after = p.after ? afterCondition(at, 'id', p.after) : undefined;
  const {
    rows: [found],
  } = await trx.raw<{ rows: { counted: number; ids: string[] | null }[] }>(
    `with v as materialized (${rows.sql})
     select (select count(*)::int from (select 1 from v limit ?) c) as counted,
       (select array_agg(id) from (select id from v${after ? ` where ${after.sql}` : ''} order by ${at} desc, id offset ? limit ?) pg) as ids`,
    [...rows.bindings, COUNT_WINDOW, ...(after?.bindings ?? []), p.skip, p.pageSize + 1],
  );
  return { counted: found!.counted, ids: found!.ids ?? [] };
}

export interface MergedList extends TotalSources {
  /** Ids of the page (page_size + 1 of them, after the cursor's row if any). */
  page(p: Page): Promise<string[]>;
}

/**
 * A union of ranges read as a list: its pages, its capped count (a window of COUNT_WINDOW rows)
 * and its estimate (the planner's figure with a repeat sample). A page inside the window is read
 * with the window's count in one statement: a page with more rows after it needs that count, and
 * the window reads the page's rows anyway. `scope` names the tenant: the ranges' SQL names users
 * and sectors, not the schema, and two tenants seeded alike share those ids.
 */
export function mergedList(trx: Knex.Transaction, ranges: Ranges, scope: string): MergedList {
  let keyed: string | undefined;
  const key = () => {
    if (keyed === undefined) {
      const whole = ranges(null);
      keyed = keptKey(
        scope,
        union(whole),
        whole.flatMap((r) => r.bindings),
      );
    }
    return keyed;
  };
  let counted: Promise<number> | undefined;
  const count = () =>
    (counted ??= (async () => {
      const w = mergedPage(ranges, 0, COUNT_WINDOW);
      return (
        await trx.raw<{ rows: { counted: number }[] }>(`select count(*)::int as counted from (${w.sql}) w`, w.bindings)
      ).rows[0]!.counted;
    })());
  const page = async (p: Page) => {
    const limit = p.pageSize + 1;
    if (p.after || counted || p.skip + limit > COUNT_WINDOW) {
      const sql = mergedPage(ranges, p.skip, limit, p.after);
      return (await trx.raw<{ rows: { id: string }[] }>(sql.sql, sql.bindings)).rows.map((r) => r.id);
    }
    const found = await countedPage(trx, mergedPage(ranges, 0, COUNT_WINDOW), p);
    counted = Promise.resolve(found.counted);
    return found.ids;
  };
  const estimate = () => kept(key(), () => mergedEstimate(trx, ranges));
  return { page, capped: count, estimate };
}

/** The columns a list is ordered by, newest first: a time, then the id (ascending) among equal times. */
export interface ListOrder {
  at: string;
  id: string;
}

/** The order of most lists: creation time, then id, of the table `alias`. */
export const newestFirst = (alias: string): ListOrder => ({ at: `${alias}.created_at`, id: `${alias}.id` });

/**
 * A page of candidates read outright (a case's documents, a rare text's, an assigned sector's
 * cases, a user's own documents matching a rare text) and its totals. `candidates()` builds their
 * query, `order` names its columns. The page and the count up to COUNT_WINDOW come from one
 * statement, which checks each candidate once; the planner's figure is asked for only above the
 * window.
 */
export async function pageOfCandidates(
  trx: Knex.Transaction,
  candidates: () => Knex.QueryBuilder,
  order: ListOrder,
  p: Page,
): Promise<{ ids: string[]; total: TotalSources }> {
  const rows = candidates().select(`${order.at} as at`, `${order.id} as id`).toSQL();
  const found = await countedPage(trx, { sql: rows.sql, bindings: [...rows.bindings] }, p, 'at');
  return {
    ids: found.ids,
    total: {
      capped: async () => found.counted,
      estimate: () => plannerRowsOf(trx, candidates()),
    },
  };
}

/** Keeps the rows whose `column` is one of `ids`: one array parameter, however many ids. */
export function whereIdIn(query: Knex.QueryBuilder, column: string, ids: readonly string[]): Knex.QueryBuilder {
  return query.whereRaw(`${column} = any(?::uuid[])`, [[...ids]]);
}
