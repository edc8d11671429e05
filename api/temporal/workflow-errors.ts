/** Turning a failed workflow (or workflow update) back into the HTTP answer its business error carries. */
import { AppError } from '../../domain/errors.js';
import { applicationFailureOf, failureAnswer } from '../../contract/failure-answers.js';

export { applicationFailureOf };

/** An AppError for business failures; undefined for anything else (the caller rethrows it). */
export function businessError(err: unknown, notRunningMessage: string): AppError | undefined {
  const answer = failureAnswer(err, notRunningMessage);
  return answer && new AppError(answer.status, answer.message, answer.code);
}
