/** `npm run migrate`: brings the control schema and every tenant schema up to date. */
import { loadConfig } from '../../config/index.js';
import { createDb } from '../connection.js';
import { migrateAll } from '../migrate.js';
import { cliDatabaseUrl } from './database-url.js';

const db = createDb(await cliDatabaseUrl(loadConfig()), { poolMax: 2, applicationName: 'expediente-cli' });
try {
  for (const [schema, applied] of Object.entries(await migrateAll(db))) {
    console.log(`${schema}: ${applied.length ? applied.join(', ') : 'up to date'}`);
  }
} finally {
  await db.destroy();
}
