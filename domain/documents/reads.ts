/** Reading documents: detail, search, pending signatures, content, URL, signature details. */
import { deadlineFields } from '../deadlines/reads.js';
import type { Knex } from 'knex';
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import type { ActingUser, DomainContext, UserContext } from '../context.js';
import { badRequest, conflict, forbidden, isAppError, notFound, unauthorized } from '../errors.js';
import { INTEGRATION_AUTH_MESSAGES } from '../authentication.js';
import { searchTextOf } from '../limits.js';
import { nextCursor, parseListPage, positionAt } from '../lists/cursor.js';
import {
  mergedList,
  mergedPage,
  newestFirst,
  pageInfoOf,
  pageOfCandidates,
  settleTotal,
  type Page,
  type PageTotal,
  type Position,
  type Sql,
  type TotalSources,
} from '../lists/pagination.js';
import { anyLike, candidateRows, lateralMatch, searchText, type Candidate } from '../lists/text-search.js';
import { searchPattern } from '../lists/text-fold.js';
import {
  ACCESS_KIND,
  canEditDocument,
  COMMUNICATION_TYPES,
  DOCUMENT_STATUSES,
  requireReadable,
  visibleRanges,
  whereAccessibleTo,
  whereOutsideCaseCreation,
  whereVisibleTo,
  type Reader,
  type StreamFilter,
} from './access.js';
import { memberSectorIds } from '../notes/records.js';
import { currentPdf } from './files.js';
import { DOCUMENT_MESSAGES } from './messages.js';
import { findDocumentType, signerPermission } from './participants.js';
import {
  DOCUMENT_COLUMNS,
  documentsQuery,
  iso,
  loadSigners,
  PENDING_COMMONS_SQL,
  roundViewOf,
  turnFactsOf,
  type TurnRow,
  type DocumentRow,
  type SignerRow,
} from './records.js';
import { maySignNow, turnFacts } from '../../rules/signing.js';

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

/**
 * A NOTA's or MEMO's recipients as `reader` may see them: the sender (creator) sees every BCC; any
 * other reader sees only themself among the BCC (a memo's BCC user, or a note's BCC sectors they
 * are a member of) — as /memos/{id} and /notes/{id} show them. Other types have none.
 */
function recipientsOf(doc: DocumentRow, reader: Reader) {
  if (doc.type_acronym !== 'NOTA' && doc.type_acronym !== 'MEMO') return undefined;
  const { to, cc, bcc } = doc.recipients;
  if (reader && reader.id === doc.created_by) return { to, cc, bcc };
  const mine = new Set(reader ? (doc.type_acronym === 'MEMO' ? [reader.id] : memberSectorIds(reader)) : []);
  return { to, cc, bcc: (bcc ?? []).filter((id) => mine.has(id)) };
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

/** Full document object (integration detail), as `reader` may see it (BCC: recipientsOf). */
export async function documentDetail(trx: Tx, doc: DocumentRow, reader: Reader, loaded?: SignerRow[]) {
  const signers = loaded ?? (await loadSigners(trx, doc.id));
  return {
    ...documentHeader(doc),
    document_number: doc.official_number,
    content: doc.content,
    signers: signers.map((s) => ({ user_id: s.user_id, full_name: s.full_name, signed_at: iso(s.signed_at) })),
    recipients: recipientsOf(doc, reader),
    proposed_case_ids: doc.proposed_case_ids,
    case_id: doc.case_id,
    created_at: iso(doc.created_at),
    updated_at: iso(doc.updated_at),
    signed_at: iso(doc.signed_at),
    rejected_by: doc.rejected_by,
    rejection_reason: doc.rejection_reason,
    ...deadlineFields(doc.signing_due_at, doc.status === 'sent_to_sign'),
  };
}

/** The refusal of the detail of a document the user may not see but found by its official number. */
export const OFFICIAL_NOT_VISIBLE =
  'Sin permisos para ver este documento: es un documento oficial de un sector que el usuario no ve (la búsqueda por número muestra solo su resumen)';

/**
 * The document if `reader` may read it (every read of one document: detail, content, url, signature
 * details, the desk's details); one the user may not see but any user finds by number
 * (`searchOfficial`) is 403, not "not found": the lookup already told them it exists.
 */
async function readableOrFindable(trx: Tx, reader: Reader, id: string): Promise<DocumentRow> {
  try {
    return await requireReadable(trx, reader, id);
  } catch (err) {
    if (!(reader && isAppError(err) && err.status === 404 && isUuid(id))) throw err;
    if (await whereFindableByNumber(documentsQuery(trx).where('d.id', id), trx, reader).first('d.id'))
      throw forbidden(OFFICIAL_NOT_VISIBLE);
    throw err;
  }
}

/**
 * Integration GET /documents/{id}. Without X-User-ID (a system-scope key) only what the system
 * scope reads (no memo, note or unofficial document: 404), and a document in signing asks for
 * the user, as the spec says.
 */
export async function getDocument(ctx: DomainContext, documentId: string) {
  return ctx.db.transaction(async (trx) => {
    const doc = await readableOrFindable(trx, ctx.user, documentId);
    if (!ctx.user && doc.status === 'sent_to_sign') throw unauthorized(INTEGRATION_AUTH_MESSAGES.missingUser);
    return documentDetail(trx, doc, ctx.user);
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
  /** `next_cursor` of the previous page (lists/cursor.ts). */
  cursor?: unknown;
}

interface Criteria {
  filter: StreamFilter;
  caseId?: string;
  /** ILIKE pattern over reference and official number. */
  pattern?: string;
}

interface Found {
  /** Up to page_size + 1 ids, newest first. */
  ids: string[];
  total: TotalSources;
}

/** Integration search: the documents the user may see, newest first, filtered; by page or by cursor. */
export async function searchDocuments(ctx: UserContext, input: SearchInput) {
  const { user } = ctx;
  const text = searchTextOf(input.search);
  searchTextOf(input.document_type, 'document_type');
  const p = parseListPage(input, [
    'documents',
    user.id,
    input.status || null,
    input.document_type || null,
    input.case_id || null,
    text || null,
  ]);
  if (input.status && !STATUS_FILTER[input.status]) {
    throw badRequest('status debe ser pending, sent_to_sign, signed o rejected');
  }
  // An empty case_id= is a mistake, not "any case".
  if (input.case_id !== undefined && !isUuid(input.case_id)) throw badRequest('case_id debe ser un UUID');
  return ctx.db.transaction(async (trx) => {
    const criteria: Criteria = {
      filter: { statuses: input.status ? [STATUS_FILTER[input.status]!] : DOCUMENT_STATUSES },
    };
    if (input.document_type) {
      const type = await findDocumentType(trx, input.document_type);
      if (!type) return { documents: [], ...listInfo(p, { total: 0, exact: true }), next_cursor: null };
      criteria.filter.documentTypeId = type.id;
    }
    if (input.case_id) criteria.caseId = input.case_id;
    if (text) criteria.pattern = await searchPattern(trx, text);
    const found = criteria.caseId
      ? await directSearch(trx, user, criteria, p)
      : await streamSearch(trx, user, criteria, p, ctx.tenant.schema);
    const total = await settleTotal(p, found.ids.length, found.total);
    const rows = await rowsInOrder(trx, found.ids.slice(0, p.pageSize));
    return {
      documents: rows.map(summary),
      ...listInfo(p, total),
      next_cursor: nextCursor(p, found.ids.length > p.pageSize, rows),
    };
  });
}

/** The integration list's fields: total, page, page_size (no total_pages) and total_exact. */
function listInfo(p: Page, total: PageTotal) {
  const { total_pages: _unused, ...info } = pageInfoOf(p, total);
  return info;
}

/**
 * The columns a document's text is searched in: reference and official number, folded (migration
 * 017), both in the trigram index documents_text_trgm.
 */
export const DOCUMENT_TEXT_COLUMNS = ['d.reference_folded', 'd.official_number_folded'] as const;
/** The statistics of those columns' trigrams (migration 011). */
export const DOCUMENT_TEXT_TRIGRAMS = ['documents_reference_trigrams', 'documents_number_trigrams'] as const;

/** Documents of the tenant matching the criteria, before visibility. */
function matching(trx: Tx, criteria: Criteria): Knex.QueryBuilder {
  const query = trx('documents as d').whereNull('d.deleted_at').whereIn('d.status', criteria.filter.statuses);
  if (criteria.filter.documentTypeId) query.andWhere('d.document_type_id', criteria.filter.documentTypeId);
  if (criteria.pattern) {
    const like = anyLike(DOCUMENT_TEXT_COLUMNS, criteria.pattern);
    query.andWhereRaw(like.sql, like.bindings);
  }
  if (criteria.caseId) {
    const caseId = criteria.caseId;
    query.whereIn(
      'd.id',
      trx('documents')
        .select('id')
        .where('case_id', caseId)
        .union(trx('case_documents').select('document_id').where('case_id', caseId)),
    );
  }
  return query;
}

/** Few candidates (a case's documents): read them all, keep the visible ones. */
function directSearch(trx: Tx, user: ActingUser, criteria: Criteria, p: Page): Promise<Found> {
  return pageOfCandidates(trx, () => whereAccessibleTo(matching(trx, criteria), trx, user), newestFirst('d'), p);
}

/**
 * A rare text's candidates, found with every filter but visibility and with their creation time:
 * the visible ones are paged without reading the documents again.
 */
function visibleAmong(trx: Tx, user: ActingUser, found: Candidate[], p: Page): Promise<Found> {
  return pageOfCandidates(
    trx,
    () => whereAccessibleTo(trx.from(candidateRows(trx, found, 'd', 'created_at')), trx, user),
    newestFirst('d'),
    p,
  );
}

/** Everything else: walk the user's visible documents newest first (document_access ranges). */
async function streamSearch(
  trx: Tx,
  user: ActingUser,
  criteria: Criteria,
  p: Page,
  tenantScope: string,
): Promise<Found> {
  const ranges = visibleRanges(user, criteria.filter);
  // Totals count the whole list; pages read it from the cursor's position, if any.
  const list = mergedList(trx, ranges, tenantScope);
  if (!criteria.pattern) return { ids: await list.page(p), total: list };
  const pattern = criteria.pattern;
  return searchText(trx, p, {
    pattern,
    head: (take) => {
      const stream = mergedPage(ranges, 0, take, p.after);
      return { sql: `select created_at as at, id from (${stream.sql}) v`, bindings: stream.bindings };
    },
    match: documentTextMatch(pattern),
    listEstimate: list.estimate,
    indexed: {
      scope: tenantScope,
      rows: () => matching(trx, { ...criteria, pattern: undefined }),
      columns: DOCUMENT_TEXT_COLUMNS,
      id: 'd.id',
      at: 'd.created_at',
      trigramStatistics: DOCUMENT_TEXT_TRIGRAMS,
    },
    among: (found) => visibleAmong(trx, user, found, p),
    matching: () => whereAccessibleTo(matching(trx, criteria), trx, user),
    order: newestFirst('d'),
  });
}

/** How a text is matched on a head's rows `s` (the covering index documents_text_lookup serves it). */
export const documentTextMatch = (pattern: string): Sql =>
  lateralMatch('documents d', 'd.deleted_at is null', DOCUMENT_TEXT_COLUMNS, pattern);

/** What list items show of a document (never its content). */
const LIST_COLUMNS = [
  'd.id',
  'd.official_number',
  't.acronym as type_acronym',
  'd.reference',
  'd.status',
  'd.created_by',
  'd.created_at',
] as const;

type ListRow = DocumentRow & { position: Position['at'] };

/** List rows for ids, in the ids' order, each with its position in the list. */
async function rowsInOrder(trx: Tx, ids: string[]): Promise<ListRow[]> {
  if (!ids.length) return [];
  const rows = await trx('documents as d')
    .join('document_types as t', 't.id', 'd.document_type_id')
    .whereIn('d.id', ids)
    .select<ListRow[]>([...LIST_COLUMNS, trx.raw(`${positionAt('d.created_at')} as position`)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

/**
 * Documents (`d`) where `user` is a pending signer of the open round, with the facts the signing
 * rules decide the turn from (`TurnRow`): SQL selects the candidates, `maySignNow` decides, so a
 * numerator's document waits until every common signer has signed without a second copy of the rule.
 */
function awaitingSignatureCandidates(query: Knex.QueryBuilder, trx: Tx, user: ActingUser): Knex.QueryBuilder {
  // The user's signer rows of documents in signing, read from document_access (which also
  // leaves out documents of a case still being created).
  return query
    .join('document_access as a', (j) => j.on('a.document_id', 'd.id').andOn('a.key', trx.raw('?', [user.id])))
    .join('document_signers as me', (j) => j.on('me.document_id', 'd.id').andOn('me.user_id', trx.raw('?', [user.id])))
    .where('a.status', 'sent_to_sign')
    .andWhereRaw(`a.kinds & ${ACCESS_KIND.signer} <> 0`)
    .andWhere('d.status', 'sent_to_sign')
    .andWhere('me.status', 'pending')
    .select('d.status', 'me.status as my_status', 'me.is_numerator as my_numerator')
    .select(trx.raw(`${PENDING_COMMONS_SQL} as pending_commons`));
}

const awaitingSignature = (row: TurnRow) => maySignNow(turnFactsOf(row));

/** How many documents wait for `user`'s signature (the dashboard's figure of pendingSignatures). */
export async function countPendingSignatures(trx: Tx, user: ActingUser): Promise<number> {
  const rows: TurnRow[] = await awaitingSignatureCandidates(trx('documents as d').whereNull('d.deleted_at'), trx, user);
  return rows.filter(awaitingSignature).length;
}

/** Documents waiting for the acting user's signature, longest waiting first. */
export async function pendingSignatures(ctx: UserContext) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const rows = await awaitingSignatureCandidates(documentsQuery(trx), trx, user)
      .orderBy('d.sent_to_sign_at')
      .select<(DocumentRow & TurnRow)[]>([
        ...LIST_COLUMNS,
        'd.sent_to_sign_at',
        'd.signing_due_at',
        'cu.full_name as creator_name',
      ]);
    return {
      documents: rows.filter(awaitingSignature).map((doc) => ({
        document_id: doc.id,
        document_number: doc.official_number,
        document_type: doc.type_acronym,
        reference: doc.reference,
        status: doc.status,
        requested_at: iso(doc.sent_to_sign_at),
        requested_by: { user_id: doc.created_by, full_name: doc.creator_name },
        ...deadlineFields(doc.signing_due_at, true),
      })),
    };
  });
}

export async function documentContent(ctx: DomainContext, documentId: string) {
  return ctx.db.transaction(async (trx) => {
    const doc = await readableOrFindable(trx, ctx.user, documentId);
    if (doc.status !== 'signed' || !doc.official_number) throw conflict(DOCUMENT_MESSAGES.notOfficial);
    return { document_id: doc.id, document_number: doc.official_number, content: doc.content };
  });
}

export async function documentPdfUrl(ctx: DomainContext, documentId: string) {
  return ctx.db.transaction(async (trx) => {
    const doc = await readableOrFindable(trx, ctx.user, documentId);
    const file = await currentPdf(trx, doc.id, doc.signing_round);
    if (!file) throw notFound(DOCUMENT_MESSAGES.noPdf);
    const url = ctx.services.urls.sign(file.storage_key);
    return { document_id: doc.id, official_number: doc.official_number, pdf_url: url.url, expires_in: url.expiresIn };
  });
}

async function signaturesOf(trx: Tx, doc: DocumentRow) {
  const signers = await loadSigners(trx, doc.id);
  // Which certificate made each signature: the seal, or the signer's own (its subject and hash).
  const made = await trx('document_signers as s')
    .leftJoin('signing_credentials as c', 'c.id', 's.certificate_id')
    .where('s.document_id', doc.id)
    .select<
      {
        user_id: string;
        signature_kind: 'seal' | 'personal' | null;
        subject: string | null;
        serial_number: string | null;
        certificate_sha256: string | null;
      }[]
    >('s.user_id', 's.signature_kind', 'c.subject', 'c.serial_number', 'c.certificate_sha256');
  const madeBy = new Map(made.map((m) => [m.user_id, m]));
  return {
    document_id: doc.id,
    document_number: doc.official_number,
    signature_status: signatureStatus(doc, signers),
    signers: signers.map((s) => {
      const m = madeBy.get(s.user_id);
      return {
        user_id: s.user_id,
        full_name: s.full_name,
        role: s.is_numerator ? 'numerator' : 'signer',
        status: s.status,
        signed_at: iso(s.signed_at),
        signature_kind: s.status === 'signed' ? (m?.signature_kind ?? 'seal') : null,
        certificate:
          m?.signature_kind === 'personal' && m.subject
            ? { subject: m.subject, serial_number: m.serial_number, sha256: m.certificate_sha256 }
            : null,
      };
    }),
  };
}

export async function signatureDetails(ctx: DomainContext, documentId: string) {
  return ctx.db.transaction(async (trx) => signaturesOf(trx, await readableOrFindable(trx, ctx.user, documentId)));
}

/**
 * The signature details and, once the document is signed, its public verification code: the desk
 * validates the official file through it, as anyone holding the paper could.
 */
export async function signatureDetailsWithCode(ctx: DomainContext, documentId: string) {
  return ctx.db.transaction(async (trx) => {
    const doc = await readableOrFindable(trx, ctx.user, documentId);
    const details = await signaturesOf(trx, doc);
    const row =
      doc.status === 'signed'
        ? await trx('document_verification_codes')
            .where({ document_id: doc.id })
            .first<{ code: string } | undefined>('code')
        : undefined;
    return { details, code: row?.code ?? null };
  });
}

/** What `reader` finds by number (see `searchOfficial`): signed, and a memo or note only under the visibility rule. */
function whereFindableByNumber(query: Knex.QueryBuilder, trx: Tx, reader: Reader): Knex.QueryBuilder {
  return whereOutsideCaseCreation(query, trx)
    .andWhere('d.status', 'signed')
    .andWhere((w) => {
      w.whereNotIn('t.acronym', COMMUNICATION_TYPES);
      if (reader) w.orWhere((party) => void whereVisibleTo(party, trx, reader));
    });
}

/**
 * Exact official number; any user of the tenant may look an official document up, except memos
 * and notes, private communications seen only under the visibility rule (numbers are sequential,
 * so the lookup must not tell a non-party that one exists).
 */
export async function searchOfficial(ctx: DomainContext, number: string) {
  searchTextOf(number, 'number');
  return ctx.db.transaction(async (trx) => {
    const doc = await whereFindableByNumber(
      documentsQuery(trx).where('d.official_number', number),
      trx,
      ctx.user,
    ).first<DocumentRow | undefined>(DOCUMENT_COLUMNS);
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
    return {
      user_id: userId,
      document_type_acronym: type.acronym,
      can_sign: permission.canSign,
      reason: permission.reason,
    };
  });
}

/** Backend unified details: what the editor or the signing screen needs, by state. */
export async function unifiedDetails(ctx: UserContext, documentId: string) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const doc = await readableOrFindable(trx, user, documentId);
    const signers = await loadSigners(trx, doc.id);
    const base = {
      ...documentHeader(doc),
      created_at: iso(doc.created_at),
      last_modified_at: iso(doc.updated_at),
    };
    const signerItems = signers.map((s) => ({
      user_id: s.user_id,
      full_name: s.full_name,
      is_numerator: s.is_numerator,
      status: s.status,
      signed_at: iso(s.signed_at),
    }));
    if (doc.status === 'draft' || doc.status === 'rejected') {
      return {
        ...base,
        state_category: 'editing' as const,
        editing: {
          content: doc.content,
          signers: signerItems.map(({ user_id, full_name, is_numerator }) => ({ user_id, full_name, is_numerator })),
          recipients: recipientsOf(doc, user) ?? null,
          proposed_case_ids: doc.proposed_case_ids,
          can_edit: canEditDocument(user, doc),
          is_creator: doc.created_by === user.id,
          rejection:
            doc.status === 'rejected'
              ? { rejected_by: doc.rejected_by, reason: doc.rejection_reason, rejected_at: iso(doc.rejected_at) }
              : null,
        },
      };
    }
    const me = signers.find((s) => s.user_id === user.id);
    return {
      ...base,
      state_category: 'signing' as const,
      signing: {
        signature_status: signatureStatus(doc, signers),
        signers: signerItems,
        sent_to_sign_at: iso(doc.sent_to_sign_at),
        signed_at: iso(doc.signed_at),
        ...deadlineFields(doc.signing_due_at, doc.status === 'sent_to_sign'),
        current_user: {
          is_signer: Boolean(me),
          is_numerator: Boolean(me?.is_numerator),
          has_signed: me?.status === 'signed',
          can_sign_now: maySignNow(turnFacts(roundViewOf(doc, signers), user.id)),
        },
      },
    };
  });
}

/** Backend preview-info: everything about the document, no PDF generated. */
export async function previewInfo(ctx: DomainContext, documentId: string) {
  return ctx.db.transaction(async (trx) => {
    const doc = await requireReadable(trx, ctx.user, documentId);
    const signers = await loadSigners(trx, doc.id);
    const detail = await documentDetail(trx, doc, ctx.user, signers);
    return {
      ...detail,
      signers: signers.map((s) => ({
        user_id: s.user_id,
        full_name: s.full_name,
        is_numerator: s.is_numerator,
        status: s.status,
        signed_at: iso(s.signed_at),
      })),
      municipality: ctx.tenant.displayName,
    };
  });
}

export type PreviewResult =
  | { kind: 'pdf'; pdf: Buffer; fileName: string }
  | { kind: 'url'; url: string; expiresIn: number };

/** Backend preview-download: HTML documents render with a BORRADOR watermark; imported ones get a signed URL. */
export async function previewDownload(ctx: DomainContext, documentId: string): Promise<PreviewResult> {
  const doc = await ctx.db.transaction((trx) => requireReadable(trx, ctx.user, documentId));
  // In signing, the exact revision the next signature will cover (no watermark): what a signer signs is what they saw.
  if (doc.is_imported || doc.status === 'signed' || doc.status === 'sent_to_sign') {
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
