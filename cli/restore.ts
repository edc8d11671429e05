/**
 * `npm run restore -- --from DIR [--database-only]`: a backup into an EMPTY database and an empty
 * object store (anything else is refused, exit code 2), then every restored file is checked
 * against the manifest. Run `npm run migrate` afterwards if this version has newer migrations.
 */
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config/index.js';
import { BackupRefused, objectStoreDir, restore } from '../db/backup/index.js';
import { cliDatabaseUrl } from './database-url.js';

const usage = 'usage: npm run restore -- --from DIR [--database-only]';

/** A missing database is the operator's to fix (exit code 2), not a crash. */
const databaseUrl = (config: Config) =>
  cliDatabaseUrl(config).catch((err: Error) => {
    throw new BackupRefused(err.message);
  });

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, 'database-only': { type: 'boolean' } } });
  if (!values.from) throw new BackupRefused(`--from is required\n${usage}`);
  const config = loadConfig();
  const objectsDir = values['database-only'] ? undefined : objectStoreDir(config);
  const result = await restore({ databaseUrl: await databaseUrl(config), objectsDir, from: values.from });
  console.log(
    `restored ${result.schemas} schemas, ${result.rows} rows` +
      (objectsDir
        ? `, ${result.objects} objects (${result.verified} verified against manifest.json)`
        : ' (database only)'),
  );
}

main().catch((err: Error) => {
  const operator =
    err instanceof BackupRefused || String((err as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');
  console.error(operator ? err.message : (err.stack ?? err.message));
  process.exit(operator ? 2 : 1);
});
