/**
 * Backend administration of the tenant's integration API keys (`/api/v1/admin/api-keys`): list,
 * create, revoke, rotate and each key's audit trail, for the tenant's administrators only; a key
 * is always the caller's tenant's (another tenant's key is 404).
 */
import { Router, type Response } from 'express';
import {
  createKey,
  keyAudit,
  listKeys,
  revokeKey,
  rotateKey,
  userActor,
  type ApiKeyScope,
} from '../../domain/api-keys/index.js';
import { requireAdministrator } from '../../domain/context.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam, sendBackend, userOf } from '../http.js';
import { bodyParser, uuidList } from '../validation.js';

export const createBody = bodyParser<{
  name: string;
  expires_in_days?: number;
  user_ids?: string[];
  all_users?: boolean;
  system_read?: boolean;
}>({
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    expires_in_days: { type: 'integer' },
    user_ids: uuidList,
    all_users: { type: 'boolean' },
    system_read: { type: 'boolean' },
  },
});

export const rotateBody = bodyParser<{ overlap_hours?: number; expires_in_days?: number }>({
  type: 'object',
  additionalProperties: false,
  properties: { overlap_hours: { type: 'integer' }, expires_in_days: { type: 'integer' } },
});

export const revokeBody = bodyParser<Record<string, never>>({
  type: 'object',
  additionalProperties: false,
  properties: {},
});

/** The administrator's scope: their tenant, their name in the audit trail. */
function adminScope(deps: ApiDeps, res: Response): ApiKeyScope {
  const user = requireAdministrator(userOf(res), 'gestionar API Keys');
  return { db: deps.db, tenant: contextOf(res).tenant, actor: userActor(user), policy: deps.config.apiKeys };
}

export function backendApiKeyRoutes(deps: ApiDeps): Router {
  const router = Router();

  router.get('/admin/api-keys', async (_req, res) => {
    const scope = adminScope(deps, res);
    sendBackend(res, { items: await listKeys(scope.db, scope.tenant) });
  });

  router.post('/admin/api-keys', async (req, res) => {
    const scope = adminScope(deps, res);
    const body = createBody(req.body);
    const { key, secret } = await createKey(scope, {
      name: body.name,
      expiresInDays: body.expires_in_days,
      userIds: body.user_ids,
      allUsers: body.all_users,
      systemRead: body.system_read,
    });
    sendBackend(res, { ...key, key: secret }, 'API Key creada; guarde la clave: no se volverá a mostrar', 201);
  });

  router.get('/admin/api-keys/:id/audit', async (req, res) => {
    const scope = adminScope(deps, res);
    sendBackend(res, { items: await keyAudit(scope.db, scope.tenant, pathParam(req, 'id')) });
  });

  router.post('/admin/api-keys/:id/revoke', async (req, res) => {
    const scope = adminScope(deps, res);
    revokeBody(req.body);
    const { key, changed } = await revokeKey(scope, pathParam(req, 'id'));
    sendBackend(res, key, changed ? 'API Key revocada' : 'La API Key ya estaba revocada');
  });

  router.post('/admin/api-keys/:id/rotate', async (req, res) => {
    const scope = adminScope(deps, res);
    const body = rotateBody(req.body);
    const { key, secret } = await rotateKey(scope, pathParam(req, 'id'), {
      overlapHours: body.overlap_hours,
      expiresInDays: body.expires_in_days,
    });
    sendBackend(res, { ...key, key: secret }, 'API Key rotada; guarde la nueva clave: no se volverá a mostrar');
  });

  return router;
}
