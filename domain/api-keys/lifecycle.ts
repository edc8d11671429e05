/**
 * Creating, listing, revoking and rotating a tenant's integration API keys. The CLI and the
 * backend routes both call these; each change and its audit row are one control-schema
 * transaction, so an action is either done and recorded or neither.
 */
import type { ApiKeyConfig } from '../../config/index.js';
import type { Db } from '../../db/connection.js';
import {
  createApiKey,
  findApiKeyRow,
  generateApiKey,
  hasUnrevokedApiKeyNamed,
  insertApiKeyAudit,
  listApiKeyAudit,
  listApiKeyRows,
  markApiKeyRevoked,
  replaceApiKeySecret,
  type ApiKeyRow,
} from '../../db/control.js';
import { tenantDb, type Tenant } from '../../db/tenancy.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { emitApiKeyEvent } from '../audit/control-events.js';
import type { ApiKeyActor } from './actor.js';
import {
  validCreateInput,
  validKeyId,
  validRotateInput,
  type CreateApiKeyInput,
  type RotateApiKeyInput,
} from './input.js';
import { stateOf, viewOf, type ApiKeyView } from './view.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export const API_KEY_MESSAGES = {
  notFound: 'API Key no encontrada',
  duplicateName: 'Ya existe una API Key vigente con ese nombre en el municipio',
  revoked: 'La API Key está revocada',
  expired: 'La API Key está vencida; cree una nueva',
} as const;

/** Where an action happens and who performs it. */
export interface ApiKeyScope {
  db: Db;
  tenant: Tenant;
  actor: ApiKeyActor;
  policy: ApiKeyConfig;
}

/** Listed users must be active users of the key's tenant; the first unknown ones are named. */
async function assertActiveUsers(db: Db, tenant: Tenant, userIds: readonly string[]): Promise<void> {
  const found = await tenantDb(db, tenant).transaction((trx) =>
    trx('users').whereIn('id', userIds).where({ is_active: true }).pluck<string[]>('id'),
  );
  const known = new Set(found.map((id) => id.toLowerCase()));
  const missing = userIds.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw badRequest(
      `Usuarios inexistentes o inactivos en el municipio: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''}`,
    );
  }
}

export async function listKeys(db: Db, tenant: Tenant): Promise<ApiKeyView[]> {
  return (await listApiKeyRows(db, tenant.id)).map(viewOf);
}

/** Creates a key; the returned secret exists nowhere else and is shown to the caller once. */
export async function createKey(
  scope: ApiKeyScope,
  input: CreateApiKeyInput,
): Promise<{ key: ApiKeyView; secret: string }> {
  const { db, tenant, actor } = scope;
  const valid = validCreateInput(input, scope.policy);
  if (valid.userIds.length > 0) await assertActiveUsers(db, tenant, valid.userIds);
  return db.transaction(async (trx) => {
    // Two creates with one name must not both pass the check below.
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`api-key-name:${tenant.id}:${valid.name}`]);
    if (await hasUnrevokedApiKeyNamed(trx, tenant.id, valid.name)) throw conflict(API_KEY_MESSAGES.duplicateName);
    const { now } = (await trx.raw<{ rows: { now: Date }[] }>('select now()')).rows[0]!;
    const expiresAt = new Date(now.getTime() + valid.expiresInDays * DAY_MS);
    const { id, key } = await createApiKey(trx, {
      tenantId: tenant.id,
      name: valid.name,
      userIds: valid.userIds,
      allUsers: valid.allUsers,
      systemRead: valid.systemRead,
      expiresAt,
    });
    await insertApiKeyAudit(trx, {
      tenantId: tenant.id,
      apiKeyId: id,
      action: 'create',
      actor: actor.label,
      actorUserId: actor.userId,
      details: {
        name: valid.name,
        prefix: key.slice(0, 8),
        expires_at: expiresAt.toISOString(),
        all_users: valid.allUsers,
        user_ids: valid.userIds,
        system_read: valid.systemRead,
      },
    });
    await emitApiKeyEvent(trx, tenant, 'api_key.created', id, actor.userId);
    return { key: viewOf((await findApiKeyRow(trx, tenant.id, id))!), secret: key };
  });
}

async function lockedKey(trx: Db, tenant: Tenant, id: string): Promise<ApiKeyRow> {
  const row = await findApiKeyRow(trx, tenant.id, id, { lock: true });
  if (!row) throw notFound(API_KEY_MESSAGES.notFound);
  return row;
}

/**
 * Revokes a key: from the next request on, its secrets (current and any still overlapping) are
 * refused. Revoking a revoked key answers it as it is and records nothing new.
 */
export async function revokeKey(scope: ApiKeyScope, rawId: unknown): Promise<{ key: ApiKeyView; changed: boolean }> {
  const { db, tenant, actor } = scope;
  const id = validKeyId(rawId);
  return db.transaction(async (trx) => {
    const row = await lockedKey(trx, tenant, id);
    if (!row.is_active) return { key: viewOf(row), changed: false };
    await markApiKeyRevoked(trx, id);
    await insertApiKeyAudit(trx, {
      tenantId: tenant.id,
      apiKeyId: id,
      action: 'revoke',
      actor: actor.label,
      actorUserId: actor.userId,
      details: { name: row.name, prefix: row.key_prefix, state_before: stateOf(row) },
    });
    await emitApiKeyEvent(trx, tenant, 'api_key.revoked', id, actor.userId);
    return { key: viewOf((await findApiKeyRow(trx, tenant.id, id))!), changed: true };
  });
}

/**
 * Gives a key a new secret and a new lifetime. The old secret keeps working for the overlap (0
 * ends it at once); rotating again during an overlap ends the oldest secret immediately, since a
 * key holds one previous secret at most. Revoked and expired keys are not rotated: a dead
 * secret must not come back to life for an overlap.
 */
export async function rotateKey(
  scope: ApiKeyScope,
  rawId: unknown,
  input: RotateApiKeyInput,
): Promise<{ key: ApiKeyView; secret: string }> {
  const { db, tenant, actor } = scope;
  const id = validKeyId(rawId);
  const valid = validRotateInput(input, scope.policy);
  return db.transaction(async (trx) => {
    const row = await lockedKey(trx, tenant, id);
    const state = stateOf(row);
    if (state === 'revoked') throw conflict(API_KEY_MESSAGES.revoked);
    if (state === 'expired') throw conflict(API_KEY_MESSAGES.expired);
    const now = row.read_at.getTime();
    const secret = generateApiKey();
    const previousValidUntil = new Date(now + valid.overlapHours * HOUR_MS);
    const expiresAt = new Date(now + valid.expiresInDays * DAY_MS);
    await replaceApiKeySecret(trx, id, { key: secret, previousValidUntil, expiresAt });
    await insertApiKeyAudit(trx, {
      tenantId: tenant.id,
      apiKeyId: id,
      action: 'rotate',
      actor: actor.label,
      actorUserId: actor.userId,
      details: {
        name: row.name,
        previous_prefix: row.key_prefix,
        prefix: secret.slice(0, 8),
        previous_valid_until: previousValidUntil.toISOString(),
        expires_at: expiresAt.toISOString(),
      },
    });
    await emitApiKeyEvent(trx, tenant, 'api_key.rotated', id, actor.userId);
    return { key: viewOf((await findApiKeyRow(trx, tenant.id, id))!), secret };
  });
}

export interface ApiKeyAuditView {
  occurred_at: string;
  action: string;
  actor: string;
  actor_user_id: string | null;
  details: Record<string, unknown>;
}

/** A key's audit trail, oldest first; a key of another tenant is not found. */
export async function keyAudit(db: Db, tenant: Tenant, rawId: unknown): Promise<ApiKeyAuditView[]> {
  const id = validKeyId(rawId);
  if (!(await findApiKeyRow(db, tenant.id, id))) throw notFound(API_KEY_MESSAGES.notFound);
  return (await listApiKeyAudit(db, tenant.id, id)).map((a) => ({
    occurred_at: a.occurred_at.toISOString(),
    action: a.action,
    actor: a.actor,
    actor_user_id: a.actor_user_id,
    details: a.details,
  }));
}
