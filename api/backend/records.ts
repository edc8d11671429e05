/**
 * Backend: registries and records (spec backend "Registries and records"), in the
 * `{success, data, message}` envelope. The report route lives with the report workflow.
 */
import { Router, type Request } from 'express';
import {
  autocompleteRecords,
  deleteRelation,
  listCaseLinks,
  listDocumentLinks,
  listRecords,
  listRegistries,
  listRelations,
  recordDetail,
  recordHistory,
  registryDetail,
  unlinkCase,
  unlinkDocument,
} from '../../domain/records/index.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam, queryString, sendBackend } from '../http.js';
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

const pageQuery = (req: Request) => ({ page: queryString(req, 'page'), page_size: queryString(req, 'page_size') });

export function backendRecordRoutes(deps: ApiDeps): Router {
  const router = Router();

  router.get('/registries', async (_req, res) => {
    sendBackend(res, await listRegistries(contextOf(res), 'backend'));
  });

  router.get('/registries/:id', async (req, res) => {
    sendBackend(res, await registryDetail(contextOf(res), pathParam(req, 'id')));
  });

  router.get('/records', async (req, res) => {
    sendBackend(
      res,
      await listRecords(contextOf(res), {
        ...pageQuery(req),
        registry: queryString(req, 'registry'),
        state: queryString(req, 'state'),
        search: queryString(req, 'search'),
      }),
    );
  });

  router.get('/records/autocomplete', async (req, res) => {
    sendBackend(
      res,
      await autocompleteRecords(contextOf(res), { q: queryString(req, 'q'), limit: queryString(req, 'limit') }),
    );
  });

  router.post('/records', async (req, res) => {
    const created = await createRecordOf(deps, contextOf(res), createRecordBody(req.body));
    sendBackend(res, created, 'Legajo creado');
  });

  router.get('/records/:id', async (req, res) => {
    sendBackend(res, await recordDetail(contextOf(res), pathParam(req, 'id'), 'backend'));
  });

  router.patch('/records/:id', async (req, res) => {
    const body = updateRecordBody(req.body);
    const updated = await updateRecordOf(deps, contextOf(res), pathParam(req, 'id'), body);
    sendBackend(res, updated, 'Legajo actualizado');
  });

  router.patch('/records/:id/fields/:field', async (req, res) => {
    const ctx = contextOf(res);
    const updated = await updateRecordField(
      deps,
      ctx,
      pathParam(req, 'id'),
      pathParam(req, 'field'),
      fieldBody(req.body),
    );
    sendBackend(res, updated, 'Campo actualizado');
  });

  router.post('/records/:id/fields/:field/verify', async (req, res) => {
    const body = verifyBody(req.body);
    sendBackend(
      res,
      await verifyRecordField(contextOf(res), pathParam(req, 'id'), pathParam(req, 'field'), body),
      'Campo verificado',
    );
  });

  router.get('/records/:id/history', async (req, res) => {
    sendBackend(res, await recordHistory(contextOf(res), pathParam(req, 'id'), pageQuery(req)));
  });

  router.get('/records/:id/relations', async (req, res) => {
    sendBackend(res, await listRelations(contextOf(res), pathParam(req, 'id'), pageQuery(req)));
  });

  router.post('/records/:id/relations', async (req, res) => {
    const body = relationBody(req.body);
    const created = await relateRecord(contextOf(res), pathParam(req, 'id'), body);
    sendBackend(res, created, 'Relación creada');
  });

  router.delete('/records/:id/relations/:relationId', async (req, res) => {
    sendBackend(
      res,
      await deleteRelation(contextOf(res), pathParam(req, 'id'), pathParam(req, 'relationId')),
      'Relación eliminada',
    );
  });

  router.get('/records/:id/cases', async (req, res) => {
    sendBackend(res, await listCaseLinks(contextOf(res), pathParam(req, 'id'), pageQuery(req)));
  });

  router.post('/records/:id/cases', async (req, res) => {
    const body = caseLinkBody(req.body);
    sendBackend(res, await linkRecordCase(contextOf(res), pathParam(req, 'id'), body), 'Expediente vinculado');
  });

  router.delete('/records/:id/cases/:linkId', async (req, res) => {
    sendBackend(
      res,
      await unlinkCase(contextOf(res), pathParam(req, 'id'), pathParam(req, 'linkId')),
      'Expediente desvinculado',
    );
  });

  router.get('/records/:id/documents', async (req, res) => {
    sendBackend(res, await listDocumentLinks(contextOf(res), pathParam(req, 'id'), pageQuery(req)));
  });

  router.post('/records/:id/documents', async (req, res) => {
    const body = documentLinkBody(req.body);
    sendBackend(res, await linkRecordDocument(contextOf(res), pathParam(req, 'id'), body), 'Documento vinculado');
  });

  router.delete('/records/:id/documents/:linkId', async (req, res) => {
    sendBackend(
      res,
      await unlinkDocument(contextOf(res), pathParam(req, 'id'), pathParam(req, 'linkId')),
      'Documento desvinculado',
    );
  });

  return router;
}
