/**
 * Keys that expire soon (or expired recently and were never revoked), for the operator's check.
 * Items share one shape with other expiring credentials (signing certificates), so one check can
 * list them all side by side.
 */
import type { Db } from '../../db/connection.js';
import { apiKeyRowsExpiringBetween } from '../../db/control.js';
import { badRequest } from '../errors.js';

const DAY_MS = 86_400_000;
export const DEFAULT_EXPIRY_WINDOW_DAYS = 30;
export const MAX_EXPIRY_WINDOW_DAYS = 3650;

import type { ExpiringItem } from '../../lib/expiring.js';

export type { ExpiringItem };

export function validWindowDays(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_EXPIRY_WINDOW_DAYS) {
    throw badRequest(`days debe ser un entero entre 0 y ${MAX_EXPIRY_WINDOW_DAYS}`);
  }
  return value;
}

/**
 * Unrevoked keys of every tenant expiring within `days` from `now`, and those that expired in the
 * last `days` (callers failing right now), soonest first.
 */
export async function expiringApiKeys(db: Db, options: { days?: number; now?: Date } = {}): Promise<ExpiringItem[]> {
  const days = validWindowDays(options.days ?? DEFAULT_EXPIRY_WINDOW_DAYS);
  const now = options.now ?? new Date();
  const rows = await apiKeyRowsExpiringBetween(
    db,
    new Date(now.getTime() - days * DAY_MS),
    new Date(now.getTime() + days * DAY_MS),
  );
  return rows.map((row) => ({
    kind: 'api_key',
    tenant: row.tenant_schema,
    id: row.id,
    label: `${row.name} (${row.key_prefix}…)`,
    expires_at: row.expires_at!.toISOString(),
    status: row.expires_at!.getTime() <= now.getTime() ? 'expired' : 'expiring',
    // `+ 0` turns Math.trunc's -0 into 0.
    days_left: Math.trunc((row.expires_at!.getTime() - now.getTime()) / DAY_MS) + 0,
  }));
}
