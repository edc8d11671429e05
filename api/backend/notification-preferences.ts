/**
 * The signed-in user's e-mail notification preferences (`/api/v1/me/notification-preferences`):
 * per kind (signature requests, outcomes of their documents, notes, memos) at once, in the daily
 * digest, or off. Only ever the caller's own.
 */
import { Router } from 'express';
import {
  DELIVERIES,
  NOTIFICATION_KINDS,
  parsePreferenceChange,
  readPreferences,
  updatePreferences,
} from '../../domain/notifications/preferences.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, sendBackend, userOf } from '../http.js';
import { isNonJsonBody } from '../body.js';
import { bodyParser } from '../validation.js';

const delivery = {
  type: 'string',
  enum: [...DELIVERIES],
  description: 'immediate: al momento; digest: en el resumen diario; off: sin e-mail',
};

export const preferencesBody = bodyParser<Record<string, string>>({
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, delivery])),
});

export function backendNotificationRoutes(deps: ApiDeps): Router {
  const router = Router();

  router.get('/me/notification-preferences', async (_req, res) => {
    sendBackend(res, {
      preferences: await readPreferences(contextOf(res).db, userOf(res).id),
      digest_hour: deps.config.notifications.digestHour,
      time_zone: deps.config.timeZone,
    });
  });

  router.put('/me/notification-preferences', async (req, res) => {
    const raw: unknown = req.body;
    // The domain's messages name the unknown kind or the bad value; the schema's check follows.
    if (!isNonJsonBody(raw) && raw && typeof raw === 'object' && !Array.isArray(raw)) parsePreferenceChange(raw);
    const change = parsePreferenceChange(preferencesBody(raw));
    const preferences = await updatePreferences(contextOf(res).db, userOf(res).id, change);
    sendBackend(
      res,
      { preferences, digest_hour: deps.config.notifications.digestHour, time_zone: deps.config.timeZone },
      'Preferencias de notificación guardadas',
    );
  });

  return router;
}
