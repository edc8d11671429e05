/**
 * Backend administration of the tenant's webhook subscriptions (`/api/v1/admin/webhooks`): list,
 * register, change (URL, events, description, enable/disable, rotate the secret), delete, each
 * one's delivery attempts and redelivery by hand; for the tenant's administrators only, and
 * always in the caller's tenant (another tenant's subscription is 404). The domain checks the
 * values (domain/webhooks/subscriptions.ts), so the CLI refuses the same input the same way.
 */
import { Router, type Response } from 'express';
import { requireAdministrator } from '../../domain/context.js';
import { EVENT_TYPES } from '../../domain/webhooks/catalog.js';
import { listDeliveries, requestRedelivery } from '../../domain/webhooks/deliveries.js';
import {
  WEBHOOK_LIMITS,
  createSubscription,
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  updateSubscription,
  type WebhookScope,
} from '../../domain/webhooks/subscriptions.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam, queryString, sendBackend, userOf } from '../http.js';
import { bodyParser } from '../validation.js';

const eventTypes = {
  type: 'array',
  items: { type: 'string', enum: [...EVENT_TYPES] },
  description: 'Tipos de evento que recibe la suscripción (al menos uno)',
} as const;
const url = {
  type: 'string',
  maxLength: WEBHOOK_LIMITS.url,
  description: 'Dirección que recibe los eventos (en producción: https y una dirección pública)',
} as const;
const description = { type: 'string', maxLength: WEBHOOK_LIMITS.description } as const;

export const createWebhookBody = bodyParser<{ url: string; event_types: string[]; description?: string }>({
  type: 'object',
  required: ['url', 'event_types'],
  additionalProperties: false,
  properties: { url, event_types: eventTypes, description },
});

export const updateWebhookBody = bodyParser<{
  url?: string;
  event_types?: string[];
  description?: string;
  status?: 'active' | 'disabled';
  rotate_secret?: boolean;
  previous_secret_valid_hours?: number;
}>({
  type: 'object',
  additionalProperties: false,
  properties: {
    url,
    event_types: eventTypes,
    description,
    status: {
      type: 'string',
      enum: ['active', 'disabled'],
      description: "'active' también reanuda una suscripción fallida desde donde se detuvo",
    },
    rotate_secret: { type: 'boolean', description: 'true: genera un secreto nuevo (se muestra una sola vez)' },
    previous_secret_valid_hours: {
      // The range is checked by the domain, whose message names it (ajv's would not).
      type: 'integer',
      description: `Con rotate_secret: horas (0 a ${WEBHOOK_LIMITS.previousSecretHours}) en que el secreto anterior sigue firmando (por defecto 24; 0: deja de firmar ya)`,
    },
  },
});

/** The administrator's scope: their tenant, the process's secret box and URL policy. */
function adminScope(res: Response): WebhookScope {
  const user = requireAdministrator(userOf(res), 'gestionar webhooks');
  const ctx = contextOf(res);
  return { db: ctx.db, services: ctx.services, userId: user.id };
}

export function backendWebhookRoutes(_deps: ApiDeps): Router {
  const router = Router();

  router.get('/admin/webhooks', async (_req, res) => {
    sendBackend(res, await listSubscriptions(adminScope(res).db));
  });

  router.post('/admin/webhooks', async (req, res) => {
    const scope = adminScope(res);
    const body = createWebhookBody(req.body);
    const { subscription, secret } = await createSubscription(scope, {
      url: body.url,
      eventTypes: body.event_types,
      description: body.description,
    });
    sendBackend(res, { ...subscription, secret }, 'Webhook creado; guarde el secreto: no se volverá a mostrar', 201);
  });

  router.post('/admin/webhooks/deliveries/:id/redeliver', async (req, res) => {
    const scope = adminScope(res);
    sendBackend(res, await requestRedelivery(scope.db, pathParam(req, 'id'), scope.userId), 'Reenvío solicitado', 202);
  });

  router.get('/admin/webhooks/:id', async (req, res) => {
    sendBackend(res, await getSubscription(adminScope(res).db, pathParam(req, 'id')));
  });

  router.patch('/admin/webhooks/:id', async (req, res) => {
    const scope = adminScope(res);
    const body = updateWebhookBody(req.body);
    const { subscription, secret } = await updateSubscription(scope, pathParam(req, 'id'), {
      url: body.url,
      eventTypes: body.event_types,
      description: body.description,
      status: body.status,
      rotateSecret: body.rotate_secret,
      previousSecretValidHours: body.previous_secret_valid_hours,
    });
    if (secret)
      sendBackend(
        res,
        { ...subscription, secret },
        'Webhook actualizado; guarde el secreto nuevo: no se volverá a mostrar',
      );
    else sendBackend(res, subscription, 'Webhook actualizado');
  });

  router.delete('/admin/webhooks/:id', async (req, res) => {
    sendBackend(res, await deleteSubscription(adminScope(res).db, pathParam(req, 'id')), 'Webhook eliminado');
  });

  router.get('/admin/webhooks/:id/deliveries', async (req, res) => {
    const scope = adminScope(res);
    sendBackend(
      res,
      await listDeliveries(scope.db, pathParam(req, 'id'), {
        limit: queryString(req, 'limit'),
        offset: queryString(req, 'offset'),
      }),
    );
  });

  return router;
}
