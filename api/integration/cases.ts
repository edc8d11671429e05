/** Integration REST: cases (spec "Integration REST: cases"). */
import { Router, type Request, type Response } from 'express';
import { caseIndex, caseIndexVersion } from '../../domain/case-file/reads.js';
import {
  caseDocuments,
  caseHistory,
  casePermissions,
  getCase,
  getCaseByNumber,
  prepareAssignment,
  prepareTransfer,
  searchCasesIntegration,
  sectorUsers,
} from '../../domain/cases/reads.js';
import { caseWorkflows, pollPath } from '../temporal/case-workflows.js';
import type { ApiDeps } from '../deps.js';
import { queryFlag } from '../query-flags.js';
import { contextOf, optionalUserContextOf, pathParam, queryString } from '../http.js';
import {
  annulBody,
  annulCaseFolio,
  assignCaseAnswer,
  caseCreationBody,
  closeBody,
  closeCaseAssignment,
  createCase,
  creationBody,
  creationInProgress,
  decideProposalAnswer,
  decisionBody,
  linkBody,
  linkCaseDocument,
  movementBody,
  movementRequest,
  moveCase,
  proposeBody,
  proposeDocumentAnswer,
} from '../operations/cases.js';
import { integrationAuth } from './auth.js';

export function caseRoutes(deps: ApiDeps): Router {
  const router = Router();
  const auth = integrationAuth(deps);
  const userOptional = integrationAuth(deps, { userRequired: false });
  const workflows = caseWorkflows(deps);
  const id = (req: Request) => pathParam(req, 'id');

  router.get('/cases/search', auth, async (req, res) => {
    const q = (n: string) => queryString(req, n);
    res.json(
      await searchCasesIntegration(contextOf(res), {
        page: q('page'),
        page_size: q('page_size'),
        search: q('search'),
        status: q('status'),
        date_filter: q('date_filter'),
        sector_filter: q('sector_filter'),
        cursor: q('cursor'),
      }),
    );
  });

  // Both spellings the spec documents.
  for (const path of ['/cases/number/:number', '/cases/by-number/:number']) {
    router.get(path, auth, async (req, res) => {
      res.json(await getCaseByNumber(contextOf(res), pathParam(req, 'number')));
    });
  }

  router.get('/cases/sectors/:sectorId/users', auth, async (req, res) => {
    res.json(await sectorUsers(contextOf(res), pathParam(req, 'sectorId')));
  });

  router.get('/cases/creations/:key', auth, async (req, res) => {
    const outcome = await workflows.poll(contextOf(res), pathParam(req, 'key'));
    if (outcome.done) res.json(creationBody(outcome.value));
    else res.status(202).json(creationInProgress(outcome));
  });

  router.post('/cases', auth, async (req, res) => {
    const outcome = await createCase(deps, contextOf(res), caseCreationBody(req.body), req.get('idempotency-key'));
    if (outcome.done) res.status(201).json(creationBody(outcome.value));
    else res.status(202).location(pollPath(outcome.key)).json(creationInProgress(outcome));
  });

  router.get('/cases/:id', userOptional, async (req, res) => {
    res.json(
      await getCase(optionalUserContextOf(res), id(req), { includeDocuments: queryFlag(req, 'include_documents') }),
    );
  });

  router.get('/cases/:id/history', auth, async (req, res) => {
    res.json(await caseHistory(contextOf(res), id(req)));
  });

  router.get('/cases/:id/documents', userOptional, async (req, res) => {
    res.json(await caseDocuments(optionalUserContextOf(res), id(req)));
  });

  router.get('/cases/:id/permissions', auth, async (req, res) => {
    res.json(await casePermissions(contextOf(res), id(req)));
  });

  // The overview documents POST, the endpoint reference GET: both are served.
  router.all('/cases/:id/prepare-assignment', auth, async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'POST') return next();
    res.json(await prepareAssignment(contextOf(res), id(req)));
  });
  router.all('/cases/:id/prepare-transfer', auth, async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'POST') return next();
    res.json(await prepareTransfer(contextOf(res), id(req)));
  });

  router.post('/cases/:id/transfer', auth, async (req, res) => {
    const body = movementBody(req.body);
    // An integration transfer always hands the case over; its reason has no minimum length.
    const request = movementRequest('transfer', id(req), body, { transferOwnership: true, bounded: false });
    const { movement: m, official, deadline } = await moveCase(deps, contextOf(res), request, body.create_official_doc);
    res.json({
      message: `Expediente transferido a ${m.toSector.acronym}`,
      movement_id: m.movementId,
      from_sector: m.fromSector.acronym,
      to_sector: m.toSector.acronym,
      ...deadline,
      ...official,
    });
  });

  router.post('/cases/:id/assign', auth, async (req, res) => {
    res.json(await assignCaseAnswer(deps, contextOf(res), id(req), movementBody(req.body)));
  });

  router.post('/cases/:id/close-assign', auth, async (req, res) => {
    const body = closeBody(req.body);
    const result = await closeCaseAssignment(deps, contextOf(res), id(req), body);
    res.json({ message: 'Asignación cerrada', movement_id: result.movementId });
  });

  router.post('/cases/:id/documents/link', auth, async (req, res) => {
    const body = linkBody(req.body);
    const result = await linkCaseDocument(deps, contextOf(res), id(req), body.official_document_id);
    res.json({
      message: 'Documento vinculado al expediente',
      case_id: result.case_id,
      document_id: result.document_id,
    });
  });

  router.post('/cases/:id/documents/propose', auth, async (req, res) => {
    res.json(await proposeDocumentAnswer(contextOf(res), id(req), proposeBody(req.body)));
  });

  const decide = (decision: 'accepted' | 'rejected') => async (req: Request, res: Response) => {
    res.json(await decideProposalAnswer(deps, contextOf(res), id(req), decision, decisionBody(req.body)));
  };
  router.post('/cases/:id/documents/accept-proposal', auth, decide('accepted'));
  router.post('/cases/:id/documents/reject-proposal', auth, decide('rejected'));

  // The case file's index (domain/case-file/).
  router.get('/cases/:id/index', userOptional, async (req, res) => {
    res.json(await caseIndex(optionalUserContextOf(res), id(req)));
  });
  router.get('/cases/:id/index/versions/:version', userOptional, async (req, res) => {
    res.json(await caseIndexVersion(optionalUserContextOf(res), id(req), pathParam(req, 'version')));
  });
  router.post('/cases/:id/folios/:documentId/annul', auth, async (req, res) => {
    const body = annulBody(req.body);
    const annulled = await annulCaseFolio(contextOf(res), id(req), pathParam(req, 'documentId'), body);
    res.json({ message: 'Foja anulada', ...annulled });
  });

  return router;
}
