/**
 * The worker's own HTTP port: `GET /health` (200 while it is polling its task queue, 503
 * otherwise) and `GET /metrics` — the process's metrics followed by the Temporal SDK's (task
 * latencies, slots, activity and workflow counters), read from the SDK's Prometheus exporter so a
 * scraper needs one target per worker.
 */
import type http from 'node:http';
import express from 'express';
import type { Worker } from '@temporalio/worker';
import { createServiceMetrics, metricsHandler } from '../lib/metrics.js';

export interface WorkerHttpOptions {
  port: number;
  host: string;
  taskQueue: string;
  /** The SDK exporter's port (0: not running). */
  sdkMetricsPort: number;
  metricsToken: string | undefined;
  production: boolean;
}

async function sdkMetrics(port: number): Promise<string> {
  if (!port) return '';
  try {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(2_000) });
    return res.ok ? `\n${await res.text()}` : `\n# Temporal SDK metrics unavailable: HTTP ${res.status}\n`;
  } catch (err) {
    return `\n# Temporal SDK metrics unavailable: ${(err as Error).message}\n`;
  }
}

export function startWorkerHealthServer(worker: Worker, options: WorkerHttpOptions): http.Server {
  const app = express();
  app.disable('x-powered-by');
  const metrics = createServiceMetrics('worker');
  app.get('/health', (_req, res) => {
    const state = worker.getState();
    const ok = state === 'RUNNING';
    res
      .status(ok ? 200 : 503)
      .json({ status: ok ? 'ok' : 'unavailable', service: 'expediente-worker', state, task_queue: options.taskQueue });
  });
  app.get(
    '/metrics',
    metricsHandler(metrics, { token: options.metricsToken, production: options.production }, () =>
      sdkMetrics(options.sdkMetricsPort),
    ),
  );
  app.use((_req, res) => void res.status(404).json({ error: 'Ruta no encontrada' }));
  return app.listen(options.port, options.host);
}
