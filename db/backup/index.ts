/**
 * Backup and restore of a whole installation: the database (control + every tenant schema, one
 * snapshot) and the filesystem object store, with a manifest of SHA-256 hashes.
 *
 * Layout of a backup folder:
 *   database/meta.json                 server version, per schema: migrations, tables, row counts, sequences
 *   database/<schema>/<table>.ndjson   rows
 *   objects/<key>                      the object store's files, by key
 *   manifest.json                      SHA-256 of every other file (written last)
 *
 * The database snapshot is taken before the files are copied: every object a snapshot row
 * points to was stored before that row committed, so it is in the copy. Objects stored later are
 * copied too and are harmless (nothing references them).
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createDb } from '../connection.js';
import { dumpDatabase, type DatabaseMeta } from './database-dump.js';
import { assertEmptyDatabase, checkMigrations, loadDatabase } from './database-load.js';
import { BackupRefused } from './errors.js';
import { listFiles, sha256File, verifyBackupDir, writeManifest, type Manifest } from './manifest.js';
import { assertEmptyStore, copyObjects, installObjects } from './objects.js';

export { BackupRefused } from './errors.js';
export { objectStoreDir } from './objects.js';

export interface BackupOptions {
  databaseUrl: string;
  /** The filesystem store's folder; undefined backs up the database only. */
  objectsDir: string | undefined;
  out: string;
}

export interface BackupResult {
  dir: string;
  schemas: number;
  rows: number;
  objects: number;
  files: number;
}

async function assertFreshTarget(out: string): Promise<void> {
  try {
    if ((await readdir(out)).length)
      throw new BackupRefused(`${out} exists and is not empty: back up into a new folder`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Built in `<out>.partial-*` and renamed at the end: a folder named `out` is always complete. */
export async function backup(options: BackupOptions): Promise<BackupResult> {
  const out = path.resolve(options.out);
  await assertFreshTarget(out);
  const work = `${out}.partial-${randomBytes(4).toString('hex')}`;
  await mkdir(work, { recursive: true });
  try {
    const meta = await dumpDatabase(options.databaseUrl, path.join(work, 'database'));
    await writeFile(path.join(work, 'database', 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
    const objects = options.objectsDir ? await copyObjects(options.objectsDir, path.join(work, 'objects')) : 0;
    const manifest = await writeManifest(work, options.objectsDir !== undefined);
    await rm(out, { recursive: true, force: true }); // an empty folder the operator made
    await rename(work, out);
    return {
      dir: out,
      schemas: meta.schemas.length,
      rows: meta.schemas.reduce((n, s) => n + s.tables.reduce((m, t) => m + t.rows, 0), 0),
      objects,
      files: Object.keys(manifest.files).length,
    };
  } catch (err) {
    await rm(work, { recursive: true, force: true });
    throw err;
  }
}

export interface RestoreOptions {
  databaseUrl: string;
  /** The filesystem store's folder; undefined leaves objects alone (database-only restore). */
  objectsDir: string | undefined;
  from: string;
}

export interface RestoreResult {
  schemas: number;
  rows: number;
  objects: number;
  verified: number;
}

export async function restore(options: RestoreOptions): Promise<RestoreResult> {
  const from = path.resolve(options.from);
  // Everything is checked before anything is written.
  const manifest: Manifest = await verifyBackupDir(from);
  const meta = JSON.parse(await readFile(path.join(from, 'database', 'meta.json'), 'utf8')) as DatabaseMeta;
  checkMigrations(meta);
  const withObjects = manifest.objects && options.objectsDir !== undefined;
  if (withObjects) await assertEmptyStore(options.objectsDir!);
  const probe = createDb(options.databaseUrl, { poolMax: 1, applicationName: 'expediente-restore' });
  try {
    await assertEmptyDatabase(probe);
  } finally {
    await probe.destroy();
  }

  let staged: string | undefined;
  let objects = 0;
  if (withObjects) {
    staged = `${path.resolve(options.objectsDir!)}.restoring-${randomBytes(4).toString('hex')}`;
    objects = await copyObjects(path.join(from, 'objects'), staged);
    await mkdir(staged, { recursive: true });
  }
  try {
    await loadDatabase(options.databaseUrl, path.join(from, 'database'), meta);
  } catch (err) {
    if (staged) await rm(staged, { recursive: true, force: true });
    throw err;
  }
  let verified = 0;
  if (staged) {
    await installObjects(staged, options.objectsDir!);
    verified = await verifyRestoredObjects(options.objectsDir!, manifest);
  }
  return {
    schemas: meta.schemas.length,
    rows: meta.schemas.reduce((n, s) => n + s.tables.reduce((m, t) => m + t.rows, 0), 0),
    objects,
    verified,
  };
}

/** Every restored object against the manifest's hash, and nothing more or less. */
async function verifyRestoredObjects(dir: string, manifest: Manifest): Promise<number> {
  const expected = Object.entries(manifest.files).filter(([rel]) => rel.startsWith('objects/'));
  const actual = new Set(await listFiles(dir));
  const problems: string[] = [];
  for (const [rel, hash] of expected) {
    const key = rel.slice('objects/'.length);
    if (!actual.delete(key)) problems.push(`missing: ${key}`);
    else if ((await sha256File(path.join(dir, ...key.split('/')))) !== hash) problems.push(`hash differs: ${key}`);
  }
  for (const extra of actual) problems.push(`unexpected: ${extra}`);
  if (problems.length)
    throw new Error(`restored object store does not match the backup:\n  ${problems.slice(0, 20).join('\n  ')}`);
  return expected.length;
}
