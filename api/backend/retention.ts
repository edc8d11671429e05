/**
 * Backend administration of case retention (administrators only): the archived cases whose
 * retention period has ended (`GET /admin/retention`) and each template's period
 * (`PUT /admin/case-templates/{id}/retention`). Nothing is deleted.
 */
import { Router } from 'express';
import { RETENTION_YEARS, retentionDue, setTemplateRetention } from '../../domain/cases/retention.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam, queryString, sendBackend } from '../http.js';
import { bodyParser } from '../validation.js';

export const retentionBody = bodyParser<{ retention_years: number | null }>({
  type: 'object',
  required: ['retention_years'],
  additionalProperties: false,
  properties: {
    retention_years: {
      anyOf: [{ type: 'integer', minimum: RETENTION_YEARS.min, maximum: RETENTION_YEARS.max }, { type: 'null' }],
      description: 'Años que se conserva un expediente archivado de esta plantilla; null: sin plazo',
    },
  },
});

export function backendRetentionRoutes(_deps: ApiDeps): Router {
  const router = Router();
  router.get('/admin/retention', async (req, res) => {
    sendBackend(
      res,
      await retentionDue(contextOf(res), { page: queryString(req, 'page'), page_size: queryString(req, 'page_size') }),
    );
  });
  router.put('/admin/case-templates/:id/retention', async (req, res) => {
    const body = retentionBody(req.body);
    const template = await setTemplateRetention(contextOf(res), pathParam(req, 'id'), body.retention_years);
    sendBackend(res, template, 'Plazo de conservación actualizado');
  });
  return router;
}
