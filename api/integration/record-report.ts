/**
 * `POST /records/{id}/report` and `GET /records/{id}/reports/{key}` on integration REST.
 * Starting, polling and answering the workflow is shared with the other interface:
 * `api/temporal/record-report.ts`.
 */
import { Router, type Request, type Response } from 'express';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam } from '../http.js';
import {
  recordReports,
  reportBody,
  reportInProgress,
  reportPollPath,
  type ReportOutcome,
} from '../temporal/record-report.js';
import { integrationAuth } from './auth.js';

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
        .location(reportPollPath(pathParam(req, 'id'), o.key))
        .json(reportInProgress(pathParam(req, 'id'), o));
  };
  router.post('/records/:id/report', auth, async (req, res) => {
    answer(req, res, await reports.generate(contextOf(res), pathParam(req, 'id'), req.get('idempotency-key')), true);
  });
  router.get('/records/:id/reports/:key', auth, async (req, res) => {
    answer(req, res, await reports.poll(contextOf(res), pathParam(req, 'id'), pathParam(req, 'key')), false);
  });
  return router;
}
