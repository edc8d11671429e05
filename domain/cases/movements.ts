/** Moving a case: transfer (ownership or a task), assign, close an assignment. Each is a movement. */
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import { recordActivity } from '../activity-feed.js';
import { calendarIn } from '../business-days.js';
import { resolveDeadline, type DeadlineRequest } from '../deadlines/request.js';
import type { ActingUser, DomainContext, UserContext } from '../context.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { caseAccess, requireCase } from './access.js';
import { CASE_MESSAGES } from './messages.js';
import type { CaseRow } from './records.js';
import { emitEvent } from '../webhooks/outbox.js';

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

async function targetSector(trx: Tx, c: CaseRow, sectorId: unknown) {
  if (typeof sectorId !== 'string' || !sectorId) throw badRequest('target_sector_id es requerido');
  if (!isUuid(sectorId)) throw badRequest('target_sector_id debe ser un UUID');
  const sector = await trx('sectors')
    .where({ id: sectorId, is_active: true })
    .first<{ id: string; acronym: string; name: string } | undefined>('id', 'acronym', 'name');
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
  /** "Retorno programado": the receiving sector's deadline. */
  due?: DeadlineRequest | null;
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
  /** The movement's deadline (ISO), or null. */
  dueAt?: string | null;
  /** Movements whose deadlines this one ended (a transfer ends every open deadline of the case). */
  endedDeadlines?: string[];
}

/**
 * A transfer or assignment as plain data, so a workflow can carry it: the movement with its PV
 * document (`create_official_doc`) is recorded by ProvidenceWorkflow's first step, under an id the
 * API chooses before anything is written.
 */
export interface MovementRequest {
  kind: 'transfer' | 'assign';
  caseId: string;
  targetSectorId: unknown;
  reason: unknown;
  assignedUserId?: unknown;
  transferOwnership: boolean;
  bounded: boolean;
  due?: DeadlineRequest | null;
}

/**
 * Records `request` as movement `movementId`, once: a repeat (a retried workflow step) finds the
 * movement already there and answers it, whoever's permissions changed since.
 */
export async function recordMovement(
  ctx: UserContext,
  movementId: string,
  request: MovementRequest,
): Promise<MovementResult> {
  const input = {
    targetSectorId: request.targetSectorId,
    reason: request.reason,
    assignedUserId: request.assignedUserId,
    due: request.due ?? null,
  };
  if (request.kind === 'assign') return assignCase(ctx, request.caseId, input, movementId);
  return transferCase(
    ctx,
    request.caseId,
    { ...input, transferOwnership: request.transferOwnership },
    { bounded: request.bounded },
    movementId,
  );
}

async function existingMovement(trx: Tx, c: CaseRow, movementId: string): Promise<MovementResult | undefined> {
  const m = await trx('case_movements as m')
    .join('sectors as f', 'f.id', 'm.from_sector_id')
    .join('sectors as t', 't.id', 'm.to_sector_id')
    .where({ 'm.id': movementId, 'm.case_id': c.id })
    .first<
      | {
          movement_type: 'transfer' | 'assignment';
          from_id: string;
          from_acronym: string;
          to_id: string;
          to_acronym: string;
          to_name: string;
          assigned_user_id: string | null;
          due_at: Date | null;
        }
      | undefined
    >(
      'm.movement_type',
      'f.id as from_id',
      'f.acronym as from_acronym',
      't.id as to_id',
      't.acronym as to_acronym',
      't.name as to_name',
      'm.assigned_user_id',
      'm.due_at',
    );
  if (!m) return undefined;
  return {
    movementId,
    movementType: m.movement_type,
    caseId: c.id,
    caseNumber: c.case_number,
    fromSector: { sector_id: m.from_id, acronym: m.from_acronym },
    toSector: { sector_id: m.to_id, acronym: m.to_acronym, name: m.to_name },
    assignedUserId: m.assigned_user_id,
    dueAt: m.due_at ? m.due_at.toISOString() : null,
    endedDeadlines: [],
  };
}

/** What a movement's request must pass, in the order its refusals are answered; nothing is written. */
async function checkedMovement(
  ctx: DomainContext,
  trx: Tx,
  user: ActingUser,
  c: CaseRow,
  input: TransferInput,
  rule: ReasonRule,
) {
  if (!(await caseAccess(trx, user, c)).permissions.can_transfer) throw forbidden(CASE_MESSAGES.noTransferPermission);
  const target = await targetSector(trx, c, input.targetSectorId);
  const reason = checkReason(input.reason, rule);
  const assignee = await assignedUser(trx, target.id, input.assignedUserId);
  const dueAt = input.due ? resolveDeadline(await calendarIn(trx, ctx.services.timeZone), input.due, new Date()) : null;
  return { target, reason, assignee, dueAt };
}

/**
 * The refusal `request` would get, found before anything starts: the API checks a movement with
 * its PV this way before starting the workflow that records it, so a refused request leaves no
 * failed run behind. The step checks again when it records (the case may have changed).
 */
export async function checkMovement(ctx: UserContext, request: MovementRequest): Promise<{ caseNumber: string }> {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, null, request.caseId);
    if (request.kind === 'assign' && !(await caseAccess(trx, user, c)).permissions.can_assign)
      throw forbidden(CASE_MESSAGES.noAssignPermission);
    const input = {
      targetSectorId: request.targetSectorId,
      reason: request.reason,
      assignedUserId: request.assignedUserId,
      due: request.due ?? null,
      transferOwnership: request.transferOwnership,
    };
    await checkedMovement(ctx, trx, user, c, input, { bounded: request.kind === 'assign' || request.bounded });
    return { caseNumber: c.case_number };
  });
}

/** Only a responsible of the case's current sector may transfer (403 otherwise). */
export async function transferCase(
  ctx: UserContext,
  caseId: string,
  input: TransferInput,
  rule: ReasonRule,
  movementId?: string,
): Promise<MovementResult> {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    // Existence only: for movements the spec answers 403 to anyone who is not a responsible.
    const c = await requireCase(trx, null, caseId, { forUpdate: true });
    // Under the case's lock, so a repeat and the first attempt cannot both insert.
    const recorded = movementId ? await existingMovement(trx, c, movementId) : undefined;
    if (recorded) return recorded;
    const { target, reason, assignee, dueAt } = await checkedMovement(ctx, trx, user, c, input, rule);
    const movementType = input.transferOwnership ? 'transfer' : 'assignment';
    // The case moves on: whatever was due from the sectors it leaves no longer runs.
    const ended: string[] = input.transferOwnership
      ? await trx('case_movements')
          .where({ case_id: c.id })
          .whereNotNull('due_at')
          .whereNull('deadline_ended_at')
          .update({ deadline_ended_at: trx.fn.now() })
          .returning('id')
          .then((rows: { id: string }[]) => rows.map((r) => r.id))
      : [];
    const [movement] = await trx('case_movements')
      .insert({
        ...(movementId ? { id: movementId } : {}),
        case_id: c.id,
        movement_type: movementType,
        from_sector_id: c.owner_sector_id,
        to_sector_id: target.id,
        assigned_user_id: assignee,
        reason,
        created_by: user.id,
        status: input.transferOwnership ? 'closed' : 'active',
        due_at: dueAt,
      })
      .returning<{ id: string }[]>('id');
    const changes: Record<string, unknown> = { last_modified_at: trx.fn.now() };
    if (input.transferOwnership) Object.assign(changes, { owner_sector_id: target.id, responsible_user_id: assignee });
    await trx('cases').where({ id: c.id }).update(changes);
    await recordActivity(trx, {
      kind: input.transferOwnership ? 'case_transferred' : 'case_assigned',
      actorUserId: user.id,
      sectorId: target.id,
      entityType: 'case',
      entityId: c.id,
      summary: `${user.fullName} ${input.transferOwnership ? 'transfirió' : 'asignó'} el expediente ${c.case_number} a ${target.acronym}: ${reason}`,
      data: {
        movement_id: movement!.id,
        from_sector_id: c.owner_sector_id,
        to_sector_id: target.id,
        assigned_user_id: assignee,
        due_at: dueAt?.toISOString() ?? null,
      },
    });
    const about = { case_id: c.id, case_number: c.case_number, movement_id: movement!.id };
    if (input.transferOwnership) {
      await emitEvent(
        trx,
        'case.transferred',
        { kind: 'case', id: c.id },
        { ...about, from_sector_id: c.owner_sector_id, to_sector_id: target.id, by_user_id: user.id },
      );
    } else {
      await emitEvent(
        trx,
        'case.assigned',
        { kind: 'case', id: c.id },
        { ...about, sector_id: target.id, assigned_user_id: assignee, by_user_id: user.id },
      );
    }
    return {
      movementId: movement!.id,
      movementType,
      caseId: c.id,
      caseNumber: c.case_number,
      fromSector: { sector_id: c.owner_sector_id, acronym: c.owner_sector_acronym },
      toSector: { sector_id: target.id, acronym: target.acronym, name: target.name },
      assignedUserId: assignee,
      dueAt: dueAt?.toISOString() ?? null,
      endedDeadlines: ended,
    };
  });
}

export interface AssignInput {
  targetSectorId: unknown;
  reason: unknown;
  assignedUserId?: unknown;
  due?: DeadlineRequest | null;
}

export async function assignCase(
  ctx: UserContext,
  caseId: string,
  input: AssignInput,
  movementId?: string,
): Promise<MovementResult> {
  const { user } = ctx;
  const allowed = await ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, null, caseId);
    if (movementId && (await existingMovement(trx, c, movementId))) return true;
    return (await caseAccess(trx, user, c)).permissions.can_assign;
  });
  if (!allowed) throw forbidden(CASE_MESSAGES.noAssignPermission);
  return transferCase(ctx, caseId, { ...input, transferOwnership: false }, { bounded: true }, movementId);
}

export async function closeAssignment(
  ctx: UserContext,
  caseId: string,
  input: { movementId: unknown; reason: unknown },
): Promise<{ movementId: string; endedDeadlines: string[] }> {
  const { user } = ctx;
  if (typeof input.movementId !== 'string' || !input.movementId) throw badRequest('movement_id es requerido');
  if (!isUuid(input.movementId)) throw badRequest('movement_id debe ser un UUID');
  const movementId = input.movementId;
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, null, caseId, { forUpdate: true });
    const movement = await trx('case_movements')
      .where({ id: movementId, case_id: c.id })
      .first<{ id: string; movement_type: string; status: string } | undefined>();
    if (!movement) throw notFound(CASE_MESSAGES.movementNotFound);
    if (movement.movement_type !== 'assignment' || movement.status !== 'active')
      throw badRequest(CASE_MESSAGES.notActiveAssignment);
    if (!(await caseAccess(trx, user, c)).permissions.can_close) throw forbidden(CASE_MESSAGES.noClosePermission);
    const reason = checkReason(input.reason, { bounded: true });
    const [closed] = await trx('case_movements')
      .where({ id: movement.id })
      .update({
        status: 'closed',
        closed_at: trx.fn.now(),
        closed_by: user.id,
        close_reason: reason,
        deadline_ended_at: trx.raw('case when due_at is null then null else now() end'),
      })
      .returning<{ due_at: Date | null }[]>('due_at');
    await trx('cases').where({ id: c.id }).update({ last_modified_at: trx.fn.now() });
    await emitEvent(
      trx,
      'case.assignment_closed',
      { kind: 'case', id: c.id },
      { case_id: c.id, case_number: c.case_number, movement_id: movement.id, by_user_id: user.id },
    );
    return { movementId: movement.id, endedDeadlines: closed?.due_at ? [movement.id] : [] };
  });
}
