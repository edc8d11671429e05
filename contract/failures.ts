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

/** The signing round's refusals, defined with the signing rules; re-exported for the workflow's other failures. */
export { SIGNING_REFUSALS } from '../rules/signing-refusals.js';

/** Refusals of a personal signature's authorisation, written by the signing workflow. */
export const AUTHORIZATION_REFUSALS = {
  noPendingAuthorization:
    'No hay una firma suya esperando autorización en este documento: firme nuevamente para recibir un código',
  codeExpired: 'El código de autorización venció: firme nuevamente para recibir uno nuevo',
  wrongCode: (left: number) => `Código de autorización incorrecto (le quedan ${left} intento${left === 1 ? '' : 's'})`,
  attemptCancelled:
    'Código de autorización incorrecto tres veces: se anuló este intento de firma. Firme nuevamente para recibir un código nuevo',
  documentChanged:
    'El documento cambió mientras esperaba el código (se agregó otra firma): se envió un código nuevo para la versión actual',
} as const;

/** Wrong codes that cancel a personal signature's attempt (never the round). */
export const MAX_WRONG_CODES = 3;

export function appFailure(status: number, message: string): ApplicationFailure {
  return ApplicationFailure.create({ type: APP_ERROR_TYPE, message, details: [{ status }], nonRetryable: true });
}
