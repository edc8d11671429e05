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
import { WorkflowUpdateStage } from '@temporalio/client';
import { APP_ERROR_TYPE } from '../contract/failures.js';
import { applicationFailureOf, failureAnswer } from '../contract/failure-answers.js';
import { ALREADY_SIGNED_TYPE, signUpdate, type SignOutcome } from '../contract/document-signing.js';
import { workflowIds } from '../contract/ids.js';
import type { SignBatchDocumentInput, SignBatchOutcome } from '../contract/sign-batch.js';
import { DOCUMENT_MESSAGES } from '../domain/documents/messages.js';
import { checkCanSign } from '../domain/documents/signing-checks.js';
import { isAppError } from '../domain/errors.js';
import { signatureModeOf } from '../domain/signatures/modes.js';
import { asUser, type ActivityDeps } from './deps.js';

const HEARTBEAT_MS = 2_000;

const PERSONAL_IN_BATCH = 'Firma personal: cada documento se autoriza con un código propio; fírmelo individualmente';

function answered(s: SignOutcome): SignBatchOutcome {
  // A personal signature waits for its signer's code: the batch leaves it for them to authorise.
  if ('authorization' in s) return refused(s.documentId, 409, PERSONAL_IN_BATCH);
  return {
    documentId: s.documentId, result: s.isNumerator ? 'numbered' : 'signed', officialNumber: s.officialNumber, signedAt: s.signedAt, status: 200, message: null,
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
  const answer = failureAnswer(err, DOCUMENT_MESSAGES.notSignable);
  if (answer) return { status: answer.status, message: answer.message };
  return applicationFailureOf(err)?.type === ALREADY_SIGNED_TYPE ? { status: 409, message: DOCUMENT_MESSAGES.notSignable } : undefined;
}

export function createSignBatchActivities(deps: ActivityDeps) {
  return {
    /** Signs one document of a batch; a business refusal is an outcome, not a failure. */
    async signBatchDocument(input: SignBatchDocumentInput): Promise<SignBatchOutcome> {
      const { tenant, userId, documentId, batchId } = input;
      try {
        return await asUser(deps, tenant, userId, async (ctx) => {
          const check = await checkCanSign(ctx, documentId);
          if (check.existing) return answered(check.existing);
          if ((await ctx.db.transaction((trx) => signatureModeOf(trx, userId))) === 'personal') return refused(documentId, 409, PERSONAL_IN_BATCH);
          const activity = Context.current();
          const beat = setInterval(() => activity.heartbeat(), HEARTBEAT_MS);
          try {
            const update = await activity.client.workflow.getHandle(workflowIds.documentSigning(tenant, check.doc.id)).startUpdate(signUpdate, {
              args: [{ userId }],
              updateId: `${batchId}/${documentId}`,
              waitForStage: WorkflowUpdateStage.ACCEPTED,
            });
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
        if (failure) return refused(documentId, (failure.details?.[0] as { status?: number } | undefined)?.status ?? 400, failure.message);
        throw err;
      }
    },
  };
}
