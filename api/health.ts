/** `GET /health`: Postgres and Temporal reachability; 503 when either is down. */
import type { RequestHandler } from 'express';
import { checkDatabase } from '../domain/system-checks.js';
import type { ApiDeps } from './deps.js';

interface Check {
  status: 'up' | 'down';
  latency_ms: number;
  error?: string;
}

async function timed(probe: () => Promise<unknown>, timeoutMs: number): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'up', latency_ms: Math.round(performance.now() - started) };
  } catch (err) {
    return { status: 'down', latency_ms: Math.round(performance.now() - started), error: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

export function healthHandler(deps: ApiDeps): RequestHandler {
  return async (_req, res) => {
    const [postgres, temporal] = await Promise.all([
      timed(() => checkDatabase(deps.db), 2_000),
      timed(() => deps.temporal.probe(2_000), 2_500),
    ]);
    const ok = postgres.status === 'up' && temporal.status === 'up';
    res.status(ok ? 200 : 503).json({
      status: ok ? 'ok' : 'unavailable',
      service: 'expediente-api',
      checks: { postgres, temporal },
    });
  };
}
