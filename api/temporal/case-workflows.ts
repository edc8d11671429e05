/**
 * The API's side of CaseCreationWorkflow and ProvidenceWorkflow, shared by every interface.
 * Movements without a PV are one transaction in domain/ and need no workflow.
 * Case creation is idempotent per (tenant, user, Idempotency-Key): a retried POST finds the same
 * run and answers with the same case. The request waits at most WORKFLOW_WAIT_MS; past that the
 * answer is 202 with the workflow id and `GET /api/v1/cases/creations/<key>` to poll.
 */
import { randomUUID } from 'node:crypto';
import { WithStartWorkflowOperation } from '@temporalio/client';
import { validateCaseRequest } from '../../domain/cases/creation.js';
import { CASE_MESSAGES } from '../../domain/cases/messages.js';
import { checkMovement } from '../../domain/cases/movements.js';
import type { UserContext } from '../../domain/context.js';
import { badRequest, notFound } from '../../domain/errors.js';
import {
  CASE_CREATION_WORKFLOW,
  PROVIDENCE_WORKFLOW,
  recordMovementUpdate,
  type CaseCreationResult,
  type CaseCreationWorkflow,
  type MovementRequest,
  type MovementResult,
  type ProvidenceWorkflow,
  type SignedSystemDocument,
} from '../../contract/cases.js';
import { workflowIds } from '../../contract/ids.js';
import { CASE_NUMBER, CASE_TEMPLATE, OWNER_SECTOR, TENANT } from '../../contract/search-attributes.js';
import type { ApiDeps } from '../deps.js';
import { businessError } from './workflow-errors.js';
import { pollRun, REQUEST_KEY, REQUEST_KEY_MESSAGE, startOnce, waitForRun } from './workflow-runs.js';

export interface CaseCreationRequest {
  templateId: string;
  reference: string;
  ownerSectorId: string | null;
  idempotencyKey?: string | undefined;
}

export type CreationOutcome =
  | { done: true; value: CaseCreationResult; key: string; workflowId: string }
  | { done: false; key: string; workflowId: string };

export function pollPath(key: string): string {
  return `/api/v1/cases/creations/${encodeURIComponent(key)}`;
}

export function caseWorkflows(deps: ApiDeps) {
  const { client, connection } = deps.temporal;
  const waitMs = deps.config.workflowWaitMs;

  const settle = <T>(result: () => Promise<T>, notRunning: string) =>
    waitForRun(connection, result, waitMs, notRunning);

  return {
    async create(ctx: UserContext, request: CaseCreationRequest): Promise<CreationOutcome> {
      if (request.idempotencyKey !== undefined && !REQUEST_KEY.test(request.idempotencyKey))
        throw badRequest(REQUEST_KEY_MESSAGE);
      // Fast answers for a bad template or sector; the workflow validates again as its first step.
      const valid = await validateCaseRequest(ctx, request);
      const key = request.idempotencyKey ?? randomUUID();
      const workflowId = workflowIds.caseCreation(ctx.tenant.schema, ctx.user.id, key);
      const started = await startOnce<CaseCreationWorkflow>(client, CASE_CREATION_WORKFLOW, {
        workflowId,
        taskQueue: deps.config.temporal.taskQueue,
        args: [
          {
            tenant: ctx.tenant.schema,
            userId: ctx.user.id,
            key,
            templateId: valid.templateId,
            reference: request.reference,
            ownerSectorId: valid.ownerSectorId,
          },
        ],
        typedSearchAttributes: [
          { key: TENANT, value: ctx.tenant.schema },
          { key: CASE_TEMPLATE, value: valid.templateAcronym },
          { key: OWNER_SECTOR, value: valid.ownerSectorAcronym },
        ],
        memo: { reference: request.reference, template: valid.templateName, owner_sector: valid.ownerSectorName },
        staticSummary: `Creación de expediente ${valid.templateAcronym} «${request.reference}»`,
      });
      const waited = await settle(() => started.result(), CASE_MESSAGES.creationNotFound);
      return waited.done ? { done: true, value: waited.value, key, workflowId } : { done: false, key, workflowId };
    },

    /** What the POST would answer now: the case, still creating, or the creation's error. */
    async poll(ctx: UserContext, key: string): Promise<CreationOutcome> {
      if (!REQUEST_KEY.test(key)) throw notFound(CASE_MESSAGES.creationNotFound);
      const workflowId = workflowIds.caseCreation(ctx.tenant.schema, ctx.user.id, key);
      const polled = await pollRun<CaseCreationResult>(
        client.workflow.getHandle<CaseCreationWorkflow>(workflowId),
        CASE_MESSAGES.creationNotFound,
      );
      return polled.done ? { done: true, value: polled.value, key, workflowId } : { done: false, key, workflowId };
    },

    /**
     * A transfer or assignment with its PV document (`create_official_doc`), as one workflow
     * started before anything is written: it records the movement (answering now, or with the
     * refusal) and then generates and signs the PV, waited for like a signature.
     */
    async moveWithProvidence(ctx: UserContext, request: MovementRequest) {
      // A refusal is answered before any run starts, so refused requests leave no failed runs.
      const { caseNumber } = await checkMovement(ctx, request);
      const movementId = randomUUID();
      const operation = new WithStartWorkflowOperation<ProvidenceWorkflow>(PROVIDENCE_WORKFLOW, {
        workflowId: workflowIds.providence(ctx.tenant.schema, caseNumber, movementId),
        taskQueue: deps.config.temporal.taskQueue,
        args: [{ tenant: ctx.tenant.schema, userId: ctx.user.id, movementId, movement: request }],
        workflowIdConflictPolicy: 'FAIL',
        typedSearchAttributes: [
          { key: TENANT, value: ctx.tenant.schema },
          { key: CASE_NUMBER, value: caseNumber },
        ],
        staticSummary: `${request.kind === 'assign' || !request.transferOwnership ? 'Asignación' : 'Pase'} con providencia de ${caseNumber}`,
      });
      let movement: MovementResult;
      try {
        movement = await client.workflow.executeUpdateWithStart(recordMovementUpdate, {
          startWorkflowOperation: operation,
        });
      } catch (err) {
        throw businessError(err, CASE_MESSAGES.movementNotFound) ?? err;
      }
      const handle = await operation.workflowHandle();
      const providence = await settle<SignedSystemDocument>(() => handle.result(), CASE_MESSAGES.movementNotFound)
        .then((waited) => ({ workflowId: handle.workflowId, ...waited }))
        .catch((err: unknown) => ({ workflowId: handle.workflowId, failed: err }));
      return { movement, providence };
    },
  };
}

export type CaseWorkflows = ReturnType<typeof caseWorkflows>;
