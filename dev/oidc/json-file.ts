/**
 * A JSON document on disk, written atomically (temp file + rename) and never by two writes at
 * once: saves requested while one is in flight collapse into a single follow-up write of the
 * newest state, so a crash leaves either the old or the new file, never half of one.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class JsonFile<T> {
  private writing: Promise<void> | undefined;
  private pending: (() => T) | undefined;

  constructor(readonly file: string) {}

  async read(): Promise<T | undefined> {
    try {
      return JSON.parse(await readFile(this.file, 'utf8')) as T;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new Error(`cannot read ${this.file}: ${(err as Error).message}`);
    }
  }

  /** Writes the state `snapshot()` returns when the write actually starts; resolves once it is on disk. */
  save(snapshot: () => T): Promise<void> {
    this.pending = snapshot;
    if (!this.writing) {
      this.writing = this.drain().finally(() => {
        this.writing = undefined;
      });
    }
    return this.writing;
  }

  /** Resolves when nothing is left to write. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    while (this.pending) {
      const snapshot = this.pending;
      this.pending = undefined;
      const tmp = `${this.file}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify(snapshot(), null, 2), { mode: 0o600 });
      await rename(tmp, this.file);
    }
  }
}
