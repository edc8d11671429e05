/**
 * Finding records: integration search, the backend list and autocomplete. All read only the
 * families the user may view, newest first, over `records.search_folded` (number, name and field
 * values, folded regardless of accents and case; migration 017 gives it a trigram index) with the
 * text folded alike and its LIKE wildcards escaped.
 */
import type { Knex } from 'knex';
import type { Tx } from '../../db/tenancy.js';
import type { UserContext } from '../context.js';
import { iso } from '../documents/records.js';
import { badRequest } from '../errors.js';
import { checkMaxLength } from '../limits.js';
import { searchPattern } from '../lists/text-fold.js';
import {
  EXACT_TOTAL_LIMIT,
  pageInfoOf,
  parsePage,
  plannerRowsOf,
  settleTotal,
  type Page,
} from '../lists/pagination.js';
import { viewableFamilyIds } from './families.js';
import { RECORD_LIMITS } from './limits.js';
import { RECORD_MESSAGES } from './messages.js';

/** `RLM-<year>-<8 digits>-<municipality>-<family>` in any case, upper-cased as numbers are stored; else undefined. */
export function wholeRecordNumber(text: string): string | undefined {
  const upper = text.toUpperCase();
  return /^RLM-\d{4}-\d{8}-[A-Z0-9]+-[A-Z0-9]+$/.test(upper) ? upper : undefined;
}

interface Filters {
  familyIds: string[];
  state?: string;
  search?: string;
  /** `search` folded as a LIKE pattern (`searchPattern`), by `withPattern`. */
  pattern?: string;
}

/** `f` with its search's pattern. */
async function withPattern(trx: Tx, f: Filters): Promise<Filters> {
  return f.search === undefined ? f : { ...f, pattern: await searchPattern(trx, f.search) };
}

/**
 * The families a list reads: the viewable ones, narrowed to one by code. Resolved before the
 * query so the planner sees the id and reads the (family, created_at) index in order.
 */
async function familiesToRead(trx: Tx, viewable: string[], familyCode: string | undefined): Promise<string[]> {
  if (familyCode === undefined) return viewable;
  const family = await trx('registry_families').where('code', familyCode).first<{ id: string } | undefined>('id');
  return family && viewable.includes(family.id) ? [family.id] : [];
}

function filtered(trx: Tx, f: Filters): Knex.QueryBuilder {
  const q =
    f.familyIds.length === 1
      ? trx('records as r').where('r.family_id', f.familyIds[0])
      : trx('records as r').whereIn('r.family_id', f.familyIds);
  if (f.state !== undefined) q.where('r.state', f.state);
  const number = f.search === undefined ? undefined : wholeRecordNumber(f.search);
  // A whole record number names one record: read through the unique index on record_number, not
  // a trigram scan whose trigrams (rlm, the year, zeros, the municipality) are in every row.
  if (number !== undefined) q.where('r.record_number', number);
  // LIKE over the stored folded copy (migration 017): nothing is folded row by row.
  else if (f.pattern !== undefined) q.whereRaw('r.search_folded like ?', [f.pattern]);
  return q;
}

interface ListRow {
  id: string;
  record_number: string;
  display_name: string;
  state: string;
  resume: string | null;
  next_expiration: string | null;
  registry_code: string;
  registry_name: string;
  created_at: Date;
  updated_at: Date;
}

async function findPage(trx: Tx, f: Filters, p: Page) {
  if (f.familyIds.length === 0) return { rows: [] as ListRow[], total: { total: 0, exact: true } };
  // The page's ids first, from the (family, state, created_at) indexes alone; only those rows are
  // then read whole — a deep page skips index entries, not table rows (resume is unbounded text).
  const page = filtered(trx, f)
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'asc' },
    ])
    .offset(p.offset)
    .limit(p.pageSize + 1)
    .select('r.id', 'r.created_at');
  const rows = await trx
    .from(page.as('pg'))
    .join('records as r', 'r.id', 'pg.id')
    .join('registry_families as f', 'f.id', 'r.family_id')
    .orderBy([
      { column: 'pg.created_at', order: 'desc' },
      { column: 'pg.id', order: 'asc' },
    ])
    .select<ListRow[]>(
      'r.id',
      'r.record_number',
      'r.display_name',
      'r.state',
      'r.resume',
      'r.next_expiration',
      'f.code as registry_code',
      'f.name as registry_name',
      'r.created_at',
      'r.updated_at',
    );
  const total = await settleTotal(p, rows.length, {
    capped: async () => {
      const inner = filtered(trx, f)
        .select(trx.raw('1'))
        .limit(EXACT_TOTAL_LIMIT + 1);
      const [{ n }] = await trx.from(inner.as('x')).select<{ n: number }[]>(trx.raw('count(*)::int as n'));
      return n;
    },
    estimate: () => plannerRowsOf(trx, filtered(trx, f)),
  });
  return { rows: rows.slice(0, p.pageSize), total };
}

const optionalText = (value: string | undefined, name: string, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? checkMaxLength(trimmed, name, max) : undefined;
};

export interface IntegrationSearchQuery {
  page?: string;
  page_size?: string;
  family_code?: string;
  search?: string;
  state?: string;
}

export async function searchRecords(ctx: UserContext, query: IntegrationSearchQuery) {
  const { user } = ctx;
  const p = parsePage(query, 20, 100);
  const familyCode = optionalText(query.family_code, 'family_code', RECORD_LIMITS.registryCode);
  const filters = {
    state: optionalText(query.state, 'state', RECORD_LIMITS.displayName),
    search: optionalText(query.search, 'search', RECORD_LIMITS.search),
  };
  return ctx.db.transaction(async (trx) => {
    const familyIds = await familiesToRead(trx, await viewableFamilyIds(trx, user), familyCode);
    const { rows, total } = await findPage(trx, await withPattern(trx, { familyIds, ...filters }), p);
    return {
      records: rows.map((r) => ({
        id: r.id,
        record_number: r.record_number,
        display_name: r.display_name,
        state: r.state,
        resume: r.resume,
      })),
      ...pageInfoOf(p, total),
    };
  });
}

export interface BackendListQuery {
  page?: string;
  page_size?: string;
  registry?: string;
  search?: string;
  state?: string;
}

export async function listRecords(ctx: UserContext, query: BackendListQuery) {
  const { user } = ctx;
  const p = parsePage(query, 10, 100);
  const search = optionalText(query.search, 'search', RECORD_LIMITS.search);
  if (search !== undefined && [...search].length < 2) throw badRequest(RECORD_MESSAGES.searchTooShort);
  const familyCode = optionalText(query.registry, 'registry', RECORD_LIMITS.registryCode);
  const filters = { state: optionalText(query.state, 'state', RECORD_LIMITS.displayName), search };
  return ctx.db.transaction(async (trx) => {
    const familyIds = await familiesToRead(trx, await viewableFamilyIds(trx, user), familyCode);
    const { rows, total } = await findPage(trx, await withPattern(trx, { familyIds, ...filters }), p);
    return {
      records: rows.map((r) => ({
        id: r.id,
        record_number: r.record_number,
        display_name: r.display_name,
        state: r.state,
        registry_code: r.registry_code,
        registry_name: r.registry_name,
        resume: r.resume,
        next_expiration: r.next_expiration,
        created_at: iso(r.created_at),
        updated_at: iso(r.updated_at),
      })),
      ...pageInfoOf(p, total),
    };
  });
}

function parseLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 10;
  const n = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= 50)) throw badRequest(RECORD_MESSAGES.limitRange);
  return n;
}

export async function autocompleteRecords(ctx: UserContext, query: { q?: string; limit?: string }) {
  const { user } = ctx;
  const q = query.q?.trim() ?? '';
  const length = [...q].length;
  if (length < RECORD_LIMITS.autocompleteMin) throw badRequest(RECORD_MESSAGES.qRequired);
  if (length > RECORD_LIMITS.autocompleteMax) throw badRequest(RECORD_MESSAGES.qTooLong);
  const limit = parseLimit(query.limit);
  return ctx.db.transaction(async (trx) => {
    const familyIds = await viewableFamilyIds(trx, user);
    const rows =
      familyIds.length === 0
        ? []
        : await filtered(trx, await withPattern(trx, { familyIds, search: q }))
            .join('registry_families as f', 'f.id', 'r.family_id')
            .orderBy([
              { column: 'r.created_at', order: 'desc' },
              { column: 'r.id', order: 'asc' },
            ])
            .limit(limit)
            .select<{ id: string; record_number: string; display_name: string; family_code: string; state: string }[]>(
              'r.id',
              'r.record_number',
              'r.display_name',
              'f.code as family_code',
              'r.state',
            );
    return {
      records: rows.map((r) => ({
        record_id: r.id,
        record_number: r.record_number,
        display_name: r.display_name,
        family_code: r.family_code,
        state: r.state,
      })),
      total: rows.length,
      query: q,
    };
  });
}
