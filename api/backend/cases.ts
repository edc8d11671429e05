/** Backend: cases (`/api/v1/cases/...`, spec backend "Cases" table). */
import { Router, type Request } from 'express';
import { caseIndex, caseIndexVersion } from '../../domain/case-file/reads.js';
import {
  availableSectors,
  caseDetailBackend,
  getCaseByNumber,
  searchCasesBackend,
  sectorUsers,
} from '../../domain/cases/reads.js';
import { listCaseTemplatesDetailed } from '../../domain/catalogs.js';
import { badRequest } from '../../domain/errors.js';
import type { CaseCreationResult } from '../../contract/cases.js';
import { caseWorkflows, pollPath } from '../temporal/case-workflows.js';
import type { ApiDeps } from '../deps.js';
import { contextOf, pathParam, queryString, sendBackend } from '../http.js';
import {
  annulBody,
  annulCaseFolio,
  assignRequest,
  backendLinkBody,
  backendMovementBody,
  caseCreationBody,
  closeBody,
  closeCaseAssignment,
  createCase,
  creationInProgress,
  linkCaseDocument,
  movementRequest,
  moveCase,
} from '../operations/cases.js';

function backendCreation(result: CaseCreationResult) {
  return {
    case: {
      case_id: result.caseId,
      case_number: result.caseNumber,
      reference: result.reference,
      status: result.status,
      created_at: result.createdAt,
    },
    cover: { document_id: result.cover.documentId, official_number: result.cover.officialNumber },
  };
}

export function backendCaseRoutes(deps: ApiDeps): Router {
  const router = Router();
  const workflows = caseWorkflows(deps);
  const id = (req: Request) => pathParam(req, 'id');

  router.get('/cases/templates', async (_req, res) => {
    const templates = await listCaseTemplatesDetailed(contextOf(res));
    sendBackend(res, { templates, total: templates.length });
  });

  router.get('/cases', async (req, res) => {
    const q = (n: string) => queryString(req, n);
    sendBackend(
      res,
      await searchCasesBackend(contextOf(res), {
        page: q('page'),
        page_size: q('page_size'),
        status: q('status'),
        search: q('search'),
        date_filter: q('date_filter'),
        date_from: q('date_from'),
        date_to: q('date_to'),
        sector_filter: q('sector_filter'),
        trata_filter: q('trata_filter'),
      }),
    );
  });

  router.post('/cases', async (req, res) => {
    const outcome = await createCase(deps, contextOf(res), caseCreationBody(req.body), req.get('idempotency-key'));
    if (outcome.done) sendBackend(res, backendCreation(outcome.value), 'Expediente creado', 201);
    else {
      res.location(pollPath(outcome.key));
      sendBackend(res, creationInProgress(outcome), 'El expediente se está creando; consulte poll_url', 202);
    }
  });

  router.get('/cases/creations/:key', async (req, res) => {
    const outcome = await workflows.poll(contextOf(res), pathParam(req, 'key'));
    if (outcome.done) sendBackend(res, backendCreation(outcome.value), 'Expediente creado');
    else sendBackend(res, creationInProgress(outcome), 'El expediente se está creando', 202);
  });

  router.get('/cases/by-number/:number', async (req, res) => {
    sendBackend(res, await getCaseByNumber(contextOf(res), pathParam(req, 'number')));
  });

  router.get('/cases/sectors/:sectorId/users', async (req, res) => {
    sendBackend(res, await sectorUsers(contextOf(res), pathParam(req, 'sectorId')));
  });

  router.get('/cases/:id', async (req, res) => {
    sendBackend(res, await caseDetailBackend(contextOf(res), id(req)));
  });

  router.get('/cases/:id/available-sectors', async (req, res) => {
    sendBackend(res, await availableSectors(contextOf(res), id(req)));
  });

  router.post('/cases/:id/transfer', async (req, res) => {
    const body = backendMovementBody(req.body);
    // The desk's transfer may keep the ownership; its reason is 5-500 characters (spec Limits).
    const request = movementRequest('transfer', id(req), body, {
      transferOwnership: body.transfer_ownership ?? true,
      bounded: true,
    });
    const { movement: m, official, deadline } = await moveCase(deps, contextOf(res), request, body.create_official_doc);
    sendBackend(
      res,
      {
        movement_id: m.movementId,
        movement_type: m.movementType,
        from_sector: m.fromSector,
        to_sector: m.toSector,
        assigned_user_id: m.assignedUserId,
        ...deadline,
        ...official,
      },
      m.movementType === 'transfer'
        ? `Expediente transferido a ${m.toSector.acronym}`
        : `Tarea asignada a ${m.toSector.acronym}`,
    );
  });

  router.post('/cases/:id/assign', async (req, res) => {
    const body = backendMovementBody(req.body);
    const request = assignRequest(id(req), body);
    const { movement: m, official, deadline } = await moveCase(deps, contextOf(res), request, body.create_official_doc);
    sendBackend(
      res,
      { movement_id: m.movementId, assigned_to: m.assignedUserId, sector: m.toSector, ...deadline, ...official },
      `Tarea asignada a ${m.toSector.acronym}`,
    );
  });

  router.post('/cases/:id/close-assign', async (req, res) => {
    const body = closeBody(req.body);
    const result = await closeCaseAssignment(deps, contextOf(res), id(req), body);
    sendBackend(res, { movement_id: result.movementId, status: 'closed' }, 'Asignación cerrada');
  });

  router.post('/cases/:id/link-document', async (req, res) => {
    const body = backendLinkBody(req.body);
    const documentId = body.official_document_id ?? body.document_id;
    if (!documentId) throw badRequest('document_id es requerido');
    const linked = await linkCaseDocument(deps, contextOf(res), id(req), documentId);
    sendBackend(res, linked, 'Documento vinculado al expediente');
  });

  // The case file's index (domain/case-file/).
  router.get('/cases/:id/index', async (req, res) => {
    sendBackend(res, await caseIndex(contextOf(res), id(req)));
  });
  router.get('/cases/:id/index/versions/:version', async (req, res) => {
    sendBackend(res, await caseIndexVersion(contextOf(res), id(req), pathParam(req, 'version')));
  });
  router.post('/cases/:id/folios/:documentId/annul', async (req, res) => {
    const body = annulBody(req.body);
    const annulled = await annulCaseFolio(contextOf(res), id(req), pathParam(req, 'documentId'), body);
    sendBackend(res, annulled, 'Foja anulada');
  });

  return router;
}
