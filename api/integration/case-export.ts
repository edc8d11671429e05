/**
 * `POST /cases/{id}/export` and `GET /cases/{id}/exports/{export_id}` on integration REST.
 * Starting, polling and answering the workflow is shared with the other interface:
 * `api/temporal/case-export.ts`.
 */
import { Router, type Request, type Response } from 'express';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam } from '../http.js';
import { caseExports, exportPollPath, exportStarted } from '../temporal/case-export.js';
import { integrationAuth } from './auth.js';

/** Integration: POST /cases/:id/export and GET /cases/:id/exports/:exportId. */
export function integrationCaseExportRoutes(deps: ApiDeps): Router {
  const router = Router();
  const auth = integrationAuth(deps);
  const exports = caseExports(deps);
  router.post('/cases/:id/export', auth, async (req: Request, res: Response) => {
    const { done, view } = await exports.start(contextOf(res), pathParam(req, 'id'), req.body);
    if (done) res.status(200).json(view);
    else res.status(202).location(exportPollPath(view.case_id, view.export_id)).json(exportStarted(view));
  });
  router.get('/cases/:id/exports/:exportId', auth, async (req, res) => {
    res.json(await exports.view(contextOf(res), pathParam(req, 'id'), pathParam(req, 'exportId')));
  });
  return router;
}
