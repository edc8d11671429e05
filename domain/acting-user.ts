/** Loading the acting user (with sector permissions) inside a tenant transaction. */
import type { Knex } from 'knex';
import type { TenantCondition } from '../db/across-tenants.js';
import type { Tx } from '../db/tenancy.js';
import type { ActingUser, Role, SectorAccess } from './context.js';

interface UserRow {
  id: string;
  full_name: string;
  email: string;
  role: Role;
  auth_id: string | null;
  is_admin: boolean;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/**
 * The user's sectors as one JSON column of the user's own row: an acting user is read on every
 * request and by every activity, and one statement costs one round trip instead of two.
 */
const SECTORS_COLUMN = `coalesce((
  select json_agg(json_build_object('sectorId', p.sector_id, 'name', s.name, 'acronym', s.acronym,
      'canView', p.can_view, 'canEdit', p.can_edit, 'isPrimary', p.is_primary) order by p.is_primary desc, s.acronym)
  from user_sector_permissions p join sectors s on s.id = p.sector_id
  where p.user_id = users.id and s.is_active), '[]'::json) as sectors`;

const USER_COLUMNS = ['id', 'full_name', 'email', 'role', 'auth_id', 'is_admin'] as const;

/** Active users matching `where`, with their sectors; the first in `order`, if any. */
async function firstActingUser(
  trx: Tx,
  where: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
  order?: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
): Promise<ActingUser | undefined> {
  const query = where(trx('users').where('is_active', true));
  const row = await (order ? order(query) : query).first<(UserRow & { sectors: SectorAccess[] }) | undefined>([
    ...USER_COLUMNS,
    trx.raw(SECTORS_COLUMN),
  ]);
  if (!row) return undefined;
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    role: row.role,
    authId: row.auth_id,
    isAdmin: row.is_admin,
    sectors: row.sectors,
  };
}

/** A user of the tenant who was deactivated (so a refusal can say so rather than "not found"). */
export async function isDeactivatedUser(trx: Tx, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  return (await trx('users').where({ id: userId, is_active: false }).first('id')) !== undefined;
}

export async function loadActiveUserById(trx: Tx, userId: string): Promise<ActingUser | undefined> {
  if (!isUuid(userId)) return undefined;
  return firstActingUser(trx, (q) => q.where('id', userId));
}

/** An active user with the e-mail bound as `:email`, asked of many tenants at once (db/across-tenants.ts). */
export const activeUserWithEmail: TenantCondition = (table) =>
  `exists (select 1 from ${table('users')} where lower(email) = lower(:email) and is_active)`;

export async function loadActiveUserByEmail(trx: Tx, email: string): Promise<ActingUser | undefined> {
  return firstActingUser(trx, (q) => q.whereRaw('lower(email) = lower(?)', [email]));
}

/** Testing mode's "first active user": the earliest created, ties broken by id. */
export async function loadFirstActiveUser(trx: Tx): Promise<ActingUser | undefined> {
  return firstActingUser(
    trx,
    (q) => q,
    (q) => q.orderBy([{ column: 'created_at' }, { column: 'id' }]),
  );
}
