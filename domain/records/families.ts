/**
 * Registry families and what the acting user may do with each. A family permission is granted
 * when any of the user's sectors has it (spec: logical OR over the user's sectors).
 */
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import type { ActingUser } from '../context.js';
import { notFound } from '../errors.js';
import { RECORD_MESSAGES } from './messages.js';
import type { DataSchema, SchemaSource } from './schema.js';

export interface FamilyRow {
  id: string;
  code: string;
  name: string;
  description: string | null;
  data_schema: DataSchema;
  allowed_states: string[];
  is_active: boolean;
  updated_at: Date;
}

export interface FamilyPermissions {
  can_create: boolean;
  can_edit: boolean;
  can_view: boolean;
  can_verify: boolean;
}

export const NO_PERMISSIONS: FamilyPermissions = {
  can_create: false,
  can_edit: false,
  can_view: false,
  can_verify: false,
};

const FAMILY_COLUMNS = [
  'id',
  'code',
  'name',
  'description',
  'data_schema',
  'allowed_states',
  'is_active',
  'updated_at',
] as const;

export function familiesQuery(trx: Tx) {
  return trx('registry_families').select<FamilyRow[]>(FAMILY_COLUMNS.map((c) => `registry_families.${c}`));
}

/** Every family's permissions for the user (families where no sector of theirs has a row are absent). */
export async function permissionsByFamily(trx: Tx, user: ActingUser): Promise<Map<string, FamilyPermissions>> {
  const sectorIds = user.sectors.map((s) => s.sectorId);
  if (sectorIds.length === 0) return new Map();
  const rows = await trx('registry_family_permissions')
    .whereIn('sector_id', sectorIds)
    .groupBy('family_id')
    .select<({ family_id: string } & FamilyPermissions)[]>(
      'family_id',
      trx.raw('bool_or(can_create) as can_create'),
      trx.raw('bool_or(can_edit) as can_edit'),
      trx.raw('bool_or(can_view) as can_view'),
      trx.raw('bool_or(can_verify) as can_verify'),
    );
  return new Map(rows.map(({ family_id, ...p }) => [family_id, p]));
}

export async function familyPermissions(trx: Tx, user: ActingUser, familyId: string): Promise<FamilyPermissions> {
  return (await permissionsByFamily(trx, user)).get(familyId) ?? NO_PERMISSIONS;
}

/** Ids of the families whose records the user may see. */
export async function viewableFamilyIds(trx: Tx, user: ActingUser): Promise<string[]> {
  return [...(await permissionsByFamily(trx, user)).entries()].filter(([, p]) => p.can_view).map(([id]) => id);
}

export async function familyByCode(trx: Tx, code: string): Promise<FamilyRow | undefined> {
  return familiesQuery(trx).where('code', code).first();
}

export async function familyById(trx: Tx, id: string): Promise<FamilyRow | undefined> {
  if (!isUuid(id)) return undefined;
  return familiesQuery(trx).where('id', id).first();
}

/** An active family by code, else 404. */
export async function requireActiveFamily(trx: Tx, code: string): Promise<FamilyRow> {
  const family = await familyByCode(trx, code);
  if (!family?.is_active) throw notFound(RECORD_MESSAGES.registryNotFound);
  return family;
}

export function schemaSource(tenantSchema: string, family: FamilyRow): SchemaSource {
  return {
    tenantSchema,
    familyId: family.id,
    familyCode: family.code,
    version: new Date(family.updated_at).toISOString(),
    dataSchema: family.data_schema,
  };
}
