/** Text limits of records, checked with domain/limits.ts helpers so every interface refuses alike. */
import { TEXT_LIMITS } from '../limits.js';

export const RECORD_LIMITS = {
  displayName: 500,
  registryCode: 20,
  fieldText: 10_000,
  notes: 2000,
  documentReference: 500,
  documentResume: 10_000,
  reason: 500,
  search: TEXT_LIMITS.search,
  autocompleteMin: 2,
  autocompleteMax: 50,
} as const;
