/** Turning a failed workflow (or workflow update) back into the HTTP answer its business error carries. */
import { ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { AppError } from '../domain/errors.js';
import { APP_ERROR_TYPE, SIGNER_REJECTED_TYPE } from '../contract/failures.js';

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

/** An AppError for business failures; undefined for anything else (the caller rethrows it). */
export function businessError(err: unknown, notRunningMessage: string): AppError | undefined {
  if (err instanceof WorkflowNotFoundError) return new AppError(409, notRunningMessage);
  if (err instanceof Error && /workflow execution already completed/i.test(err.message)) return new AppError(409, notRunningMessage);
  const failure = applicationFailureOf(err);
  if (!failure || !(err instanceof WorkflowUpdateFailedError || err instanceof WorkflowFailedError || failure === err)) return undefined;
  if (failure.type === APP_ERROR_TYPE) {
    const status = (failure.details?.[0] as { status?: number } | undefined)?.status ?? 400;
    return new AppError(status, failure.message);
  }
  if (failure.type === SIGNER_REJECTED_TYPE) return new AppError(422, failure.message, 'SIGNER_REJECTED');
  return undefined;
}
