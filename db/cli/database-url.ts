/**
 * The database a CLI talks to: DATABASE_URL, else the embedded cluster that `npm start` runs
 * (its credentials live next to its data under DATA_DIR).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EMBEDDED_DATABASE_NAME, type Config } from '../../config/index.js';

export async function cliDatabaseUrl(config: Config): Promise<string> {
  if (config.databaseUrl) return config.databaseUrl;
  const file = path.join(config.dataDir, 'postgres', 'credentials.json');
  let credentials: { user: string; password: string };
  try {
    credentials = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new Error(`DATABASE_URL is not set and no embedded cluster was found at ${file}: run npm start first or set DATABASE_URL`);
  }
  return `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${config.embeddedPostgresPort}/${EMBEDDED_DATABASE_NAME}`;
}
