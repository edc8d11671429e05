/**
 * `last_used_at` without a write per request: each API process remembers the latest use of each
 * secret in memory and writes them all in one statement every `usageFlushSeconds`, and once more
 * when it stops. A crash loses at most one interval of "last used" times, never a request.
 * System reads (a system-scope key without X-User-ID) are counted the same way: the key's
 * `system_read_count` and `last_system_read_at` are its audit of them.
 */
import type { Db } from '../../db/connection.js';
import { recordApiKeyUses, type ApiKeyUse } from '../../db/control.js';

export class ApiKeyUsageRecorder {
  /** Secret hash → latest use (and system reads) not yet written. */
  private pending = new Map<string, ApiKeyUse>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  closed = false;

  constructor(
    private readonly db: Db,
    intervalMs: number,
    private readonly onError: (err: unknown) => void,
  ) {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    // The timer alone must not keep a process (or a test run) alive.
    this.timer.unref();
  }

  record(keyHash: string, at: Date = new Date(), options: { systemRead?: boolean } = {}): void {
    const use = this.pending.get(keyHash) ?? { keyHash, usedAt: at, systemReads: 0, lastSystemReadAt: null };
    if (at > use.usedAt) use.usedAt = at;
    if (options.systemRead) {
      use.systemReads = (use.systemReads ?? 0) + 1;
      if (!use.lastSystemReadAt || at > use.lastSystemReadAt) use.lastSystemReadAt = at;
    }
    this.pending.set(keyHash, use);
  }

  /** Writes what is pending; flushes never overlap, and a failed batch is kept for the next one. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      try {
        await recordApiKeyUses(this.db, [...batch.values()]);
      } catch (err) {
        // Kept for the next batch, merged with what arrived meanwhile (counts add up).
        for (const [hash, use] of batch) {
          const newer = this.pending.get(hash);
          if (!newer) this.pending.set(hash, use);
          else {
            newer.systemReads = (newer.systemReads ?? 0) + (use.systemReads ?? 0);
            if (use.usedAt > newer.usedAt) newer.usedAt = use.usedAt;
            if (use.lastSystemReadAt && (!newer.lastSystemReadAt || use.lastSystemReadAt > newer.lastSystemReadAt))
              newer.lastSystemReadAt = use.lastSystemReadAt;
          }
        }
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
  if (!recorder || recorder.closed)
    byInterval.set(intervalMs, (recorder = new ApiKeyUsageRecorder(db, intervalMs, onError)));
  return recorder;
}

/** Writes every pending use of this pool and stops its timers (before the pool is destroyed). */
export async function flushApiKeyUsage(db: Db): Promise<void> {
  const byInterval = recorders.get(db);
  recorders.delete(db);
  await Promise.all([...(byInterval?.values() ?? [])].map((r) => r.close()));
}
