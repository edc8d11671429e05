/**
 * A tenant's webhook subscriptions: where events go, which ones, and the secret that signs them.
 * The backend routes, the CLI and the tests all go through these operations, so every interface
 * refuses the same input with the same 400. A secret is shown once, when it is made; the database
 * holds it only sealed (secrets.ts).
 */
import type { TenantDb, Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import { badRequest, notFound } from '../errors.js';
import { checkMaxLength } from '../limits.js';
import type { DomainServices } from '../services.js';
import { EVENT_TYPES, type EventType } from './catalog.js';
import { newWebhookSecret } from './secrets.js';
import { refusedWebhookUrl } from './url-policy.js';

export const WEBHOOK_LIMITS = {
  url: 2000,
  description: 200,
  /** Longest overlap of a rotated secret: a week is ample to redeploy a receiver. */
  previousSecretHours: 168,
} as const;

export const DEFAULT_PREVIOUS_SECRET_HOURS = 24;

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook no encontrado',
  id: 'id debe ser un UUID',
  urlRequired: 'url es requerido',
  eventTypes: 'event_types debe ser una lista con al menos un tipo de evento',
  unknownType: (type: string) => `Tipo de evento desconocido: ${type}`,
  status: "status debe ser 'active' o 'disabled'",
  rotate: 'rotate_secret debe ser true o false',
  hours: `previous_secret_valid_hours debe ser un entero entre 0 y ${WEBHOOK_LIMITS.previousSecretHours}`,
  hoursWithoutRotation: 'previous_secret_valid_hours solo se admite con rotate_secret: true',
  nothingToChange: 'No hay cambios: indique url, event_types, description, status o rotate_secret',
} as const;

export type SubscriptionStatus = 'active' | 'disabled' | 'failing';

/** What an administrator sees of a subscription: never a secret, sealed or not. */
export interface WebhookSubscriptionView {
  id: string;
  url: string;
  description: string;
  event_types: EventType[];
  status: SubscriptionStatus;
  failing_since: string | null;
  failure_reason: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Where an action happens and who performs it (null: an operator at the console). */
export interface WebhookScope {
  db: TenantDb;
  services: Pick<DomainServices, 'webhookSecrets' | 'webhookUrls'>;
  userId: string | null;
}

export interface CreateWebhookInput {
  url: unknown;
  eventTypes: unknown;
  description?: unknown;
}

export interface UpdateWebhookInput {
  url?: unknown;
  eventTypes?: unknown;
  description?: unknown;
  status?: unknown;
  rotateSecret?: unknown;
  previousSecretValidHours?: unknown;
}

interface SubscriptionRow {
  id: string;
  url: string;
  description: string;
  event_types: string[];
  status: SubscriptionStatus;
  secret_enc: string;
  failing_since: Date | null;
  failure_reason: string | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const VIEW_COLUMNS = [
  'id',
  'url',
  'description',
  'event_types',
  'status',
  'failing_since',
  'failure_reason',
  'previous_secret_expires_at',
  'created_at',
  'updated_at',
] as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function viewOf(row: SubscriptionRow): WebhookSubscriptionView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.event_types as EventType[],
    status: row.status,
    failing_since: iso(row.failing_since),
    failure_reason: row.failure_reason,
    previous_secret_expires_at: iso(row.previous_secret_expires_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

// --- Validation (shared by every interface) ---

export function validWebhookId(value: unknown): string {
  if (!isUuid(value)) throw badRequest(WEBHOOK_MESSAGES.id);
  return value.toLowerCase();
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/** A URL a webhook may be sent to, in this deployment (production: https and public addresses only). */
async function validUrl(value: unknown, scope: WebhookScope): Promise<string> {
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(WEBHOOK_MESSAGES.urlRequired);
  const url = checkMaxLength(value.trim(), 'url', WEBHOOK_LIMITS.url);
  if (CONTROL.test(url)) throw badRequest('url contiene caracteres no permitidos');
  const refused = await refusedWebhookUrl(url, scope.services.webhookUrls);
  if (refused) throw badRequest(refused);
  return url;
}

/** Known types, each once, in the catalog's order (so a listing reads the same whatever was typed). */
export function validEventTypes(value: unknown): EventType[] {
  if (!Array.isArray(value) || value.length === 0) throw badRequest(WEBHOOK_MESSAGES.eventTypes);
  for (const type of value) {
    if (typeof type !== 'string') throw badRequest(WEBHOOK_MESSAGES.eventTypes);
    if (!(EVENT_TYPES as string[]).includes(type))
      throw badRequest(WEBHOOK_MESSAGES.unknownType(checkMaxLength(type, 'event_types', 100)));
  }
  return EVENT_TYPES.filter((t) => value.includes(t));
}

function validDescription(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw badRequest('description debe ser un texto');
  const text = checkMaxLength(value.trim(), 'description', WEBHOOK_LIMITS.description);
  if (CONTROL.test(text)) throw badRequest('description contiene caracteres no permitidos');
  return text;
}

function validHours(value: unknown): number {
  if (value === undefined) return DEFAULT_PREVIOUS_SECRET_HOURS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > WEBHOOK_LIMITS.previousSecretHours)
    throw badRequest(WEBHOOK_MESSAGES.hours);
  return value;
}

// --- Operations ---

async function lockedRow(trx: Tx, id: string): Promise<SubscriptionRow> {
  const row = await trx('webhook_subscriptions').where({ id }).forUpdate().first<SubscriptionRow | undefined>();
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return row;
}

export async function listSubscriptions(db: TenantDb): Promise<WebhookSubscriptionView[]> {
  const rows = await db.transaction((trx) =>
    trx('webhook_subscriptions')
      .select(...VIEW_COLUMNS)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]),
  );
  return (rows as SubscriptionRow[]).map(viewOf);
}

export async function getSubscription(db: TenantDb, rawId: unknown): Promise<WebhookSubscriptionView> {
  const id = validWebhookId(rawId);
  const row = await db.transaction((trx) =>
    trx('webhook_subscriptions')
      .where({ id })
      .first<SubscriptionRow | undefined>(...VIEW_COLUMNS),
  );
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return viewOf(row);
}

/**
 * Registers a subscription. It receives what happens from now on: its cursor starts at the last
 * event already handed on, so it is never flooded with the tenant's past. The secret is returned
 * once and stored only sealed.
 */
export async function createSubscription(
  scope: WebhookScope,
  input: CreateWebhookInput,
): Promise<{ subscription: WebhookSubscriptionView; secret: string }> {
  const eventTypes = validEventTypes(input.eventTypes);
  const description = validDescription(input.description);
  const url = await validUrl(input.url, scope);
  const secret = newWebhookSecret();
  const row = await scope.db.transaction(async (trx) => {
    const { max } = (await trx('webhook_events').max('position as max').first()) as { max: string | null };
    const [inserted] = await trx('webhook_subscriptions')
      .insert({
        url,
        description,
        event_types: eventTypes,
        secret_enc: scope.services.webhookSecrets.seal(secret),
        delivered_position: max ?? 0,
        created_by: scope.userId,
      })
      .returning(VIEW_COLUMNS as unknown as string[]);
    return inserted as SubscriptionRow;
  });
  return { subscription: viewOf(row), secret };
}

/**
 * Changes a subscription. Setting a status is the administrator's decision and clears a failure
 * (active again: delivery resumes from where it stopped, its cursor untouched). Rotating gives a
 * new secret; the old one keeps signing for `previousSecretValidHours` (0: not at all), and a
 * rotation during an overlap ends the oldest secret at once (two secrets at most).
 */
export async function updateSubscription(
  scope: WebhookScope,
  rawId: unknown,
  input: UpdateWebhookInput,
): Promise<{ subscription: WebhookSubscriptionView; secret?: string }> {
  const id = validWebhookId(rawId);
  const changes: Record<string, unknown> = {};
  if (input.eventTypes !== undefined) changes.event_types = validEventTypes(input.eventTypes);
  if (input.description !== undefined) changes.description = validDescription(input.description);
  if (input.status !== undefined) {
    if (input.status !== 'active' && input.status !== 'disabled') throw badRequest(WEBHOOK_MESSAGES.status);
    Object.assign(changes, { status: input.status, failing_since: null, failure_reason: null });
  }
  if (input.rotateSecret !== undefined && typeof input.rotateSecret !== 'boolean')
    throw badRequest(WEBHOOK_MESSAGES.rotate);
  const rotate = input.rotateSecret === true;
  if (!rotate && input.previousSecretValidHours !== undefined) throw badRequest(WEBHOOK_MESSAGES.hoursWithoutRotation);
  const hours = validHours(input.previousSecretValidHours);
  if (input.url !== undefined) changes.url = await validUrl(input.url, scope);
  if (Object.keys(changes).length === 0 && !rotate) throw badRequest(WEBHOOK_MESSAGES.nothingToChange);
  const secret = rotate ? newWebhookSecret() : undefined;
  const row = await scope.db.transaction(async (trx) => {
    const current = await lockedRow(trx, id);
    if (secret) {
      Object.assign(changes, {
        secret_enc: scope.services.webhookSecrets.seal(secret),
        previous_secret_enc: hours > 0 ? current.secret_enc : null,
        previous_secret_expires_at: hours > 0 ? trx.raw(`now() + make_interval(hours => ?)`, [hours]) : null,
      });
    }
    const [updated] = await trx('webhook_subscriptions')
      .where({ id })
      .update({ ...changes, updated_at: trx.fn.now() })
      .returning(VIEW_COLUMNS as unknown as string[]);
    return updated as SubscriptionRow;
  });
  return { subscription: viewOf(row), ...(secret ? { secret } : {}) };
}

/** Deletes a subscription and its delivery history; events themselves stay (other subscriptions may need them). */
export async function deleteSubscription(db: TenantDb, rawId: unknown): Promise<WebhookSubscriptionView> {
  const id = validWebhookId(rawId);
  const row = await db.transaction(async (trx) => {
    const [deleted] = await trx('webhook_subscriptions')
      .where({ id })
      .delete()
      .returning(VIEW_COLUMNS as unknown as string[]);
    return deleted as SubscriptionRow | undefined;
  });
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return viewOf(row);
}
