/**
 * The filesystem object store, copied file by file. The S3 store cannot be listed through the
 * ObjectStore interface (put/get/delete only), so it is not copied: a bucket is protected by its
 * own versioning or replication.
 */
import { copyFile, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config/index.js';
import { BackupRefused } from './errors.js';
import { listFiles } from './manifest.js';

export function objectStoreDir(config: Config): string {
  if (config.storage.driver !== 'filesystem') {
    throw new BackupRefused(
      'STORAGE_DRIVER=s3: the object store cannot be listed through its interface, so it is not copied; ' +
        'protect the bucket with its own versioning/replication and pass --database-only to back up the database',
    );
  }
  return path.join(config.dataDir, 'objects');
}

/** Copies every finished object (a `.tmp` is a put still being written) from `from` to `to`. */
export async function copyObjects(from: string, to: string): Promise<number> {
  let files: string[];
  try {
    files = await listFiles(from);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let copied = 0;
  for (const rel of files) {
    if (rel.endsWith('.tmp')) continue;
    const target = path.join(to, ...rel.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await copyFile(path.join(from, ...rel.split('/')), target);
      copied++;
    } catch (err) {
      // Deleted since listing (a discarded draft): not part of any later state either.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return copied;
}

export async function assertEmptyStore(dir: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (entries.length) throw new BackupRefused(`the object store ${dir} is not empty: restore only into an empty store`);
}

/** Fills `dir` (absent or empty) from a staged copy by renaming, so it is never half-filled. */
export async function installObjects(staged: string, dir: string): Promise<void> {
  await mkdir(path.dirname(dir), { recursive: true });
  await rmdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
  try {
    await rename(staged, dir);
  } catch (err) {
    await rm(staged, { recursive: true, force: true });
    throw err;
  }
}
