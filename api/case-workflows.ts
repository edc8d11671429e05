/**
 * The API's side of CaseCreationWorkflow and ProvidenceWorkflow, shared by every interface.
 * Movements without a PV are one transaction in domain/ and need no workflow.
 * Case creation is idempotent per (tenant, user, Idempotency-Key): a retried POST finds the same
 * run and answers with the same case. The request waits at most WORKFLOW_WAIT_MS; past that the
 * answer is 202 with the workflow id and `GET /api/v1/cases/creations/<key>` to poll.
 */
import { randomUUID } from 'node:crypto';
import { WithStartWorkflowOperation, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { validateCaseRequest } from '../domain/cases/creation.js';
import { CASE_MESSAGES } from '../domain/cases/messages.js';
import type { MovementRequest, MovementResult } from '../domain/cases/movements.js';
import type { DomainContext } from '../domain/context.js';
import { badRequest, notFound } from '../domain/errors.js';
import {
  CASE_CREATION_WORKFLOW, PROVIDENCE_WORKFLOW, recordMovementUpdate, type CaseCreationResult, type CaseCreationWorkflow, type ProvidenceWorkflow, type SignedSystemDocument,
} from '../contract/cases.js';
import { workflowIds } from '../contract/ids.js';
import { CASE_TEMPLATE, OWNER_SECTOR, TENANT } from '../contract/search-attributes.js';
import type { ApiDeps } from './deps.js';
import { waitAtMost } from './document-signing.js';
import { businessError } from './workflow-errors.js';

export interface CaseCreationRequest {
  templateId: string;
  reference: string;
  ownerSectorId: string | null;
  idempotencyKey?: string | undefined;
}

export type CreationOutcome =
  | { done: true; value: CaseCreationResult; key: string; workflowId: string }
  | { done: false; key: string; workflowId: string };

const KEY = /^[A-Za-z0-9._:-]{1,100}$/;

export function pollPath(key: string): string {
  return `/api/v1/cases/creations/${encodeURIComponent(key)}`;
}

function userId(ctx: DomainContext): string {
  if (!ctx.user) throw new Error('case operations need an acting user');
  return ctx.user.id;
}

export function caseWorkflows(deps: ApiDeps) {
  const { client, connection } = deps.temporal;
  const waitMs = deps.config.workflowWaitMs;

  async function settle<T>(result: () => Promise<T>, notRunning: string) {
    try {
      return await waitAtMost(connection, result, waitMs);
    } catch (err) {
      throw businessError(err, notRunning) ?? err;
    }
  }

  return {
    async create(ctx: DomainContext, request: CaseCreationRequest): Promise<CreationOutcome> {
      if (request.idempotencyKey !== undefined && !KEY.test(request.idempotencyKey)) {
        throw badRequest('Idempotency-Key invalido: 1-100 caracteres entre letras, dígitos y . _ : -');
      }
      // Fast answers for a bad template or sector; the workflow validates again as its first step.
      const valid = await validateCaseRequest(ctx, request);
      const key = request.idempotencyKey ?? randomUUID();
      const workflowId = workflowIds.caseCreation(ctx.tenant.schema, userId(ctx), key);
      let handle;
      try {
        handle = await client.workflow.start<CaseCreationWorkflow>(CASE_CREATION_WORKFLOW, {
          workflowId,
          taskQueue: deps.config.temporal.taskQueue,
          args: [{ tenant: ctx.tenant.schema, userId: userId(ctx), key, templateId: valid.templateId, reference: request.reference, ownerSectorId: valid.ownerSectorId }],
          workflowIdConflictPolicy: 'USE_EXISTING',
          // A finished creation answers again with its case; only a failed one may be retried afresh.
          workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
          typedSearchAttributes: [
            { key: TENANT, value: ctx.tenant.schema },
            { key: CASE_TEMPLATE, value: valid.templateAcronym },
            { key: OWNER_SECTOR, value: valid.ownerSectorAcronym },
          ],
          memo: { reference: request.reference, template: valid.templateName, owner_sector: valid.ownerSectorName },
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        handle = client.workflow.getHandle<CaseCreationWorkflow>(workflowId);
      }
      const started = handle;
      const waited = await settle(() => started.result(), CASE_MESSAGES.creationNotFound);
      return waited.done ? { done: true, value: waited.value, key, workflowId } : { done: false, key, workflowId };
    },

    /** What the POST would answer now: the case, still creating, or the creation's error. */
    async poll(ctx: DomainContext, key: string): Promise<CreationOutcome> {
      if (!KEY.test(key)) throw notFound(CASE_MESSAGES.creationNotFound);
      const workflowId = workflowIds.caseCreation(ctx.tenant.schema, userId(ctx), key);
      const handle = client.workflow.getHandle<CaseCreationWorkflow>(workflowId);
      try {
        const description = await handle.describe();
        if (description.status.name === 'RUNNING') return { done: false, key, workflowId };
      } catch (err) {
        if (err instanceof WorkflowNotFoundError) throw notFound(CASE_MESSAGES.creationNotFound);
        throw err;
      }
      try {
        return { done: true, value: await handle.result(), key, workflowId };
      } catch (err) {
        throw businessError(err, CASE_MESSAGES.creationNotFound) ?? err;
      }
    },

    /**
     * A transfer or assignment with its PV document (`create_official_doc`), as one workflow
     * started before anything is written: it records the movement (answering now, or with the
     * refusal) and then generates and signs the PV, waited for like a signature.
     */
    async moveWithProvidence(ctx: DomainContext, request: MovementRequest) {
      const movementId = randomUUID();
      const operation = new WithStartWorkflowOperation<ProvidenceWorkflow>(PROVIDENCE_WORKFLOW, {
        workflowId: workflowIds.providence(ctx.tenant.schema, movementId),
        taskQueue: deps.config.temporal.taskQueue,
        args: [{ tenant: ctx.tenant.schema, userId: userId(ctx), movementId, movement: request }],
        workflowIdConflictPolicy: 'FAIL',
        typedSearchAttributes: [{ key: TENANT, value: ctx.tenant.schema }],
      });
      let movement: MovementResult;
      try {
        movement = await client.workflow.executeUpdateWithStart(recordMovementUpdate, { startWorkflowOperation: operation });
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
