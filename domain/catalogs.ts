/**
 * Read-only master data: document types and states, sectors, case templates, users.
 * Shapes are the integration REST ones (the MCP tools return the same).
 */
import type { Tx } from '../db/tenancy.js';
import type { DomainContext } from './context.js';
import { isUuid } from './acting-user.js';
import { badRequest, notFound } from './errors.js';
import { searchTextOf } from './limits.js';
import { anyFoldedLike, searchPattern } from './lists/text-fold.js';

export const DOCUMENT_STATES = [
  { code: 'draft', name: 'Borrador', description: 'Documento en edición; puede modificarse y eliminarse.' },
  {
    code: 'sent_to_sign',
    name: 'En firma',
    description: 'Enviado al circuito de firma; espera la firma de sus firmantes.',
  },
  {
    code: 'signed',
    name: 'Firmado',
    description: 'Firmado por todos sus firmantes y numerado como documento oficial.',
  },
  {
    code: 'rejected',
    name: 'Rechazado',
    description: 'Rechazado por un firmante; puede corregirse y volver a enviarse.',
  },
] as const;

export const USER_SEARCH_QUERY_MESSAGE = "El parametro 'q' es requerido y debe tener al menos 2 caracteres";

export async function listDocumentTypes(ctx: DomainContext) {
  const rows = await ctx.db.transaction((trx) =>
    trx('document_types').orderBy('acronym').select('acronym', 'name', 'description', 'is_active'),
  );
  return { document_types: rows };
}

export function listDocumentStates() {
  return { document_states: DOCUMENT_STATES.map((s) => ({ ...s })) };
}

export async function listSectors(ctx: DomainContext) {
  const rows = await ctx.db.transaction((trx) =>
    trx('sectors as s')
      .leftJoin('departments as d', 'd.id', 's.department_id')
      .orderBy('s.name')
      .select('s.id as sector_id', 's.name', 's.acronym', 'd.name as department', 's.is_active'),
  );
  return { sectors: rows };
}

export async function listCaseTemplates(ctx: DomainContext) {
  const rows = await ctx.db.transaction((trx) =>
    trx('case_templates').orderBy('name').select('id as case_template_id', 'name', 'description', 'is_active'),
  );
  return { case_templates: rows };
}

/** Users with their primary sector's name (the list shape of the User resource). */
function usersWithPrimarySector(trx: Tx) {
  return trx('users as u')
    .leftJoin('user_sector_permissions as p', function () {
      this.on('p.user_id', '=', 'u.id').andOn('p.is_primary', '=', trx.raw('true'));
    })
    .leftJoin('sectors as s', 's.id', 'p.sector_id');
}

export async function listUsers(ctx: DomainContext) {
  const rows = await ctx.db.transaction((trx) =>
    usersWithPrimarySector(trx)
      .orderBy('u.full_name')
      .select('u.id as user_id', 'u.full_name', 'u.email', 's.name as sector', 'u.role', 'u.is_active'),
  );
  return { users: rows };
}

export interface UserSearchInput {
  q: unknown;
  limit: unknown;
}

export function parseLimit(raw: unknown, fallback: number, max: number, name = 'limit'): number {
  if (raw === undefined || raw === '') return fallback;
  const value = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw badRequest(`${name} debe ser un entero entre 1 y ${max}`);
  }
  return value;
}

export async function searchUsers(ctx: DomainContext, input: UserSearchInput) {
  const q = typeof input.q === 'string' ? input.q.trim() : '';
  if (q.length < 2) throw badRequest(USER_SEARCH_QUERY_MESSAGE);
  searchTextOf(q, 'q');
  const limit = parseLimit(input.limit, 10, 100);
  const rows = await ctx.db.transaction(async (trx) => {
    const like = anyFoldedLike(['u.full_name', 'u.email'], await searchPattern(trx, q));
    return usersWithPrimarySector(trx)
      .where('u.is_active', true)
      .andWhereRaw(like.sql, like.bindings)
      .orderBy('u.full_name')
      .limit(limit)
      .select('u.id as user_id', 'u.full_name', 'u.email', 's.name as sector');
  });
  return { users: rows };
}

export async function getUser(ctx: DomainContext, userId: string) {
  const row = isUuid(userId)
    ? await ctx.db.transaction((trx) =>
        usersWithPrimarySector(trx)
          .where('u.id', userId)
          .first(
            'u.id as user_id',
            'u.full_name',
            'u.email',
            'u.role',
            'u.is_active',
            'u.created_at',
            's.id as sector_id',
            's.name as sector_name',
            's.acronym as sector_acronym',
          ),
      )
    : undefined;
  if (!row) throw notFound('Usuario no encontrado');
  const { sector_id, sector_name, sector_acronym, ...user } = row;
  return { ...user, sector: sector_id ? { sector_id, name: sector_name, acronym: sector_acronym } : null };
}

/** Backend shape of case templates: adds acronym and the filing department's name. */
export async function listCaseTemplatesDetailed(ctx: DomainContext) {
  return ctx.db.transaction((trx) =>
    trx('case_templates as t')
      .leftJoin('departments as d', 'd.id', 't.filing_department_id')
      .where('t.is_active', true)
      .orderBy('t.name')
      .select('t.id', 't.name', 't.acronym', 't.description', 't.is_active', 'd.name as filing_department_name'),
  );
}
