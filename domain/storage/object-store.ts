/**
 * Where PDFs live: draft renders, imported originals, each signed revision, the official file.
 * One interface; the filesystem implementation is the default (DATA_DIR/objects), keyed by
 * tenant and document. Files are only ever handed out through signed URLs (signed-urls.ts).
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export interface ObjectStore {
  put(key: string, data: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*$/;

export function assertObjectKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid object key "${key}"`);
  }
  return key;
}

/** `tenants/<schema>/documents/<document id>/<name>` */
export function documentObjectKey(tenant: string, documentId: string, name: string): string {
  return assertObjectKey(`tenants/${tenant}/documents/${documentId}/${name}`);
}

export class FileObjectStore implements ObjectStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, ...assertObjectKey(key).split('/'));
  }

  /** Written to a temporary name and renamed: a reader never sees half a file. */
  async put(key: string, data: Uint8Array): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, target);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}
