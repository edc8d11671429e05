/** What an administrator or operator sees of a key: never its secret or hash. */
import type { ApiKeyRow } from '../../db/control.js';

export type ApiKeyState = 'active' | 'expired' | 'revoked' | 'rotating';

export interface ApiKeyView {
  id: string;
  tenant: string;
  name: string;
  prefix: string;
  state: ApiKeyState;
  created_at: string;
  last_used_at: string | null;
  /** Null only for keys seeded without one (the development demo key). */
  expires_at: string | null;
  revoked_at: string | null;
  rotated_at: string | null;
  /** While rotating: the replaced secret's prefix and until when it still works. */
  previous_prefix: string | null;
  previous_valid_until: string | null;
  all_users: boolean;
  user_ids: string[];
  /** System scope: may read without X-User-ID, never memos, notes or unofficial documents. */
  system_read: boolean;
  /** Reads made without X-User-ID, and the last one (written with last_used_at, so as late). */
  system_read_count: number;
  last_system_read_at: string | null;
}

/** Revoked beats expired beats rotating: the first is what the caller can act on. */
export function stateOf(row: ApiKeyRow, now: Date = row.read_at): ApiKeyState {
  if (!row.is_active) return 'revoked';
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return 'expired';
  if (row.previous_valid_until && row.previous_valid_until.getTime() > now.getTime()) return 'rotating';
  return 'active';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function viewOf(row: ApiKeyRow): ApiKeyView {
  const state = stateOf(row);
  return {
    id: row.id,
    tenant: row.tenant_schema,
    name: row.name,
    prefix: row.key_prefix,
    state,
    created_at: row.created_at.toISOString(),
    last_used_at: iso(row.last_used_at),
    expires_at: iso(row.expires_at),
    revoked_at: iso(row.revoked_at),
    rotated_at: iso(row.rotated_at),
    previous_prefix: state === 'rotating' ? row.previous_key_prefix : null,
    previous_valid_until: state === 'rotating' ? iso(row.previous_valid_until) : null,
    all_users: row.all_users,
    user_ids: row.all_users ? [] : row.user_ids,
    system_read: row.system_read,
    system_read_count: Number(row.system_read_count),
    last_system_read_at: iso(row.last_system_read_at),
  };
}
