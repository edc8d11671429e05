/** Reading cases: search (both interfaces), detail, by number, history, documents, permissions. */
import { openCaseDeadlines } from '../deadlines/reads.js';
import type { Knex } from 'knex';
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import { BACKEND_DATE_FILTERS, dayRange, INTEGRATION_DATE_FILTERS, namedWindow, type Window } from '../calendar.js';
import { searchTextOf } from '../limits.js';
import type { ActingUser, DomainContext, UserContext } from '../context.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { editSectorIds, viewSectorIds, whereReadableBy, type Reader } from '../documents/access.js';
import { iso } from '../documents/records.js';
import { nextCursor, parseListPage, positionAt } from '../lists/cursor.js';
import {
  afterCondition,
  mergedList,
  mergedPage,
  newestFirst,
  pageInfoOf,
  pageOfCandidates,
  parsePage,
  settleTotal,
  whereAfter,
  whereIdIn,
  type Page,
  type Position,
  type Ranges,
  type Sql,
  type TotalSources,
} from '../lists/pagination.js';
import { anyLike, lateralMatch, searchText } from '../lists/text-search.js';
import { searchPattern } from '../lists/text-fold.js';
import { caseAccess, caseAccessForPage, requireCase, whereCaseVisibleTo, type CasePermissions } from './access.js';
import { CASE_MESSAGES } from './messages.js';
import { CASE_COLUMNS, casesQuery, movementsQuery, type CaseRow, type MovementRow } from './records.js';

const STATUSES = ['active', 'inactive', 'archived'];

export interface CaseSearchInput {
  page?: unknown;
  page_size?: unknown;
  search?: string;
  status?: string;
  date_filter?: string;
  date_from?: string;
  date_to?: string;
  /** Integration: owner sector acronym. Backend: UUID of an assigned sector. */
  sector_filter?: string;
  /** Backend: UUID of the administrative (owner) sector. */
  trata_filter?: string;
  /** Integration: `next_cursor` of the previous page (lists/cursor.ts). */
  cursor?: unknown;
}

/** What a case search asks for, validated. */
interface CaseCriteria {
  statuses: readonly string[];
  from?: Date;
  to?: Date;
  ownerSectorId?: string;
  assignedSectorId?: string;
  /** The text searched, as typed; `pattern` is its folded LIKE pattern, made in the transaction. */
  text?: string;
  pattern?: string;
}

function caseCriteria(ctx: DomainContext, input: CaseSearchInput, flavor: 'integration' | 'backend'): CaseCriteria {
  if (input.status && !STATUSES.includes(input.status)) throw badRequest('status debe ser active, inactive o archived');
  const criteria: CaseCriteria = { statuses: input.status ? [input.status] : STATUSES };
  const text = searchTextOf(input.search);
  if (text) criteria.text = text;
  searchTextOf(input.sector_filter, 'sector_filter');
  const windows: Window[] = [];
  if (input.date_filter) {
    const allowed: readonly string[] = flavor === 'integration' ? INTEGRATION_DATE_FILTERS : BACKEND_DATE_FILTERS;
    if (!allowed.includes(input.date_filter)) throw badRequest(`date_filter debe ser uno de: ${allowed.join(', ')}`);
    windows.push(namedWindow(input.date_filter, ctx.services.timeZone)!);
  }
  if (flavor === 'backend') windows.push(dayRange(ctx.services.timeZone, input.date_from, input.date_to));
  for (const w of windows) {
    if (w.from && (!criteria.from || w.from > criteria.from)) criteria.from = w.from;
    if (w.to && (!criteria.to || w.to < criteria.to)) criteria.to = w.to;
  }
  if (flavor === 'backend') {
    if (input.sector_filter) {
      if (!isUuid(input.sector_filter)) throw badRequest('sector_filter debe ser un UUID');
      criteria.assignedSectorId = input.sector_filter;
    }
    if (input.trata_filter) {
      if (!isUuid(input.trata_filter)) throw badRequest('trata_filter debe ser un UUID');
      criteria.ownerSectorId = input.trata_filter;
    }
  }
  return criteria;
}

function ranged(query: Knex.QueryBuilder, criteria: CaseCriteria): Knex.QueryBuilder {
  query.where('c.is_ready', true);
  if (criteria.from) query.andWhere('c.created_at', '>=', criteria.from);
  if (criteria.to) query.andWhere('c.created_at', '<', criteria.to);
  if (criteria.ownerSectorId) query.andWhere('c.owner_sector_id', criteria.ownerSectorId);
  return query;
}

/**
 * The cases a user sees as ranges (see `Ranges`): per status, each owner sector they view or edit
 * and the cases they created; and the cases with an open assignment to their sectors or to them —
 * mirroring whereCaseVisibleTo. Without a user, every case.
 */
function caseRanges(trx: Tx, user: ActingUser | null, criteria: CaseCriteria): Ranges {
  return (take, after) => {
    const order = (q: Knex.QueryBuilder) => {
      whereAfter(q, 'c.created_at', 'c.id', after);
      return take === null ? q : q.orderBy([{ column: 'c.created_at', order: 'desc' }, { column: 'c.id' }]).limit(take);
    };
    const sql = (q: Knex.QueryBuilder) => {
      const native = order(q).toSQL();
      return { sql: native.sql, bindings: [...native.bindings] };
    };
    const byStatus = (source: (q: Knex.QueryBuilder) => Knex.QueryBuilder) =>
      criteria.statuses.map((status) =>
        sql(source(ranged(trx('cases as c').select('c.created_at', 'c.id'), criteria).andWhere('c.status', status))),
      );
    if (!user) return byStatus((q) => q);
    const viewed = [...new Set([...viewSectorIds(user), ...editSectorIds(user)])];
    // Filtered to a sector the user sees as owner: its range already holds every match.
    if (criteria.ownerSectorId && viewed.includes(criteria.ownerSectorId)) return byStatus((q) => q);
    const owners = criteria.ownerSectorId ? [] : viewed;
    return [
      ...owners.flatMap((sector) => byStatus((q) => q.andWhere('c.owner_sector_id', sector))),
      ...byStatus((q) => q.andWhere('c.created_by', user.id)),
      ...user.sectors.map((sector) => assignedRange('to_sector_id', sector.sectorId, criteria, take, after)),
      assignedRange('assigned_user_id', user.id, criteria, take, after),
    ];
  };
}

/**
 * Cases with an open assignment to one sector or user (`column` = `to_sector_id` or
 * `assigned_user_id`), newest case first, from the movements' index; each case is checked against
 * the filters as the range is read.
 */
function assignedRange(
  column: 'to_sector_id' | 'assigned_user_id',
  value: string,
  criteria: CaseCriteria,
  take: number | null,
  after?: Position,
): Sql {
  const conditions = ['c.id = m.case_id', 'c.is_ready', 'c.status = any(?::text[])'];
  const bindings: Knex.RawBinding[] = [[...criteria.statuses]];
  if (criteria.ownerSectorId) {
    conditions.push('c.owner_sector_id = ?');
    bindings.push(criteria.ownerSectorId);
  }
  const range = [`m.${column} = ?`, "m.movement_type = 'assignment'", "m.status = 'active'"];
  bindings.push(value);
  if (criteria.from) {
    range.push('m.case_created_at >= ?');
    bindings.push(criteria.from);
  }
  if (criteria.to) {
    range.push('m.case_created_at < ?');
    bindings.push(criteria.to);
  }
  if (after) {
    const position = afterCondition('m.case_created_at', 'm.case_id', after);
    range.push(position.sql);
    bindings.push(...position.bindings);
  }
  // The case is looked up per movement (lateral, fenced by offset 0) so the range is read in order.
  const sql = `select distinct on (m.case_created_at, m.case_id) m.case_created_at as created_at, m.case_id as id
    from case_movements m cross join lateral (select 1 from cases c where ${conditions.join(' and ')} offset 0) c
    where ${range.join(' and ')}`;
  return take === null
    ? { sql, bindings }
    : { sql: `${sql} order by m.case_created_at desc, m.case_id limit ?`, bindings: [...bindings, take] };
}

/** Candidates read outright, with the visibility rule applied row by row. */
function directCases(trx: Tx, ctx: DomainContext, criteria: CaseCriteria): Knex.QueryBuilder {
  const query = ctx.user ? whereCaseVisibleTo(casesQuery(trx), trx, ctx.user) : casesQuery(trx);
  query.whereIn('c.status', criteria.statuses);
  if (criteria.from) query.andWhere('c.created_at', '>=', criteria.from);
  if (criteria.to) query.andWhere('c.created_at', '<', criteria.to);
  if (criteria.ownerSectorId) query.andWhere('c.owner_sector_id', criteria.ownerSectorId);
  if (criteria.pattern) {
    const like = anyLike(CASE_TEXT_COLUMNS, criteria.pattern);
    query.andWhereRaw(like.sql, like.bindings);
  }
  if (criteria.assignedSectorId) {
    query.whereExists(
      trx('case_movements as sf').whereRaw('sf.case_id = c.id').andWhere({
        'sf.movement_type': 'assignment',
        'sf.status': 'active',
        'sf.to_sector_id': criteria.assignedSectorId,
      }),
    );
  }
  return query;
}

/**
 * The columns a case's text is searched in: number and reference, folded (migration 017), both in
 * the trigram index cases_text_trgm.
 */
const CASE_TEXT_COLUMNS = ['c.case_number_folded', 'c.reference_folded'] as const;
/** The statistics of those columns' trigrams (migration 011). */
const CASE_TEXT_TRIGRAMS = ['cases_number_trigrams', 'cases_reference_trigrams'] as const;

/** A page of cases (ids, page_size + 1 of them) and how to total them. */
async function searchCaseIds(
  trx: Tx,
  ctx: DomainContext,
  criteria: CaseCriteria,
  p: Page,
): Promise<{ ids: string[]; total: TotalSources }> {
  // Few candidates (an assigned sector's cases, a rare text's): read them all with the rule row by row.
  const direct = async (ids?: string[]) => {
    // Candidates found by their text need no second text match (it would read the trigrams again).
    const candidates = () =>
      ids
        ? whereIdIn(directCases(trx, ctx, { ...criteria, pattern: undefined }), 'c.id', ids)
        : directCases(trx, ctx, criteria);
    return pageOfCandidates(trx, candidates, newestFirst('c'), p);
  };
  if (criteria.assignedSectorId) return direct();
  const ranges = caseRanges(trx, ctx.user, criteria);
  // Totals count the whole list; pages read it from the cursor's position, if any.
  const list = mergedList(trx, ranges, ctx.tenant.schema);
  if (!criteria.pattern) return { ids: await list.page(p), total: list };
  const pattern = criteria.pattern;
  return searchText(trx, p, {
    pattern,
    head: (take) => {
      const stream = mergedPage(ranges, 0, take, p.after);
      return { sql: `select created_at as at, id from (${stream.sql}) v`, bindings: stream.bindings };
    },
    match: lateralMatch('cases c', 'c.is_ready', CASE_TEXT_COLUMNS, pattern),
    listEstimate: list.estimate,
    indexed: {
      scope: ctx.tenant.schema,
      rows: () => trx('cases as c').where('c.is_ready', true),
      columns: CASE_TEXT_COLUMNS,
      id: 'c.id',
      at: 'c.created_at',
      trigramStatistics: CASE_TEXT_TRIGRAMS,
    },
    among: (found) => direct(found.map((c) => c.id)),
    matching: () => directCases(trx, ctx, criteria),
    order: newestFirst('c'),
  });
}

async function pageOfCases(
  trx: Tx,
  ctx: DomainContext,
  input: CaseSearchInput,
  flavor: 'integration' | 'backend',
  p: Page,
) {
  const criteria = caseCriteria(ctx, input, flavor);
  if (criteria.text) criteria.pattern = await searchPattern(trx, criteria.text);
  if (flavor === 'integration' && input.sector_filter) {
    const owner = await trx('sectors')
      .where('acronym', input.sector_filter.toUpperCase())
      .first<{ id: string } | undefined>('id');
    if (!owner || (criteria.ownerSectorId && criteria.ownerSectorId !== owner.id))
      return { rows: [], total: { total: 0, exact: true }, more: false };
    criteria.ownerSectorId = owner.id;
  }
  const found = await searchCaseIds(trx, ctx, criteria, p);
  const total = await settleTotal(p, found.ids.length, found.total);
  const ids = found.ids.slice(0, p.pageSize);
  const loaded = ids.length
    ? await casesQuery(trx)
        .whereIn('c.id', ids)
        .select<(CaseRow & { position: string })[]>([
          ...CASE_COLUMNS,
          trx.raw(`${positionAt('c.created_at')} as position`),
        ])
    : [];
  const byId = new Map(loaded.map((c) => [c.id, c]));
  return { rows: ids.map((id) => byId.get(id)!), total, more: found.ids.length > p.pageSize };
}

/** Integration search, by page or by cursor. */
export async function searchCasesIntegration(ctx: DomainContext, input: CaseSearchInput) {
  const text = searchTextOf(input.search);
  const p = parseListPage(input, [
    'cases',
    ctx.user?.id ?? null,
    input.status || null,
    input.date_filter || null,
    input.sector_filter || null,
    text || null,
  ]);
  return ctx.db.transaction(async (trx) => {
    const { rows, total, more } = await pageOfCases(trx, ctx, input, 'integration', p);
    const { total_pages: _unused, ...info } = pageInfoOf(p, total);
    const deadlines = await openCaseDeadlines(
      trx,
      rows.map((c) => c.id),
    );
    return {
      cases: rows.map((c) => ({
        case_id: c.id,
        case_number: c.case_number,
        reference: c.reference,
        status: c.status,
        deadline: deadlines.get(c.id) ?? null,
      })),
      ...info,
      next_cursor: nextCursor(p, more, rows),
    };
  });
}

export async function searchCasesBackend(ctx: UserContext, input: CaseSearchInput) {
  const { user } = ctx;
  const p = parsePage(input);
  return ctx.db.transaction(async (trx) => {
    const { rows, total } = await pageOfCases(trx, ctx, input, 'backend', p);
    const accesses = await caseAccessForPage(trx, user, rows);
    const deadlines = await openCaseDeadlines(
      trx,
      rows.map((c) => c.id),
    );
    const items = rows.map((c, i) => {
      const access = accesses[i];
      return {
        id: c.id,
        case_number: c.case_number,
        reference: c.reference,
        status: c.status,
        created_at: iso(c.created_at),
        last_modified_at: iso(c.last_modified_at),
        case_type: { name: c.template_name, acronym: c.template_acronym },
        access_reason: access.reason,
        admin_sector: { sector_id: c.owner_sector_id, acronym: c.owner_sector_acronym, department: c.owner_department },
        assigned_sectors: uniqueSectors(access.assignments),
        current_sector: currentSector(c),
        deadline: deadlines.get(c.id) ?? null,
      };
    });
    return { cases: items, ...pageInfoOf(p, total) };
  });
}

function uniqueSectors(assignments: MovementRow[]) {
  const seen = new Map<string, { sector_id: string; acronym: string; name: string }>();
  for (const a of assignments)
    seen.set(a.to_sector_id, { sector_id: a.to_sector_id, acronym: a.to_acronym, name: a.to_name });
  return [...seen.values()];
}

export function currentSector(c: CaseRow) {
  return { sector_id: c.owner_sector_id, name: c.owner_sector_name, acronym: c.owner_sector_acronym };
}

export function caseObject(c: CaseRow) {
  return {
    case_id: c.id,
    case_number: c.case_number,
    reference: c.reference,
    status: c.status,
    created_at: iso(c.created_at),
    last_modified_at: iso(c.last_modified_at),
    current_sector: currentSector(c),
    case_type: { name: c.template_name, acronym: c.template_acronym },
    created_by: { user_id: c.created_by, full_name: c.creator_name },
  };
}

export function movementObject(m: MovementRow) {
  return {
    movement_id: m.id,
    movement_type: m.movement_type,
    from_sector: m.from_acronym,
    to_sector: m.to_acronym,
    reason: m.reason,
    created_by: m.created_by_name,
    created_at: iso(m.created_at),
    due_at: iso(m.due_at),
    ...(m.movement_type === 'assignment'
      ? {
          status: m.status,
          assigned_user: m.assigned_user_id ? { user_id: m.assigned_user_id, full_name: m.assigned_user_name } : null,
          closed_at: iso(m.closed_at),
        }
      : {}),
  };
}

/**
 * Documents of a case: linked ones and those created in it, as `reader` may read them (a user's
 * visibility; without a user, the system scope: no memo, note or unofficial document).
 */
async function caseDocumentRows(trx: Tx, caseId: string, reader: Reader) {
  let query = trx('documents as d')
    .join('document_types as t', 't.id', 'd.document_type_id')
    .whereNull('d.deleted_at')
    .andWhere((w) =>
      w
        .whereExists(trx('case_documents as cd').whereRaw('cd.document_id = d.id').andWhere('cd.case_id', caseId))
        .orWhere('d.case_id', caseId),
    );
  query = whereReadableBy(query, trx, reader);
  // A system reader lists official documents only: one in signing is still unofficial, and its
  // detail asks for X-User-ID anyway.
  if (!reader) query = query.andWhere('d.status', 'signed');
  const rows = await query.orderBy('d.created_at').select<
    {
      id: string;
      official_number: string | null;
      acronym: string;
      reference: string;
      status: string;
      created_at: Date;
    }[]
  >('d.id', 'd.official_number', 't.acronym', 'd.reference', 'd.status', 'd.created_at');
  return rows.map((d) => ({
    document_id: d.id,
    document_number: d.official_number,
    document_type: d.acronym,
    reference: d.reference,
    status: d.status,
    created_at: iso(d.created_at),
  }));
}

/** Each document linked to the case that `reader` may read, with who linked it and when (the desk shows them among the movements). */
async function documentLinksOf(trx: Tx, caseId: string, reader: Reader) {
  const query = whereReadableBy(
    trx('case_documents as cd')
      .join('documents as d', 'd.id', 'cd.document_id')
      .join('document_types as t', 't.id', 'd.document_type_id')
      .leftJoin('users as u', 'u.id', 'cd.linked_by')
      .where('cd.case_id', caseId)
      .whereNull('d.deleted_at'),
    trx,
    reader,
  );
  const rows = await query
    .orderBy([
      { column: 'cd.linked_at', order: 'desc' },
      { column: 'd.id', order: 'desc' },
    ])
    .select<
      {
        id: string;
        official_number: string | null;
        acronym: string;
        reference: string;
        linked_by: string | null;
        linked_at: Date;
      }[]
    >('d.id', 'd.official_number', 't.acronym', 'd.reference', 'u.full_name as linked_by', 'cd.linked_at');
  return rows.map((r) => ({
    document_id: r.id,
    document_number: r.official_number,
    document_type: r.acronym,
    reference: r.reference,
    linked_by: r.linked_by,
    linked_at: iso(r.linked_at),
  }));
}

/** Integration detail; with X-User-ID omitted (a system-scope key) the case permission check is skipped (spec), not the documents'. */
export async function getCase(ctx: DomainContext, caseId: string, options: { includeDocuments: boolean }) {
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, ctx.user, caseId);
    // A system reader gets no summary: it may quote a linked note, which that scope never reads.
    const deadline = (await openCaseDeadlines(trx, [c.id])).get(c.id) ?? null;
    const base = { ...caseObject(c), short_ai_summary: ctx.user ? c.short_ai_summary : null, deadline };
    if (!options.includeDocuments) return base;
    const documents = (await caseDocumentRows(trx, c.id, ctx.user)).map(
      ({ document_id, document_number, reference, status }) => ({ document_id, document_number, reference, status }),
    );
    return { ...base, documents };
  });
}

export async function getCaseByNumber(ctx: DomainContext, caseNumber: string) {
  searchTextOf(caseNumber, 'number');
  return ctx.db.transaction(async (trx) => {
    let query = casesQuery(trx).where('c.case_number', caseNumber);
    if (ctx.user) query = whereCaseVisibleTo(query, trx, ctx.user);
    const c = await query.first<CaseRow | undefined>(CASE_COLUMNS);
    if (!c) throw notFound(CASE_MESSAGES.notFound);
    return caseObject(c);
  });
}

async function movementsOf(trx: Tx, caseId: string) {
  const rows: MovementRow[] = await movementsQuery(trx)
    .where('m.case_id', caseId)
    .orderBy([
      { column: 'm.created_at', order: 'desc' },
      { column: 'm.id', order: 'desc' },
    ]);
  return rows.map(movementObject);
}

export async function caseHistory(ctx: DomainContext, caseId: string) {
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, ctx.user, caseId);
    return { movements: await movementsOf(trx, c.id) };
  });
}

export async function caseDocuments(ctx: DomainContext, caseId: string) {
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, ctx.user, caseId);
    return { documents: await caseDocumentRows(trx, c.id, ctx.user) };
  });
}

export async function casePermissions(ctx: UserContext, caseId: string): Promise<CasePermissions> {
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, ctx.user, caseId);
    return (await caseAccess(trx, ctx.user, c)).permissions;
  });
}

/** Backend detail: the case with its movements, documents and the user's permissions. */
export async function caseDetailBackend(ctx: UserContext, caseId: string) {
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, ctx.user, caseId);
    const access = await caseAccess(trx, ctx.user, c);
    return {
      ...caseObject(c),
      short_ai_summary: c.short_ai_summary,
      admin_sector: { sector_id: c.owner_sector_id, acronym: c.owner_sector_acronym, department: c.owner_department },
      assigned_sectors: uniqueSectors(access.assignments),
      access_reason: access.reason,
      movements: await movementsOf(trx, c.id),
      documents: await caseDocumentRows(trx, c.id, ctx.user),
      document_links: await documentLinksOf(trx, c.id, ctx.user),
      my_proposed_drafts: await proposedDraftsOf(trx, c.id, ctx.user.id),
      permissions: access.permissions,
      deadline: (await openCaseDeadlines(trx, [c.id])).get(c.id) ?? null,
    };
  });
}

/**
 * The user's own unsigned documents proposed to this case (saved with `proposed_case_ids`; linked
 * when they are signed). Only their own: found through the creator index, never a scan.
 */
async function proposedDraftsOf(trx: Tx, caseId: string, userId: string) {
  const rows = await trx('documents as d')
    .join('document_types as t', 't.id', 'd.document_type_id')
    .where('d.created_by', userId)
    .whereNull('d.deleted_at')
    .whereIn('d.status', ['draft', 'rejected', 'sent_to_sign'])
    .whereRaw('?::uuid = any(d.proposed_case_ids)', [caseId])
    .orderBy('d.created_at')
    .select<{ id: string; acronym: string; reference: string; status: string; created_at: Date }[]>(
      'd.id',
      't.acronym',
      'd.reference',
      'd.status',
      'd.created_at',
    );
  return rows.map((d) => ({
    document_id: d.id,
    document_type: d.acronym,
    reference: d.reference,
    status: d.status,
    created_at: iso(d.created_at),
  }));
}

async function sectorsExcept(trx: Tx, ownerSectorId: string) {
  return trx('sectors')
    .where('is_active', true)
    .andWhereNot('id', ownerSectorId)
    .orderBy('name')
    .select<{ sector_id: string; name: string; acronym: string }[]>('id as sector_id', 'name', 'acronym');
}

async function activeUsersOf(trx: Tx, sectorId: string) {
  return trx('users as u')
    .join('user_sector_permissions as p', 'p.user_id', 'u.id')
    .where({ 'p.sector_id': sectorId, 'u.is_active': true })
    .orderBy('u.full_name')
    .select<{ user_id: string; full_name: string; email: string; role: string }[]>(
      'u.id as user_id',
      'u.full_name',
      'u.email',
      'u.role',
    );
}

export async function prepareTransfer(ctx: UserContext, caseId: string) {
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, null, caseId);
    if (!(await caseAccess(trx, ctx.user, c)).permissions.can_transfer)
      throw forbidden(CASE_MESSAGES.noTransferPermission);
    return { available_sectors: await sectorsExcept(trx, c.owner_sector_id) };
  });
}

export async function prepareAssignment(ctx: UserContext, caseId: string) {
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, null, caseId);
    if (!(await caseAccess(trx, ctx.user, c)).permissions.can_assign) throw forbidden(CASE_MESSAGES.noAssignPermission);
    const sectors = await sectorsExcept(trx, c.owner_sector_id);
    const result = [];
    for (const s of sectors) {
      result.push({
        ...s,
        users: (await activeUsersOf(trx, s.sector_id)).map(({ user_id, full_name, email }) => ({
          user_id,
          full_name,
          email,
        })),
      });
    }
    return { available_sectors: result };
  });
}

/** Backend: sectors a case may be transferred or assigned to (all active sectors but its owner). */
export async function availableSectors(ctx: DomainContext, caseId: string) {
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, ctx.user, caseId);
    const sectors = await sectorsExcept(trx, c.owner_sector_id);
    return { sectors, total: sectors.length };
  });
}

export async function sectorUsers(ctx: DomainContext, sectorId: string) {
  return ctx.db.transaction(async (trx) => {
    const sector = isUuid(sectorId) ? await trx('sectors').where({ id: sectorId }).first('id') : undefined;
    if (!sector) throw notFound(CASE_MESSAGES.sectorNotFound);
    return { users: await activeUsersOf(trx, sectorId) };
  });
}
