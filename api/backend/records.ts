/**
 * Backend: registries and records (spec backend "Registries and records"), in the
 * `{success, data, message}` envelope. The report route lives with the report workflow.
 */
import { Router, type Request } from 'express';
import {
  autocompleteRecords,
  createRecord,
  createRelation,
  deleteRelation,
  linkCase,
  linkDocument,
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
  updateField,
  updateRecord,
  verifyField,
} from '../../domain/records/index.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam, queryString, sendBackend } from '../http.js';
import { requestSummary } from '../temporal/summaries.js';
import {
  caseLinkBody,
  createRecordBody,
  documentLinkBody,
  fieldBody,
  relationBody,
  updateRecordBody,
  verifyBody,
} from '../record-bodies.js';

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
    const body = createRecordBody(req.body);
    const ctx = contextOf(res);
    const created = await createRecord(ctx, {
      registryCode: body.registry_code,
      displayName: body.display_name,
      data: body.data,
    });
    requestSummary(deps, ctx, { kind: 'record', id: created.id, number: created.record_number });
    sendBackend(res, created, 'Legajo creado');
  });

  router.get('/records/:id', async (req, res) => {
    sendBackend(res, await recordDetail(contextOf(res), pathParam(req, 'id'), 'backend'));
  });

  router.patch('/records/:id', async (req, res) => {
    const body = updateRecordBody(req.body);
    const ctx = contextOf(res);
    const updated = await updateRecord(ctx, pathParam(req, 'id'), {
      state: body.state,
      displayName: body.display_name,
      reason: body.reason,
    });
    if (body.display_name !== undefined) requestSummary(deps, ctx, { kind: 'record', id: pathParam(req, 'id') });
    sendBackend(res, updated, 'Legajo actualizado');
  });

  router.patch('/records/:id/fields/:field', async (req, res) => {
    const ctx = contextOf(res);
    const updated = await updateField(ctx, pathParam(req, 'id'), pathParam(req, 'field'), fieldBody(req.body));
    requestSummary(deps, ctx, { kind: 'record', id: pathParam(req, 'id') });
    sendBackend(res, updated, 'Campo actualizado');
  });

  router.post('/records/:id/fields/:field/verify', async (req, res) => {
    const body = verifyBody(req.body);
    sendBackend(
      res,
      await verifyField(contextOf(res), pathParam(req, 'id'), pathParam(req, 'field'), {
        documentId: body.document_id,
        notes: body.notes,
      }),
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
    const created = await createRelation(contextOf(res), pathParam(req, 'id'), {
      targetRecordId: body.target_record_id,
      relationType: body.relation_type,
      notes: body.notes,
    });
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
    sendBackend(
      res,
      await linkCase(contextOf(res), pathParam(req, 'id'), { caseId: body.case_id, notes: body.notes }),
      'Expediente vinculado',
    );
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
    sendBackend(
      res,
      await linkDocument(contextOf(res), pathParam(req, 'id'), {
        documentId: body.document_id,
        fieldName: body.field_name,
        notes: body.notes,
      }),
      'Documento vinculado',
    );
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
