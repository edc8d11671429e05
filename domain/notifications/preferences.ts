/**
 * Each user's choice, per kind of notification, of how it reaches them: at once, in the daily
 * digest, or not at all. A kind the user never changed is sent at once.
 */
import type { TenantDb, Tx } from '../../db/tenancy.js';
import { badRequest } from '../errors.js';

export const NOTIFICATION_KINDS = ['signature_request', 'document_outcome', 'note', 'memo'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const DELIVERIES = ['immediate', 'digest', 'off'] as const;
export type Delivery = (typeof DELIVERIES)[number];

export type NotificationPreferences = Record<NotificationKind, Delivery>;

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  signature_request: 'immediate',
  document_outcome: 'immediate',
  note: 'immediate',
  memo: 'immediate',
};

export const PREFERENCE_MESSAGES = {
  notAnObject:
    'Las preferencias deben ser un objeto con los tipos de aviso: signature_request, document_outcome, note, memo',
  unknownKind: (k: string) => `Tipo de aviso desconocido: "${k}"; los tipos son ${NOTIFICATION_KINDS.join(', ')}`,
  badDelivery: (k: string) =>
    `El envío de "${k}" debe ser ${DELIVERIES.join(', ')} (inmediato, resumen diario o desactivado)`,
  empty: 'Indique al menos un tipo de aviso a cambiar',
} as const;

export async function readPreferences(db: TenantDb, userId: string): Promise<NotificationPreferences> {
  return db.transaction((trx) => preferencesIn(trx, userId));
}

async function preferencesIn(trx: Tx, userId: string): Promise<NotificationPreferences> {
  const rows = await trx('notification_preferences')
    .where({ user_id: userId })
    .select<{ kind: NotificationKind; delivery: Delivery }[]>('kind', 'delivery');
  return { ...DEFAULT_PREFERENCES, ...Object.fromEntries(rows.map((r) => [r.kind, r.delivery])) };
}

export async function deliveryFor(db: TenantDb, userId: string, kind: NotificationKind): Promise<Delivery> {
  return (await readPreferences(db, userId))[kind];
}

/** Checks a partial change (only the kinds it names change), with a message naming what is wrong. */
export function parsePreferenceChange(raw: unknown): Partial<NotificationPreferences> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest(PREFERENCE_MESSAGES.notAnObject);
  const change: Partial<NotificationPreferences> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (!(NOTIFICATION_KINDS as readonly string[]).includes(k))
      throw badRequest(PREFERENCE_MESSAGES.unknownKind(k.slice(0, 60)));
    if (typeof v !== 'string' || !(DELIVERIES as readonly string[]).includes(v))
      throw badRequest(PREFERENCE_MESSAGES.badDelivery(k));
    change[k as NotificationKind] = v as Delivery;
  }
  if (Object.keys(change).length === 0) throw badRequest(PREFERENCE_MESSAGES.empty);
  return change;
}

export async function updatePreferences(
  db: TenantDb,
  userId: string,
  change: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  return db.transaction(async (trx) => {
    const rows = Object.entries(change).map(([kind, delivery]) => ({
      user_id: userId,
      kind,
      delivery,
      updated_at: trx.fn.now(),
    }));
    if (rows.length)
      await trx('notification_preferences')
        .insert(rows)
        .onConflict(['user_id', 'kind'])
        .merge(['delivery', 'updated_at']);
    return preferencesIn(trx, userId);
  });
}
