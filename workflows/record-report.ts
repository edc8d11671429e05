/**
 * RecordReportWorkflow (ID `record-report/<tenant>/<record id>/<request key>`): the IFRLM report
 * of a record — rendered from the record as it stands, created as a system document, signed and
 * numbered on the requester's behalf through the signing service, linked to the record with an
 * `ifrlm_generated` history entry. Every step is idempotent; while the signing service is down the
 * signing step keeps retrying and the report completes when it is back. A refusal for good
 * withdraws the unsigned report.
 */
import { upsertSearchAttributes } from '@temporalio/workflow';
import type { RecordReportInput, RecordReportResult } from '../contract/record-report.js';
import { RECORD_NUMBER } from '../contract/search-attributes.js';
import { steps } from './activity-options.js';
import { signSystemDocument } from './system-documents.js';

export async function recordReportWorkflow(input: RecordReportInput): Promise<RecordReportResult> {
  const { tenant, userId, recordId, key } = input;
  const draft = await steps.createRecordReportDraft({ tenant, userId, recordId, key });
  upsertSearchAttributes([{ key: RECORD_NUMBER, value: draft.recordNumber }]);
  let signed;
  try {
    signed = await signSystemDocument(tenant, userId, draft.documentId);
  } catch (err) {
    await steps.discardSystemDocument({ tenant, userId, documentId: draft.documentId });
    throw err;
  }
  const { linkId } = await steps.linkRecordReport({ tenant, userId, recordId, documentId: draft.documentId });
  return { ...signed, recordId, recordNumber: draft.recordNumber, linkId };
}
