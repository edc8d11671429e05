/**
 * `POST /records/{id}/report` on both interfaces, and its poll: the API's side of
 * RecordReportWorkflow. Anyone who may view the record may ask for its report (it shows what the
 * record's detail shows). A request is idempotent per (record, Idempotency-Key); it waits at most
 * WORKFLOW_WAIT_MS for the signed report, else answers 202 with where to poll — the convention of
 * case creation.
 */
import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
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
import { contextOf, pathParam, sendBackend } from '../http.js';
import { integrationAuth } from '../integration/auth.js';
import { pollRun, REQUEST_KEY, REQUEST_KEY_MESSAGE, startOnce, waitForRun } from './workflow-runs.js';

type ReportOutcome =
  | { done: true; value: RecordReportResult; key: string; workflowId: string }
  | { done: false; key: string; workflowId: string };

const pollPath = (recordId: string, key: string) => `/api/v1/records/${recordId}/reports/${encodeURIComponent(key)}`;

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
function reportBody(r: RecordReportResult) {
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

function inProgress(recordId: string, o: ReportOutcome) {
  return {
    record_id: recordId,
    workflow_id: o.workflowId,
    status: 'generating',
    idempotency_key: o.key,
    poll_url: pollPath(recordId, o.key),
  };
}

/** Integration: POST /records/:id/report and GET /records/:id/reports/:key. */
export function integrationRecordReportRoutes(deps: ApiDeps): Router {
  const router = Router();
  const auth = integrationAuth(deps);
  const reports = recordReports(deps);
  const answer = (req: Request, res: Response, o: ReportOutcome, created: boolean) => {
    if (o.done) res.status(created ? 201 : 200).json(reportBody(o.value));
    else
      res
        .status(202)
        .location(pollPath(pathParam(req, 'id'), o.key))
        .json(inProgress(pathParam(req, 'id'), o));
  };
  router.post('/records/:id/report', auth, async (req, res) => {
    answer(req, res, await reports.generate(contextOf(res), pathParam(req, 'id'), req.get('idempotency-key')), true);
  });
  router.get('/records/:id/reports/:key', auth, async (req, res) => {
    answer(req, res, await reports.poll(contextOf(res), pathParam(req, 'id'), pathParam(req, 'key')), false);
  });
  return router;
}

/** Backend (envelope): the same two routes; its router authenticates /records. */
export function backendRecordReportRoutes(deps: ApiDeps): Router {
  const router = Router();
  const reports = recordReports(deps);
  const answer = (req: Request, res: Response, o: ReportOutcome) => {
    if (o.done) sendBackend(res, reportBody(o.value), `Informe ${o.value.officialNumber} generado`);
    else
      sendBackend(
        res.location(pollPath(pathParam(req, 'id'), o.key)),
        inProgress(pathParam(req, 'id'), o),
        'Informe en generación',
        202,
      );
  };
  router.post('/records/:id/report', async (req, res) => {
    answer(req, res, await reports.generate(contextOf(res), pathParam(req, 'id'), req.get('idempotency-key')));
  });
  router.get('/records/:id/reports/:key', async (req, res) => {
    answer(req, res, await reports.poll(contextOf(res), pathParam(req, 'id'), pathParam(req, 'key')));
  });
  return router;
}
