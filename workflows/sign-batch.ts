/**
 * SignBatchWorkflow (ID `sign-batch/<tenant>/<user id>/<idempotency key>`): one user signs a list
 * of documents, each through its own signing round. A step per document sends the `sign` update
 * of that document's DocumentSigningWorkflow (the rules stay there: turns, numerator last, exactly
 * once) and answers `signed`, `numbered` or `refused`; SIGN_BATCH_CONCURRENCY documents at a time.
 * The outcomes so far are the `signBatchProgress` query; the result is the final progress.
 */
import { ActivityFailure, ApplicationFailure, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { APP_ERROR_TYPE } from '../contract/failures.js';
import {
  pendingOutcome, SIGN_BATCH_CONCURRENCY, signBatchProgressQuery, type SignBatchInput, type SignBatchOutcome, type SignBatchProgress,
} from '../contract/sign-batch.js';
import { RETRY } from './activity-options.js';

/**
 * A normal activity: it waits for the signing round's answer (which waits for the signing
 * service), heartbeating, so a dead worker's attempt is retried elsewhere within seconds.
 */
const { signBatchDocument } = proxyActivities<Activities>({ startToCloseTimeout: '10 minutes', heartbeatTimeout: '10 seconds', retry: RETRY });

export async function signBatchWorkflow(input: SignBatchInput): Promise<SignBatchProgress> {
  const { tenant, userId, documentIds } = input;
  const outcomes: SignBatchOutcome[] = documentIds.map(pendingOutcome);
  let done = 0;
  const progress = (): SignBatchProgress => ({ total: outcomes.length, done, finished: done === outcomes.length, outcomes: [...outcomes] });
  setHandler(signBatchProgressQuery, progress);

  const batchId = workflowInfo().workflowId;
  let next = 0;
  async function lane(): Promise<void> {
    while (next < outcomes.length) {
      const i = next++;
      const documentId = outcomes[i]!.documentId;
      try {
        outcomes[i] = await signBatchDocument({ tenant, userId, documentId, batchId });
      } catch (err) {
        // A refusal raised before the step could answer it (an unknown tenant, a user gone): this document's answer.
        const cause = err instanceof ActivityFailure ? err.cause : undefined;
        if (!(cause instanceof ApplicationFailure)) throw err;
        const status = cause.type === APP_ERROR_TYPE ? ((cause.details?.[0] as { status?: number } | undefined)?.status ?? 400) : 500;
        outcomes[i] = { ...pendingOutcome(documentId), result: 'refused', status, message: cause.message };
      }
      done++;
    }
  }
  await Promise.all(Array.from({ length: Math.min(SIGN_BATCH_CONCURRENCY, outcomes.length) }, lane));
  return progress();
}
