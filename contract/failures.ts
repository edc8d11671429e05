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

/**
 * The messages of the signing workflow's refusals. They live here, beside the failure types,
 * because workflow code may import values only from the contract; domain/documents/messages.ts
 * uses the same constants.
 */
export const SIGNING_REFUSALS = {
  notSignable: 'Documento no puede firmarse en su estado actual',
  notRejectable: 'Documento no puede rechazarse en su estado actual',
  notAuthorizedToSign: 'Usuario no autorizado para firmar este documento',
  reasonRequired: 'reason es requerido y no puede estar vacio',
} as const;

export function appFailure(status: number, message: string): ApplicationFailure {
  return ApplicationFailure.create({ type: APP_ERROR_TYPE, message, details: [{ status }], nonRetryable: true });
}
