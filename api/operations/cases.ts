/**
 * Case operations shared by integration REST, backend and MCP: each request's one schema and the
 * operation it runs. Integration REST and MCP answer alike, so their answers live here too; the
 * backend shapes its own answers (its envelope, whole sectors instead of acronyms) from the same outcomes.
 */
import type { CaseCreationResult } from '../../contract/cases.js';
import { annulFolio } from '../../domain/case-file/annulment.js';
import { decideProposal, linkDocument, proposeDocument } from '../../domain/cases/case-documents.js';
import {
  assignCase,
  closeAssignment,
  transferCase,
  type MovementRequest,
  type MovementResult,
} from '../../domain/cases/movements.js';
import type { UserContext } from '../../domain/context.js';
import { parseDeadlineRequest } from '../../domain/deadlines/request.js';
import { badRequest, isAppError } from '../../domain/errors.js';
import { TEXT_LIMITS } from '../../domain/limits.js';
import { deadlineProperties, type DeadlineFields } from '../deadline-body.js';
import type { ApiDeps } from '../deps.js';
import { caseDeadlines } from '../temporal/case-deadlines.js';
import { caseWorkflows, pollPath, type CaseWorkflows, type CreationOutcome } from '../temporal/case-workflows.js';
import { requestSummary } from '../temporal/summaries.js';
import { bodyParser, requiredText, uuid } from '../validation.js';

export const caseCreationBody = bodyParser<{
  case_template_id: string;
  reference: string;
  owner_sector_id?: string | null;
}>({
  type: 'object',
  required: ['case_template_id', 'reference'],
  properties: {
    case_template_id: uuid,
    reference: requiredText(TEXT_LIMITS.reference),
    owner_sector_id: { anyOf: [uuid, { type: 'null' }] },
  },
});

type MovementFields = {
  target_sector_id: string;
  reason?: string;
  assigned_user_id?: string | null;
  create_official_doc?: boolean;
} & DeadlineFields;

/** Integration REST and MCP transfer and assign: a transfer always hands the case over. */
export const movementBody = bodyParser<MovementFields>({
  type: 'object',
  // reason is checked by the domain, so a missing one gets the catalog's message too.
  required: ['target_sector_id'],
  properties: {
    target_sector_id: uuid,
    reason: { type: 'string' },
    assigned_user_id: { anyOf: [uuid, { type: 'null' }] },
    create_official_doc: { type: 'boolean' },
    ...deadlineProperties,
  },
});

/** The backend's transfer and assign: a transfer may keep the ownership (`transfer_ownership: false`). */
export const backendMovementBody = bodyParser<MovementFields & { transfer_ownership?: boolean }>({
  type: 'object',
  // reason is checked by the domain, so a missing one gets the catalog's message too.
  required: ['target_sector_id'],
  properties: {
    target_sector_id: uuid,
    reason: { type: 'string' },
    transfer_ownership: { type: 'boolean' },
    assigned_user_id: { anyOf: [uuid, { type: 'null' }] },
    create_official_doc: { type: 'boolean' },
    ...deadlineProperties,
  },
});

export const closeBody = bodyParser<{ movement_id: string; reason?: string }>({
  type: 'object',
  required: ['movement_id'],
  properties: { movement_id: uuid, reason: { type: 'string' } },
});

export const linkBody = bodyParser<{ official_document_id: string }>({
  type: 'object',
  required: ['official_document_id'],
  properties: { official_document_id: uuid },
});

/** The backend's link takes the document as `official_document_id` or `document_id`. */
export const backendLinkBody = bodyParser<{ document_id?: string; official_document_id?: string }>({
  type: 'object',
  properties: { document_id: uuid, official_document_id: uuid },
});

export const proposeBody = bodyParser<{ document_draft_id: string }>({
  type: 'object',
  required: ['document_draft_id'],
  properties: { document_draft_id: uuid },
});

export const decisionBody = bodyParser<{ proposed_id: string; reason?: string }>({
  type: 'object',
  required: ['proposed_id'],
  properties: { proposed_id: uuid, reason: { type: 'string', maxLength: TEXT_LIMITS.movementReason } },
});

/** reason is checked by the domain (required, 5-500 characters), so a missing one gets its message. */
export const annulBody = bodyParser<{ reason?: string }>({
  type: 'object',
  properties: { reason: { type: 'string' } },
});

/** A case creation: done at once, or still running under its idempotency key (poll `pollPath`). */
export function createCase(
  deps: ApiDeps,
  ctx: UserContext,
  body: ReturnType<typeof caseCreationBody>,
  idempotencyKey: string | undefined,
) {
  return caseWorkflows(deps).create(ctx, {
    templateId: body.case_template_id,
    reference: body.reference.trim(),
    ownerSectorId: body.owner_sector_id ?? null,
    idempotencyKey,
  });
}

/** The integration answer of a created case. */
export function creationBody(result: CaseCreationResult) {
  return {
    case_id: result.caseId,
    case_number: result.caseNumber,
    reference: result.reference,
    status: result.status,
    created_at: result.createdAt,
  };
}

/** A creation still running, as both REST interfaces answer it (the backend inside its envelope). */
export function creationInProgress(outcome: CreationOutcome) {
  return {
    workflow_id: outcome.workflowId,
    status: 'creating',
    idempotency_key: outcome.key,
    poll_url: pollPath(outcome.key),
  };
}

/** A transfer or an assignment asked by a movement body; `bounded`: the reason must be 5-500 characters. */
export function movementRequest(
  kind: MovementRequest['kind'],
  caseId: string,
  body: MovementFields,
  options: { transferOwnership: boolean; bounded: boolean },
): MovementRequest {
  return {
    kind,
    caseId,
    targetSectorId: body.target_sector_id,
    reason: body.reason,
    assignedUserId: body.assigned_user_id,
    ...options,
    due: parseDeadlineRequest(body),
  };
}

/** An assignment never changes the owner, and its reason is 5-500 characters, on every interface. */
export const assignRequest = (caseId: string, body: MovementFields) =>
  movementRequest('assign', caseId, body, { transferOwnership: false, bounded: true });

type Moved = Awaited<ReturnType<CaseWorkflows['moveWithProvidence']>>;

/**
 * A movement, with its PV document when `create_official_doc` asks for one: recorded by the
 * workflow that then signs the PV (so no crash leaves one without the other), or, without a PV,
 * in one domain transaction. The PV part says where it stands: signed, still signing, or failed.
 */
export async function moveCase(
  deps: ApiDeps,
  ctx: UserContext,
  request: MovementRequest,
  createOfficialDoc: boolean | undefined,
) {
  if (!createOfficialDoc) {
    const movement = await recordMovementNow(ctx, request);
    await caseDeadlines(deps).follow(ctx, movement);
    return { movement, official: {}, deadline: deadlineOf(movement) };
  }
  const moved = await caseWorkflows(deps).moveWithProvidence(ctx, request);
  await caseDeadlines(deps).follow(ctx, moved.movement);
  return {
    movement: moved.movement,
    official: { official_document: officialDocumentOf(deps, moved) },
    deadline: deadlineOf(moved.movement),
  };
}

/** The movement's deadline, in the answer only when one was set (the spec's answers stay as documented). */
const deadlineOf = (m: MovementResult) => (m.dueAt ? { due_at: m.dueAt } : {});

async function recordMovementNow(ctx: UserContext, request: MovementRequest) {
  const input = {
    targetSectorId: request.targetSectorId,
    reason: request.reason,
    assignedUserId: request.assignedUserId,
    due: request.due ?? null,
  };
  if (request.kind === 'assign') return assignCase(ctx, request.caseId, input);
  return transferCase(
    ctx,
    request.caseId,
    { ...input, transferOwnership: request.transferOwnership },
    { bounded: request.bounded },
  );
}

function officialDocumentOf(deps: ApiDeps, moved: Moved) {
  const pv = moved.providence;
  if ('failed' in pv) {
    deps.log.warn('providence not generated', {
      movement: moved.movement.movementId,
      error: (pv.failed as Error).message,
    });
    return {
      status: 'failed',
      message: isAppError(pv.failed) ? pv.failed.message : 'No se pudo generar la providencia',
    };
  }
  return pv.done
    ? { document_id: pv.value.documentId, official_number: pv.value.officialNumber, status: 'signed' }
    : { workflow_id: pv.workflowId, status: 'signing' };
}

/** The integration and MCP answer of an assignment. */
export async function assignCaseAnswer(
  deps: ApiDeps,
  ctx: UserContext,
  caseId: string,
  body: ReturnType<typeof movementBody>,
) {
  const {
    movement: m,
    official,
    deadline,
  } = await moveCase(deps, ctx, assignRequest(caseId, body), body.create_official_doc);
  return {
    message: `Tarea asignada a ${m.toSector.acronym}`,
    movement_id: m.movementId,
    assigned_to: m.assignedUserId,
    sector: m.toSector.acronym,
    ...deadline,
    ...official,
  };
}

/** A close-assign, ending its deadline's timers. */
export async function closeCaseAssignment(
  deps: ApiDeps,
  ctx: UserContext,
  caseId: string,
  body: ReturnType<typeof closeBody>,
) {
  const result = await closeAssignment(ctx, caseId, { movementId: body.movement_id, reason: body.reason });
  await caseDeadlines(deps).cancel(ctx, result.endedDeadlines);
  return result;
}

/** Links an official document to the case and refreshes the case's summary. */
export async function linkCaseDocument(deps: ApiDeps, ctx: UserContext, caseId: string, documentId: string) {
  const linked = await linkDocument(ctx, caseId, documentId);
  requestSummary(deps, ctx, { kind: 'case', id: linked.case_id });
  return linked;
}

export async function proposeDocumentAnswer(ctx: UserContext, caseId: string, body: ReturnType<typeof proposeBody>) {
  return {
    message: 'Documento propuesto al expediente',
    ...(await proposeDocument(ctx, caseId, body.document_draft_id)),
  };
}

export async function decideProposalAnswer(
  deps: ApiDeps,
  ctx: UserContext,
  caseId: string,
  decision: 'accepted' | 'rejected',
  body: ReturnType<typeof decisionBody>,
) {
  if (decision === 'rejected' && body.reason !== undefined && !body.reason.trim())
    throw badRequest('reason no puede estar vacio');
  const result = await decideProposal(ctx, caseId, body.proposed_id, decision, body.reason?.trim());
  if (result.linked) requestSummary(deps, ctx, { kind: 'case', id: result.case_id });
  return { message: decision === 'accepted' ? 'Propuesta aceptada' : 'Propuesta rechazada', ...result };
}

export function annulCaseFolio(
  ctx: UserContext,
  caseId: string,
  documentId: string,
  body: ReturnType<typeof annulBody>,
) {
  return annulFolio(ctx, caseId, documentId, body.reason);
}
