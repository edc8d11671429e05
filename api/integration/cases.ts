/** Integration REST: cases (spec "Integration REST: cases"). */
import { Router, type Request, type Response } from 'express';
import { decideProposal, linkDocument, proposeDocument } from '../../domain/cases/case-documents.js';
import { annulFolio } from '../../domain/case-file/annulment.js';
import { caseIndex, caseIndexVersion } from '../../domain/case-file/reads.js';
import {
  assignCase,
  closeAssignment,
  transferCase,
  type MovementRequest,
  type MovementResult,
} from '../../domain/cases/movements.js';
import { parseDeadlineRequest } from '../../domain/deadlines/request.js';
import { caseDeadlines } from '../temporal/case-deadlines.js';
import { deadlineProperties, type DeadlineFields } from '../deadline-body.js';
import {
  caseDocuments,
  caseHistory,
  casePermissions,
  getCase,
  getCaseByNumber,
  prepareAssignment,
  prepareTransfer,
  searchCasesIntegration,
  sectorUsers,
} from '../../domain/cases/reads.js';
import type { UserContext } from '../../domain/context.js';
import { badRequest, isAppError } from '../../domain/errors.js';
import type { CaseCreationResult } from '../../contract/cases.js';
import { caseWorkflows, pollPath, type CaseWorkflows, type CreationOutcome } from '../temporal/case-workflows.js';
import type { ApiDeps } from '../deps.js';
import { requestSummary } from '../temporal/summaries.js';
import { queryFlag } from '../query-flags.js';
import { contextOf, optionalUserContextOf, pathParam, queryString } from '../http.js';
import { bodyParser, requiredText, uuid } from '../validation.js';
import { TEXT_LIMITS } from '../../domain/limits.js';
import { integrationAuth } from './auth.js';

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

export const movementBody = bodyParser<
  {
    target_sector_id: string;
    reason?: string;
    assigned_user_id?: string | null;
    create_official_doc?: boolean;
  } & DeadlineFields
>({
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

export function creationBody(result: CaseCreationResult) {
  return {
    case_id: result.caseId,
    case_number: result.caseNumber,
    reference: result.reference,
    status: result.status,
    created_at: result.createdAt,
  };
}

export function creationInProgress(outcome: CreationOutcome) {
  return {
    workflow_id: outcome.workflowId,
    status: 'creating',
    idempotency_key: outcome.key,
    poll_url: pollPath(outcome.key),
  };
}

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

/** A close-assign, ending its deadline's timers. */
export async function closeAssignmentAnswer(
  deps: ApiDeps,
  ctx: UserContext,
  caseId: string,
  body: ReturnType<typeof closeBody>,
) {
  const result = await closeAssignment(ctx, caseId, { movementId: body.movement_id, reason: body.reason });
  await caseDeadlines(deps).cancel(ctx, result.endedDeadlines);
  return result;
}

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

// The writes below are shared by their REST routes and MCP tools: one implementation, one answer.

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
  } = await moveCase(
    deps,
    ctx,
    {
      kind: 'assign',
      caseId,
      targetSectorId: body.target_sector_id,
      reason: body.reason,
      assignedUserId: body.assigned_user_id,
      transferOwnership: false,
      bounded: true,
      due: parseDeadlineRequest(body),
    },
    body.create_official_doc,
  );
  return {
    message: `Tarea asignada a ${m.toSector.acronym}`,
    movement_id: m.movementId,
    assigned_to: m.assignedUserId,
    sector: m.toSector.acronym,
    ...deadline,
    ...official,
  };
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

export function caseRoutes(deps: ApiDeps): Router {
  const router = Router();
  const auth = integrationAuth(deps);
  const userOptional = integrationAuth(deps, { userRequired: false });
  const workflows = caseWorkflows(deps);
  const id = (req: Request) => pathParam(req, 'id');

  router.get('/cases/search', auth, async (req, res) => {
    const q = (n: string) => queryString(req, n);
    res.json(
      await searchCasesIntegration(contextOf(res), {
        page: q('page'),
        page_size: q('page_size'),
        search: q('search'),
        status: q('status'),
        date_filter: q('date_filter'),
        sector_filter: q('sector_filter'),
        cursor: q('cursor'),
      }),
    );
  });

  // Both spellings the spec documents.
  for (const path of ['/cases/number/:number', '/cases/by-number/:number']) {
    router.get(path, auth, async (req, res) => {
      res.json(await getCaseByNumber(contextOf(res), pathParam(req, 'number')));
    });
  }

  router.get('/cases/sectors/:sectorId/users', auth, async (req, res) => {
    res.json(await sectorUsers(contextOf(res), pathParam(req, 'sectorId')));
  });

  router.get('/cases/creations/:key', auth, async (req, res) => {
    const outcome = await workflows.poll(contextOf(res), pathParam(req, 'key'));
    if (outcome.done) res.json(creationBody(outcome.value));
    else res.status(202).json(creationInProgress(outcome));
  });

  router.post('/cases', auth, async (req, res) => {
    const body = caseCreationBody(req.body);
    const outcome = await workflows.create(contextOf(res), {
      templateId: body.case_template_id,
      reference: body.reference.trim(),
      ownerSectorId: body.owner_sector_id ?? null,
      idempotencyKey: req.get('idempotency-key'),
    });
    if (outcome.done) res.status(201).json(creationBody(outcome.value));
    else res.status(202).location(pollPath(outcome.key)).json(creationInProgress(outcome));
  });

  router.get('/cases/:id', userOptional, async (req, res) => {
    res.json(
      await getCase(optionalUserContextOf(res), id(req), { includeDocuments: queryFlag(req, 'include_documents') }),
    );
  });

  router.get('/cases/:id/history', auth, async (req, res) => {
    res.json(await caseHistory(contextOf(res), id(req)));
  });

  router.get('/cases/:id/documents', userOptional, async (req, res) => {
    res.json(await caseDocuments(optionalUserContextOf(res), id(req)));
  });

  router.get('/cases/:id/permissions', auth, async (req, res) => {
    res.json(await casePermissions(contextOf(res), id(req)));
  });

  // The overview documents POST, the endpoint reference GET: both are served.
  router.all('/cases/:id/prepare-assignment', auth, async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'POST') return next();
    res.json(await prepareAssignment(contextOf(res), id(req)));
  });
  router.all('/cases/:id/prepare-transfer', auth, async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'POST') return next();
    res.json(await prepareTransfer(contextOf(res), id(req)));
  });

  router.post('/cases/:id/transfer', auth, async (req, res) => {
    const body = movementBody(req.body);
    const ctx = contextOf(res);
    const {
      movement: m,
      official,
      deadline,
    } = await moveCase(
      deps,
      ctx,
      {
        kind: 'transfer',
        caseId: id(req),
        targetSectorId: body.target_sector_id,
        reason: body.reason,
        assignedUserId: body.assigned_user_id,
        transferOwnership: true,
        bounded: false,
        due: parseDeadlineRequest(body),
      },
      body.create_official_doc,
    );
    res.json({
      message: `Expediente transferido a ${m.toSector.acronym}`,
      movement_id: m.movementId,
      from_sector: m.fromSector.acronym,
      to_sector: m.toSector.acronym,
      ...deadline,
      ...official,
    });
  });

  router.post('/cases/:id/assign', auth, async (req, res) => {
    res.json(await assignCaseAnswer(deps, contextOf(res), id(req), movementBody(req.body)));
  });

  router.post('/cases/:id/close-assign', auth, async (req, res) => {
    const body = closeBody(req.body);
    const result = await closeAssignmentAnswer(deps, contextOf(res), id(req), body);
    res.json({ message: 'Asignación cerrada', movement_id: result.movementId });
  });

  router.post('/cases/:id/documents/link', auth, async (req, res) => {
    const body = linkBody(req.body);
    const ctx = contextOf(res);
    const result = await linkDocument(ctx, id(req), body.official_document_id);
    requestSummary(deps, ctx, { kind: 'case', id: result.case_id });
    res.json({
      message: 'Documento vinculado al expediente',
      case_id: result.case_id,
      document_id: result.document_id,
    });
  });

  router.post('/cases/:id/documents/propose', auth, async (req, res) => {
    res.json(await proposeDocumentAnswer(contextOf(res), id(req), proposeBody(req.body)));
  });

  const decide = (decision: 'accepted' | 'rejected') => async (req: Request, res: Response) => {
    res.json(await decideProposalAnswer(deps, contextOf(res), id(req), decision, decisionBody(req.body)));
  };
  router.post('/cases/:id/documents/accept-proposal', auth, decide('accepted'));
  router.post('/cases/:id/documents/reject-proposal', auth, decide('rejected'));

  // The case file's index (domain/case-file/).
  router.get('/cases/:id/index', userOptional, async (req, res) => {
    res.json(await caseIndex(optionalUserContextOf(res), id(req)));
  });
  router.get('/cases/:id/index/versions/:version', userOptional, async (req, res) => {
    res.json(await caseIndexVersion(optionalUserContextOf(res), id(req), pathParam(req, 'version')));
  });
  router.post('/cases/:id/folios/:documentId/annul', auth, async (req, res) => {
    const body = annulBody(req.body);
    res.json({
      message: 'Foja anulada',
      ...(await annulFolio(contextOf(res), id(req), pathParam(req, 'documentId'), body.reason)),
    });
  });

  return router;
}
