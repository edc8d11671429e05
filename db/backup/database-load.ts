/**
 * Loads a dump into an empty database: replays exactly the migrations each schema had (so the
 * tables match the rows, even if this code has newer migrations — `npm run migrate` applies those
 * afterwards), then loads every row in one transaction with triggers and foreign-key checks off
 * (session_replication_role = replica, as pg_restore --disable-triggers does: rows arrive in
 * file order, and derived tables such as document_access are restored, not recomputed).
 * If anything fails, the schemas it created are dropped again.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Knex } from 'knex';
import { createDb } from '../connection.js';
import { CONTROL_SCHEMA, quoteIdent } from '../identifiers.js';
import { controlMigrations } from '../migrations/control/index.js';
import { tenantMigrations } from '../migrations/tenant/index.js';
import { listMigrationSource, type Migration } from '../migrations/types.js';
import { scopeTransaction } from '../tenancy.js';
import { qualified, type DatabaseMeta, type SchemaMeta } from './database-dump.js';
import { BackupRefused } from './errors.js';

const BATCH = 500;

/** The migrations this code knows, cut to the ones the dumped schema had; refuses unknown ones. */
function migrationsFor(schema: SchemaMeta): Migration[] {
  const known = schema.name === CONTROL_SCHEMA ? controlMigrations : tenantMigrations;
  const byName = new Map(known.map((m) => [m.name, m]));
  const unknown = schema.migrations.filter((n) => !byName.has(n));
  if (unknown.length) {
    throw new BackupRefused(
      `schema ${schema.name} was built by migrations this version does not have (${unknown.join(', ')}): restore with the version that took the backup, or a newer one`,
    );
  }
  const list = schema.migrations.map((n) => byName.get(n)!);
  if (schema.name === CONTROL_SCHEMA) return list;
  return list.map((m) => ({
    name: m.name,
    up: async (knex: Knex) => {
      await scopeTransaction(knex, schema.name);
      await m.up(knex);
    },
    down: m.down,
  }));
}

export function checkMigrations(meta: DatabaseMeta): void {
  for (const schema of meta.schemas) migrationsFor(schema);
}

/** Databases as initdb/CREATE DATABASE leave them: nothing but `public`, and nothing in it. */
export async function assertEmptyDatabase(db: Knex): Promise<void> {
  const { rows } = await db.raw<{ rows: { what: string }[] }>(
    `select 'schema ' || nspname as what from pg_namespace
      where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%'
     union all
     select 'relation public.' || relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
     limit 5`,
  );
  if (rows.length)
    throw new BackupRefused(
      `the target database is not empty (${rows.map((r) => r.what).join(', ')}…): restore only into a new, empty database`,
    );
}

async function loadTable(
  trx: Knex.Transaction,
  dir: string,
  schema: string,
  table: string,
  columns: string[],
): Promise<number> {
  const cols = columns.map(quoteIdent).join(', ');
  const sql = `insert into ${qualified(schema, table)} (${cols}) overriding system value
               select ${cols} from json_populate_recordset(null::${qualified(schema, table)}, ?::json)`;
  const lines = createInterface({
    input: createReadStream(path.join(dir, schema, `${table}.ndjson`), 'utf8'),
    crlfDelay: Infinity,
  });
  let batch: string[] = [];
  let count = 0;
  const flush = async () => {
    if (!batch.length) return;
    await trx.raw(sql, [`[${batch.join(',')}]`]);
    count += batch.length;
    batch = [];
  };
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return count;
}

export async function loadDatabase(databaseUrl: string, dir: string, meta: DatabaseMeta): Promise<void> {
  const db = createDb(databaseUrl, { applicationName: 'expediente-restore', poolMax: 2 });
  const created: string[] = [];
  try {
    await assertEmptyDatabase(db);
    for (const schema of meta.schemas) {
      await db.raw(`create schema ${quoteIdent(schema.name)}`);
      created.push(schema.name);
      await db.migrate.latest({
        schemaName: schema.name,
        tableName: 'knex_migrations',
        migrationSource: listMigrationSource(migrationsFor(schema)),
      });
    }
    await db.transaction(async (trx) => {
      await trx.raw('set local session_replication_role = replica');
      for (const schema of meta.schemas) {
        // Migrations may seed rows (catalogs); the dump has them as they were.
        if (schema.tables.length)
          await trx.raw(`truncate ${schema.tables.map((t) => qualified(schema.name, t.name)).join(', ')}`);
        for (const t of schema.tables) {
          const loaded = await loadTable(trx, dir, schema.name, t.name, t.columns);
          if (loaded !== t.rows)
            throw new Error(`${schema.name}.${t.name}: loaded ${loaded} rows, the dump has ${t.rows}`);
        }
        for (const [seq, value] of Object.entries(schema.sequences)) {
          await trx.raw('select pg_catalog.setval(?::regclass, ?, true)', [qualified(schema.name, seq), value]);
        }
      }
    });
  } catch (err) {
    for (const schema of created.reverse())
      await db.raw(`drop schema if exists ${quoteIdent(schema)} cascade`).catch(() => {});
    throw err;
  } finally {
    await db.destroy();
  }
}
