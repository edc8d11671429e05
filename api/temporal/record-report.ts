/**
 * `POST /records/{id}/report` and its poll: the API's side of RecordReportWorkflow, for both
 * interfaces (their routes are in `api/integration/` and `api/backend/`). Anyone who may view the
 * record may ask for its report (it shows what the record's detail shows). A request is idempotent per (record, Idempotency-Key); it waits at most
 * WORKFLOW_WAIT_MS for the signed report, else answers 202 with where to poll — the convention of
 * case creation.
 */
import { randomUUID } from 'node:crypto';
import type { UserContext } from '../../domain/context.js';
import { badRequest, notFound } from '../../domain/errors.js';
import { checkReportRequest, RECORD_MESSAGES } from '../../domain/records/index.js';
import { workflowIds } from '../../contract/ids.js';
import {
  RECORD_REPORT_WORKFLOW,
  type RecordReportResult,
  type RecordReportWorkflow,
} from '../../contract/record-report.js';
import { RECORD_NUMBER, TENANT } from '../../contract/search-attributes.js';
import type { ApiDeps } from '../deps.js';
import { pollRun, REQUEST_KEY, REQUEST_KEY_MESSAGE, startOnce, waitForRun } from './workflow-runs.js';

export type ReportOutcome =
  | { done: true; value: RecordReportResult; key: string; workflowId: string }
  | { done: false; key: string; workflowId: string };

export const reportPollPath = (recordId: string, key: string) =>
  `/api/v1/records/${recordId}/reports/${encodeURIComponent(key)}`;

export function recordReports(deps: ApiDeps) {
  const { client, connection } = deps.temporal;
  return {
    async generate(ctx: UserContext, recordId: string, idempotencyKey: string | undefined): Promise<ReportOutcome> {
      if (idempotencyKey !== undefined && !REQUEST_KEY.test(idempotencyKey)) throw badRequest(REQUEST_KEY_MESSAGE);
      const { recordNumber } = await checkReportRequest(ctx, recordId);
      const key = idempotencyKey ?? randomUUID();
      const workflowId = workflowIds.recordReport(ctx.tenant.schema, recordId, key);
      const handle = await startOnce<RecordReportWorkflow>(client, RECORD_REPORT_WORKFLOW, {
        workflowId,
        taskQueue: deps.config.temporal.taskQueue,
        args: [{ tenant: ctx.tenant.schema, userId: ctx.user.id, recordId, key }],
        typedSearchAttributes: [
          { key: TENANT, value: ctx.tenant.schema },
          { key: RECORD_NUMBER, value: recordNumber },
        ],
        memo: { record_number: recordNumber },
        staticSummary: `Informe IFRLM de ${recordNumber}`,
      });
      const waited = await waitForRun(
        connection,
        () => handle.result(),
        deps.config.workflowWaitMs,
        RECORD_MESSAGES.recordNotFound,
      );
      return waited.done ? { done: true, value: waited.value, key, workflowId } : { done: false, key, workflowId };
    },

    async poll(ctx: UserContext, recordId: string, key: string): Promise<ReportOutcome> {
      if (!REQUEST_KEY.test(key)) throw notFound('Informe no encontrado');
      await checkReportRequest(ctx, recordId);
      const workflowId = workflowIds.recordReport(ctx.tenant.schema, recordId, key);
      const polled = await pollRun<RecordReportResult>(
        client.workflow.getHandle<RecordReportWorkflow>(workflowId),
        'Informe no encontrado',
      );
      return polled.done ? { done: true, value: polled.value, key, workflowId } : { done: false, key, workflowId };
    },
  };
}

/** The report as both interfaces show it. */
export function reportBody(r: RecordReportResult) {
  return {
    record_id: r.recordId,
    record_number: r.recordNumber,
    document_id: r.documentId,
    document_number: r.officialNumber,
    document_type: 'IFRLM',
    status: 'signed',
    signed_at: r.signedAt,
    link_id: r.linkId,
  };
}

export function reportInProgress(recordId: string, o: ReportOutcome) {
  return {
    record_id: recordId,
    workflow_id: o.workflowId,
    status: 'generating',
    idempotency_key: o.key,
    poll_url: reportPollPath(recordId, o.key),
  };
}
