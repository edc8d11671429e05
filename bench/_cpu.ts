/**
 * CPU time by process while a benchmark runs, from /proc (Linux): what each part of the stack
 * (our Node processes, the Temporal server, PostgreSQL, Chromium, the kernel's workers) spends
 * per operation, and so how many operations per minute the machine's cores allow at best.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { fmt } from './_stats.js';

type Snapshot = Map<string, { command: string; ms: number }>;

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU of every process now (pid → command and milliseconds); empty without /proc. */
export function cpuSnapshot(): Snapshot {
  const snapshot: Snapshot = new Map();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return snapshot;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      snapshot.set(pid, { command, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS });
    } catch {
      // the process ended meanwhile
    }
  }
  return snapshot;
}

export interface CpuRow {
  /** The process's role when it is one of ours (by pid), else its command name. */
  command: string;
  ms: number;
  ours: boolean;
}

/**
 * CPU milliseconds per operation between two snapshots, largest first: our processes by their
 * role (`roles`: pid → name), every other process by its command name (left out below 1% of the
 * total: the machine's own background).
 */
export function cpuPerOperation(
  before: Snapshot,
  after: Snapshot,
  operations: number,
  roles: ReadonlyMap<number, string> = new Map(),
): CpuRow[] {
  const byName = new Map<string, { ms: number; ours: boolean }>();
  for (const [pid, now] of after) {
    const spent = now.ms - (before.get(pid)?.ms ?? 0);
    if (spent <= 0) continue;
    const role = roles.get(Number(pid));
    const name = role ?? now.command;
    const entry = byName.get(name) ?? { ms: 0, ours: role !== undefined };
    entry.ms += spent;
    byName.set(name, entry);
  }
  const rows = [...byName].map(([command, e]) => ({ command, ms: e.ms / operations, ours: e.ours }));
  const total = rows.reduce((a, r) => a + r.ms, 0);
  return rows.filter((r) => r.ours || r.ms >= total / 100).sort((a, b) => b.ms - a.ms);
}

/**
 * Prints the CPU per operation by process and the ceiling it sets on this machine: all cores busy
 * with nothing else, and (when other processes take part) the same if ours cost nothing.
 */
export function reportCpu(label: string, rows: CpuRow[], per: 'min' | 's' = 'min'): void {
  if (!rows.length) return;
  const cores = os.cpus().length;
  const window = per === 'min' ? 60_000 : 1_000;
  const total = rows.reduce((a, r) => a + r.ms, 0);
  const others = rows.filter((r) => !r.ours).reduce((a, r) => a + r.ms, 0);
  const rate = (ms: number) => fmt((cores * window) / ms, per === 'min' ? 0 : 1);
  const digits = total < 10 ? 2 : 1;
  console.log(
    `  CPU per ${label}: ${rows.map((r) => `${r.command} ${fmt(r.ms, digits)}`).join(', ')} ms (total ${fmt(total, digits)} ms)`,
  );
  const withoutOurs = others > 0 ? `; ${rate(others)}/${per} if our processes cost nothing` : '';
  console.log(`  ceiling on ${cores} cores: ${rate(total)}/${per} as measured${withoutOurs}`);
}
