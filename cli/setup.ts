/**
 * `npm run setup`: migrations for every schema, then the demo tenant (idempotent). What
 * `npm start` does before starting processes; the one-shot `migrate` service in docker compose.
 */
import { loadConfig } from '../config/index.js';
import { createDb } from '../db/connection.js';
import { migrateAll } from '../db/migrate.js';
import { seedDemo } from '../db/seed/demo.js';
import { cliDatabaseUrl } from './database-url.js';

const config = loadConfig();
const db = createDb(await cliDatabaseUrl(config), { poolMax: 2, applicationName: 'expediente-setup' });
try {
  for (const [schema, applied] of Object.entries(await migrateAll(db))) {
    console.log(`${schema}: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
  }
  const seed = await seedDemo(db, config.demoApiKey ? { apiKey: config.demoApiKey } : {});
  console.log(`demo tenant "${seed.tenant.schema}" seeded`);
  if (seed.createdApiKey) console.log(`demo integration API key (shown only now; store it): ${seed.createdApiKey}`);
} finally {
  await db.destroy();
}
