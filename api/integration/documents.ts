/** Integration REST: documents (spec "Integration REST: documents"). */
import { Router } from 'express';
import { deleteDocument, importDocument, replaceImportedPdf } from '../../domain/documents/drafts.js';
import {
  checkSignerPermissions,
  documentContent,
  documentPdfUrl,
  getDocument,
  pendingSignatures,
  searchDocuments,
  searchOfficial,
  signatureDetails,
} from '../../domain/documents/reads.js';
import { iso } from '../../domain/documents/records.js';
import type { ExistingSignature } from '../../contract/document-signing.js';
import type { ApiDeps } from '../deps.js';
import { authorizationMessage, authorizeBody, documentSigning } from '../temporal/document-signing.js';
import { startSigningBody } from '../deadline-body.js';
import { contextOf, optionalUserContextOf, pathParam, queryString } from '../http.js';
import { readImportForm, readReplacementPdf } from '../document-import.js';
import {
  createBody,
  createDocumentAnswer,
  patchBody,
  rejectBody,
  rejectDocumentAnswer,
  saveDocumentAnswer,
  signDocument,
  signingInProgress,
  startSigningAnswer,
} from '../operations/documents.js';
import { integrationAuth } from './auth.js';

const AUTHORIZATION_COMING =
  'Su firma personal se está preparando: recibirá un código por e-mail para autorizarla en POST /documents/{document_id}/sign/authorize';

/** A signature made (or found made): the answer of sign and of its authorization. */
const signedAnswer = (o: ExistingSignature) => ({
  document_id: o.documentId,
  status: o.status,
  document_number: o.status === 'signed' ? o.officialNumber : null,
  signed_at: o.signedAt,
});

export function documentRoutes(deps: ApiDeps): Router {
  const router = Router();
  const signing = documentSigning(deps);
  const auth = integrationAuth(deps);

  router.get('/documents/search', auth, async (req, res) => {
    res.json(
      await searchDocuments(contextOf(res), {
        page: queryString(req, 'page'),
        page_size: queryString(req, 'page_size'),
        search: queryString(req, 'search'),
        status: queryString(req, 'status'),
        document_type: queryString(req, 'document_type'),
        case_id: queryString(req, 'case_id'),
        cursor: queryString(req, 'cursor'),
      }),
    );
  });

  router.get('/documents/pending-signatures', auth, async (_req, res) => {
    res.json(await pendingSignatures(contextOf(res)));
  });

  router.get('/documents/check-signer-permissions', auth, async (req, res) => {
    res.json(
      await checkSignerPermissions(
        contextOf(res),
        queryString(req, 'user_id'),
        queryString(req, 'document_type_acronym'),
      ),
    );
  });

  router.get('/documents/search-official/:number', auth, async (req, res) => {
    res.json(await searchOfficial(contextOf(res), pathParam(req, 'number')));
  });

  router.post('/documents', auth, async (req, res) => {
    res.status(201).json(await createDocumentAnswer(contextOf(res), createBody(req.body)));
  });

  router.post('/documents/import', auth, async (req, res) => {
    const doc = await importDocument(contextOf(res), await readImportForm(req));
    res.status(201).json({
      document_id: doc.id,
      document_type: doc.type_acronym,
      reference: doc.reference,
      status: doc.status,
      is_imported: true,
      created_at: iso(doc.created_at),
    });
  });

  router.get('/documents/:id', integrationAuth(deps, { userRequired: false }), async (req, res) => {
    res.json(await getDocument(optionalUserContextOf(res), pathParam(req, 'id')));
  });

  router.get('/documents/:id/content', auth, async (req, res) => {
    res.json(await documentContent(contextOf(res), pathParam(req, 'id')));
  });

  router.get('/documents/:id/url', auth, async (req, res) => {
    res.json(await documentPdfUrl(contextOf(res), pathParam(req, 'id')));
  });

  router.get('/documents/:id/signature-details', auth, async (req, res) => {
    res.json(await signatureDetails(contextOf(res), pathParam(req, 'id')));
  });

  router.patch('/documents/:id', auth, async (req, res) => {
    res.json(await saveDocumentAnswer(contextOf(res), pathParam(req, 'id'), patchBody(req.body)));
  });

  router.put('/documents/:id/imported-pdf', auth, async (req, res) => {
    const doc = await replaceImportedPdf(contextOf(res), pathParam(req, 'id'), await readReplacementPdf(req));
    res.json({ document_id: doc.id, message: 'PDF reemplazado', updated_at: iso(doc.updated_at) });
  });

  router.delete('/documents/:id', auth, async (req, res) => {
    await deleteDocument(contextOf(res), pathParam(req, 'id'), { creatorOnly: false });
    res.json({ document_id: pathParam(req, 'id'), deleted: true, message: 'Documento eliminado' });
  });

  router.post('/documents/:id/start-signing', auth, async (req, res) => {
    const answer = await startSigningAnswer(signing, contextOf(res), pathParam(req, 'id'), startSigningBody(req.body));
    res.status(answer.status).json(answer.body);
  });

  router.post('/documents/:id/sign', auth, async (req, res) => {
    const documentId = pathParam(req, 'id');
    const step = await signDocument(signing, contextOf(res), documentId);
    if (step.kind === 'in-progress') return res.status(202).json(signingInProgress(documentId));
    if (step.kind === 'personal-coming') {
      res.status(202).json({
        ...signingInProgress(documentId),
        authorization_required: true,
        method: step.method,
        expires_at: null,
        message: AUTHORIZATION_COMING,
      });
      return;
    }
    if (step.kind === 'authorization') {
      const o = step.pending;
      res.status(202).json({
        document_id: o.documentId,
        status: o.status,
        authorization_required: true,
        method: o.authorization.method,
        expires_at: o.authorization.expiresAt,
        message: authorizationMessage(o.authorization.method),
      });
      return;
    }
    res.json(signedAnswer(step.signature));
  });

  router.post('/documents/:id/sign/authorize', auth, async (req, res) => {
    const result = await signing.authorize(contextOf(res), pathParam(req, 'id'), authorizeBody(req.body).code);
    if (!result.done) return res.status(202).json(signingInProgress(pathParam(req, 'id')));
    res.json(signedAnswer(result.value));
  });

  router.post('/documents/:id/reject', auth, async (req, res) => {
    const answer = await rejectDocumentAnswer(signing, contextOf(res), pathParam(req, 'id'), rejectBody(req.body));
    res.status(answer.status).json(answer.body);
  });

  return router;
}
