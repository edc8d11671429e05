/** Backend: case catalog routes (`/api/v1/cases/...`). */
import { Router } from 'express';
import { listCaseTemplatesDetailed } from '../../domain/catalogs.js';
import { contextOf, sendBackend } from '../http.js';

export function backendCaseRoutes(): Router {
  const router = Router();
  router.get('/cases/templates', async (_req, res) => {
    const templates = await listCaseTemplatesDetailed(contextOf(res));
    sendBackend(res, { templates, total: templates.length });
  });
  return router;
}
