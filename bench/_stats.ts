/** Small statistics shared by the benchmarks. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function summarize(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
  };
}

export const fmt = (v: number, digits = 1) => v.toFixed(digits);

/** Runs `task` `total` times with at most `concurrency` at once; returns elapsed seconds. */
export async function runConcurrently(
  total: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) await task(next++);
    }),
  );
  return (performance.now() - started) / 1000;
}

/** Prints each target as PASS or MISSED under `title`; true when every one is met. */
export function reportTargets(title: string, targets: { line: string; met: boolean }[]): boolean {
  console.log(title);
  for (const t of targets) console.log(`  ${t.met ? 'PASS  ' : 'MISSED'}  ${t.line}`);
  return targets.every((t) => t.met);
}
