/**
 * `last_used_at` without a write per request: each API process remembers the latest use of each
 * secret in memory and writes them all in one statement every `usageFlushSeconds`, and once more
 * when it stops. A crash loses at most one interval of "last used" times, never a request.
 */
import type { Db } from '../../db/connection.js';
import { recordApiKeyUses } from '../../db/control.js';

export class ApiKeyUsageRecorder {
  /** Secret hash → latest use not yet written. */
  private pending = new Map<string, Date>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  closed = false;

  constructor(private readonly db: Db, intervalMs: number, private readonly onError: (err: unknown) => void) {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    // The timer alone must not keep a process (or a test run) alive.
    this.timer.unref();
  }

  record(keyHash: string, at: Date = new Date()): void {
    this.pending.set(keyHash, at);
  }

  /** Writes what is pending; flushes never overlap, and a failed batch is kept for the next one. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      try {
        await recordApiKeyUses(this.db, [...batch].map(([keyHash, usedAt]) => ({ keyHash, usedAt })));
      } catch (err) {
        for (const [hash, at] of batch) if (!this.pending.has(hash)) this.pending.set(hash, at);
        this.onError(err);
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
  }
}

/** One recorder per pool and interval, shared by every router of the process. */
const recorders = new WeakMap<Db, Map<number, ApiKeyUsageRecorder>>();

export function apiKeyUsageRecorder(db: Db, intervalMs: number, onError: (err: unknown) => void): ApiKeyUsageRecorder {
  let byInterval = recorders.get(db);
  if (!byInterval) recorders.set(db, (byInterval = new Map()));
  let recorder = byInterval.get(intervalMs);
  // A closed recorder (its server stopped) is replaced, so a new server on the pool records again.
  if (!recorder || recorder.closed) byInterval.set(intervalMs, (recorder = new ApiKeyUsageRecorder(db, intervalMs, onError)));
  return recorder;
}

/** Writes every pending use of this pool and stops its timers (before the pool is destroyed). */
export async function flushApiKeyUsage(db: Db): Promise<void> {
  const byInterval = recorders.get(db);
  recorders.delete(db);
  await Promise.all([...(byInterval?.values() ?? [])].map((r) => r.close()));
}
