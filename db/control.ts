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
  const row = await control(db, 'tenants').where({ schema_name: schema, is_active: true }).first<TenantRow | undefined>();
  return row && toTenant(row);
}

export async function findTenantById(db: Db, id: string): Promise<Tenant | undefined> {
  const row = await control(db, 'tenants').where({ id, is_active: true }).first<TenantRow | undefined>();
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
}

export async function findApiKey(db: Db, key: string): Promise<ApiKeyRecord | undefined> {
  const row = await control(db, 'api_keys')
    .where({ key_hash: hashApiKey(key) })
    .first<{ id: string; tenant_id: string; is_active: boolean; expires_at: Date | null } | undefined>('id', 'tenant_id', 'is_active', 'expires_at');
  return row && { id: row.id, tenantId: row.tenant_id, isActive: row.is_active, expiresAt: row.expires_at };
}

export async function isUserAuthorizedForKey(db: Db, apiKeyId: string, userId: string): Promise<boolean> {
  const row = await control(db, 'api_key_users').where({ api_key_id: apiKeyId, user_id: userId }).first('user_id');
  return row !== undefined;
}

export interface NewApiKey {
  tenantId: string;
  name: string;
  userIds: readonly string[];
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
