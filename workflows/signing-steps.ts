/**
 * The step order of a numerator's signature, shared by DocumentSigningWorkflow and the system
 * documents' signing: begin → number → sign (with the number stamped) → officialize. The number
 * is the one step both run the same way, so it is written once here. Safe to import from workflow code.
 */
import { upsertSearchAttributes } from '@temporalio/workflow';
import type { RoundStep } from '../activities/documents.js';
import { DOCUMENT_NUMBER } from '../contract/search-attributes.js';
import { steps } from './activity-options.js';

/** The round's official number (allocated once by the step), after which the run is found by it. */
export async function numberRound(step: RoundStep): Promise<string> {
  const officialNumber = await steps.assignOfficialNumber(step);
  upsertSearchAttributes([{ key: DOCUMENT_NUMBER, value: officialNumber }]);
  return officialNumber;
}
