/** Activities of RecordReportWorkflow: each wraps one idempotent domain step. */
import { createRecordReportDraft, linkRecordReport } from '../domain/records/index.js';
import type { RecordReportDraft } from '../contract/record-report.js';
import { asUser, type ActivityDeps } from './deps.js';

interface RecordStep {
  tenant: string;
  userId: string;
  recordId: string;
}

export function createRecordActivities(deps: ActivityDeps) {
  return {
    async createRecordReportDraft(input: RecordStep & { key: string }): Promise<RecordReportDraft> {
      return asUser(deps, input.tenant, input.userId, (ctx) => createRecordReportDraft(ctx, input.recordId, input.key));
    },
    async linkRecordReport(input: RecordStep & { documentId: string }): Promise<{ linkId: string }> {
      return asUser(deps, input.tenant, input.userId, (ctx) => linkRecordReport(ctx, input.recordId, input.documentId));
    },
  };
}
