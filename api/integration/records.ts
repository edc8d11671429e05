/**
 * Integration REST: registries and records (spec "Integration REST: records"). The report route
 * (`POST /records/{id}/report`) lives with the report workflow.
 */
import { Router, type Request } from 'express';
import {
  deleteRelation,
  listCaseLinks,
  listDocumentLinks,
  listRegistries,
  listRelations,
  recordDetail,
  recordHistory,
  searchRecords,
  unlinkCase,
  unlinkDocument,
} from '../../domain/records/index.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam, queryString } from '../http.js';
import {
  caseLinkBody,
  createRecordBody,
  createRecordOf,
  documentLinkBody,
  fieldBody,
  linkRecordCase,
  linkRecordDocument,
  relateRecord,
  relationBody,
  updateRecordBody,
  updateRecordField,
  updateRecordOf,
  verifyBody,
  verifyRecordField,
} from '../operations/records.js';
import { integrationAuth } from './auth.js';

const pageQuery = (req: Request) => ({ page: queryString(req, 'page'), page_size: queryString(req, 'page_size') });

export function recordRoutes(deps: ApiDeps): Router {
  const router = Router();
  const auth = integrationAuth(deps);

  router.get('/registries', auth, async (_req, res) => {
    res.json(await listRegistries(contextOf(res), 'integration'));
  });

  router.get('/records/search', auth, async (req, res) => {
    res.json(
      await searchRecords(contextOf(res), {
        ...pageQuery(req),
        family_code: queryString(req, 'family_code'),
        search: queryString(req, 'search'),
        state: queryString(req, 'state'),
      }),
    );
  });

  router.post('/records', auth, async (req, res) => {
    const created = await createRecordOf(deps, contextOf(res), createRecordBody(req.body));
    res.json({
      id: created.id,
      record_number: created.record_number,
      display_name: created.display_name,
      state: created.state,
    });
  });

  router.get('/records/:id', auth, async (req, res) => {
    res.json(await recordDetail(contextOf(res), pathParam(req, 'id'), 'integration'));
  });

  router.patch('/records/:id', auth, async (req, res) => {
    const body = updateRecordBody(req.body);
    const updated = await updateRecordOf(deps, contextOf(res), pathParam(req, 'id'), body);
    res.json(updated);
  });

  router.patch('/records/:id/fields/:field', auth, async (req, res) => {
    const ctx = contextOf(res);
    const updated = await updateRecordField(
      deps,
      ctx,
      pathParam(req, 'id'),
      pathParam(req, 'field'),
      fieldBody(req.body),
    );
    res.json(updated);
  });

  router.post('/records/:id/fields/:field/verify', auth, async (req, res) => {
    const body = verifyBody(req.body);
    res.json(await verifyRecordField(contextOf(res), pathParam(req, 'id'), pathParam(req, 'field'), body));
  });

  router.get('/records/:id/history', auth, async (req, res) => {
    res.json(await recordHistory(contextOf(res), pathParam(req, 'id'), pageQuery(req)));
  });

  router.get('/records/:id/relations', auth, async (req, res) => {
    res.json(await listRelations(contextOf(res), pathParam(req, 'id'), pageQuery(req)));
  });

  router.post('/records/:id/relations', auth, async (req, res) => {
    const body = relationBody(req.body);
    res.status(201).json(await relateRecord(contextOf(res), pathParam(req, 'id'), body));
  });

  router.delete('/records/:id/relations/:relationId', auth, async (req, res) => {
    res.json(await deleteRelation(contextOf(res), pathParam(req, 'id'), pathParam(req, 'relationId')));
  });

  router.get('/records/:id/cases', auth, async (req, res) => {
    res.json(await listCaseLinks(contextOf(res), pathParam(req, 'id'), pageQuery(req)));
  });

  router.post('/records/:id/cases', auth, async (req, res) => {
    const body = caseLinkBody(req.body);
    res.status(201).json(await linkRecordCase(contextOf(res), pathParam(req, 'id'), body));
  });

  router.delete('/records/:id/cases/:linkId', auth, async (req, res) => {
    res.json(await unlinkCase(contextOf(res), pathParam(req, 'id'), pathParam(req, 'linkId')));
  });

  router.get('/records/:id/documents', auth, async (req, res) => {
    res.json(await listDocumentLinks(contextOf(res), pathParam(req, 'id'), pageQuery(req)));
  });

  router.post('/records/:id/documents', auth, async (req, res) => {
    const body = documentLinkBody(req.body);
    res.status(201).json(await linkRecordDocument(contextOf(res), pathParam(req, 'id'), body));
  });

  router.delete('/records/:id/documents/:linkId', auth, async (req, res) => {
    res.json(await unlinkDocument(contextOf(res), pathParam(req, 'id'), pathParam(req, 'linkId')));
  });

  return router;
}
