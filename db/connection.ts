/**
 * The connection pool. Its default search_path is `pg_catalog` only, so an unqualified table
 * name resolves to nothing outside a tenant scope: a query that forgot its tenant fails loudly
 * instead of reading some other schema (see db/tenancy.ts).
 */
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { Logger } from '../lib/log.js';

// Return BIGINT counters as numbers (they stay far below 2^53) and DATE as plain strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Db = Knex;

export interface DbOptions {
  poolMax?: number;
  applicationName?: string;
  /** Where knex's own warnings go (it writes to the console otherwise). */
  log?: Logger;
}

export function createDb(databaseUrl: string, options: DbOptions = {}): Db {
  return knexFactory({
    client: 'pg',
    connection: {
      connectionString: databaseUrl,
      options: '-c search_path=pg_catalog',
      application_name: options.applicationName ?? 'expediente',
    } as Knex.PgConnectionConfig,
    pool: { min: 0, max: options.poolMax ?? 10 },
    acquireConnectionTimeout: 10_000,
    ...(options.log ? { log: knexLog(options.log) } : {}),
  });
}

function knexLog(log: Logger) {
  const text = (m: unknown) => (m instanceof Error ? m.message : String(m));
  return {
    warn: (m: unknown) => log.warn(`knex: ${text(m)}`),
    error: (m: unknown) => log.error(`knex: ${text(m)}`),
    deprecate: (m: unknown) => log.warn(`knex deprecation: ${text(m)}`),
    debug: (m: unknown) => log.debug(`knex: ${text(m)}`),
  };
}

/** Cheap liveness probe used by health checks. */
export async function pingDb(db: Db): Promise<void> {
  await db.raw('select 1');
}
