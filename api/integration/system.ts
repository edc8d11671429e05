/** Integration REST: system catalogs (spec "Integration REST: system catalogs"). */
import { Router } from 'express';
import {
  getUser,
  listCaseTemplates,
  listDocumentStates,
  listDocumentTypes,
  listSectors,
  listUsers,
  searchUsers,
} from '../../domain/catalogs.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, queryString } from '../http.js';
import { integrationAuth } from './auth.js';

export function systemRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.use('/system', integrationAuth(deps));
  router.get('/system/document-types', async (_req, res) => {
    res.json(await listDocumentTypes(contextOf(res)));
  });
  router.get('/system/document-states', (_req, res) => {
    res.json(listDocumentStates());
  });
  router.get('/system/sectors', async (_req, res) => {
    res.json(await listSectors(contextOf(res)));
  });
  router.get('/system/case-templates', async (_req, res) => {
    res.json(await listCaseTemplates(contextOf(res)));
  });
  router.get('/system/users/list', async (_req, res) => {
    res.json(await listUsers(contextOf(res)));
  });
  router.get('/system/users/search', async (req, res) => {
    res.json(await searchUsers(contextOf(res), { q: queryString(req, 'q'), limit: queryString(req, 'limit') }));
  });
  router.get('/system/users/:userId', async (req, res) => {
    res.json(await getUser(contextOf(res), req.params.userId));
  });
  return router;
}
