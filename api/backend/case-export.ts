/**
 * `POST /cases/{id}/export` and `GET /cases/{id}/exports/{export_id}` on the backend (envelope).
 * Starting, polling and answering the workflow is shared with the other interface:
 * `api/temporal/case-export.ts`.
 */
import { Router } from 'express';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam, sendBackend } from '../http.js';
import { caseExports, exportPollPath, exportStarted } from '../temporal/case-export.js';

/** Backend (envelope): the same two routes; its router authenticates /cases. */
export function backendCaseExportRoutes(deps: ApiDeps): Router {
  const router = Router();
  const exports = caseExports(deps);
  router.post('/cases/:id/export', async (req, res) => {
    const { done, view } = await exports.start(contextOf(res), pathParam(req, 'id'), req.body);
    if (done) sendBackend(res, view, `Expediente ${view.case_number} exportado`);
    else
      sendBackend(
        res.location(exportPollPath(view.case_id, view.export_id)),
        exportStarted(view),
        'Exportación en curso',
        202,
      );
  });
  router.get('/cases/:id/exports/:exportId', async (req, res) => {
    sendBackend(res, await exports.view(contextOf(res), pathParam(req, 'id'), pathParam(req, 'exportId')));
  });
  return router;
}
