/** Integration REST: documents (spec "Integration REST: documents"). */
import { Router, type Response } from 'express';
import {
  createDocument,
  deleteDocument,
  importDocument,
  replaceImportedPdf,
  saveDocument,
} from '../../domain/documents/drafts.js';
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
import { refused } from '../../domain/documents/refusals.js';
import { rejectionReason, rejectionRefusal } from '../../rules/signing.js';
import type { ApiDeps } from '../deps.js';
import {
  authorizationMessage,
  authorizeBody,
  documentSigning,
  type DocumentSigning,
} from '../temporal/document-signing.js';
import { startSigningBody, type DeadlineFields } from '../deadline-body.js';
import type { UserContext } from '../../domain/context.js';
import { contextOf, optionalUserContextOf, pathParam, queryString } from '../http.js';
import { readImportForm, readReplacementPdf } from '../document-import.js';
import { bodyParser, requiredText, uuid, uuidList } from '../validation.js';
import { TEXT_LIMITS } from '../../domain/limits.js';
import { integrationAuth } from './auth.js';

export const createBody = bodyParser<{
  document_type_acronym: string;
  reference: string;
  case_id?: string | null;
  recipients?: unknown;
}>({
  type: 'object',
  required: ['document_type_acronym', 'reference'],
  properties: {
    document_type_acronym: requiredText(TEXT_LIMITS.documentTypeAcronym),
    reference: requiredText(TEXT_LIMITS.reference),
    case_id: { anyOf: [uuid, { type: 'null' }] },
    recipients: { type: ['array', 'object'] },
  },
});

export const patchBody = bodyParser<{
  content?: string;
  reference?: string;
  signers?: string[];
  recipients?: unknown;
  proposed_case_ids?: string[];
}>({
  type: 'object',
  properties: {
    content: { type: 'string', maxLength: TEXT_LIMITS.content },
    reference: requiredText(TEXT_LIMITS.reference),
    signers: uuidList,
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
  res.status(202).json(inProgress(documentId));
}

const AUTHORIZATION_COMING =
  'Su firma personal se está preparando: recibirá un código por e-mail para autorizarla en POST /documents/{document_id}/sign/authorize';

const inProgress = (documentId: string) => ({ document_id: documentId, status: 'sent_to_sign', message: IN_PROGRESS });

/** An answer of a write shared by REST and MCP: the REST status and body. */
export interface WriteAnswer {
  status: number;
  body: Record<string, unknown>;
}

// The writes below are shared by their REST routes and MCP tools: one implementation, one answer.

export async function createDocumentAnswer(ctx: UserContext, body: ReturnType<typeof createBody>) {
  const doc = await createDocument(ctx, {
    documentTypeAcronym: body.document_type_acronym.trim(),
    reference: body.reference.trim(),
    caseId: body.case_id ?? null,
    recipients: body.recipients,
  });
  return {
    document_id: doc.id,
    document_type: doc.type_acronym,
    reference: doc.reference,
    status: doc.status,
    created_at: iso(doc.created_at),
  };
}

export async function saveDocumentAnswer(ctx: UserContext, documentId: string, body: ReturnType<typeof patchBody>) {
  const doc = await saveDocument(
    ctx,
    documentId,
    {
      ...(body.reference !== undefined ? { reference: body.reference.trim() } : {}),
      ...(body.content !== undefined ? { content: body.content } : {}),
      // Integration signers are a list; the last one numbers the document.
      ...(body.signers
        ? { signers: body.signers.map((userId, i, all) => ({ userId, isNumerator: i === all.length - 1 })) }
        : {}),
      ...(body.recipients !== undefined ? { recipients: body.recipients } : {}),
      ...(body.proposed_case_ids ? { proposedCaseIds: body.proposed_case_ids } : {}),
    },
    { allowRejected: false },
  );
  return { document_id: doc.id, status: doc.status, updated_at: iso(doc.updated_at) };
}

export async function startSigningAnswer(
  signing: DocumentSigning,
  ctx: UserContext,
  documentId: string,
  deadline: DeadlineFields = {},
): Promise<WriteAnswer> {
  const result = await signing.start(ctx, documentId, { creatorOnly: false, deadline });
  if (!result.done) return { status: 202, body: inProgress(documentId) };
  return {
    status: 200,
    body: {
      document_id: result.value.documentId,
      status: 'sent_to_sign',
      message: 'Documento enviado a firma',
      ...(result.value.dueAt ? { due_at: result.value.dueAt } : {}),
    },
  };
}

export async function rejectDocumentAnswer(
  signing: DocumentSigning,
  ctx: UserContext,
  documentId: string,
  body: ReturnType<typeof rejectBody>,
): Promise<WriteAnswer> {
  const refusal = rejectionRefusal(body.reason);
  if (refusal) throw refused(refusal);
  const result = await signing.reject(ctx, documentId, rejectionReason(body.reason));
  if (!result.done) return { status: 202, body: inProgress(documentId) };
  const o = result.value;
  return {
    status: 200,
    body: { document_id: o.documentId, status: o.status, rejected_by: o.rejectedBy, reason: o.reason },
  };
}

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
    const ctx = contextOf(res);
    const result = await signing.sign(ctx, pathParam(req, 'id'));
    if (!result.done) {
      // Still preparing (the signing services may be down): a personal signer will need the code it sends.
      const personal = await signing.personal(ctx);
      if (personal.mode !== 'personal') return accepted(res, pathParam(req, 'id'));
      res.status(202).json({
        ...inProgress(pathParam(req, 'id')),
        authorization_required: true,
        method: personal.method,
        expires_at: null,
        message: AUTHORIZATION_COMING,
      });
      return;
    }
    const o = result.value;
    if ('authorization' in o) {
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
    res.json({
      document_id: o.documentId,
      status: o.status,
      document_number: o.status === 'signed' ? o.officialNumber : null,
      signed_at: o.signedAt,
    });
  });

  router.post('/documents/:id/sign/authorize', auth, async (req, res) => {
    const result = await signing.authorize(contextOf(res), pathParam(req, 'id'), authorizeBody(req.body).code);
    if (!result.done) return accepted(res, pathParam(req, 'id'));
    const o = result.value;
    res.json({
      document_id: o.documentId,
      status: o.status,
      document_number: o.status === 'signed' ? o.officialNumber : null,
      signed_at: o.signedAt,
    });
  });

  router.post('/documents/:id/reject', auth, async (req, res) => {
    const answer = await rejectDocumentAnswer(signing, contextOf(res), pathParam(req, 'id'), rejectBody(req.body));
    res.status(answer.status).json(answer.body);
  });

  return router;
}
