/** Record rows with their family, loaded inside a tenant transaction, and the access checks on them. */
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import type { ActingUser } from '../context.js';
import { forbidden, notFound } from '../errors.js';
import { familyPermissions, type FamilyPermissions, type FamilyRow } from './families.js';
import { RECORD_MESSAGES } from './messages.js';

export interface RecordRow {
  id: string;
  record_number: string;
  family_id: string;
  display_name: string;
  state: string;
  data: Record<string, unknown>;
  resume: string | null;
  next_expiration: string | null;
  created_by: string | null;
  created_sector_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export const RECORD_COLUMNS = [
  'r.id',
  'r.record_number',
  'r.family_id',
  'r.display_name',
  'r.state',
  'r.data',
  'r.resume',
  'r.next_expiration',
  'r.created_by',
  'r.created_sector_id',
  'r.created_at',
  'r.updated_at',
] as const;

export async function findRecord(
  trx: Tx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RecordRow | undefined> {
  if (!isUuid(id)) return undefined;
  const query = trx('records as r').where('r.id', id).first<RecordRow | undefined>(RECORD_COLUMNS);
  return options.forUpdate ? query.forUpdate() : query;
}

export async function loadFamily(trx: Tx, familyId: string): Promise<FamilyRow> {
  return trx('registry_families').where('id', familyId).first();
}

export type RecordNeed = 'view' | 'edit' | 'verify';

export interface RecordAccess {
  record: RecordRow;
  family: FamilyRow;
  permissions: FamilyPermissions;
}

const DENIED: Record<RecordNeed, string> = {
  view: RECORD_MESSAGES.noView,
  edit: RECORD_MESSAGES.noEdit,
  verify: RECORD_MESSAGES.noVerify,
};

/**
 * The record, its family and the user's permissions on it: 404 when it does not exist, 403 when
 * the user lacks `need` (the spec lists 403 for a record outside the user's families).
 * `forUpdate` locks the row so concurrent writers of one record take turns.
 */
export async function requireRecord(
  trx: Tx,
  user: ActingUser,
  id: string,
  need: RecordNeed,
  options: { forUpdate?: boolean } = {},
): Promise<RecordAccess> {
  const record = await findRecord(trx, id, options);
  if (!record) throw notFound(RECORD_MESSAGES.recordNotFound);
  const permissions = await familyPermissions(trx, user, record.family_id);
  const granted =
    need === 'view' ? permissions.can_view : need === 'edit' ? permissions.can_edit : permissions.can_verify;
  if (!granted) throw forbidden(DENIED[need]);
  return { record, family: await loadFamily(trx, record.family_id), permissions };
}
