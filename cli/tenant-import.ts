/**
 * `npm run tenant:import -- --tenant <schema> [--sectors sectors.csv] [--users users.csv] [--dry-run] [--json]`:
 * a municipality's sectors (with departments) and users from CSV (see docs/examples/). Every
 * problem is reported with its file and line and nothing is written (exit code 2); a re-run
 * updates instead of duplicating.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.js';
import { ImportRefused, importTenant, type ImportFile, type ImportSummary } from '../domain/onboarding/index.js';
import { createDb } from '../db/connection.js';
import { findTenantBySchema } from '../db/control.js';
import { cliDatabaseUrl } from './database-url.js';

class UsageError extends Error {}

const usage =
  'usage: npm run tenant:import -- --tenant <schema> [--sectors sectors.csv] [--users users.csv] [--dry-run] [--json]';

async function file(p: string | undefined): Promise<ImportFile | undefined> {
  if (!p) return undefined;
  try {
    return { name: path.basename(p), text: await readFile(p, 'utf8') };
  } catch {
    throw new UsageError(`cannot read ${p}`);
  }
}

const line = (what: string, c: ImportSummary['users']) =>
  `  ${what.padEnd(12)} ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      tenant: { type: 'string' },
      sectors: { type: 'string' },
      users: { type: 'string' },
      'dry-run': { type: 'boolean' },
      json: { type: 'boolean' },
    },
  });
  if (!values.tenant) throw new UsageError(`--tenant is required\n${usage}`);
  if (!values.sectors && !values.users) throw new UsageError(`give --sectors, --users or both\n${usage}`);
  const files = { sectors: await file(values.sectors), users: await file(values.users) };
  // A missing database is the operator's to fix (exit code 2), not a crash.
  const url = await cliDatabaseUrl(loadConfig()).catch((err: Error) => {
    throw new UsageError(err.message);
  });
  const db = createDb(url, { poolMax: 2, applicationName: 'expediente-tenant-import' });
  try {
    const tenant = await findTenantBySchema(db, values.tenant);
    if (!tenant) throw new UsageError(`tenant "${values.tenant}" not found or inactive`);
    const summary = await importTenant(db, tenant, files, { dryRun: values['dry-run'] });
    if (values.json) {
      console.log(JSON.stringify({ dry_run: !!values['dry-run'], ...summary }, null, 2));
      return;
    }
    console.log(`${values['dry-run'] ? 'dry run (nothing written) for' : 'imported into'} ${tenant.schema}:`);
    console.log(line('departments', summary.departments));
    console.log(line('sectors', summary.sectors));
    console.log(line('users', summary.users));
    if (summary.seals_created) console.log(`  seals        ${summary.seals_created} created`);
  } finally {
    await db.destroy();
  }
}

main().catch((err: Error) => {
  const operator =
    err instanceof ImportRefused ||
    err instanceof UsageError ||
    String((err as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');
  console.error(operator ? err.message : (err.stack ?? err.message));
  process.exit(operator ? 2 : 1);
});
