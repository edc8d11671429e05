/** A signing rule's refusal (rules/signing.ts) as the domain's error, with the rule's status and message. */
import type { Refusal } from '../../rules/signing.js';
import { AppError } from '../errors.js';

export function refused(refusal: Refusal): AppError {
  return new AppError(refusal.status, refusal.message);
}
