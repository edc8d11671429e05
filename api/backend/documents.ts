/** Backend: documents (`/api/v1/documents/...`, spec backend "Documents" table). */
import { Router, type Response } from 'express';
import { deleteDocument, importDocument, replaceImportedPdf } from '../../domain/documents/drafts.js';
import {
  documentPdfUrl,
  previewDownload,
  previewInfo,
  searchOfficial,
  signatureDetailsWithCode,
  unifiedDetails,
} from '../../domain/documents/reads.js';
import { iso } from '../../domain/documents/records.js';
import type { ApiDeps } from '../deps.js';
import { readImportForm, readReplacementPdf } from '../document-import.js';
import { authorizationMessage, authorizeBody, documentSigning } from '../temporal/document-signing.js';
import type { ExistingSignature } from '../../domain/documents/signing-checks.js';
import { startSigningBody } from '../deadline-body.js';
import { PublicVerifier } from '../../domain/verification/public-verifier.js';
import { formatVerificationCode } from '../../lib/verification-code.js';
import { verificationJson } from '../public/present.js';
import { contextOf, pathParam, sendBackend, sendBackendFlat } from '../http.js';
import {
  createBody,
  createDraft,
  rejectBody,
  rejectDocument,
  saveBackendDraft,
  saveBody,
  signDocument,
  SIGNING_IN_PROGRESS,
} from '../operations/documents.js';

function accepted(res: Response, documentId: string) {
  sendBackend(
    res,
    { document_id: documentId, document_status: 'sent_to_sign', in_progress: true },
    SIGNING_IN_PROGRESS,
    202,
  );
}

export function backendDocumentRoutes(deps: ApiDeps): Router {
  const router = Router();
  const signing = documentSigning(deps);
  const verifier = new PublicVerifier(deps.db, deps.services.storage, deps.config.verification);

  router.get('/documents/search-official/:number', async (req, res) => {
    sendBackend(res, await searchOfficial(contextOf(res), pathParam(req, 'number')));
  });

  router.post('/documents', async (req, res) => {
    const doc = await createDraft(contextOf(res), createBody(req.body));
    sendBackendFlat(res, { document_id: doc.id, status: doc.status }, 'Documento creado');
  });

  // The integration interface's import, for the desk (docs/decisions.md): same form, same checks.
  router.post('/documents/import', async (req, res) => {
    const doc = await importDocument(contextOf(res), await readImportForm(req));
    sendBackend(
      res,
      {
        document_id: doc.id,
        document_type: doc.type_acronym,
        reference: doc.reference,
        status: doc.status,
        is_imported: true,
        created_at: iso(doc.created_at),
      },
      'Documento importado',
      201,
    );
  });

  router.put('/documents/:id/imported-pdf', async (req, res) => {
    const doc = await replaceImportedPdf(contextOf(res), pathParam(req, 'id'), await readReplacementPdf(req));
    sendBackend(res, { document_id: doc.id, updated_at: iso(doc.updated_at) }, 'PDF reemplazado');
  });

  // Who signed and when, plus the validation of the official file (certificates, time-stamps).
  router.get('/documents/:id/signature-details', async (req, res) => {
    const { details, code } = await signatureDetailsWithCode(contextOf(res), pathParam(req, 'id'));
    const result = code ? await verifier.byCode(code) : undefined;
    sendBackend(res, {
      ...details,
      verification_code: code && formatVerificationCode(code),
      validation: result ? verificationJson(result) : null,
    });
  });

  router.patch('/documents/:id/save', async (req, res) => {
    const body = saveBody(req.body);
    const doc = await saveBackendDraft(contextOf(res), pathParam(req, 'id'), body);
    sendBackendFlat(
      res,
      { document_id: doc.id, status: doc.status, last_modified_at: iso(doc.updated_at) },
      'Documento guardado',
    );
  });

  router.post('/documents/:id/preview-info', async (req, res) => {
    sendBackend(res, await previewInfo(contextOf(res), pathParam(req, 'id')));
  });

  router.post('/documents/:id/preview-download', async (req, res) => {
    const preview = await previewDownload(contextOf(res), pathParam(req, 'id'));
    if (preview.kind === 'url') {
      sendBackend(res, { document_id: pathParam(req, 'id'), pdf_url: preview.url, expires_in: preview.expiresIn });
      return;
    }
    res
      .status(200)
      .type('application/pdf')
      .set('Content-Disposition', `inline; filename="${preview.fileName}"`)
      .send(preview.pdf);
  });

  router.get('/documents/:id/details', async (req, res) => {
    sendBackend(res, await unifiedDetails(contextOf(res), pathParam(req, 'id')));
  });

  router.post('/documents/:id/start-signing-process', async (req, res) => {
    const deadline = startSigningBody(req.body);
    const result = await signing.start(contextOf(res), pathParam(req, 'id'), { creatorOnly: true, deadline });
    if (!result.done) return accepted(res, pathParam(req, 'id'));
    const round = result.value;
    sendBackend(
      res,
      {
        document_id: round.documentId,
        status: 'sent_to_sign',
        ...(round.dueAt ? { due_at: round.dueAt } : {}),
        signers: round.signers.map((s) => ({
          user_id: s.userId,
          full_name: s.fullName,
          is_numerator: s.isNumerator,
          status: s.status,
        })),
      },
      'Documento enviado a firma',
    );
  });

  router.post('/documents/:id/super-sign', async (req, res) => {
    const documentId = pathParam(req, 'id');
    const step = await signDocument(signing, contextOf(res), documentId);
    if (step.kind === 'in-progress') return accepted(res, documentId);
    if (step.kind === 'personal-coming') {
      sendBackend(
        res,
        {
          document_id: documentId,
          document_status: 'sent_to_sign',
          in_progress: true,
          authorization_required: true,
          method: step.method,
          expires_at: null,
        },
        'Su firma personal se está preparando: recibirá un código por e-mail para autorizarla',
        202,
      );
      return;
    }
    if (step.kind === 'authorization') {
      const o = step.pending;
      sendBackend(
        res,
        {
          document_id: o.documentId,
          document_status: o.status,
          is_numerator: o.isNumerator,
          authorization_required: true,
          method: o.authorization.method,
          expires_at: o.authorization.expiresAt,
        },
        authorizationMessage(o.authorization.method),
        202,
      );
      return;
    }
    await superSignAnswer(res, step.signature);
  });

  router.post('/documents/:id/sign/authorize', async (req, res) => {
    const result = await signing.authorize(contextOf(res), pathParam(req, 'id'), authorizeBody(req.body).code);
    if (!result.done) return accepted(res, pathParam(req, 'id'));
    await superSignAnswer(res, result.value);
  });

  /** The spec's super-sign answer: numbered with its PDF, or signed. */
  async function superSignAnswer(res: Response, o: ExistingSignature): Promise<void> {
    if (o.isNumerator && o.status === 'signed') {
      const { pdf_url } = await documentPdfUrl(contextOf(res), o.documentId);
      sendBackendFlat(
        res,
        {
          document_id: o.documentId,
          document_status: 'signed',
          is_numerator: true,
          official_number: o.officialNumber,
          signed_pdf_url: pdf_url,
        },
        'Documento firmado y numerado',
      );
      return;
    }
    sendBackendFlat(
      res,
      { document_id: o.documentId, document_status: o.status, is_numerator: o.isNumerator, official_number: null },
      'Documento firmado',
    );
  }

  router.post('/documents/:id/reject', async (req, res) => {
    const body = rejectBody(req.body);
    const result = await rejectDocument(signing, contextOf(res), pathParam(req, 'id'), body);
    if (!result.done) return accepted(res, pathParam(req, 'id'));
    const o = result.value;
    sendBackend(
      res,
      {
        document_id: o.documentId,
        status: o.status,
        rejected_by: o.rejectedBy,
        reason: o.reason,
        rejected_at: o.rejectedAt,
      },
      'Documento rechazado',
    );
  });

  router.delete('/documents/:id', async (req, res) => {
    await deleteDocument(contextOf(res), pathParam(req, 'id'), { creatorOnly: true });
    sendBackend(res, { document_id: pathParam(req, 'id'), deleted: true }, 'Documento eliminado');
  });

  return router;
}
