/** Reading documents: detail, search, pending signatures, content, URL, signature details. */
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import { likePattern } from '../catalogs.js';
import type { ActingUser, DomainContext } from '../context.js';
import { badRequest, conflict, notFound, unauthorized } from '../errors.js';
import { INTEGRATION_AUTH_MESSAGES } from '../authentication.js';
import { parsePage, pageInfo } from '../pagination.js';
import { canEditDocument, requireDocument, whereOutsideCaseCreation, whereVisibleTo } from './access.js';
import { currentPdf } from './files.js';
import { DOCUMENT_MESSAGES } from './messages.js';
import { findDocumentType, signerPermission } from './participants.js';
import { DOCUMENT_COLUMNS, documentsQuery, iso, loadSigners, type DocumentRow, type SignerRow } from './records.js';

export type SignatureStatus = 'unsigned' | 'pending' | 'partially_signed' | 'fully_signed' | 'rejected';

export function signatureStatus(doc: DocumentRow, signers: SignerRow[]): SignatureStatus {
  if (doc.status === 'signed') return 'fully_signed';
  if (doc.status === 'rejected') return 'rejected';
  if (doc.status === 'draft') return 'unsigned';
  return signers.some((s) => s.status === 'signed') ? 'partially_signed' : 'pending';
}

/** Integration list item (search, search-official). */
export function summary(doc: DocumentRow) {
  return {
    document_id: doc.id,
    document_number: doc.official_number,
    document_type: doc.type_acronym,
    reference: doc.reference,
    status: doc.status,
    created_at: iso(doc.created_at),
  };
}

function recipientsOf(doc: DocumentRow) {
  return doc.type_acronym === 'NOTA' || doc.type_acronym === 'MEMO' ? doc.recipients : undefined;
}

/** The fields every detail view of a document starts with. */
function documentHeader(doc: DocumentRow) {
  return {
    document_id: doc.id,
    document_type: { acronym: doc.type_acronym, name: doc.type_name },
    reference: doc.reference,
    status: doc.status,
    official_number: doc.official_number,
    is_imported: doc.is_imported,
    created_by: { user_id: doc.created_by, full_name: doc.creator_name },
  };
}

/** Full document object (integration detail). */
export async function documentDetail(trx: Tx, doc: DocumentRow, loaded?: SignerRow[]) {
  const signers = loaded ?? (await loadSigners(trx, doc.id));
  return {
    ...documentHeader(doc),
    document_number: doc.official_number,
    content: doc.content,
    signers: signers.map((s) => ({ user_id: s.user_id, full_name: s.full_name, signed_at: iso(s.signed_at) })),
    recipients: recipientsOf(doc),
    proposed_case_ids: doc.proposed_case_ids,
    case_id: doc.case_id,
    created_at: iso(doc.created_at),
    updated_at: iso(doc.updated_at),
    signed_at: iso(doc.signed_at),
    rejected_by: doc.rejected_by,
    rejection_reason: doc.rejection_reason,
  };
}

/**
 * Integration GET /documents/{id}: X-User-ID may be omitted (no permission check) except for a
 * document in signing, where the acting user decides what is visible.
 */
export async function getDocument(ctx: DomainContext, documentId: string) {
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, ctx.user, documentId);
    if (!ctx.user && doc.status === 'sent_to_sign') throw unauthorized(INTEGRATION_AUTH_MESSAGES.missingUser);
    return documentDetail(trx, doc);
  });
}

const STATUS_FILTER: Record<string, string> = {
  pending: 'draft',
  draft: 'draft',
  sent_to_sign: 'sent_to_sign',
  signed: 'signed',
  rejected: 'rejected',
};

export interface SearchInput {
  page?: unknown;
  page_size?: unknown;
  search?: string;
  status?: string;
  document_type?: string;
  case_id?: string;
}

export async function searchDocuments(ctx: DomainContext, input: SearchInput) {
  const user = ctx.user!;
  const p = parsePage(input);
  if (input.status && !STATUS_FILTER[input.status]) {
    throw badRequest('status debe ser pending, sent_to_sign, signed o rejected');
  }
  if (input.case_id && !isUuid(input.case_id)) throw badRequest('case_id debe ser un UUID');
  return ctx.db.transaction(async (trx) => {
    const base = whereVisibleTo(documentsQuery(trx), trx, user);
    if (input.status) base.andWhere('d.status', STATUS_FILTER[input.status]!);
    if (input.document_type) base.andWhere('t.acronym', input.document_type.toUpperCase());
    if (input.case_id) {
      const caseId = input.case_id;
      base.andWhere((w) =>
        w.where('d.case_id', caseId).orWhereExists(trx('case_documents as cdf').whereRaw('cdf.document_id = d.id').andWhere('cdf.case_id', caseId)),
      );
    }
    const text = input.search?.trim();
    if (text) {
      const pattern = likePattern(text);
      base.andWhere((w) => w.whereILike('d.official_number', pattern).orWhereILike('d.reference', pattern));
    }
    const [{ total }] = await base.clone().clearSelect().count<{ total: number }[]>('* as total');
    const rows = await base
      .orderBy([{ column: 'd.created_at', order: 'desc' }, { column: 'd.id' }])
      .limit(p.pageSize)
      .offset(p.offset)
      .select<DocumentRow[]>(DOCUMENT_COLUMNS);
    const { total_pages: _unused, ...info } = pageInfo(p, Number(total));
    return { documents: rows.map(summary), ...info };
  });
}

/**
 * Documents waiting for the acting user's signature. A numerator's document is listed only once
 * every common signer has signed, since it cannot be signed before.
 */
export async function pendingSignatures(ctx: DomainContext) {
  const user = ctx.user!;
  return ctx.db.transaction(async (trx) => {
    const rows = await whereOutsideCaseCreation(documentsQuery(trx), trx)
      .join('document_signers as me', (j) => j.on('me.document_id', 'd.id').andOn('me.user_id', trx.raw('?', [user.id])))
      .where('d.status', 'sent_to_sign')
      .andWhere('me.status', 'pending')
      .andWhere((w) =>
        w.where('me.is_numerator', false).orWhereNotExists(
          trx('document_signers as o').whereRaw('o.document_id = d.id').andWhere('o.is_numerator', false).andWhereNot('o.status', 'signed'),
        ),
      )
      .orderBy('d.sent_to_sign_at')
      .select<DocumentRow[]>(DOCUMENT_COLUMNS);
    return {
      documents: rows.map((doc) => ({
        document_id: doc.id,
        document_number: doc.official_number,
        document_type: doc.type_acronym,
        reference: doc.reference,
        status: doc.status,
        requested_at: iso(doc.sent_to_sign_at),
        requested_by: { user_id: doc.created_by, full_name: doc.creator_name },
      })),
    };
  });
}

export async function documentContent(ctx: DomainContext, documentId: string) {
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, ctx.user, documentId);
    if (doc.status !== 'signed' || !doc.official_number) throw conflict(DOCUMENT_MESSAGES.notOfficial);
    return { document_id: doc.id, document_number: doc.official_number, content: doc.content };
  });
}

export async function documentPdfUrl(ctx: DomainContext, documentId: string) {
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, ctx.user, documentId);
    const file = await currentPdf(trx, doc.id, doc.signing_round);
    if (!file) throw notFound(DOCUMENT_MESSAGES.noPdf);
    const url = ctx.services.urls.sign(file.storage_key);
    return { document_id: doc.id, official_number: doc.official_number, pdf_url: url.url, expires_in: url.expiresIn };
  });
}

export async function signatureDetails(ctx: DomainContext, documentId: string) {
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, ctx.user, documentId);
    const signers = await loadSigners(trx, doc.id);
    return {
      document_id: doc.id,
      document_number: doc.official_number,
      signature_status: signatureStatus(doc, signers),
      signers: signers.map((s) => ({
        user_id: s.user_id,
        full_name: s.full_name,
        role: s.is_numerator ? 'numerator' : 'signer',
        status: s.status,
        signed_at: iso(s.signed_at),
      })),
    };
  });
}

/** Exact official number; any user of the tenant may look an official document up. */
export async function searchOfficial(ctx: DomainContext, number: string) {
  return ctx.db.transaction(async (trx) => {
    const doc = await whereOutsideCaseCreation(documentsQuery(trx), trx).where('d.official_number', number).andWhere('d.status', 'signed').first<DocumentRow | undefined>(DOCUMENT_COLUMNS);
    if (!doc) throw notFound(DOCUMENT_MESSAGES.notFound);
    return summary(doc);
  });
}

export async function checkSignerPermissions(ctx: DomainContext, userId: unknown, acronym: unknown) {
  if (typeof userId !== 'string' || !userId) throw badRequest('user_id es requerido');
  if (!isUuid(userId)) throw badRequest('user_id debe ser un UUID');
  if (typeof acronym !== 'string' || !acronym) throw badRequest(DOCUMENT_MESSAGES.typeRequired);
  return ctx.db.transaction(async (trx) => {
    const type = await findDocumentType(trx, acronym);
    if (!type) throw notFound(`${DOCUMENT_MESSAGES.unknownType}: ${acronym}`);
    const permission = await signerPermission(trx, userId, type);
    return { user_id: userId, document_type_acronym: type.acronym, can_sign: permission.canSign, reason: permission.reason };
  });
}

/** Backend unified details: what the editor or the signing screen needs, by state. */
export async function unifiedDetails(ctx: DomainContext, documentId: string) {
  const user = ctx.user as ActingUser;
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, user, documentId);
    const signers = await loadSigners(trx, doc.id);
    const base = {
      ...documentHeader(doc),
      created_at: iso(doc.created_at),
      last_modified_at: iso(doc.updated_at),
    };
    const signerItems = signers.map((s) => ({
      user_id: s.user_id, full_name: s.full_name, is_numerator: s.is_numerator, status: s.status, signed_at: iso(s.signed_at),
    }));
    if (doc.status === 'draft' || doc.status === 'rejected') {
      return {
        ...base,
        state_category: 'editing' as const,
        editing: {
          content: doc.content,
          signers: signerItems.map(({ user_id, full_name, is_numerator }) => ({ user_id, full_name, is_numerator })),
          recipients: recipientsOf(doc) ?? null,
          proposed_case_ids: doc.proposed_case_ids,
          can_edit: canEditDocument(user, doc),
          is_creator: doc.created_by === user.id,
          rejection: doc.status === 'rejected' ? { rejected_by: doc.rejected_by, reason: doc.rejection_reason, rejected_at: iso(doc.rejected_at) } : null,
        },
      };
    }
    const me = signers.find((s) => s.user_id === user.id);
    const commonsDone = signers.filter((s) => !s.is_numerator).every((s) => s.status === 'signed');
    return {
      ...base,
      state_category: 'signing' as const,
      signing: {
        signature_status: signatureStatus(doc, signers),
        signers: signerItems,
        sent_to_sign_at: iso(doc.sent_to_sign_at),
        signed_at: iso(doc.signed_at),
        current_user: {
          is_signer: Boolean(me),
          is_numerator: Boolean(me?.is_numerator),
          has_signed: me?.status === 'signed',
          can_sign_now: doc.status === 'sent_to_sign' && me?.status === 'pending' && (!me.is_numerator || commonsDone),
        },
      },
    };
  });
}

/** Backend preview-info: everything about the document, no PDF generated. */
export async function previewInfo(ctx: DomainContext, documentId: string) {
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, ctx.user, documentId);
    const signers = await loadSigners(trx, doc.id);
    const detail = await documentDetail(trx, doc, signers);
    return {
      ...detail,
      signers: signers.map((s) => ({ user_id: s.user_id, full_name: s.full_name, is_numerator: s.is_numerator, status: s.status, signed_at: iso(s.signed_at) })),
      municipality: ctx.tenant.displayName,
    };
  });
}

export type PreviewResult = { kind: 'pdf'; pdf: Buffer; fileName: string } | { kind: 'url'; url: string; expiresIn: number };

/** Backend preview-download: HTML documents render with a BORRADOR watermark; imported ones get a signed URL. */
export async function previewDownload(ctx: DomainContext, documentId: string): Promise<PreviewResult> {
  const doc = await ctx.db.transaction((trx) => requireDocument(trx, ctx.user, documentId));
  if (doc.is_imported || doc.status === 'signed') {
    const file = await ctx.db.transaction((trx) => currentPdf(trx, doc.id, doc.signing_round));
    if (!file) throw notFound(DOCUMENT_MESSAGES.noPdf);
    const url = ctx.services.urls.sign(file.storage_key);
    return { kind: 'url', url: url.url, expiresIn: url.expiresIn };
  }
  const signers = await ctx.db.transaction((trx) => loadSigners(trx, doc.id));
  const pdf = await ctx.services.renderer.render({
    html: doc.content ?? '',
    documentTypeName: doc.type_name,
    documentTypeAcronym: doc.type_acronym,
    reference: doc.reference,
    municipality: ctx.tenant.displayName,
    watermark: 'BORRADOR',
    signatureSlots: signers.length,
  });
  return { kind: 'pdf', pdf, fileName: `borrador-${doc.type_acronym.toLowerCase()}-${doc.id.slice(0, 8)}.pdf` };
}
