/**
 * `POST /records/{id}/report` and `GET /records/{id}/reports/{key}` on the backend (envelope).
 * Starting, polling and answering the workflow is shared with the other interface:
 * `api/temporal/record-report.ts`.
 */
import { Router, type Request, type Response } from 'express';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam, sendBackend } from '../http.js';
import {
  recordReports,
  reportBody,
  reportInProgress,
  reportPollPath,
  type ReportOutcome,
} from '../temporal/record-report.js';

/** Backend (envelope): the same two routes; its router authenticates /records. */
export function backendRecordReportRoutes(deps: ApiDeps): Router {
  const router = Router();
  const reports = recordReports(deps);
  const answer = (req: Request, res: Response, o: ReportOutcome) => {
    if (o.done) sendBackend(res, reportBody(o.value), `Informe ${o.value.officialNumber} generado`);
    else
      sendBackend(
        res.location(reportPollPath(pathParam(req, 'id'), o.key)),
        reportInProgress(pathParam(req, 'id'), o),
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
