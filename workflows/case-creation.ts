/**
 * CaseCreationWorkflow (ID `case-creation/<tenant>/<user>/<idempotency key>`): validate the template
 * and user → create the case with its number and creation movement → create its CAEX cover →
 * sign and number the cover → make the case visible. Every step is idempotent; while the signing
 * service is down the signing step keeps retrying and the case completes when it is back. A step
 * that fails for good (a business error) removes what was created, so no half-made case remains.
 */
import { log, patched, upsertSearchAttributes } from '@temporalio/workflow';
import type { CaseCreationInput, CaseCreationResult, CreatedCase } from '../contract/cases.js';
import { CASE_NUMBER } from '../contract/search-attributes.js';
import { steps } from './activity-options.js';
import { signSystemDocument } from './system-documents.js';

export async function caseCreationWorkflow(input: CaseCreationInput): Promise<CaseCreationResult> {
  const who = { tenant: input.tenant, userId: input.userId };
  const valid = await steps.validateCaseRequest({
    ...who,
    templateId: input.templateId,
    reference: input.reference,
    ownerSectorId: input.ownerSectorId,
  });
  let created: CreatedCase | undefined;
  try {
    created = await steps.createCaseRecord({ ...who, key: input.key, reference: input.reference, valid });
    upsertSearchAttributes([{ key: CASE_NUMBER, value: created.caseNumber }]);
    const coverId = await steps.createCaseCover({ ...who, created, valid });
    const cover = await signSystemDocument(input.tenant, input.userId, coverId);
    await steps.finishCase({ ...who, caseId: created.caseId });
    // The case's summary is made in the background (SummaryWorkflow); a failed request never undoes the case.
    if (patched('summary-after-case-creation')) {
      await steps
        .requestSummaries({
          tenant: input.tenant,
          targets: [{ kind: 'case', id: created.caseId, number: created.caseNumber }],
        })
        .catch((err: unknown) =>
          log.warn('case summary not requested', { caseId: created!.caseId, error: (err as Error).message }),
        );
    }
    return {
      caseId: created.caseId,
      caseNumber: created.caseNumber,
      reference: created.reference,
      status: 'active',
      createdAt: created.createdAt,
      cover,
    };
  } catch (err) {
    if (created) await steps.discardCase({ ...who, key: input.key });
    throw err;
  }
}
