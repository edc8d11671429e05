/**
 * SignBatchWorkflow (ID `sign-batch/<tenant>/<user id>/<idempotency key>`): one user signs a list
 * of documents, each through its own signing round. A step per document sends the `sign` update
 * of that document's DocumentSigningWorkflow (the rules stay there: turns, numerator last, exactly
 * once) and answers `signed`, `numbered` or `refused`; SIGN_BATCH_CONCURRENCY documents at a time.
 * The outcomes so far are the `signBatchProgress` query; the result is the final progress.
 *
 * A user who signs personally gets each signature prepared (`awaiting_authorization`), then one
 * code for all of them (CSC numSignatures); the `authorizeBatch` update takes it (five minutes from
 * the first preparation, three wrong codes cancel), obtains every signature value at once, and the
 * documents are then completed through their rounds. Unauthorised, they end refused.
 */
import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { APP_ERROR_TYPE, appFailure, AUTHORIZATION_REFUSALS, MAX_WRONG_CODES } from '../contract/failures.js';
import {
  authorizeBatchUpdate,
  batchSettledUpdate,
  pendingOutcome,
  SIGN_BATCH_CONCURRENCY,
  signBatchProgressQuery,
  type SignBatchDocumentInput,
  type SignBatchInput,
  type SignBatchOutcome,
  type SignBatchProgress,
} from '../contract/sign-batch.js';
import { RETRY } from './activity-options.js';

/**
 * A normal activity: it waits for the signing round's answer (which waits for the signing
 * service), heartbeating, so a dead worker's attempt is retried elsewhere within seconds.
 */
const { signBatchDocument, completeBatchDocument } = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '10 seconds',
  retry: RETRY,
});
/** Calls to the remote signing service. */
const remote = proxyActivities<Activities>({ startToCloseTimeout: '1 minute', retry: RETRY });

export async function signBatchWorkflow(input: SignBatchInput): Promise<SignBatchProgress> {
  const { tenant, userId, documentIds } = input;
  const outcomes: SignBatchOutcome[] = documentIds.map(pendingOutcome);
  let done = 0;
  let authorization: SignBatchProgress['authorization'] = null;
  const progress = (): SignBatchProgress => ({
    total: outcomes.length,
    done,
    finished: done === outcomes.length,
    outcomes: [...outcomes],
    ...(authorization ? { authorization: { ...authorization } } : {}),
  });
  setHandler(signBatchProgressQuery, progress);
  setHandler(batchSettledUpdate, async () => {
    await condition(() => done === outcomes.length || Boolean(authorization));
    return progress();
  });

  const batchId = workflowInfo().workflowId;
  /** Runs `step` on the outcomes at `indexes`, SIGN_BATCH_CONCURRENCY at a time; each answer replaces its outcome. */
  async function inLanes(
    indexes: number[],
    step: (input: SignBatchDocumentInput) => Promise<SignBatchOutcome>,
    counts: boolean,
  ): Promise<void> {
    let next = 0;
    async function lane(): Promise<void> {
      while (next < indexes.length) {
        const i = indexes[next++]!;
        const documentId = outcomes[i]!.documentId;
        try {
          outcomes[i] = await step({ tenant, userId, documentId, batchId });
        } catch (err) {
          // A refusal raised before the step could answer it (an unknown tenant, a user gone): this document's answer.
          const cause = err instanceof ActivityFailure ? err.cause : undefined;
          if (!(cause instanceof ApplicationFailure)) throw err;
          const status =
            cause.type === APP_ERROR_TYPE
              ? ((cause.details?.[0] as { status?: number } | undefined)?.status ?? 400)
              : 500;
          outcomes[i] = { ...pendingOutcome(documentId), result: 'refused', status, message: cause.message };
        }
        if (counts && outcomes[i]!.result !== 'awaiting_authorization') done++;
      }
    }
    await Promise.all(Array.from({ length: Math.min(SIGN_BATCH_CONCURRENCY, indexes.length) }, lane));
  }

  // The one code of a personal signer's batch; refused until the batch asked for it.
  let authorizing: string[] = [];
  let authorized = false;
  let completed = false;
  /** Why the batch's authorisation ended without signatures (three wrong codes, or the code expired). */
  let ended: string = AUTHORIZATION_REFUSALS.codeExpired;
  setHandler(
    authorizeBatchUpdate,
    async ({ code }: { code: string }): Promise<SignBatchProgress> => {
      if (!authorized) {
        const result = await remote.authorizeBatchSignatures({ tenant, userId, documentIds: authorizing, code });
        if (result === 'wrong_code' && authorization && ++authorization.wrongCodes < MAX_WRONG_CODES) {
          throw appFailure(400, AUTHORIZATION_REFUSALS.wrongCode(MAX_WRONG_CODES - authorization.wrongCodes));
        }
        if (result !== 'signed') {
          authorization = null;
          ended =
            result === 'wrong_code' ? AUTHORIZATION_REFUSALS.attemptCancelled : AUTHORIZATION_REFUSALS.codeExpired;
          throw appFailure(result === 'wrong_code' ? 400 : 409, ended);
        }
        authorized = true;
      }
      await condition(() => completed);
      return progress();
    },
    {
      validator: (_request: { code: string }) => {
        if (authorized) return;
        if (!authorization) throw appFailure(409, AUTHORIZATION_REFUSALS.noPendingAuthorization);
        if (Date.now() > Date.parse(authorization.expiresAt)) throw appFailure(409, AUTHORIZATION_REFUSALS.codeExpired);
      },
    },
  );

  await inLanes(
    outcomes.map((_o, i) => i),
    signBatchDocument,
    true,
  );

  // Personal signatures prepared: one code for all of them, then each completed through its round.
  const waiting = outcomes.flatMap((o, i) => (o.result === 'awaiting_authorization' ? [i] : []));
  if (waiting.length > 0) {
    authorizing = waiting.map((i) => outcomes[i]!.documentId);
    const asked = await remote.requestBatchAuthorization({ tenant, userId, documentIds: authorizing });
    authorization = { ...asked, documents: waiting.length, wrongCodes: 0 };
    const left = Date.parse(asked.expiresAt) - Date.now();
    await condition(() => authorized || authorization === null, Math.max(left, 1));
    if (authorized) {
      authorization = null;
      await inLanes(waiting, completeBatchDocument, false);
    } else {
      authorization = null;
      for (const i of waiting) outcomes[i] = { ...outcomes[i]!, result: 'refused', status: 409, message: ended };
    }
    done += waiting.length;
    completed = true;
  }
  // Updates waiting for the end (settled, a repeated authorisation) are answered before the run closes.
  await condition(allHandlersFinished);
  return progress();
}
