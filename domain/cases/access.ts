/**
 * What the acting user may do with a case. The case belongs to its owner (administrative) sector:
 * users who can view that sector see it, users who can edit there are its responsibles (they
 * transfer, assign and resolve proposals). An active assignment gives the assigned sector (or the
 * assigned user) sight of the case and lets its editors add documents and close the assignment.
 * The creator keeps sight of the case. A case the user cannot see is "not found".
 */
import type { Knex } from 'knex';
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import type { ActingUser } from '../context.js';
import { notFound } from '../errors.js';
import { editSectorIds, viewSectorIds } from '../documents/access.js';
import { CASE_MESSAGES } from './messages.js';
import {
  activeAssignments,
  activeAssignmentsByCase,
  CASE_COLUMNS,
  casesQuery,
  type CaseRow,
  type MovementRow,
} from './records.js';

export type AccessReason = 'owner_sector' | 'assigned_sector' | 'assigned_user' | 'creator';

export interface CasePermissions {
  can_view: boolean;
  can_transfer: boolean;
  can_assign: boolean;
  can_add_documents: boolean;
  can_close: boolean;
}

export interface CaseAccess {
  permissions: CasePermissions;
  reason: AccessReason | null;
  assignments: MovementRow[];
}

export function isResponsible(user: ActingUser, c: Pick<CaseRow, 'owner_sector_id'>): boolean {
  return editSectorIds(user).includes(c.owner_sector_id);
}

export async function caseAccess(trx: Tx, user: ActingUser, c: CaseRow): Promise<CaseAccess> {
  return accessWith(user, c, await activeAssignments(trx, c.id));
}

/** The access of `user` to each case of a page, with one query for all their assignments. */
export async function caseAccessForPage(trx: Tx, user: ActingUser, cases: CaseRow[]): Promise<CaseAccess[]> {
  const byCase = await activeAssignmentsByCase(
    trx,
    cases.map((c) => c.id),
  );
  return cases.map((c) => accessWith(user, c, byCase.get(c.id) ?? []));
}

function accessWith(user: ActingUser, c: CaseRow, assignments: MovementRow[]): CaseAccess {
  const mySectors = user.sectors.map((s) => s.sectorId);
  const editable = editSectorIds(user);
  const ownerView = viewSectorIds(user).includes(c.owner_sector_id);
  const responsible = isResponsible(user, c);
  const assignedUser = assignments.some((a) => a.assigned_user_id === user.id);
  const assignedSector = assignments.some((a) => mySectors.includes(a.to_sector_id));
  const assignedEditor = assignments.some((a) => a.assigned_user_id === user.id || editable.includes(a.to_sector_id));
  const creator = c.created_by === user.id;
  const reason: AccessReason | null =
    ownerView || responsible
      ? 'owner_sector'
      : assignedUser
        ? 'assigned_user'
        : assignedSector
          ? 'assigned_sector'
          : creator
            ? 'creator'
            : null;
  return {
    reason,
    assignments,
    permissions: {
      can_view: reason !== null,
      can_transfer: responsible && c.status === 'active',
      can_assign: responsible && c.status === 'active',
      can_add_documents: (responsible || assignedEditor) && c.status === 'active',
      can_close: assignments.length > 0 && (responsible || assignedEditor),
    },
  };
}

/** Adds "visible to `user`" to a query over `cases as c`. */
export function whereCaseVisibleTo(query: Knex.QueryBuilder, trx: Tx, user: ActingUser): Knex.QueryBuilder {
  const mySectors = user.sectors.map((s) => s.sectorId);
  const viewable = [...new Set([...viewSectorIds(user), ...editSectorIds(user)])];
  return query.where((w) => {
    w.whereIn('c.owner_sector_id', viewable)
      .orWhere('c.created_by', user.id)
      .orWhereExists(
        trx('case_movements as am')
          .whereRaw('am.case_id = c.id')
          .andWhere({ 'am.movement_type': 'assignment', 'am.status': 'active' })
          .andWhere((a) => a.whereIn('am.to_sector_id', mySectors).orWhere('am.assigned_user_id', user.id)),
      );
  });
}

/** The case if it exists and (with a user) is visible; else 404. */
export async function requireCase(
  trx: Tx,
  user: ActingUser | null,
  caseId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CaseRow> {
  if (!isUuid(caseId)) throw notFound(CASE_MESSAGES.notFound);
  let query = casesQuery(trx).where('c.id', caseId);
  if (user) query = whereCaseVisibleTo(query, trx, user);
  if (options.forUpdate) query = query.forUpdate('c');
  const row = await query.first<CaseRow | undefined>(CASE_COLUMNS);
  if (!row) throw notFound(CASE_MESSAGES.notFound);
  return row;
}

/**
 * Every case of `ids` (lower case) is one the user can see, else 404 with the case's not-found
 * message (`proposed_case_ids` of a draft). One query whatever the list's length: a body may hold
 * a hundred thousand ids.
 */
export async function requireVisibleCases(trx: Tx, user: ActingUser, ids: string[]): Promise<void> {
  if (!ids.length) return;
  if (!ids.every(isUuid)) throw notFound(CASE_MESSAGES.notFound);
  const seen = new Set(
    await whereCaseVisibleTo(trx('cases as c').whereRaw('c.id = any(?::uuid[])', [ids]), trx, user).pluck('c.id'),
  );
  if (ids.some((id) => !seen.has(id))) throw notFound(CASE_MESSAGES.notFound);
}
