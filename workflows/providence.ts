/**
 * ProvidenceWorkflow (ID `providence/<tenant>/<movement id>`): a transfer or an assignment with
 * its PV document (`create_official_doc`) as one durable operation. The API starts it with the
 * `recordMovement` update before anything is written; the first step records the movement under
 * the id the API chose (answering the update), then the PV is generated from it, signed on the
 * mover's behalf and linked to the case. A crash at any point leaves the run to finish: never a
 * movement without its PV. A refused movement (403, 400, 404) ends the run with nothing written;
 * if signing fails for good the PV is withdrawn and the movement stands.
 *
 * Runs started before the movement travelled with the start have no `movement` and begin at the PV.
 */
import { allHandlersFinished, condition, setHandler } from '@temporalio/workflow';
import {
  recordMovementUpdate,
  type MovementResult,
  type ProvidenceInput,
  type SignedSystemDocument,
} from '../contract/cases.js';
import { steps } from './activity-options.js';
import { signSystemDocument } from './system-documents.js';

export async function providenceWorkflow(input: ProvidenceInput): Promise<SignedSystemDocument> {
  const { tenant, userId, movementId } = input;
  if (input.movement) {
    let recorded: MovementResult | undefined;
    let refusal: unknown;
    setHandler(recordMovementUpdate, async () => {
      await condition(() => recorded !== undefined || refusal !== undefined);
      if (refusal !== undefined) throw refusal;
      return recorded!;
    });
    try {
      recorded = await steps.recordCaseMovement({ tenant, userId, movementId, movement: input.movement });
    } catch (err) {
      refusal = err;
      await condition(allHandlersFinished);
      throw err;
    }
  }
  const documentId = await steps.createProvidenceDraft({ tenant, userId, movementId });
  try {
    return await signSystemDocument(tenant, userId, documentId);
  } catch (err) {
    // Failed for good (e.g. the signing service refuses the certificate): withdraw the unsigned PV.
    await steps.discardSystemDocument({ tenant, userId, documentId });
    throw err;
  } finally {
    await condition(allHandlersFinished);
  }
}
