/**
 * ProvidenceWorkflow (ID `providence/<tenant>/<movement id>`): the PV document a transfer or an
 * assignment asks for (`create_official_doc`), generated from the movement, signed automatically
 * on the mover's behalf and linked to the case.
 */
import { steps } from './activity-options.js';
import { signSystemDocument, type SignedSystemDocument } from './system-documents.js';

export interface ProvidenceInput {
  tenant: string;
  userId: string;
  movementId: string;
}

export async function providenceWorkflow(input: ProvidenceInput): Promise<SignedSystemDocument> {
  const documentId = await steps.createProvidenceDraft(input);
  return signSystemDocument(input.tenant, input.userId, documentId);
}
