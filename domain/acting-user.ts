/** Loading the acting user (with sector permissions) inside a tenant transaction. */
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

interface SectorRow {
  sector_id: string;
  name: string;
  acronym: string;
  can_view: boolean;
  can_edit: boolean;
  is_primary: boolean;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

async function withSectors(trx: Tx, row: UserRow | undefined): Promise<ActingUser | undefined> {
  if (!row) return undefined;
  const sectors = await trx('user_sector_permissions as p')
    .join('sectors as s', 's.id', 'p.sector_id')
    .where('p.user_id', row.id)
    .andWhere('s.is_active', true)
    .orderBy([{ column: 'p.is_primary', order: 'desc' }, { column: 's.acronym' }])
    .select<SectorRow[]>('p.sector_id', 's.name', 's.acronym', 'p.can_view', 'p.can_edit', 'p.is_primary');
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    role: row.role,
    authId: row.auth_id,
    isAdmin: row.is_admin,
    sectors: sectors.map(
      (s): SectorAccess => ({
        sectorId: s.sector_id,
        name: s.name,
        acronym: s.acronym,
        canView: s.can_view,
        canEdit: s.can_edit,
        isPrimary: s.is_primary,
      }),
    ),
  };
}

const USER_COLUMNS = ['id', 'full_name', 'email', 'role', 'auth_id', 'is_admin'] as const;

export async function loadActiveUserById(trx: Tx, userId: string): Promise<ActingUser | undefined> {
  if (!isUuid(userId)) return undefined;
  const row = await trx('users').where({ id: userId, is_active: true }).first<UserRow | undefined>(USER_COLUMNS);
  return withSectors(trx, row);
}

export async function loadActiveUserByEmail(trx: Tx, email: string): Promise<ActingUser | undefined> {
  const row = await trx('users')
    .whereRaw('lower(email) = lower(?)', [email])
    .andWhere({ is_active: true })
    .first<UserRow | undefined>(USER_COLUMNS);
  return withSectors(trx, row);
}

/** Testing mode's "first active user": the earliest created, ties broken by id. */
export async function loadFirstActiveUser(trx: Tx): Promise<ActingUser | undefined> {
  const row = await trx('users')
    .where({ is_active: true })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .first<UserRow | undefined>(USER_COLUMNS);
  return withSectors(trx, row);
}
