/**
 * Schema migrations: the control schema (tenant registry, API keys) and every tenant schema.
 * Tenant migrations are written with unqualified table names; each one runs in its own
 * transaction scoped to the tenant's schema, and the tenant's migration log lives in that
 * schema, so tenants upgrade independently.
 */
import { eachBounded } from '../lib/bounded.js';
import type { Db } from './connection.js';
import { CONTROL_SCHEMA, assertTenantSchemaName, quoteIdent } from './identifiers.js';
import { controlMigrations } from './migrations/control/index.js';
import { tenantMigrations } from './migrations/tenant/index.js';
import { listMigrationSource, type Migration } from './migrations/types.js';
import { scopeTransaction } from './tenancy.js';

const TABLE_NAME = 'knex_migrations';

export async function migrateControl(db: Db): Promise<string[]> {
  await db.raw(`create schema if not exists ${quoteIdent(CONTROL_SCHEMA)}`);
  const [, applied] = await db.migrate.latest({
    schemaName: CONTROL_SCHEMA,
    tableName: TABLE_NAME,
    migrationSource: listMigrationSource(controlMigrations),
  });
  return applied as string[];
}

function scopedTo(schema: string, migrations: readonly Migration[]): Migration[] {
  return migrations.map((m) => ({
    name: m.name,
    up: async (knex) => {
      await scopeTransaction(knex, schema);
      await m.up(knex);
    },
    down: async (knex) => {
      await scopeTransaction(knex, schema);
      await m.down(knex);
    },
  }));
}

export async function migrateTenantSchema(
  db: Db,
  schema: string,
  migrations: readonly Migration[] = tenantMigrations,
): Promise<string[]> {
  assertTenantSchemaName(schema);
  await db.raw(`create schema if not exists ${quoteIdent(schema)}`);
  const [, applied] = await db.migrate.latest({
    schemaName: schema,
    tableName: TABLE_NAME,
    migrationSource: listMigrationSource(scopedTo(schema, migrations)),
  });
  return applied as string[];
}

/**
 * How many tenant schemas migrate at once. Each holds one pooled connection and its own
 * migration lock, so schemas never wait on each other; a migration's DDL is CPU in PostgreSQL,
 * so beyond the server's cores more at once gains nothing (2,300 schemas: bench/tenants.ts).
 */
export const TENANT_MIGRATION_CONCURRENCY = 4;

export interface MigrateAllOptions {
  /** Tenant schemas migrated at once (default TENANT_MIGRATION_CONCURRENCY); keep it within the pool's size. */
  concurrency?: number;
  /** The tenant migrations to bring every schema to (default: the product's; a benchmark adds one). */
  tenantMigrations?: readonly Migration[];
}

/**
 * Control schema first, then every registered tenant, several at once. Returns the migrations
 * applied per schema, in schema order.
 */
export async function migrateAll(db: Db, options: MigrateAllOptions = {}): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = { [CONTROL_SCHEMA]: await migrateControl(db) };
  const tenants = await db
    .withSchema(CONTROL_SCHEMA)
    .table('tenants')
    .select<{ schema_name: string }[]>('schema_name')
    .orderBy('schema_name');
  const applied = new Map<string, string[]>();
  await eachBounded(tenants, options.concurrency ?? TENANT_MIGRATION_CONCURRENCY, async ({ schema_name }) => {
    applied.set(schema_name, await migrateTenantSchema(db, schema_name, options.tenantMigrations));
  });
  for (const { schema_name } of tenants) result[schema_name] = applied.get(schema_name)!;
  return result;
}
