/**
 * Timing API reads line by line for the list benchmarks (scale, records): a line is one request
 * repeated as one demo user, through integration REST or the backend, with its p50/p95; and the
 * slowest SQL statement a request ran, for its EXPLAIN.
 */
import type { Knex } from 'knex';
import { user, type Platform } from './_platform.js';
import { percentile } from './_stats.js';

export interface Line {
  name: string;
  path: string;
  backend?: boolean;
}

export interface Timed<L extends Line> {
  line: L;
  p50: number;
  p95: number;
  /** The last answer's body (for a total or a row count). */
  body: any;
}

export async function getLine(p: Platform, line: Line, caller: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = line.backend
    ? { 'X-Tenant-Schema': p.stack.demoTenant.schema, Authorization: `Bearer ${user(caller)}` }
    : { 'X-API-Key': p.stack.demoApiKey, 'X-User-ID': user(caller) };
  const res = await fetch(`${p.stack.apiUrl}${line.path}`, { headers });
  return { status: res.status, body: await res.json() };
}

/** `warmups` unmeasured requests (the last must be a 200), then `runs` timed ones. */
export async function timeLine<L extends Line>(
  p: Platform,
  line: L,
  caller: string,
  runs: number,
  warmups: number,
): Promise<Timed<L>> {
  let last: { status: number; body: any } | undefined;
  for (let i = 0; i < warmups; i++) last = await getLine(p, line, caller);
  if (last!.status !== 200) throw new Error(`${line.path}: ${last!.status} ${JSON.stringify(last!.body)}`);
  const latencies: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await getLine(p, line, caller);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { line, p50: percentile(latencies, 50), p95: percentile(latencies, 95), body: last!.body };
}

/** Statement timings (as knex sends them) while `run` goes, to find the slowest one. */
export async function slowestStatement(
  db: Knex,
  run: () => Promise<void>,
): Promise<{ sql: string; bindings: unknown[]; ms: number }> {
  const started = new Map<string, number>();
  let slowest = { sql: '', bindings: [] as unknown[], ms: -1 };
  const onQuery = (q: { __knexQueryUid: string }) => started.set(q.__knexQueryUid, performance.now());
  const onResponse = (_r: unknown, q: { __knexQueryUid: string; sql: string; bindings?: unknown[] }) => {
    const ms = performance.now() - (started.get(q.__knexQueryUid) ?? performance.now());
    if (ms > slowest.ms && !/^(SET|BEGIN|COMMIT|explain)/i.test(q.sql))
      slowest = { sql: q.sql, bindings: q.bindings ?? [], ms };
  };
  db.on('query', onQuery).on('query-response', onResponse);
  try {
    await run();
  } finally {
    db.removeListener('query', onQuery).removeListener('query-response', onResponse);
  }
  return slowest;
}
