/** Answer shapes of records: integration REST and the backend differ in fields, not in content. */
import type { Tx } from '../../db/tenancy.js';
import { iso } from '../documents/records.js';
import type { FamilyPermissions, FamilyRow } from './families.js';
import type { RecordRow } from './rows.js';
import { completeEntry, type DataSchema, type FieldEntry } from './schema.js';

export type Flavor = 'integration' | 'backend';

/** Every field of the schema, in schema order, with every entry key present; stored extras after. */
export function presentData(schema: DataSchema, data: Record<string, unknown>): Record<string, FieldEntry> {
  const out: Record<string, FieldEntry> = {};
  for (const name of Object.keys(schema)) out[name] = completeEntry(data[name]);
  for (const [name, stored] of Object.entries(data)) if (!(name in out)) out[name] = completeEntry(stored);
  return out;
}

export interface CreatorInfo {
  user_id: string | null;
  name: string | null;
  sector: string | null;
  department: string | null;
}

export async function creatorOf(
  trx: Tx,
  record: Pick<RecordRow, 'created_by' | 'created_sector_id'>,
): Promise<CreatorInfo> {
  const user = record.created_by
    ? await trx('users').where('id', record.created_by).first<{ full_name: string } | undefined>('full_name')
    : undefined;
  const sector = record.created_sector_id
    ? await trx('sectors as s')
        .leftJoin('departments as d', 'd.id', 's.department_id')
        .where('s.id', record.created_sector_id)
        .first<{ sector: string; department: string | null } | undefined>('s.name as sector', 'd.name as department')
    : undefined;
  return {
    user_id: record.created_by,
    name: user?.full_name ?? null,
    sector: sector?.sector ?? null,
    department: sector?.department ?? null,
  };
}

export function presentDetail(
  flavor: Flavor,
  record: RecordRow,
  family: FamilyRow,
  permissions: FamilyPermissions,
  creator: CreatorInfo,
) {
  const common = {
    id: record.id,
    record_number: record.record_number,
    display_name: record.display_name,
    state: record.state,
  };
  const data = presentData(family.data_schema, record.data);
  if (flavor === 'integration') {
    return {
      ...common,
      registry: { code: family.code, name: family.name },
      data,
      resume: record.resume,
      permissions: { can_view: permissions.can_view, can_edit: permissions.can_edit },
      created_by: creator,
      created_at: iso(record.created_at),
      updated_at: iso(record.updated_at),
    };
  }
  return {
    ...common,
    registry: {
      id: family.id,
      code: family.code,
      name: family.name,
      data_schema: family.data_schema,
      allowed_states: family.allowed_states,
    },
    data,
    resume: record.resume,
    next_expiration: record.next_expiration,
    permissions,
    created_by: creator,
    created_at: iso(record.created_at),
    updated_at: iso(record.updated_at),
  };
}
