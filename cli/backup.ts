/**
 * `npm run backup -- --out DIR [--database-only]`: a consistent snapshot of the database (control
 * and every tenant schema) and of the filesystem object store, with a SHA-256 manifest. Works
 * against the running stack's embedded database or DATABASE_URL. Exit code 2: refused.
 */
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config/index.js';
import { backup, BackupRefused, objectStoreDir } from '../db/backup/index.js';
import { cliDatabaseUrl } from './database-url.js';

const usage = 'usage: npm run backup -- --out DIR [--database-only]';

/** A missing database is the operator's to fix (exit code 2), not a crash. */
const databaseUrl = (config: Config) =>
  cliDatabaseUrl(config).catch((err: Error) => {
    throw new BackupRefused(err.message);
  });

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, 'database-only': { type: 'boolean' } } });
  if (!values.out) throw new BackupRefused(`--out is required\n${usage}`);
  const config = loadConfig();
  const objectsDir = values['database-only'] ? undefined : objectStoreDir(config);
  const result = await backup({ databaseUrl: await databaseUrl(config), objectsDir, out: values.out });
  console.log(
    `backup written to ${result.dir}: ${result.schemas} schemas, ${result.rows} rows, ` +
      `${objectsDir ? `${result.objects} objects` : 'no objects (database only)'}, ${result.files} files in manifest.json`,
  );
}

main().catch((err: Error) => {
  const operator =
    err instanceof BackupRefused || String((err as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');
  console.error(operator ? err.message : (err.stack ?? err.message));
  process.exit(operator ? 2 : 1);
});
