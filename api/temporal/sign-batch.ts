/**
 * `POST /documents/sign-batch` and its poll `GET /documents/sign-batch/{id}`: the API's side of
 * SignBatchWorkflow, for both interfaces (their routes are in `api/integration/` and
 * `api/backend/`). The acting user signs up to SIGN_BATCH_MAX documents, each through its own
 * signing round with the rules of a single signature; each document gets its own answer. The
 * Idempotency-Key is required and is the batch's id: a repeat with the same key attaches to the
 * same batch, and only the user who sent it finds it. A request waits at most WORKFLOW_WAIT_MS for
 * the whole batch, else answers 202 with the progress and where to poll — the convention of record
 * reports.
 */
import { WorkflowNotFoundError, WorkflowUpdateStage, type WorkflowHandle } from '@temporalio/client';
import type { UserContext } from '../../domain/context.js';
import { badRequest, conflict, notFound } from '../../domain/errors.js';
import { TENANT, USER_EMAIL } from '../../contract/search-attributes.js';
import {
  authorizeBatchUpdate,
  batchSettledUpdate,
  SIGN_BATCH_MAX,
  SIGN_BATCH_WORKFLOW,
  signBatchProgressQuery,
  signBatchWorkflowId,
  type SignBatchProgress,
  type SignBatchWorkflow,
} from '../../contract/sign-batch.js';
import { SIGNATURE_MESSAGES } from '../../domain/signatures/messages.js';
import { authorizeBody, waitAtMost, type Waited } from './document-signing.js';
import { businessError } from './workflow-errors.js';
import type { ApiDeps } from '../deps.js';
import { bodyParser, uuid } from '../validation.js';
import { REQUEST_KEY, REQUEST_KEY_MESSAGE, startOnce, waitForRun } from './workflow-runs.js';

export const SIGN_BATCH_MESSAGES = {
  keyRequired: 'Idempotency-Key es requerido',
  notFound: 'Lote de firma no encontrado',
  keyReused: 'Idempotency-Key ya usado para otro lote de documentos',
  duplicate: 'document_ids no puede repetir documentos',
  nothingToAuthorize: 'El lote no tiene firmas esperando autorización',
} as const;

export const signBatchBody = bodyParser<{ document_ids: string[] }>({
  type: 'object',
  required: ['document_ids'],
  properties: {
    document_ids: { type: 'array', items: uuid, minItems: 1, maxItems: SIGN_BATCH_MAX, uniqueItems: true },
  },
});

export interface BatchAnswer {
  done: boolean;
  key: string;
  progress: SignBatchProgress;
}

export const batchPollPath = (key: string) => `/api/v1/documents/sign-batch/${encodeURIComponent(key)}`;

export function signBatches(deps: ApiDeps) {
  const { client, connection } = deps.temporal;

  async function progressOf(workflowId: string): Promise<SignBatchProgress> {
    try {
      return await client.workflow.getHandle<SignBatchWorkflow>(workflowId).query(signBatchProgressQuery);
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) throw notFound(SIGN_BATCH_MESSAGES.notFound);
      throw err;
    }
  }

  /**
   * Waits (bounded) until the batch finished or waits for a personal signer's code: the `settled`
   * update; a run that already closed (or began before the update existed) answers by its result.
   */
  async function settledOrResult(handle: WorkflowHandle<SignBatchWorkflow>): Promise<Waited<SignBatchProgress>> {
    try {
      const update = await handle.startUpdate(batchSettledUpdate, { waitForStage: WorkflowUpdateStage.ACCEPTED });
      return await waitAtMost(connection, () => update.result(), deps.config.workflowWaitMs);
    } catch {
      return waitForRun(connection, () => handle.result(), deps.config.workflowWaitMs, SIGN_BATCH_MESSAGES.notFound);
    }
  }

  return {
    async start(ctx: UserContext, body: unknown, idempotencyKey: string | undefined): Promise<BatchAnswer> {
      const { document_ids: ids } = signBatchBody(body);
      if (idempotencyKey === undefined) throw badRequest(SIGN_BATCH_MESSAGES.keyRequired);
      if (!REQUEST_KEY.test(idempotencyKey)) throw badRequest(REQUEST_KEY_MESSAGE);
      const documentIds = ids.map((id) => id.toLowerCase());
      if (new Set(documentIds).size !== documentIds.length) throw badRequest(SIGN_BATCH_MESSAGES.duplicate);
      const user = ctx.user;
      const workflowId = signBatchWorkflowId(ctx.tenant.schema, user.id, idempotencyKey);
      const handle = await startOnce<SignBatchWorkflow>(client, SIGN_BATCH_WORKFLOW, {
        workflowId,
        taskQueue: deps.config.temporal.taskQueue,
        args: [{ tenant: ctx.tenant.schema, userId: user.id, documentIds }],
        typedSearchAttributes: [
          { key: TENANT, value: ctx.tenant.schema },
          { key: USER_EMAIL, value: user.email.toLowerCase() },
        ],
        memo: { user_id: user.id, total: documentIds.length },
        staticSummary: `Firma en lote de ${documentIds.length} documento${documentIds.length === 1 ? '' : 's'} por ${user.email.toLowerCase()}`,
      });
      const waited = await settledOrResult(handle);
      const progress = waited.done ? waited.value : await progressOf(workflowId);
      // The key names one batch: the same key with other documents is a mistake, not a repeat.
      const same =
        progress.outcomes.length === documentIds.length &&
        progress.outcomes.every((o, i) => o.documentId === documentIds[i]);
      if (!same) throw conflict(SIGN_BATCH_MESSAGES.keyReused);
      return { done: progress.finished, key: idempotencyKey, progress };
    },

    /** The code of a personal signer's batch: all its prepared signatures at once, then each completed. */
    async authorize(ctx: UserContext, key: string, body: unknown): Promise<BatchAnswer> {
      if (!REQUEST_KEY.test(key)) throw notFound(SIGN_BATCH_MESSAGES.notFound);
      const code = authorizeBody(body).code?.trim();
      if (!code) throw badRequest(SIGNATURE_MESSAGES.codeRequired);
      const workflowId = signBatchWorkflowId(ctx.tenant.schema, ctx.user.id, key);
      try {
        const update = await client.workflow
          .getHandle<SignBatchWorkflow>(workflowId)
          .startUpdate(authorizeBatchUpdate, {
            args: [{ code }],
            waitForStage: WorkflowUpdateStage.ACCEPTED,
          });
        const waited = await waitAtMost(connection, () => update.result(), deps.config.workflowWaitMs);
        const progress = waited.done ? waited.value : await progressOf(workflowId);
        return { done: progress.finished, key, progress };
      } catch (err) {
        // A repeat after the batch finished (its run closed) is answered with the finished batch.
        const finished = await progressOf(workflowId).catch(() => undefined);
        if (finished?.finished) return { done: true, key, progress: finished };
        if (err instanceof WorkflowNotFoundError || !finished) throw notFound(SIGN_BATCH_MESSAGES.notFound);
        throw businessError(err, SIGN_BATCH_MESSAGES.nothingToAuthorize) ?? err;
      }
    },

    async poll(ctx: UserContext, key: string): Promise<BatchAnswer> {
      if (!REQUEST_KEY.test(key)) throw notFound(SIGN_BATCH_MESSAGES.notFound);
      const progress = await progressOf(signBatchWorkflowId(ctx.tenant.schema, ctx.user.id, key));
      return { done: progress.finished, key, progress };
    },
  };
}

/** The batch as both interfaces show it. */
export function batchBody(a: BatchAnswer) {
  return {
    batch_id: a.key,
    status: a.done ? 'completed' : 'running',
    total: a.progress.total,
    done: a.progress.done,
    // A personal signer's batch: its prepared signatures wait for one code (POST …/authorize).
    ...(a.progress.authorization
      ? {
          authorization_required: true,
          method: a.progress.authorization.method,
          expires_at: a.progress.authorization.expiresAt,
          authorize_url: `${batchPollPath(a.key)}/authorize`,
        }
      : {}),
    outcomes: a.progress.outcomes.map((o) => ({
      document_id: o.documentId,
      status: o.result,
      document_number: o.officialNumber,
      signed_at: o.signedAt,
      ...(o.result === 'refused' ? { error: o.message, http_status: o.status } : {}),
    })),
    poll_url: batchPollPath(a.key),
  };
}
