/**
 * manifest.json: the SHA-256 of every file in a backup, written last, so a backup without a
 * manifest is an unfinished one and a file whose hash differs was damaged after the fact.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BackupRefused } from './errors.js';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'expediente-backup/1';

export interface Manifest {
  format: typeof FORMAT;
  created_at: string;
  /** Whether objects/ holds the object store (false: database only, e.g. an S3 store). */
  objects: boolean;
  /** Relative path (forward slashes) → SHA-256 hex. */
  files: Record<string, string>;
}

/** Streamed: table dumps can be far larger than memory should hold. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file under `dir`, as forward-slash paths relative to it, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

export async function writeManifest(dir: string, objects: boolean): Promise<Manifest> {
  const files: Record<string, string> = {};
  for (const rel of await listFiles(dir)) {
    if (rel === MANIFEST) continue;
    files[rel] = await sha256File(path.join(dir, rel));
  }
  const manifest: Manifest = { format: FORMAT, created_at: new Date().toISOString(), objects, files };
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Reads the manifest and checks every file it lists (and that no file was added). */
export async function verifyBackupDir(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupRefused(`${dir} is not a finished backup: ${MANIFEST} is missing or unreadable`);
  }
  if (manifest.format !== FORMAT) throw new BackupRefused(`${dir}: unknown backup format "${String(manifest.format)}"`);
  const problems: string[] = [];
  const present = new Set((await listFiles(dir)).filter((f) => f !== MANIFEST));
  for (const [rel, hash] of Object.entries(manifest.files)) {
    if (!present.delete(rel)) problems.push(`missing: ${rel}`);
    else if ((await sha256File(path.join(dir, ...rel.split('/')))) !== hash) problems.push(`hash differs: ${rel}`);
  }
  for (const extra of present) problems.push(`not in the manifest: ${extra}`);
  if (problems.length) throw new BackupRefused(`backup ${dir} is damaged:\n  ${problems.slice(0, 20).join('\n  ')}`);
  return manifest;
}
