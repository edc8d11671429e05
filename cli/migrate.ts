/**
 * `npm run migrate`: brings the control schema and every tenant schema up to date, several tenant
 * schemas at once (MIGRATE_CONCURRENCY, default TENANT_MIGRATION_CONCURRENCY).
 */
import { loadConfig } from '../config/index.js';
import { createDb } from '../db/connection.js';
import { migrateAll, TENANT_MIGRATION_CONCURRENCY } from '../db/migrate.js';
import { cliDatabaseUrl } from './database-url.js';

const concurrency = Number(process.env.MIGRATE_CONCURRENCY ?? TENANT_MIGRATION_CONCURRENCY);
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error(`MIGRATE_CONCURRENCY must be a whole number ≥ 1 (got "${process.env.MIGRATE_CONCURRENCY}")`);
  process.exit(1);
}
const db = createDb(await cliDatabaseUrl(loadConfig()), { poolMax: concurrency, applicationName: 'expediente-cli' });
try {
  for (const [schema, applied] of Object.entries(await migrateAll(db, { concurrency }))) {
    console.log(`${schema}: ${applied.length ? applied.join(', ') : 'up to date'}`);
  }
} finally {
  await db.destroy();
}
