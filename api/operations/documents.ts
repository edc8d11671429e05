/**
 * Document operations shared by integration REST, backend and MCP: each request's one schema and
 * the operation it runs. Integration REST and MCP answer alike, so their answers live here too;
 * the backend shapes its own answers (its envelope, its field names) from the same outcomes.
 */
import type { AuthorizationMethod, AuthorizationPending, ExistingSignature } from '../../contract/document-signing.js';
import type { UserContext } from '../../domain/context.js';
import { createDocument, saveDocument, type SaveDocumentInput } from '../../domain/documents/drafts.js';
import { iso } from '../../domain/documents/records.js';
import { refused } from '../../domain/documents/refusals.js';
import { TEXT_LIMITS } from '../../domain/limits.js';
import { rejectionReason, rejectionRefusal } from '../../rules/signing.js';
import type { DeadlineFields } from '../deadline-body.js';
import type { DocumentSigning } from '../temporal/document-signing.js';
import { bodyParser, requiredText, uuid, uuidList } from '../validation.js';

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

/** Integration REST and MCP save: signers are a list of user ids, the last one numbers the document. */
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

/** The backend's save: each signer says whether it numbers the document. */
export const saveBody = bodyParser<{
  reference?: string;
  content?: string;
  signers?: { user_id: string; is_numerator?: boolean }[];
  recipients?: unknown;
  proposed_case_ids?: string[];
}>({
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

// A missing reason gets the catalog's message, like a blank one (checked by rejectDocument).
export const rejectBody = bodyParser<{ reason?: string }>({
  type: 'object',
  properties: { reason: { type: 'string', maxLength: TEXT_LIMITS.rejectReason } },
});

/** What a caller is told while a signing update is still running (the signing services may be down). */
export const SIGNING_IN_PROGRESS = 'La operación de firma sigue en curso; consulte el documento en unos instantes';

/** An answer of a write shared by integration REST and MCP: the REST status and body. */
export interface WriteAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The integration answer of a signing step that is still running. */
export const signingInProgress = (documentId: string) => ({
  document_id: documentId,
  status: 'sent_to_sign',
  message: SIGNING_IN_PROGRESS,
});

export function createDraft(ctx: UserContext, body: ReturnType<typeof createBody>) {
  return createDocument(ctx, {
    documentTypeAcronym: body.document_type_acronym.trim(),
    reference: body.reference.trim(),
    caseId: body.case_id ?? null,
    recipients: body.recipients,
  });
}

export async function createDocumentAnswer(ctx: UserContext, body: ReturnType<typeof createBody>) {
  const doc = await createDraft(ctx, body);
  return {
    document_id: doc.id,
    document_type: doc.type_acronym,
    reference: doc.reference,
    status: doc.status,
    created_at: iso(doc.created_at),
  };
}

/** The fields a save changes; `signers` as the domain takes them (each interface says who numbers). */
function saveChanges(
  body: ReturnType<typeof patchBody> | ReturnType<typeof saveBody>,
  signers: SaveDocumentInput['signers'],
): SaveDocumentInput {
  return {
    ...(body.reference !== undefined ? { reference: body.reference.trim() } : {}),
    ...(body.content !== undefined ? { content: body.content } : {}),
    ...(signers ? { signers } : {}),
    ...(body.recipients !== undefined ? { recipients: body.recipients } : {}),
    ...(body.proposed_case_ids ? { proposedCaseIds: body.proposed_case_ids } : {}),
  };
}

/** Integration REST and MCP: a rejected draft is not saved (the desk reopens one, see saveBackendDraft). */
export async function saveDocumentAnswer(ctx: UserContext, documentId: string, body: ReturnType<typeof patchBody>) {
  // The last signer of the list numbers the document.
  const signers = body.signers?.map((userId, i, all) => ({ userId, isNumerator: i === all.length - 1 }));
  const doc = await saveDocument(ctx, documentId, saveChanges(body, signers), { allowRejected: false });
  return { document_id: doc.id, status: doc.status, updated_at: iso(doc.updated_at) };
}

/** The backend's save, which also reopens a rejected draft. */
export function saveBackendDraft(ctx: UserContext, documentId: string, body: ReturnType<typeof saveBody>) {
  const signers = body.signers?.map((s) => ({ userId: s.user_id, isNumerator: s.is_numerator === true }));
  return saveDocument(ctx, documentId, saveChanges(body, signers), { allowRejected: true });
}

export async function startSigningAnswer(
  signing: DocumentSigning,
  ctx: UserContext,
  documentId: string,
  deadline: DeadlineFields = {},
): Promise<WriteAnswer> {
  const result = await signing.start(ctx, documentId, { creatorOnly: false, deadline });
  if (!result.done) return { status: 202, body: signingInProgress(documentId) };
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

/** A signer's rejection: the reason is checked (the catalog's message for a blank one) before the workflow. */
export async function rejectDocument(
  signing: DocumentSigning,
  ctx: UserContext,
  documentId: string,
  body: ReturnType<typeof rejectBody>,
) {
  const refusal = rejectionRefusal(body.reason);
  if (refusal) throw refused(refusal);
  return signing.reject(ctx, documentId, rejectionReason(body.reason));
}

export async function rejectDocumentAnswer(
  signing: DocumentSigning,
  ctx: UserContext,
  documentId: string,
  body: ReturnType<typeof rejectBody>,
): Promise<WriteAnswer> {
  const result = await rejectDocument(signing, ctx, documentId, body);
  if (!result.done) return { status: 202, body: signingInProgress(documentId) };
  const o = result.value;
  return {
    status: 200,
    body: { document_id: o.documentId, status: o.status, rejected_by: o.rejectedBy, reason: o.reason },
  };
}

/** Where a signature stands after a sign call: each REST interface words its answer for each. */
export type SignStep =
  | { kind: 'in-progress' }
  /** Still preparing, and the signer signs personally: a code will come by e-mail. */
  | { kind: 'personal-coming'; method: AuthorizationMethod }
  | { kind: 'authorization'; pending: AuthorizationPending }
  | { kind: 'signed'; signature: ExistingSignature };

export async function signDocument(signing: DocumentSigning, ctx: UserContext, documentId: string): Promise<SignStep> {
  const result = await signing.sign(ctx, documentId);
  if (!result.done) {
    // Still preparing (the signing services may be down): a personal signer will need the code it sends.
    const personal = await signing.personal(ctx);
    return personal.mode === 'personal'
      ? { kind: 'personal-coming', method: personal.method }
      : { kind: 'in-progress' };
  }
  const o = result.value;
  return 'authorization' in o ? { kind: 'authorization', pending: o } : { kind: 'signed', signature: o };
}
