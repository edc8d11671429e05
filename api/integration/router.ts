/** Integration REST (`/api/v1`, X-API-Key + X-User-ID). */
import { Router } from 'express';
import type { ApiDeps } from '../deps.js';
import { caseRoutes } from './cases.js';
import { documentRoutes } from './documents.js';
import { noteRoutes } from './notes.js';
import { recordRoutes } from './records.js';
import { integrationRecordReportRoutes } from './record-report.js';
import { integrationSignBatchRoutes } from './sign-batch.js';
import { systemRoutes } from './system.js';
import { integrationCaseArchiveRoutes } from '../case-archive.js';
import { integrationCaseExportRoutes } from './case-export.js';

export function integrationRouter(deps: ApiDeps): Router {
  const router = Router();
  router.use(systemRoutes(deps));
  router.use(integrationSignBatchRoutes(deps));
  router.use(documentRoutes(deps));
  router.use(caseRoutes(deps));
  router.use(noteRoutes(deps));
  router.use(recordRoutes(deps));
  router.use(integrationRecordReportRoutes(deps));
  router.use(integrationCaseExportRoutes(deps));
  router.use(integrationCaseArchiveRoutes(deps));
  return router;
}
