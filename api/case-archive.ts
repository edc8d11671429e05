/**
 * `POST /cases/{id}/archive` on both interfaces: an editor of the case's owner sector closes the
 * case for good (domain/cases/retention.ts). No body.
 */
import { Router } from 'express';
import { archiveCase } from '../domain/cases/retention.js';
import type { ApiDeps } from './deps.js';
import { contextOf, pathParam, sendBackend } from './http.js';
import { integrationAuth } from './integration/auth.js';

/** Integration: the archived case as it is now. */
export function integrationCaseArchiveRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.post('/cases/:id/archive', integrationAuth(deps), async (req, res) => {
    res.json(await archiveCase(contextOf(res), pathParam(req, 'id')));
  });
  return router;
}

/** Backend (envelope); its router authenticates /cases. */
export function backendCaseArchiveRoutes(_deps: ApiDeps): Router {
  const router = Router();
  router.post('/cases/:id/archive', async (req, res) => {
    const archived = await archiveCase(contextOf(res), pathParam(req, 'id'));
    sendBackend(res, archived, `Expediente ${archived.case_number} archivado`);
  });
  return router;
}
