/**
 * `npm run tenant:create -- --schema <name> --code <MUNI> --name "<display name>" --city "<city>"`
 * Registers the tenant, creates its schema and runs its migrations. Safe to run again.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.js';
import { createDb } from '../db/connection.js';
import { migrateControl } from '../db/migrate.js';
import { createTenant } from '../db/tenants.js';
import { cliDatabaseUrl } from './database-url.js';

const usage =
  'usage: npm run tenant:create -- --schema <name> --code <MUNICIPALITY_CODE> --name "<display name>" --city "<city>"';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      schema: { type: 'string' },
      code: { type: 'string' },
      name: { type: 'string' },
      city: { type: 'string' },
    },
  });
  if (!values.schema || !values.code || !values.name || !values.city) throw new Error(usage);
  const db = createDb(await cliDatabaseUrl(loadConfig()), { poolMax: 2, applicationName: 'expediente-cli' });
  try {
    await migrateControl(db);
    const { tenant, applied } = await createTenant(db, {
      schema: values.schema,
      municipalityCode: values.code,
      displayName: values.name,
      city: values.city,
    });
    console.log(
      applied.length
        ? `tenant ${tenant.schema} (${tenant.displayName}, ${tenant.municipalityCode}) ready; applied ${applied.join(', ')}`
        : `tenant ${tenant.schema} (${tenant.displayName}, ${tenant.municipalityCode}) already up to date`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
