/**
 * The control schema: the tenant registry and the integration API keys. These are the only
 * queries that run outside a tenant scope, and they always name the control schema explicitly.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from './connection.js';
import { CONTROL_SCHEMA } from './identifiers.js';
import type { Tenant } from './tenancy.js';

interface TenantRow {
  id: string;
  schema_name: string;
  municipality_code: string;
  display_name: string;
  city: string;
  is_active: boolean;
}

const control = (db: Knex, table: string) => db.withSchema(CONTROL_SCHEMA).table(table);

function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    schema: row.schema_name,
    municipalityCode: row.municipality_code,
    displayName: row.display_name,
    city: row.city,
  };
}

export async function findTenantBySchema(db: Db, schema: string): Promise<Tenant | undefined> {
  const row = await control(db, 'tenants')
    .where({ schema_name: schema, is_active: true })
    .first<TenantRow | undefined>();
  return row && toTenant(row);
}

export async function listTenants(db: Db): Promise<Tenant[]> {
  const rows = await control(db, 'tenants').where({ is_active: true }).orderBy('schema_name').select<TenantRow[]>('*');
  return rows.map(toTenant);
}

export interface NewTenant {
  schema: string;
  municipalityCode: string;
  displayName: string;
  city: string;
}

/** Inserts the registry row, or returns the existing one for the same schema (idempotent). */
export async function upsertTenantRow(db: Knex, input: NewTenant): Promise<Tenant> {
  const [row] = await control(db, 'tenants')
    .insert({
      schema_name: input.schema,
      municipality_code: input.municipalityCode,
      display_name: input.displayName,
      city: input.city,
    })
    .onConflict('schema_name')
    .merge(['display_name', 'city'])
    .returning<TenantRow[]>('*');
  return toTenant(row!);
}

// ---- API keys -------------------------------------------------------------------------------

/**
 * Keys are 256-bit random tokens, so a plain SHA-256 is a safe one-way hash that still allows an
 * indexed lookup (a slow password hash is for low-entropy secrets; see docs/decisions.md).
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function generateApiKey(): string {
  return `exk_${randomBytes(32).toString('base64url')}`;
}

export interface ApiKeyRecord {
  id: string;
  tenantId: string;
  isActive: boolean;
  expiresAt: Date | null;
  /** Created with the system scope: may read without X-User-ID (see domain/documents/access.ts). */
  systemRead: boolean;
}

/**
 * The key a presented secret belongs to: its current secret, or the secret it replaced while the
 * rotation overlap lasts (its end judged by the database clock, which also set it). Read on every
 * request, never cached, so a revocation holds from the next request on. `k` names api_keys.
 */
function presentedSecret(db: Knex, query: Knex.QueryBuilder, key: string): Knex.QueryBuilder {
  const hash = hashApiKey(key);
  return query
    .where('k.key_hash', hash)
    .orWhere((q) => q.where('k.previous_key_hash', hash).where('k.previous_valid_until', '>', db.fn.now()));
}

export async function findApiKey(db: Db, key: string): Promise<ApiKeyRecord | undefined> {
  const row = await presentedSecret(db, control(db, 'api_keys as k'), key).first<
    { id: string; tenant_id: string; is_active: boolean; expires_at: Date | null; system_read: boolean } | undefined
  >('k.id', 'k.tenant_id', 'k.is_active', 'k.expires_at', 'k.system_read');
  return (
    row && {
      id: row.id,
      tenantId: row.tenant_id,
      isActive: row.is_active,
      expiresAt: row.expires_at,
      systemRead: row.system_read,
    }
  );
}

export interface ApiKeyAccess {
  key: ApiKeyRecord;
  /** The key's tenant, unless it is inactive. */
  tenant: Tenant | undefined;
  /** The user is listed on the key, or the key acts for every user of its tenant (whose activity the tenant checks). */
  userAuthorized: boolean;
}

/**
 * What a request's credentials allow, read in one statement (integration authentication runs it
 * on every request): the key as `findApiKey` finds it, its tenant, and whether `userId` (a UUID,
 * or null when none was given) may act through it.
 */
export async function findApiKeyAccess(db: Db, key: string, userId: string | null): Promise<ApiKeyAccess | undefined> {
  const keys = control(db, 'api_keys as k').leftJoin('tenants as t', (j) =>
    j.on('t.id', 'k.tenant_id').andOn('t.is_active', db.raw('true')),
  );
  const row = await presentedSecret(db, keys, key).first<
    | (Omit<TenantRow, 'id' | 'is_active'> & {
        id: string;
        tenant_id: string;
        is_active: boolean;
        expires_at: Date | null;
        system_read: boolean;
        tenant_active: boolean | null;
        user_authorized: boolean;
      })
    | undefined
  >(
    'k.id',
    'k.tenant_id',
    'k.is_active',
    'k.expires_at',
    'k.system_read',
    't.is_active as tenant_active',
    't.schema_name',
    't.municipality_code',
    't.display_name',
    't.city',
    db.raw(
      `k.all_users or exists (select 1 from ${CONTROL_SCHEMA}.api_key_users u where u.api_key_id = k.id and u.user_id = ?::uuid) as user_authorized`,
      [userId],
    ),
  );
  if (!row) return undefined;
  return {
    key: {
      id: row.id,
      tenantId: row.tenant_id,
      isActive: row.is_active,
      expiresAt: row.expires_at,
      systemRead: row.system_read,
    },
    tenant: row.tenant_active ? toTenant({ ...row, id: row.tenant_id, is_active: true }) : undefined,
    userAuthorized: userId !== null && row.user_authorized,
  };
}

export interface NewApiKey {
  tenantId: string;
  name: string;
  userIds: readonly string[];
  /** The key acts for every active user of the tenant; `userIds` is then empty. */
  allUsers?: boolean;
  /** May read without X-User-ID (system scope). */
  systemRead?: boolean;
  expiresAt?: Date | null;
  /** A chosen plaintext key (dev/test configuration); random when absent. */
  key?: string;
}

/** Stores a key (hashed) with its authorized users; returns the plaintext, which is never stored. */
export async function createApiKey(db: Db, input: NewApiKey): Promise<{ id: string; key: string }> {
  const key = input.key ?? generateApiKey();
  return db.transaction(async (trx) => {
    const [row] = await control(trx, 'api_keys')
      .insert({
        tenant_id: input.tenantId,
        name: input.name,
        key_prefix: key.slice(0, 8),
        key_hash: hashApiKey(key),
        expires_at: input.expiresAt ?? null,
        all_users: input.allUsers ?? false,
        system_read: input.systemRead ?? false,
      })
      .returning<{ id: string }[]>('id');
    if (input.userIds.length > 0) {
      await control(trx, 'api_key_users').insert(input.userIds.map((user_id) => ({ api_key_id: row!.id, user_id })));
    }
    return { id: row!.id, key };
  });
}

export async function hasApiKeyNamed(db: Db, tenantId: string, name: string): Promise<boolean> {
  return (await control(db, 'api_keys').where({ tenant_id: tenantId, name }).first('id')) !== undefined;
}

/** Authorizes more users on an existing key (idempotent). */
export async function authorizeKeyUsers(db: Db, apiKeyId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await control(db, 'api_key_users')
    .insert(userIds.map((user_id) => ({ api_key_id: apiKeyId, user_id })))
    .onConflict(['api_key_id', 'user_id'])
    .ignore();
}

// ---- API key lifecycle ------------------------------------------------------------------------

export interface ApiKeyRow {
  id: string;
  tenant_id: string;
  tenant_schema: string;
  name: string;
  key_prefix: string;
  is_active: boolean;
  all_users: boolean;
  system_read: boolean;
  /** Reads made without X-User-ID, and the last one (batched with last_used_at). */
  system_read_count: string;
  last_system_read_at: Date | null;
  expires_at: Date | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  rotated_at: Date | null;
  previous_key_prefix: string | null;
  previous_valid_until: Date | null;
  /** The database's clock when the row was read: every state is judged against it. */
  read_at: Date;
  user_ids: string[];
}

function apiKeyRows(db: Knex) {
  return db
    .withSchema(CONTROL_SCHEMA)
    .from('api_keys as k')
    .join('tenants as t', 't.id', 'k.tenant_id') // withSchema qualifies joined tables too
    .select(
      'k.id',
      'k.tenant_id',
      't.schema_name as tenant_schema',
      'k.name',
      'k.key_prefix',
      'k.is_active',
      'k.all_users',
      'k.system_read',
      'k.system_read_count',
      'k.last_system_read_at',
      'k.expires_at',
      'k.created_at',
      'k.last_used_at',
      'k.revoked_at',
      'k.rotated_at',
      'k.previous_key_prefix',
      'k.previous_valid_until',
      db.raw('now() as read_at'),
      db.raw(
        `coalesce((select array_agg(u.user_id::text order by u.user_id) from ${CONTROL_SCHEMA}.api_key_users u where u.api_key_id = k.id), '{}') as user_ids`,
      ),
    );
}

/** The tenant's keys, newest first. */
export async function listApiKeyRows(db: Knex, tenantId: string): Promise<ApiKeyRow[]> {
  return apiKeyRows(db)
    .where('k.tenant_id', tenantId)
    .orderBy([{ column: 'k.created_at', order: 'desc' }, { column: 'k.id' }]);
}

/** One key of the tenant; `lock` holds it until the transaction ends (revoke and rotate). */
export async function findApiKeyRow(
  db: Knex,
  tenantId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ApiKeyRow | undefined> {
  if (options.lock) await control(db, 'api_keys').where({ id, tenant_id: tenantId }).forUpdate().first('id');
  return apiKeyRows(db).where({ 'k.tenant_id': tenantId, 'k.id': id }).first();
}

/** Active keys of every tenant whose expiry falls between the two instants (oldest expiry first). */
export async function apiKeyRowsExpiringBetween(db: Knex, from: Date, to: Date): Promise<ApiKeyRow[]> {
  return apiKeyRows(db)
    .where('k.is_active', true)
    .whereBetween('k.expires_at', [from, to])
    .orderBy([{ column: 'k.expires_at' }, { column: 'k.id' }]);
}

export async function hasUnrevokedApiKeyNamed(db: Knex, tenantId: string, name: string): Promise<boolean> {
  return (
    (await control(db, 'api_keys').where({ tenant_id: tenantId, name, is_active: true }).first('id')) !== undefined
  );
}

export async function markApiKeyRevoked(db: Knex, id: string): Promise<void> {
  await control(db, 'api_keys').where({ id }).update({ is_active: false, revoked_at: db.fn.now() });
}

export interface SecretReplacement {
  key: string;
  /** Until when the replaced secret keeps working; now (or earlier) ends it at once. */
  previousValidUntil: Date;
  expiresAt: Date;
}

/** The current secret becomes the previous one (a still-overlapping older secret ends now). */
export async function replaceApiKeySecret(db: Knex, id: string, replacement: SecretReplacement): Promise<void> {
  await control(db, 'api_keys')
    .where({ id })
    .update({
      previous_key_hash: db.ref('key_hash'),
      previous_key_prefix: db.ref('key_prefix'),
      previous_valid_until: replacement.previousValidUntil,
      key_hash: hashApiKey(replacement.key),
      key_prefix: replacement.key.slice(0, 8),
      expires_at: replacement.expiresAt,
      rotated_at: db.fn.now(),
    });
}

export interface ApiKeyAuditEntry {
  tenantId: string;
  apiKeyId: string;
  action: 'create' | 'revoke' | 'rotate';
  actor: string;
  actorUserId: string | null;
  details: Record<string, unknown>;
}

export async function insertApiKeyAudit(db: Knex, entry: ApiKeyAuditEntry): Promise<void> {
  await control(db, 'api_key_audit').insert({
    tenant_id: entry.tenantId,
    api_key_id: entry.apiKeyId,
    action: entry.action,
    actor: entry.actor,
    actor_user_id: entry.actorUserId,
    details: JSON.stringify(entry.details),
  });
}

export interface ApiKeyAuditRow {
  id: string;
  occurred_at: Date;
  api_key_id: string;
  action: string;
  actor: string;
  actor_user_id: string | null;
  details: Record<string, unknown>;
}

export async function listApiKeyAudit(db: Knex, tenantId: string, apiKeyId?: string): Promise<ApiKeyAuditRow[]> {
  const query = control(db, 'api_key_audit').where({ tenant_id: tenantId });
  if (apiKeyId) query.where({ api_key_id: apiKeyId });
  return query.orderBy('id').select('id', 'occurred_at', 'api_key_id', 'action', 'actor', 'actor_user_id', 'details');
}

export interface ApiKeyUse {
  keyHash: string;
  usedAt: Date;
  /** Reads made without X-User-ID since the last write (system scope), and the latest of them. */
  systemReads?: number;
  lastSystemReadAt?: Date | null;
}

/**
 * Writes a batch of uses at once: each entry is a secret's hash (current or previous), when it
 * was last used and the system reads it made; a later time already stored is kept, and system
 * reads add up.
 */
export async function recordApiKeyUses(db: Knex, uses: readonly ApiKeyUse[]): Promise<void> {
  if (uses.length === 0) return;
  await db.raw(
    `update ${CONTROL_SCHEMA}.api_keys k
        set last_used_at = greatest(k.last_used_at, v.used_at),
            system_read_count = k.system_read_count + v.system_reads,
            last_system_read_at = greatest(k.last_system_read_at, v.system_read_at)
       from (select unnest(?::text[]) as key_hash, unnest(?::timestamptz[]) as used_at,
                    unnest(?::int[]) as system_reads, unnest(?::timestamptz[]) as system_read_at) v
      where (k.key_hash = v.key_hash or k.previous_key_hash = v.key_hash)
        and (k.last_used_at is null or k.last_used_at < v.used_at or v.system_reads > 0)`,
    [
      uses.map((u) => u.keyHash),
      uses.map((u) => u.usedAt.toISOString()),
      uses.map((u) => u.systemReads ?? 0),
      uses.map((u) => u.lastSystemReadAt?.toISOString() ?? null) as unknown as string[],
    ],
  );
}
