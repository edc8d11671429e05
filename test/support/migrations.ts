/** Tenant schemas as an older release left them, for the tests of a migration that upgrades them. */
import type { Db } from '../../db/connection.js';
import { quoteIdent } from '../../db/identifiers.js';
import { tenantMigrations } from '../../db/migrations/tenant/index.js';
import { listMigrationSource } from '../../db/migrations/types.js';
import { scopeTransaction } from '../../db/tenancy.js';

/** Creates `schema` and applies every tenant migration whose name sorts before `before` ('012'). */
export async function tenantSchemaBefore(db: Db, schema: string, before: string): Promise<void> {
  await db.raw(`create schema ${quoteIdent(schema)}`);
  await db.migrate.latest({
    schemaName: schema,
    tableName: 'knex_migrations',
    migrationSource: listMigrationSource(
      tenantMigrations
        .filter((m) => m.name < before)
        .map((m) => ({
          ...m,
          up: async (knex) => {
            await scopeTransaction(knex, schema);
            await m.up(knex);
          },
        })),
    ),
  });
}
