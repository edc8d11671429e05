/**
 * How a business error crosses Temporal: an ApplicationFailure of type `AppError` carrying the
 * HTTP status and the user-facing message. Activities raise it for domain errors, workflow
 * validators for refused updates; the API turns it back into the same HTTP answer.
 * Safe to import from workflow code.
 */
import { ApplicationFailure } from '@temporalio/common';

export const APP_ERROR_TYPE = 'AppError';
/** The signing service refused the document (a 4xx): retrying cannot help. */
export const SIGNER_REJECTED_TYPE = 'SignerRejected';

export function appFailure(status: number, message: string): ApplicationFailure {
  return ApplicationFailure.create({ type: APP_ERROR_TYPE, message, details: [{ status }], nonRetryable: true });
}
