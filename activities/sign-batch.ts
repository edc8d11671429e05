/**
 * The step of SignBatchWorkflow: one document signed by the batch's user through the same `sign`
 * update of DocumentSigningWorkflow the API sends (a workflow cannot send an update itself), sent
 * with the worker's own Temporal client. The signing workflow stays the authority on every rule
 * (turns, numerator last, exactly once); this step only asks and reads the answer.
 *
 * Idempotent: the database is read first, so a retry after a crash that finds the signature made
 * answers it from there; the update carries an id derived from the batch and the document, so a
 * retry that finds the first attempt's update still running attaches to it.
 */
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { WorkflowUpdateStage, type WorkflowHandle, type WorkflowUpdateHandle } from '@temporalio/client';
import { APP_ERROR_TYPE } from '../contract/failures.js';
import { signRefusalAnswer } from '../contract/failure-answers.js';
import {
  authorizeSignatureUpdate,
  signUpdate,
  type AuthorizationRequest,
  type SignOutcome,
} from '../contract/document-signing.js';
import { workflowIds } from '../contract/ids.js';
import {
  pendingOutcome,
  type BatchAuthorizationInput,
  type SignBatchDocumentInput,
  type SignBatchOutcome,
} from '../contract/sign-batch.js';
import type { DomainContext } from '../domain/context.js';
import type { PreparationKey } from '../domain/signatures/preparations.js';
import { personalSigning } from './personal-signing.js';
import { DOCUMENT_MESSAGES } from '../domain/documents/messages.js';
import { checkCanSign } from '../domain/documents/signing-checks.js';
import { isAppError } from '../domain/errors.js';
import { signatureModeOf } from '../domain/signatures/modes.js';
import { asUser, type ActivityDeps } from './deps.js';

const HEARTBEAT_MS = 2_000;

/** What the batch's completion step sends as the code: the signature value is already kept, so no code is checked. */
const BATCH_AUTHORIZED = 'lote';

function answered(s: SignOutcome): SignBatchOutcome {
  // A personal signature prepared: it waits for the batch's one code.
  if ('authorization' in s) return { ...pendingOutcome(s.documentId), result: 'awaiting_authorization', status: 202 };
  return {
    documentId: s.documentId,
    result: s.isNumerator ? 'numbered' : 'signed',
    officialNumber: s.officialNumber,
    signedAt: s.signedAt,
    status: 200,
    message: null,
  };
}

export function refused(documentId: string, status: number, message: string): SignBatchOutcome {
  return { documentId, result: 'refused', officialNumber: null, signedAt: null, status, message };
}

/**
 * The refusal a failed update carries, as the single signature would answer it; undefined for a
 * failure that is not a business answer (retried). "Not running" and "already signed" are 409 unless
 * the database holds the signature (a repeat that raced the round's end).
 */
function refusalOf(err: unknown): { status: number; message: string } | undefined {
  const answer = signRefusalAnswer(err, DOCUMENT_MESSAGES.notSignable);
  return answer && { status: answer.status, message: answer.message };
}

/**
 * One document of a batch through its round: `send` sends the update (the `sign` of the batch's
 * user, or the `authorizeSignature` that completes a personal signature the batch authorised); a
 * business refusal is an outcome, not a failure.
 */
async function throughRound(
  deps: ActivityDeps,
  input: SignBatchDocumentInput,
  send: (ctx: DomainContext, handle: WorkflowHandle) => Promise<WorkflowUpdateHandle<SignOutcome>>,
): Promise<SignBatchOutcome> {
  const { tenant, documentId } = input;
  try {
    return await asUser(deps, tenant, input.userId, async (ctx) => {
      const check = await checkCanSign(ctx, documentId);
      if (check.existing) return answered(check.existing);
      const activity = Context.current();
      const beat = setInterval(() => activity.heartbeat(), HEARTBEAT_MS);
      try {
        const update = await send(
          ctx,
          activity.client.workflow.getHandle(workflowIds.documentSigning(tenant, check.doc.id)),
        );
        return answered(await update.result());
      } catch (err) {
        const refusal = refusalOf(err);
        if (!refusal) throw err;
        if (refusal.status === 409) {
          const again = await checkCanSign(ctx, documentId).catch(() => undefined);
          if (again?.existing) return answered(again.existing);
        }
        return refused(documentId, refusal.status, refusal.message);
      } finally {
        clearInterval(beat);
      }
    });
  } catch (err) {
    if (isAppError(err)) return refused(documentId, err.status, err.message);
    // asUser turns domain errors into non-retryable AppError failures: the same refusal.
    const failure = err instanceof ApplicationFailure && err.type === APP_ERROR_TYPE ? err : undefined;
    if (failure)
      return refused(
        documentId,
        (failure.details?.[0] as { status?: number } | undefined)?.status ?? 400,
        failure.message,
      );
    throw err;
  }
}

/** The batch's documents as preparation keys: each in its current round, for the batch's user. */
async function preparationKeys(ctx: DomainContext, input: BatchAuthorizationInput): Promise<PreparationKey[]> {
  const rounds = await ctx.db.transaction((trx) =>
    trx('documents')
      .whereIn('id', input.documentIds)
      .select<{ id: string; signing_round: number }[]>('id', 'signing_round'),
  );
  const roundOf = new Map(rounds.map((r) => [r.id, r.signing_round]));
  return input.documentIds
    .filter((id) => roundOf.has(id))
    .map((id) => ({ documentId: id, round: roundOf.get(id)!, userId: input.userId }));
}

export function createSignBatchActivities(deps: ActivityDeps) {
  const signer = deps.config.signer;
  // The batch's own steps use only the remote service: the level is the documents' affair.
  const personal = personalSigning(deps, signer, () => deps.config.signer.padesLevel);
  return {
    /**
     * Signs one document of a batch. A personal signer's signature is prepared without a code
     * (`awaiting_authorization`): the batch asks one code for all of them.
     */
    async signBatchDocument(input: SignBatchDocumentInput): Promise<SignBatchOutcome> {
      return throughRound(deps, input, async (ctx, handle) => {
        const personalSigner = (await ctx.db.transaction((trx) => signatureModeOf(trx, input.userId))) === 'personal';
        return handle.startUpdate(signUpdate, {
          args: [{ userId: input.userId, ...(personalSigner ? { sendCode: false } : {}) }],
          updateId: `${input.batchId}/${input.documentId}`,
          waitForStage: WorkflowUpdateStage.ACCEPTED,
        });
      });
    },

    /** One code for the batch's prepared personal signatures (bound to all their digests). */
    async requestBatchAuthorization(input: BatchAuthorizationInput): Promise<AuthorizationRequest> {
      return asUser(deps, input.tenant, input.userId, async (ctx) =>
        personal.requestBatchCode(ctx, await preparationKeys(ctx, input)),
      );
    },

    /** The batch's code: one authorisation (numSignatures) and every signature value, kept per document. */
    async authorizeBatchSignatures(
      input: BatchAuthorizationInput & { code: string },
    ): Promise<'signed' | 'wrong_code' | 'expired'> {
      return asUser(deps, input.tenant, input.userId, async (ctx) =>
        personal.authorizeBatch(ctx, await preparationKeys(ctx, input), input.code),
      );
    },

    /** Completes one document whose signature value the batch obtained (the round's authorizeSignature update). */
    async completeBatchDocument(input: SignBatchDocumentInput): Promise<SignBatchOutcome> {
      return throughRound(
        deps,
        input,
        (_ctx, handle) =>
          handle.startUpdate(authorizeSignatureUpdate, {
            // The value is already kept: the round's step completes with it and asks the remote service nothing.
            args: [{ userId: input.userId, code: BATCH_AUTHORIZED }],
            updateId: `${input.batchId}/${input.documentId}/authorize`,
            waitForStage: WorkflowUpdateStage.ACCEPTED,
          }) as Promise<WorkflowUpdateHandle<SignOutcome>>,
      );
    },
  };
}
