/** Backend: dashboard (`/api/v1/dashboard/...`, spec backend "Dashboard" table). */
import { Router } from 'express';
import { dashboardFeed } from '../../domain/dashboard/feed.js';
import { dashboardStats } from '../../domain/dashboard/stats.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, queryString, sendBackend } from '../http.js';

export function backendDashboardRoutes(_deps: ApiDeps): Router {
  const router = Router();

  router.get('/dashboard/feed', async (req, res) => {
    sendBackend(
      res,
      await dashboardFeed(contextOf(res), { page: queryString(req, 'page'), page_size: queryString(req, 'page_size') }),
    );
  });

  router.get('/dashboard/stats', async (_req, res) => {
    sendBackend(res, await dashboardStats(contextOf(res)));
  });

  return router;
}
