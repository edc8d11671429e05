/** Polls a health URL for the length of a robustness run: every poll must answer 200 quickly. */
import { Tally } from './tally.js';

export function watchHealth(
  url: string,
  options: { maxLatencyMs: number; everyMs?: number },
): { stop(): Promise<Tally> } {
  const tally = new Tally(`health ${url}`, { maxLatencyMs: options.maxLatencyMs });
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(options.maxLatencyMs * 5) });
        await res.arrayBuffer();
        tally.record('GET /health', res.status, performance.now() - started);
        if (res.status !== 200) tally.fail(`health answered ${res.status}`);
      } catch (err) {
        tally.record(
          'GET /health',
          (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name,
          performance.now() - started,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 250));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return tally;
    },
  };
}
