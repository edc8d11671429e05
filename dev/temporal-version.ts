/**
 * The Temporal release, read from the repository's `.env` (the file docker compose reads for its
 * image tags), so the server the topology suite builds, the CLI's dev server and the compose
 * images are one version.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// dev/ from the sources, dist/dev/ once compiled: the repository's root is one or two levels up.
const candidates = ['../.env', '../../.env'].map((rel) => fileURLToPath(new URL(rel, import.meta.url)));
const ENV_FILE = candidates.find((file) => existsSync(file)) ?? candidates[0]!;

function read(name: string): string {
  const line = readFileSync(ENV_FILE, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}=`));
  const value = line?.slice(name.length + 1).trim();
  if (!value || !/^\d+\.\d+\.\d+$/.test(value)) throw new Error(`${ENV_FILE} must set ${name} to a release (x.y.z)`);
  return value;
}

/** The Temporal server release (go.temporal.io/server, the temporalio/server image). */
export const TEMPORAL_VERSION = read('TEMPORAL_VERSION');
/** The Temporal CLI release whose dev server embeds TEMPORAL_VERSION. */
export const TEMPORAL_CLI_VERSION = read('TEMPORAL_CLI_VERSION');
