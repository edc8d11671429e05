/**
 * The database a CLI talks to: DATABASE_URL, else the embedded cluster that `npm start` runs
 * (its credentials live next to its data under DATA_DIR).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EMBEDDED_DATABASE_NAME, loadConfig, type Config } from '../config/index.js';
import { createDb, type Db } from '../db/connection.js';
import { migrateControl } from '../db/migrate.js';

export async function cliDatabaseUrl(config: Config): Promise<string> {
  if (config.databaseUrl) return config.databaseUrl;
  const file = path.join(config.dataDir, 'postgres', 'credentials.json');
  let credentials: { user: string; password: string };
  try {
    credentials = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new Error(
      `DATABASE_URL is not set and no embedded cluster was found at ${file}: run npm start first or set DATABASE_URL`,
    );
  }
  return `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${config.embeddedPostgresPort}/${EMBEDDED_DATABASE_NAME}`;
}

/**
 * Runs `use` with a small pool on the CLI's database, the control schema upgraded first (a CLI
 * may run before the API has upgraded it), and the pool closed afterwards.
 */
export async function withCliDatabase<T>(use: (db: Db, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const db = createDb(await cliDatabaseUrl(config), { poolMax: 2, applicationName: 'expediente-cli' });
  try {
    await migrateControl(db);
    return await use(db, config);
  } finally {
    await db.destroy();
  }
}
