/**
 * Signing a document the platform generates (CAEX cover, PV providence) on a user's behalf: the
 * same idempotent steps as DocumentSigningWorkflow, run back to back for its single numerator.
 * Safe to import from workflow code.
 */
import { workflowInfo } from '@temporalio/workflow';
import type { SignedSystemDocument } from '../contract/cases.js';
import { signingSteps, steps } from './activity-options.js';
import { numberRound } from './signing-steps.js';

export async function signSystemDocument(
  tenant: string,
  userId: string,
  documentId: string,
): Promise<SignedSystemDocument> {
  const { workflowId, runId } = workflowInfo();
  const round = await steps.beginDocumentSigning({
    tenant,
    documentId,
    userId,
    creatorOnly: false,
    runId: `${workflowId}/${runId}`,
  });
  const step = { tenant, documentId, userId, round: round.round };
  const officialNumber = await numberRound(step);
  // Always the municipality seal: these documents are the platform's, not a person's act.
  await signingSteps.signDocumentRevision({ ...step, seal: true });
  const official = await steps.officializeDocument(step);
  return { documentId, officialNumber, signedAt: official.signedAt };
}
