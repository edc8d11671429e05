/** Moving a case: transfer (ownership or a task), assign, close an assignment. Each is a movement. */
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import { recordActivity } from '../activity-feed.js';
import type { ActingUser, DomainContext } from '../context.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { caseAccess, requireCase } from './access.js';
import { CASE_MESSAGES } from './messages.js';
import type { CaseRow } from './records.js';

export interface ReasonRule {
  /** Backend transfers and every assign/close-assign: 5-500 characters (spec Limits). */
  bounded: boolean;
}

export function checkReason(reason: unknown, rule: ReasonRule): string {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (!text) throw badRequest(CASE_MESSAGES.reasonRequired);
  if (rule.bounded && (text.length < 5 || text.length > 500)) throw badRequest(CASE_MESSAGES.reasonLength);
  if (text.length > 500) throw badRequest(CASE_MESSAGES.reasonLength);
  return text;
}

function userOf(ctx: DomainContext): ActingUser {
  if (!ctx.user) throw new Error('case movements need an acting user');
  return ctx.user;
}

async function targetSector(trx: Tx, c: CaseRow, sectorId: unknown) {
  if (typeof sectorId !== 'string' || !sectorId) throw badRequest('target_sector_id es requerido');
  if (!isUuid(sectorId)) throw badRequest('target_sector_id debe ser un UUID');
  const sector = await trx('sectors').where({ id: sectorId, is_active: true }).first<{ id: string; acronym: string; name: string } | undefined>('id', 'acronym', 'name');
  if (!sector) throw notFound(CASE_MESSAGES.targetSectorNotFound);
  if (sector.id === c.owner_sector_id) throw badRequest(CASE_MESSAGES.sameSector);
  return sector;
}

async function assignedUser(trx: Tx, sectorId: string, userId: unknown): Promise<string | null> {
  if (userId === undefined || userId === null || userId === '') return null;
  if (!isUuid(userId)) throw badRequest('assigned_user_id debe ser un UUID');
  const member = await trx('users as u')
    .join('user_sector_permissions as p', 'p.user_id', 'u.id')
    .where({ 'u.id': userId, 'u.is_active': true, 'p.sector_id': sectorId })
    .first('u.id');
  if (!member) throw badRequest(CASE_MESSAGES.assignedUserNotInSector);
  return userId.toLowerCase();
}

export interface TransferInput {
  targetSectorId: unknown;
  reason: unknown;
  assignedUserId?: unknown;
  /** true (default) moves ownership; false only assigns a task to the target sector. */
  transferOwnership: boolean;
}

export interface MovementResult {
  movementId: string;
  movementType: 'transfer' | 'assignment';
  caseId: string;
  caseNumber: string;
  fromSector: { sector_id: string; acronym: string };
  toSector: { sector_id: string; acronym: string; name: string };
  assignedUserId: string | null;
}

/** Only a responsible of the case's current sector may transfer (403 otherwise). */
export async function transferCase(ctx: DomainContext, caseId: string, input: TransferInput, rule: ReasonRule): Promise<MovementResult> {
  const user = userOf(ctx);
  return ctx.db.transaction(async (trx) => {
    // Existence only: for movements the spec answers 403 to anyone who is not a responsible.
    const c = await requireCase(trx, null, caseId, { forUpdate: true });
    if (!(await caseAccess(trx, user, c)).permissions.can_transfer) throw forbidden(CASE_MESSAGES.noTransferPermission);
    const target = await targetSector(trx, c, input.targetSectorId);
    const reason = checkReason(input.reason, rule);
    const assignee = await assignedUser(trx, target.id, input.assignedUserId);
    const movementType = input.transferOwnership ? 'transfer' : 'assignment';
    const [movement] = await trx('case_movements')
      .insert({
        case_id: c.id, movement_type: movementType, from_sector_id: c.owner_sector_id, to_sector_id: target.id, assigned_user_id: assignee,
        reason, created_by: user.id, status: input.transferOwnership ? 'closed' : 'active',
      })
      .returning<{ id: string }[]>('id');
    const changes: Record<string, unknown> = { last_modified_at: trx.fn.now() };
    if (input.transferOwnership) Object.assign(changes, { owner_sector_id: target.id, responsible_user_id: assignee });
    await trx('cases').where({ id: c.id }).update(changes);
    await recordActivity(trx, {
      kind: input.transferOwnership ? 'case_transferred' : 'case_assigned', actorUserId: user.id, sectorId: target.id, entityType: 'case', entityId: c.id,
      summary: `${user.fullName} ${input.transferOwnership ? 'transfirió' : 'asignó'} el expediente ${c.case_number} a ${target.acronym}: ${reason}`,
      data: { movement_id: movement!.id, from_sector_id: c.owner_sector_id, to_sector_id: target.id },
    });
    return {
      movementId: movement!.id, movementType, caseId: c.id, caseNumber: c.case_number,
      fromSector: { sector_id: c.owner_sector_id, acronym: c.owner_sector_acronym },
      toSector: { sector_id: target.id, acronym: target.acronym, name: target.name },
      assignedUserId: assignee,
    };
  });
}

export interface AssignInput {
  targetSectorId: unknown;
  reason: unknown;
  assignedUserId?: unknown;
}

export async function assignCase(ctx: DomainContext, caseId: string, input: AssignInput): Promise<MovementResult> {
  const user = userOf(ctx);
  const allowed = await ctx.db.transaction(async (trx) => (await caseAccess(trx, user, await requireCase(trx, null, caseId))).permissions.can_assign);
  if (!allowed) throw forbidden(CASE_MESSAGES.noAssignPermission);
  return transferCase(ctx, caseId, { ...input, transferOwnership: false }, { bounded: true });
}

export async function closeAssignment(ctx: DomainContext, caseId: string, input: { movementId: unknown; reason: unknown }): Promise<{ movementId: string }> {
  const user = userOf(ctx);
  if (typeof input.movementId !== 'string' || !input.movementId) throw badRequest('movement_id es requerido');
  if (!isUuid(input.movementId)) throw badRequest('movement_id debe ser un UUID');
  const movementId = input.movementId;
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, null, caseId, { forUpdate: true });
    const movement = await trx('case_movements').where({ id: movementId, case_id: c.id }).first<{ id: string; movement_type: string; status: string } | undefined>();
    if (!movement) throw notFound(CASE_MESSAGES.movementNotFound);
    if (movement.movement_type !== 'assignment' || movement.status !== 'active') throw badRequest(CASE_MESSAGES.notActiveAssignment);
    if (!(await caseAccess(trx, user, c)).permissions.can_close) throw forbidden(CASE_MESSAGES.noClosePermission);
    const reason = checkReason(input.reason, { bounded: true });
    await trx('case_movements').where({ id: movement.id }).update({ status: 'closed', closed_at: trx.fn.now(), closed_by: user.id, close_reason: reason });
    await trx('cases').where({ id: c.id }).update({ last_modified_at: trx.fn.now() });
    return { movementId: movement.id };
  });
}
