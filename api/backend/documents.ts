/** Backend: documents (`/api/v1/documents/...`, spec backend "Documents" table). */
import { Router, type Response } from 'express';
import {
  createDocument,
  deleteDocument,
  importDocument,
  replaceImportedPdf,
  saveDocument,
} from '../../domain/documents/drafts.js';
import {
  documentPdfUrl,
  previewDownload,
  previewInfo,
  searchOfficial,
  signatureDetailsWithCode,
  unifiedDetails,
} from '../../domain/documents/reads.js';
import { iso } from '../../domain/documents/records.js';
import { refused } from '../../domain/documents/refusals.js';
import { rejectionReason, rejectionRefusal } from '../../rules/signing.js';
import type { ApiDeps } from '../deps.js';
import { readImportForm, readReplacementPdf } from '../document-import.js';
import { authorizationMessage, authorizeBody, documentSigning } from '../temporal/document-signing.js';
import type { ExistingSignature } from '../../domain/documents/signing-checks.js';
import { startSigningBody } from '../deadline-body.js';
import { PublicVerifier } from '../../domain/verification/public-verifier.js';
import { formatVerificationCode } from '../../lib/verification-code.js';
import { verificationJson } from '../public/present.js';
import { contextOf, pathParam, sendBackend, sendBackendFlat } from '../http.js';
import { bodyParser, requiredText, uuid, uuidList } from '../validation.js';
import { TEXT_LIMITS } from '../../domain/limits.js';

export const createBody = bodyParser<{
  document_type_acronym: string;
  reference: string;
  recipients?: unknown;
  case_id?: string | null;
}>({
  type: 'object',
  required: ['document_type_acronym', 'reference'],
  properties: {
    document_type_acronym: requiredText(TEXT_LIMITS.documentTypeAcronym),
    reference: requiredText(TEXT_LIMITS.reference),
    recipients: { type: ['array', 'object'] },
    case_id: { anyOf: [uuid, { type: 'null' }] },
  },
});

interface SaveBody {
  reference?: string;
  content?: string;
  signers?: { user_id: string; is_numerator?: boolean }[];
  recipients?: unknown;
  proposed_case_ids?: string[];
}

export const saveBody = bodyParser<SaveBody>({
  type: 'object',
  properties: {
    reference: requiredText(TEXT_LIMITS.reference),
    content: { type: 'string', maxLength: TEXT_LIMITS.content },
    signers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['user_id'],
        properties: { user_id: uuid, is_numerator: { type: 'boolean' } },
      },
    },
    recipients: { type: ['array', 'object'] },
    proposed_case_ids: uuidList,
  },
});

// A missing reason gets the catalog's message, like a blank one (checked below).
export const rejectBody = bodyParser<{ reason?: string }>({
  type: 'object',
  properties: { reason: { type: 'string', maxLength: TEXT_LIMITS.rejectReason } },
});

const IN_PROGRESS = 'La operación de firma sigue en curso; consulte el documento en unos instantes';

function accepted(res: Response, documentId: string) {
  sendBackend(res, { document_id: documentId, document_status: 'sent_to_sign', in_progress: true }, IN_PROGRESS, 202);
}

export function backendDocumentRoutes(deps: ApiDeps): Router {
  const router = Router();
  const signing = documentSigning(deps);
  const verifier = new PublicVerifier(deps.db, deps.services.storage, deps.config.verification);

  router.get('/documents/search-official/:number', async (req, res) => {
    sendBackend(res, await searchOfficial(contextOf(res), pathParam(req, 'number')));
  });

  router.post('/documents', async (req, res) => {
    const body = createBody(req.body);
    const doc = await createDocument(contextOf(res), {
      documentTypeAcronym: body.document_type_acronym.trim(),
      reference: body.reference.trim(),
      recipients: body.recipients,
      caseId: body.case_id ?? null,
    });
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
    const doc = await saveDocument(
      contextOf(res),
      pathParam(req, 'id'),
      {
        ...(body.reference !== undefined ? { reference: body.reference.trim() } : {}),
        ...(body.content !== undefined ? { content: body.content } : {}),
        ...(body.signers
          ? { signers: body.signers.map((s) => ({ userId: s.user_id, isNumerator: s.is_numerator === true })) }
          : {}),
        ...(body.recipients !== undefined ? { recipients: body.recipients } : {}),
        ...(body.proposed_case_ids ? { proposedCaseIds: body.proposed_case_ids } : {}),
      },
      { allowRejected: true },
    );
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
    const ctx = contextOf(res);
    const result = await signing.sign(ctx, pathParam(req, 'id'));
    if (!result.done) {
      const personal = await signing.personal(ctx);
      if (personal.mode !== 'personal') return accepted(res, pathParam(req, 'id'));
      sendBackend(
        res,
        {
          document_id: pathParam(req, 'id'),
          document_status: 'sent_to_sign',
          in_progress: true,
          authorization_required: true,
          method: personal.method,
          expires_at: null,
        },
        'Su firma personal se está preparando: recibirá un código por e-mail para autorizarla',
        202,
      );
      return;
    }
    const o = result.value;
    if ('authorization' in o) {
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
    await superSignAnswer(res, o);
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
    const { reason } = rejectBody(req.body);
    const refusal = rejectionRefusal(reason);
    if (refusal) throw refused(refusal);
    const result = await signing.reject(contextOf(res), pathParam(req, 'id'), rejectionReason(reason));
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
