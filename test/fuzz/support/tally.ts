/**
 * Counts what a robustness run saw — requests, statuses, slowest answer, peak memory — prints
 * them as one block, and checks the suite's promises: no 5xx outside the allowed ones, every
 * answer within its time bound, memory under its ceiling.
 */
import assert from 'node:assert/strict';

export interface TallyLimits {
  /** Slowest acceptable answer, in ms. */
  maxLatencyMs: number;
  /**
   * Acceptable 95th percentile of the answers, in ms: a bound on the typical answer that a single
   * poll delayed by the scheduler (two cores shared by everything under test) cannot break.
   */
  p95LatencyMs?: number;
  /** Highest acceptable resident set size of the process under test, in bytes. */
  maxRssBytes?: number;
  /** 5xx answers that are documented (e.g. the signer's PADES_ERROR) and so allowed. */
  allowed5xx?: (status: number, body: string) => boolean;
}

export class Tally {
  readonly statuses = new Map<number | string, number>();
  requests = 0;
  maxLatencyMs = 0;
  slowest = '';
  peakRssBytes = 0;
  readonly latencies: number[] = [];
  readonly failures: string[] = [];

  constructor(
    readonly name: string,
    readonly limits: TallyLimits,
  ) {}

  /** One answer (or a transport failure, as a string like 'ECONNRESET'). */
  record(what: string, status: number | string, ms: number, body = ''): void {
    this.requests++;
    this.latencies.push(ms);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (ms > this.maxLatencyMs) {
      this.maxLatencyMs = ms;
      this.slowest = what;
    }
    if (typeof status !== 'number') this.fail(`${what}: no answer (${status})`);
    else if (status >= 500 && !this.limits.allowed5xx?.(status, body))
      this.fail(`${what}: ${status} ${body.slice(0, 200)}`);
    if (ms > this.limits.maxLatencyMs)
      this.fail(`${what}: answered in ${Math.round(ms)} ms (bound ${this.limits.maxLatencyMs} ms)`);
  }

  rss(bytes: number): void {
    if (bytes > this.peakRssBytes) this.peakRssBytes = bytes;
  }

  fail(message: string): void {
    if (this.failures.length < 50) this.failures.push(message);
  }

  /** The 95th percentile of the answers' latencies (0 before any). */
  p95(): number {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
  }

  summary(): string {
    const statuses = [...this.statuses.entries()]
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    const rss = this.peakRssBytes ? `, peak RSS ${(this.peakRssBytes / 1024 / 1024).toFixed(0)} MB` : '';
    return `${this.name}: ${this.requests} requests; statuses ${statuses}; p95 ${Math.round(this.p95())} ms, max latency ${Math.round(this.maxLatencyMs)} ms (${this.slowest})${rss}`;
  }

  /** Prints the counts and fails the test on any broken promise. */
  check(): void {
    process.stdout.write(`      ${this.summary()}\n`);
    if (this.limits.p95LatencyMs !== undefined && this.p95() > this.limits.p95LatencyMs) {
      this.fail(`p95 latency ${Math.round(this.p95())} ms over ${this.limits.p95LatencyMs} ms`);
    }
    if (this.limits.maxRssBytes && this.peakRssBytes > this.limits.maxRssBytes) {
      this.fail(`peak RSS ${this.peakRssBytes} bytes over ${this.limits.maxRssBytes}`);
    }
    assert.deepEqual(this.failures, [], `${this.name}: ${this.failures.length} broken promises`);
    assert.ok(this.requests > 0, `${this.name}: no request was sent`);
  }
}
