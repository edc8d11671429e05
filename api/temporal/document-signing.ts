/**
 * The API's side of DocumentSigningWorkflow, shared by integration REST, backend and MCP:
 * quick domain checks, then the workflow call, answered from the update's result. A call waits at
 * most WORKFLOW_WAIT_MS (the signing service may be down: the workflow keeps retrying); past that the
 * caller gets "in progress" and the signature completes on its own.
 */
import { WithStartWorkflowOperation, WorkflowUpdateStage, type Connection } from '@temporalio/client';
import type { UserContext } from '../../domain/context.js';
import { DOCUMENT_MESSAGES } from '../../domain/documents/messages.js';
import { AppError } from '../../domain/errors.js';
import { signRefusalAnswer } from '../../contract/failure-answers.js';
import { checkCanReject, checkCanSign, checkCanStart } from '../../domain/documents/signing-checks.js';
import { SIGNATURE_MESSAGES } from '../../domain/signatures/messages.js';
import { personalSigningOf, type PersonalSigningOf } from '../../domain/signatures/modes.js';
import {
  authorizeSignatureUpdate,
  beginSigningUpdate,
  rejectUpdate,
  signUpdate,
  DOCUMENT_SIGNING_WORKFLOW,
  type DocumentSigningWorkflow,
  type ExistingSignature,
  type RejectOutcome,
  type SigningRound,
  type SignOutcome,
} from '../../contract/document-signing.js';
import { badRequest } from '../../domain/errors.js';
import { workflowIds } from '../../contract/ids.js';
import { DOCUMENT_ID, DOCUMENT_NUMBER, DOCUMENT_TYPE, STATUS, TENANT } from '../../contract/search-attributes.js';
import type { ApiDeps } from '../deps.js';
import type { DeadlineFields } from '../deadline-body.js';
import { deadlineFor, parseDeadlineRequest } from '../../domain/deadlines/request.js';
import { businessError } from './workflow-errors.js';
import { bodyParser } from '../validation.js';

/** The code of a personal signature: short digits from an e-mail or an authenticator app. */
export const authorizeBody = bodyParser<{ code?: string }>({
  type: 'object',
  properties: { code: { type: 'string', maxLength: 16 } },
});

export function authorizationMessage(method: 'otp-email' | 'totp'): string {
  return method === 'totp'
    ? 'Firma personal preparada: autorícela con el código de su aplicación de autenticación (vence en 5 minutos)'
    : 'Firma personal preparada: le enviamos un código por e-mail para autorizarla (vence en 5 minutos)';
}

export type Waited<T> = { done: true; value: T } | { done: false };

/**
 * Runs `call` (a workflow or update result poll) for at most `ms`. On timeout its gRPC calls are
 * aborted, so no long poll outlives the request (or the connection, at shutdown).
 */
export async function waitAtMost<T>(connection: Connection, call: () => Promise<T>, ms: number): Promise<Waited<T>> {
  const controller = new AbortController();
  const result = connection.withAbortSignal(controller.signal, call);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Waited<T>>((resolve) => {
    timer = setTimeout(() => {
      result.catch(() => undefined); // abandoned: its cancellation is expected
      controller.abort();
      resolve({ done: false });
    }, ms);
  });
  try {
    return await Promise.race([result.then((value) => ({ done: true as const, value })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A refused update may be a repeat that raced the operation it repeats: it passed the quick check
 * just before that operation finished, and reached the run as it ended ("already completed", or
 * "aborted by closing workflow", which the client reports as not found). If the database now holds
 * the caller's result, that is the answer; otherwise the refusal stands.
 */
async function answerRepeat<T>(
  err: unknown,
  notRunning: string,
  recheck: () => Promise<{ existing?: T }>,
): Promise<Waited<T>> {
  const answer = signRefusalAnswer(err, notRunning);
  const refusal = answer && new AppError(answer.status, answer.message, answer.code);
  if (refusal?.status === 409) {
    const again = await recheck().catch(() => undefined);
    if (again?.existing) return { done: true, value: again.existing };
  }
  throw refusal ?? err;
}

export function documentSigning(deps: ApiDeps) {
  const { client, connection } = deps.temporal;
  const waitMs = deps.config.workflowWaitMs;
  const idOf = (ctx: UserContext, documentId: string) => workflowIds.documentSigning(ctx.tenant.schema, documentId);

  return {
    /** Starts a round; `deadline` is the body's due_at / due_in_business_days (none: the type's default). */
    async start(
      ctx: UserContext,
      documentId: string,
      options: { creatorOnly: boolean; deadline?: DeadlineFields },
    ): Promise<Waited<SigningRound>> {
      const doc = await checkCanStart(ctx, documentId, options);
      const asked = parseDeadlineRequest(options.deadline);
      // A deadline in the past or too far is refused before anything starts (the step resolves it again).
      await deadlineFor(ctx.db, ctx.services.timeZone, asked);
      const operation = new WithStartWorkflowOperation<DocumentSigningWorkflow>(DOCUMENT_SIGNING_WORKFLOW, {
        workflowId: idOf(ctx, doc.id),
        taskQueue: deps.config.temporal.taskQueue,
        args: [{ tenant: ctx.tenant.schema, documentId: doc.id }],
        workflowIdConflictPolicy: 'USE_EXISTING',
        typedSearchAttributes: [
          { key: TENANT, value: ctx.tenant.schema },
          { key: DOCUMENT_ID, value: doc.id },
          { key: DOCUMENT_TYPE, value: doc.type_acronym },
          { key: STATUS, value: 'sent_to_sign' },
          ...(doc.official_number ? [{ key: DOCUMENT_NUMBER, value: doc.official_number }] : []),
        ],
        memo: { reference: doc.reference, document_type: doc.type_acronym, municipality: ctx.tenant.displayName },
        // What the Web UI's list shows instead of the id; a memo's reference stays out of it.
        staticSummary:
          doc.type_acronym === 'MEMO' ? 'Firma de un memorándum' : `Firma de ${doc.type_acronym} «${doc.reference}»`,
      });
      try {
        const update = await client.workflow.startUpdateWithStart(beginSigningUpdate, {
          args: [{ userId: ctx.user.id, creatorOnly: options.creatorOnly, due: asked ?? 'type_default' }],
          waitForStage: WorkflowUpdateStage.ACCEPTED,
          startWorkflowOperation: operation,
        });
        return await waitAtMost(connection, () => update.result(), waitMs);
      } catch (err) {
        throw businessError(err, DOCUMENT_MESSAGES.notSignable) ?? err;
      }
    },

    async sign(ctx: UserContext, documentId: string): Promise<Waited<SignOutcome>> {
      const check = await checkCanSign(ctx, documentId);
      if (check.existing) return { done: true, value: check.existing };
      try {
        const update = await client.workflow.getHandle(idOf(ctx, check.doc.id)).startUpdate(signUpdate, {
          args: [{ userId: ctx.user.id }],
          waitForStage: WorkflowUpdateStage.ACCEPTED,
        });
        return await waitAtMost(connection, () => update.result(), waitMs);
      } catch (err) {
        return answerRepeat(err, DOCUMENT_MESSAGES.notSignable, () => checkCanSign(ctx, documentId));
      }
    },

    /** How the acting user signs: a caller whose signature is still being prepared learns it needs a code. */
    personal(ctx: UserContext): Promise<PersonalSigningOf> {
      return personalSigningOf(ctx);
    },

    /** A personal signature's code, for the signature the acting user's last `sign` prepared. */
    async authorize(
      ctx: UserContext,
      documentId: string,
      code: string | undefined,
    ): Promise<Waited<ExistingSignature>> {
      const check = await checkCanSign(ctx, documentId);
      if (check.existing) return { done: true, value: check.existing };
      const trimmed = code?.trim();
      if (!trimmed) throw badRequest(SIGNATURE_MESSAGES.codeRequired);
      try {
        const update = await client.workflow.getHandle(idOf(ctx, check.doc.id)).startUpdate(authorizeSignatureUpdate, {
          args: [{ userId: ctx.user.id, code: trimmed }],
          waitForStage: WorkflowUpdateStage.ACCEPTED,
        });
        return await waitAtMost(connection, () => update.result(), waitMs);
      } catch (err) {
        return answerRepeat(err, DOCUMENT_MESSAGES.notSignable, () => checkCanSign(ctx, documentId));
      }
    },

    async reject(ctx: UserContext, documentId: string, reason: string): Promise<Waited<RejectOutcome>> {
      const check = await checkCanReject(ctx, documentId, reason);
      if (check.existing) return { done: true, value: check.existing };
      try {
        const update = await client.workflow.getHandle(idOf(ctx, check.doc.id)).startUpdate(rejectUpdate, {
          args: [{ userId: ctx.user.id, reason }],
          waitForStage: WorkflowUpdateStage.ACCEPTED,
        });
        return await waitAtMost(connection, () => update.result(), waitMs);
      } catch (err) {
        return answerRepeat(err, DOCUMENT_MESSAGES.notRejectable, () => checkCanReject(ctx, documentId, reason));
      }
    },
  };
}

export type DocumentSigning = ReturnType<typeof documentSigning>;
