/**
 * ProvidenceWorkflow (ID `providence/<tenant>/<movement id>`): the PV document a transfer or an
 * assignment asks for (`create_official_doc`), generated from the movement, signed automatically
 * on the mover's behalf and linked to the case. If signing fails for good the PV is withdrawn; the
 * movement itself is already recorded and stands.
 */
import type { ProvidenceInput, SignedSystemDocument } from '../contract/cases.js';
import { steps } from './activity-options.js';
import { signSystemDocument } from './system-documents.js';

export async function providenceWorkflow(input: ProvidenceInput): Promise<SignedSystemDocument> {
  const documentId = await steps.createProvidenceDraft(input);
  try {
    return await signSystemDocument(input.tenant, input.userId, documentId);
  } catch (err) {
    // Failed for good (e.g. the signing service refuses the certificate): withdraw the unsigned PV.
    await steps.discardSystemDocument({ tenant: input.tenant, userId: input.userId, documentId });
    throw err;
  }
}
