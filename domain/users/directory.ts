/** The backend's users routes: directory, profile, search, and a user's documents. */
import { deadlineFields } from '../deadlines/reads.js';
import type { Knex } from 'knex';
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import { dayRange, type Window } from '../calendar.js';
import type { ActingUser, DomainContext, UserContext } from '../context.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { searchTextOf } from '../limits.js';
import { ACCESS_KIND, whereAccessibleTo } from '../documents/access.js';
import { findDocumentType } from '../documents/participants.js';
import { DOCUMENT_TEXT_COLUMNS, DOCUMENT_TEXT_TRIGRAMS, documentTextMatch } from '../documents/reads.js';
import { iso, PENDING_COMMONS_SQL, turnFactsOf } from '../documents/records.js';
import { maySignNow } from '../../rules/signing.js';
import {
  EXACT_TOTAL_LIMIT,
  pageInfo,
  pageInfoOf,
  pageOfCandidates,
  parsePage,
  plannerRowsOf,
  settleTotal,
  whereIdIn,
  type ListOrder,
  type Page,
  type TotalSources,
} from '../lists/pagination.js';
import { anyLike, searchText } from '../lists/text-search.js';
import { anyFoldedLike, searchPattern } from '../lists/text-fold.js';

export async function activeUsers(ctx: DomainContext) {
  const users = await ctx.db.transaction((trx) =>
    trx('users').where({ is_active: true }).orderBy('full_name').select('id as user_id', 'full_name', 'email'),
  );
  return { users, total: users.length };
}

/** What the acting user's session carries (backend `GET /api/v1/auth/me`). */
export function sessionOf(user: ActingUser) {
  return {
    user_id: user.id,
    auth_id: user.authId,
    full_name: user.fullName,
    email: user.email,
    role: user.role,
    is_admin: user.isAdmin,
    permissions: user.sectors.map((s) => ({
      sector_id: s.sectorId,
      name: s.name,
      acronym: s.acronym,
      can_view: s.canView,
      can_edit: s.canEdit,
      is_primary: s.isPrimary,
    })),
  };
}

export async function userProfile(ctx: DomainContext, userId: string) {
  if (!isUuid(userId)) throw notFound('Usuario no encontrado');
  return ctx.db.transaction(async (trx) => {
    const row = await trx('users as u')
      .leftJoin('seals as se', 'se.id', 'u.default_seal_id')
      .leftJoin('user_sector_permissions as p', (j) => j.on('p.user_id', 'u.id').andOn('p.is_primary', trx.raw('true')))
      .leftJoin('sectors as s', 's.id', 'p.sector_id')
      .leftJoin('departments as d', 'd.id', 's.department_id')
      .where('u.id', userId)
      .first(
        'u.id as user_id',
        'u.full_name',
        'u.email',
        'u.cuit',
        'u.role',
        'u.is_active',
        'u.profile_picture_url',
        'u.default_seal_id',
        'se.name as default_seal_name',
        's.id as sector_id',
        's.acronym as sector_acronym',
        's.name as sector_name',
        'd.id as department_id',
        'd.name as department_name',
        'd.acronym as department_acronym',
      );
    if (!row) throw notFound('Usuario no encontrado');
    const additional = await trx('user_sector_permissions as p')
      .join('sectors as s', 's.id', 'p.sector_id')
      .where({ 'p.user_id': userId, 'p.is_primary': false })
      .orderBy('s.name')
      .select('s.id as sector_id', 's.name', 's.acronym', 'p.can_view', 'p.can_edit');
    return { ...row, additional_sectors: additional };
  });
}

export async function searchUserDirectory(
  ctx: DomainContext,
  input: { query?: string; page?: unknown; page_size?: unknown },
) {
  const text = input.query?.trim() ?? '';
  if (text.length < 2) throw badRequest("El parametro 'query' es requerido y debe tener al menos 2 caracteres");
  searchTextOf(text, 'query');
  const p = parsePage(input);
  return ctx.db.transaction(async (trx) => {
    const like = anyFoldedLike(['u.full_name', 'u.email'], await searchPattern(trx, text));
    const base = trx('users as u')
      .leftJoin('user_sector_permissions as p', (j) => j.on('p.user_id', 'u.id').andOn('p.is_primary', trx.raw('true')))
      .leftJoin('sectors as s', 's.id', 'p.sector_id')
      .where('u.is_active', true)
      .andWhereRaw(like.sql, like.bindings);
    const [{ total }] = await base.clone().count<{ total: number }[]>('* as total');
    const users = await base
      .orderBy('u.full_name')
      .limit(p.pageSize)
      .offset(p.offset)
      .select('u.id as user_id', 'u.full_name', 'u.email', 's.name as sector', 's.acronym as sector_acronym');
    return { users, ...pageInfo(p, Number(total)) };
  });
}

const STATUSES = ['draft', 'sent_to_sign', 'signed', 'rejected'];

export interface UserDocumentsInput {
  page?: unknown;
  page_size?: unknown;
  status?: string;
  document_type?: string;
  search?: string;
  date_from?: string;
  date_to?: string;
}

type Role = 'creador' | 'firmante' | 'numerador' | 'otro';

interface Row {
  id: string;
  reference: string;
  status: string;
  official_number: string | null;
  acronym: string;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  my_status: string | null;
  my_numerator: boolean | null;
  pending_commons: number;
  signing_due_at: Date | null;
}

function displayStatus(row: Row): string {
  switch (row.status) {
    case 'draft':
      return 'Borrador';
    case 'rejected':
      return 'Rechazado';
    case 'signed':
      return 'Firmado';
    default:
      if (maySignNow(turnFactsOf(row))) return 'Pendiente de su firma';
      if (row.my_status === 'pending') return 'Esperando otras firmas';
      return 'En firma';
  }
}

/**
 * Documents a user created or signs. A user sees their own list; administrators see anyone's.
 * The role shown is the one that asks something of the user: numerator or signer before creator.
 * The list is the user's creator and signer rows of document_access, last modified first.
 */
export async function userDocuments(ctx: UserContext, userId: string, input: UserDocumentsInput) {
  const viewer = ctx.user;
  if (!isUuid(userId)) throw notFound('Usuario no encontrado');
  if (viewer.id !== userId && !viewer.isAdmin) throw forbidden('Solo puede ver sus propios documentos');
  if (input.status && !STATUSES.includes(input.status))
    throw badRequest('status debe ser draft, sent_to_sign, signed o rejected');
  const text = searchTextOf(input.search);
  const p = parsePage(input);
  const window = dayRange(ctx.services.timeZone, input.date_from, input.date_to);
  return ctx.db.transaction(async (trx: Tx) => {
    if (!(await trx('users').where({ id: userId }).first('id'))) throw notFound('Usuario no encontrado');
    let typeId: string | undefined;
    if (input.document_type) {
      const type = await findDocumentType(trx, input.document_type);
      if (!type) return { documents: [], ...pageInfoOf(p, { total: 0, exact: true }) };
      typeId = type.id;
    }
    const { ids, total: totals } = await ownDocumentIds(
      trx,
      ctx.tenant.schema,
      userId,
      { status: input.status, typeId, window, text, viewer: viewer.id === userId ? undefined : viewer },
      p,
    );
    const total = await settleTotal(p, ids.length, totals);
    const rows = await userDocumentRows(trx, userId, ids.slice(0, p.pageSize));
    const documents = rows.map((row) => {
      const role: Role =
        row.my_numerator === true
          ? 'numerador'
          : row.my_numerator === false
            ? 'firmante'
            : row.created_by === userId
              ? 'creador'
              : 'otro';
      return {
        document_id: row.id,
        reference: row.reference,
        status: row.status,
        display_status: displayStatus(row),
        doc_type: row.status === 'signed' ? 'official' : 'draft',
        acronym: row.acronym,
        official_number: row.official_number,
        rol_usuario: role,
        usuario_ya_firmo: row.my_status === 'signed',
        todos_firmantes_comunes_firmaron: row.pending_commons === 0,
        can_sign_now: maySignNow(turnFactsOf(row)),
        ...deadlineFields(row.signing_due_at, row.status === 'sent_to_sign'),
        created_at: iso(row.created_at),
        last_modified_at: iso(row.updated_at),
      };
    });
    return { documents, ...pageInfoOf(p, total) };
  });
}

/** document_access kinds of the user's own documents: creator or signer. */
const OWN_KINDS = ACCESS_KIND.creator | ACCESS_KIND.signer;

interface OwnFilter {
  status?: string;
  typeId?: string;
  window: Window;
  text?: string;
  /** An administrator listing someone else's documents sees only those they may see themself (memos above all). */
  viewer?: ActingUser;
}

/** The user's own documents, last modified first. */
const OWN_ORDER: ListOrder = { at: 'a.updated_at', id: 'a.document_id' };

/** A page of the user's own documents (page_size + 1 ids) and how to total them. */
async function ownDocumentIds(
  trx: Tx,
  scope: string,
  userId: string,
  filter: OwnFilter,
  p: Page,
): Promise<{ ids: string[]; total: TotalSources }> {
  // The user's rows with every filter but the text, read from the index.
  const own = (): Knex.QueryBuilder => {
    const q = trx('document_access as a').where('a.key', userId).andWhereRaw(`a.kinds & ${OWN_KINDS} <> 0`);
    if (filter.status) q.andWhere('a.status', filter.status);
    if (filter.typeId) q.andWhere('a.document_type_id', filter.typeId);
    if (filter.window.from) q.andWhere('a.created_at', '>=', filter.window.from);
    if (filter.window.to) q.andWhere('a.created_at', '<', filter.window.to);
    if (filter.viewer)
      q.whereExists(whereAccessibleTo(trx('documents as d').whereRaw('d.id = a.document_id'), trx, filter.viewer));
    return q;
  };
  const ordered = (q: Knex.QueryBuilder) =>
    q.orderBy([{ column: OWN_ORDER.at, order: 'desc' }, { column: OWN_ORDER.id }]);
  const estimate = (q: Knex.QueryBuilder) => plannerRowsOf(trx, q);
  const capped = async (q: Knex.QueryBuilder) =>
    Number(
      (
        await trx
          .from(
            q
              .select('a.document_id')
              .limit(EXACT_TOTAL_LIMIT + 1)
              .as('o'),
          )
          .count<{ n: number }[]>('* as n')
      )[0]!.n,
    );
  const pageOf = (q: Knex.QueryBuilder) =>
    ordered(q)
      .offset(p.offset)
      .limit(p.pageSize + 1)
      .pluck<string[]>('a.document_id');

  const pattern = filter.text ? await searchPattern(trx, filter.text) : undefined;
  if (!pattern)
    return { ids: await pageOf(own()), total: { capped: () => capped(own()), estimate: () => estimate(own()) } };
  return searchText(trx, p, {
    pattern,
    head: (take) => {
      const sql = ordered(own()).limit(take).select('a.updated_at as at', 'a.document_id as id').toSQL();
      return { sql: sql.sql, bindings: [...sql.bindings] };
    },
    match: documentTextMatch(pattern),
    listEstimate: () => estimate(own()),
    indexed: {
      scope,
      rows: () => trx('documents as d').whereNull('d.deleted_at'),
      columns: DOCUMENT_TEXT_COLUMNS,
      id: 'd.id',
      at: 'd.created_at',
      trigramStatistics: DOCUMENT_TEXT_TRIGRAMS,
    },
    among: (found) =>
      pageOfCandidates(
        trx,
        () =>
          whereIdIn(
            own(),
            'a.document_id',
            found.map((c) => c.id),
          ),
        OWN_ORDER,
        p,
      ),
    matching: () => {
      const like = anyLike(DOCUMENT_TEXT_COLUMNS, pattern);
      return own()
        .join('documents as d', 'd.id', 'a.document_id')
        .whereNull('d.deleted_at')
        .andWhereRaw(like.sql, like.bindings);
    },
    order: OWN_ORDER,
  });
}

/** The list's rows for ids, in the ids' order, with the user's part in their signing. */
async function userDocumentRows(trx: Tx, userId: string, ids: string[]): Promise<Row[]> {
  if (!ids.length) return [];
  const rows: Row[] = await trx('documents as d')
    .join('document_types as t', 't.id', 'd.document_type_id')
    .leftJoin('document_signers as me', (j) =>
      j.on('me.document_id', 'd.id').andOn('me.user_id', trx.raw('?', [userId])),
    )
    .whereIn('d.id', ids)
    .select(
      'd.id',
      'd.reference',
      'd.status',
      'd.official_number',
      't.acronym',
      'd.created_by',
      'd.created_at',
      'd.updated_at',
      'd.signing_due_at',
      'me.status as my_status',
      'me.is_numerator as my_numerator',
      trx.raw(`${PENDING_COMMONS_SQL} as pending_commons`),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}
