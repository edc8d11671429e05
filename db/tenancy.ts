/**
 * Tenant scoping: the one way to touch a tenant's tables.
 *
 * Every tenant is a Postgres schema. `tenantDb(db, tenant).transaction(fn)` opens a transaction,
 * runs `SET LOCAL search_path TO "<schema>"` and hands `fn` the transaction. Because the pool's
 * default search_path holds no tables (db/connection.ts) and objection models are never bound to
 * a global connection, a query without this scope fails instead of leaking across tenants.
 * SET LOCAL ends with the transaction, so a pooled connection never carries a tenant over.
 */
import type { Knex } from 'knex';
import type { Db } from './connection.js';
import { assertTenantSchemaName, quoteIdent } from './identifiers.js';

export interface Tenant {
  id: string;
  schema: string;
  municipalityCode: string;
  displayName: string;
  city: string;
}

export type Tx = Knex.Transaction;

export interface TenantDb {
  readonly tenant: Tenant;
  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T>;
}

/** Scopes an open transaction to a tenant schema (also used by the tenant migrator). */
export async function scopeTransaction(trx: Knex, schema: string): Promise<void> {
  await trx.raw(`SET LOCAL search_path TO ${quoteIdent(assertTenantSchemaName(schema))}`);
}

export function tenantDb(db: Db, tenant: Tenant): TenantDb {
  assertTenantSchemaName(tenant.schema);
  return {
    tenant,
    transaction: (fn) =>
      db.transaction(async (trx) => {
        await scopeTransaction(trx, tenant.schema);
        return fn(trx);
      }),
  };
}
