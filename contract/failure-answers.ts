/**
 * The business answer a failed workflow or workflow update carries, read from its failure chain:
 * shared by the API (which turns it into an HTTP error) and by activities that call other
 * workflows (a batch step answering per document). Uses the client's error classes, so workflow
 * code never imports this module.
 */
import { ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ALREADY_SIGNED_TYPE } from './document-signing.js';
import { APP_ERROR_TYPE, SIGNER_REJECTED_TYPE } from './failures.js';

/** The innermost ApplicationFailure in a failure chain (update → activity → application). */
export function applicationFailureOf(err: unknown): ApplicationFailure | undefined {
  let current: unknown = err;
  let found: ApplicationFailure | undefined;
  for (let depth = 0; current && depth < 10; depth++) {
    if (current instanceof ApplicationFailure) found = current;
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}

export interface FailureAnswer {
  status: number;
  message: string;
  code?: string;
}

/** The status and message of a business failure; undefined for anything else (the caller rethrows or retries). */
export function failureAnswer(err: unknown, notRunningMessage: string): FailureAnswer | undefined {
  if (err instanceof WorkflowNotFoundError) return { status: 409, message: notRunningMessage };
  if (err instanceof Error && /workflow execution already completed/i.test(err.message))
    return { status: 409, message: notRunningMessage };
  const failure = applicationFailureOf(err);
  if (!failure || !(err instanceof WorkflowUpdateFailedError || err instanceof WorkflowFailedError || failure === err))
    return undefined;
  if (failure.type === APP_ERROR_TYPE)
    return {
      status: (failure.details?.[0] as { status?: number } | undefined)?.status ?? 400,
      message: failure.message,
    };
  if (failure.type === SIGNER_REJECTED_TYPE) return { status: 422, message: failure.message, code: 'SIGNER_REJECTED' };
  return undefined;
}

/**
 * A refused sign or authorize update as the single signature answers it. "Not running" and the
 * workflow's "already signed" are 409: the caller then rechecks the database, which holds the
 * signature when the request repeats one that raced the round's end.
 */
export function signRefusalAnswer(err: unknown, notRunningMessage: string): FailureAnswer | undefined {
  return (
    failureAnswer(err, notRunningMessage) ??
    (applicationFailureOf(err)?.type === ALREADY_SIGNED_TYPE ? { status: 409, message: notRunningMessage } : undefined)
  );
}
