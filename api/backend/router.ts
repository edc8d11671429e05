/** Backend API for the web front end (`/api/v1`, bearer JWT + X-Tenant-Schema, `{success,data,message}`). */
import { Router } from 'express';
import type { ApiDeps } from '../deps.js';
import { backendApiKeyRoutes } from './api-keys.js';
import { backendAuth, tenantsOfToken } from './auth.js';
import { backendCalendarRoutes } from './calendar.js';
import { backendCaseRoutes } from './cases.js';
import { backendDashboardRoutes } from './dashboard.js';
import { backendDocumentRoutes } from './documents.js';
import { backendMemoRoutes } from './memos.js';
import { backendMunicipalityRoutes } from './municipality.js';
import { backendNoteRoutes } from './notes.js';
import { backendNotificationRoutes } from './notification-preferences.js';
import { backendRecordRoutes } from './records.js';
import { backendRecordReportRoutes } from './record-report.js';
import { backendSignBatchRoutes } from './sign-batch.js';
import { backendUserRoutes } from './users.js';
import { backendWebhookRoutes } from './webhooks.js';
import { backendRetentionRoutes } from './retention.js';
import { backendCaseArchiveRoutes } from '../case-archive.js';
import { backendCaseExportRoutes } from './case-export.js';

export function backendRouter(deps: ApiDeps): Router {
  const router = Router();
  // Before the tenant's authentication: it answers which tenants the token may choose from.
  router.get('/auth/tenants', tenantsOfToken(deps));
  // Authentication guards the backend's own paths; anything else falls through to the 404.
  router.use(
    [
      '/cases',
      '/documents',
      '/users',
      '/auth',
      '/notes',
      '/memos',
      '/dashboard',
      '/records',
      '/registries',
      '/admin',
      '/me',
    ],
    backendAuth(deps),
  );
  router.use(backendCaseRoutes(deps));
  router.use(backendSignBatchRoutes(deps));
  router.use(backendDocumentRoutes(deps));
  router.use(backendUserRoutes(deps));
  router.use(backendNoteRoutes(deps));
  router.use(backendMemoRoutes(deps));
  router.use(backendDashboardRoutes(deps));
  router.use(backendRecordRoutes(deps));
  router.use(backendRecordReportRoutes(deps));
  router.use(backendCaseExportRoutes(deps));
  router.use(backendApiKeyRoutes(deps));
  router.use(backendCalendarRoutes(deps));
  router.use(backendMunicipalityRoutes(deps));
  router.use(backendNotificationRoutes(deps));
  router.use(backendWebhookRoutes(deps));
  router.use(backendRetentionRoutes(deps));
  router.use(backendCaseArchiveRoutes(deps));
  return router;
}
