/**
 * Backend administration of the municipality's business-day calendar (`/api/v1/admin/calendar`):
 * the year's non-working days (national holidays and municipal days) and the municipal days an
 * administrator adds or removes, and each document type's default signing deadline in business
 * days (`/api/v1/admin/document-types`), always in the caller's tenant, for administrators only.
 */
import { Router, type Response } from 'express';
import { userActor } from '../../domain/api-keys/index.js';
import {
  addMunicipalDay,
  listNonWorkingDays,
  parseCalendarYear,
  removeMunicipalDay,
} from '../../domain/business-days.js';
import { localDate } from '../../domain/calendar.js';
import { listTypeDeadlines, setTypeDeadline } from '../../domain/deadlines/type-defaults.js';
import { requireAdministrator } from '../../domain/context.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam, queryString, sendBackend, userOf } from '../http.js';
import { bodyParser, requiredText } from '../validation.js';

export const CALENDAR_DESCRIPTION_MAX = 200;

export const addDayBody = bodyParser<{ date: string; description: string }>({
  type: 'object',
  required: ['date', 'description'],
  additionalProperties: false,
  properties: {
    // Checked by the domain (parseDay), whose message names the expected format.
    date: { type: 'string', maxLength: 10, description: 'Fecha local YYYY-MM-DD' },
    description: requiredText(CALENDAR_DESCRIPTION_MAX),
  },
});

function admin(res: Response) {
  const user = requireAdministrator(userOf(res), 'gestionar el calendario de días hábiles');
  return { db: contextOf(res).db, user };
}

export const typeDeadlineBody = bodyParser<{ signing_due_business_days: number | null }>({
  type: 'object',
  required: ['signing_due_business_days'],
  additionalProperties: false,
  properties: {
    signing_due_business_days: {
      anyOf: [{ type: 'integer', minimum: 1, maximum: 240 }, { type: 'null' }],
      description: 'Días hábiles de plazo de firma (null: sin plazo)',
    },
  },
});

export function backendCalendarRoutes(deps: ApiDeps): Router {
  const router = Router();

  // The deadline each document type's signing rounds get when none is asked for: part of the
  // municipality's calendar of business days, and administered beside it.
  router.get('/admin/document-types', async (_req, res) => {
    const { db } = admin(res);
    sendBackend(res, { document_types: await listTypeDeadlines(db) });
  });

  router.put('/admin/document-types/:acronym', async (req, res) => {
    const { db } = admin(res);
    const body = typeDeadlineBody(req.body);
    sendBackend(
      res,
      await setTypeDeadline(db, pathParam(req, 'acronym'), body.signing_due_business_days),
      'Plazo de firma guardado',
    );
  });

  router.get('/admin/calendar', async (req, res) => {
    const { db } = admin(res);
    const raw = queryString(req, 'year');
    const year = raw === undefined ? localDate(deps.config.timeZone).year : parseCalendarYear(raw);
    sendBackend(res, { year, items: await listNonWorkingDays(db, year) });
  });

  router.post('/admin/calendar', async (req, res) => {
    const { db, user } = admin(res);
    const body = addDayBody(req.body);
    const day = await addMunicipalDay(db, {
      date: body.date,
      description: body.description.trim(),
      createdBy: userActor(user).label,
    });
    sendBackend(res, day, 'Día no laborable municipal agregado', 201);
  });

  router.delete('/admin/calendar/:date', async (req, res) => {
    const { db } = admin(res);
    const day = await removeMunicipalDay(db, pathParam(req, 'date'));
    sendBackend(res, day, 'Día no laborable municipal eliminado');
  });

  return router;
}
