/**
 * Schema migrations: the control schema (tenant registry, API keys) and every tenant schema.
 * Tenant migrations are written with unqualified table names; each one runs in its own
 * transaction scoped to the tenant's schema, and the tenant's migration log lives in that
 * schema, so tenants upgrade independently.
 */
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

export async function migrateTenantSchema(db: Db, schema: string): Promise<string[]> {
  assertTenantSchemaName(schema);
  await db.raw(`create schema if not exists ${quoteIdent(schema)}`);
  const [, applied] = await db.migrate.latest({
    schemaName: schema,
    tableName: TABLE_NAME,
    migrationSource: listMigrationSource(scopedTo(schema, tenantMigrations)),
  });
  return applied as string[];
}

/** Control schema first, then every registered tenant. Returns the migrations applied per schema. */
export async function migrateAll(db: Db): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = { [CONTROL_SCHEMA]: await migrateControl(db) };
  const tenants = await db.withSchema(CONTROL_SCHEMA).table('tenants').select<{ schema_name: string }[]>('schema_name').orderBy('schema_name');
  for (const { schema_name } of tenants) {
    result[schema_name] = await migrateTenantSchema(db, schema_name);
  }
  return result;
}
