/**
 * The Temporal SDK's runtime for the worker process: its logger, graceful shutdown signals and
 * Prometheus exporter. The exporter listens on loopback and is read only by this worker's own
 * `/metrics` (health-server.ts), so its port need not be known in advance: unless one is
 * configured, the worker takes a free one and logs it, and two workers (or two stacks) on one
 * machine never collide on it.
 */
import { DefaultLogger, Runtime, type RuntimeOptions } from '@temporalio/worker';
import type { Logger } from '../lib/log.js';

/**
 * Linux's ephemeral range. The exporter binds the port itself (no check first that could go
 * stale), and dev/ports.ts hands out ports below this range to the processes `npm start` and the
 * tests are about to start: taking one of those could beat its owner to it.
 */
const LOW = 32_768;
const HIGH = 61_000;
const ATTEMPTS = 50;

const inUse = (err: unknown) => /address already in use|os error 98/i.test((err as Error).message ?? '');

/**
 * Installs the runtime; returns the exporter's port (0: none). `configuredPort` 0 turns the
 * exporter off, a number is used as given (a busy port fails the start), undefined picks a free one.
 */
export function installSdkRuntime(options: {
  configuredPort: number | undefined;
  debug: boolean;
  log: Logger;
}): number {
  const base: RuntimeOptions = {
    // The SDK's runtime stops the worker gracefully on SIGINT/SIGTERM: in-flight tasks finish first.
    shutdownSignals: ['SIGINT', 'SIGTERM'],
    // The SDK's INFO lines (bundle listings, state changes) drown ours; keep its warnings and errors.
    logger: new DefaultLogger(options.debug ? 'DEBUG' : 'WARN'),
  };
  // Task latencies, slots, activity and workflow counters; served through the worker's /metrics.
  const withExporter = (port: number): RuntimeOptions => ({
    ...base,
    telemetryOptions: { metrics: { prometheus: { bindAddress: `127.0.0.1:${port}`, useSecondsForDurations: true } } },
  });
  if (options.configuredPort === 0) {
    Runtime.install(base);
    return 0;
  }
  if (options.configuredPort !== undefined) {
    Runtime.install(withExporter(options.configuredPort));
    return options.configuredPort;
  }
  // The runtime binds the port itself and cannot report one it chose (port 0), so candidates are
  // tried until one binds; a failed install leaves nothing behind.
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    try {
      Runtime.install(withExporter(port));
      options.log.info('Temporal SDK metrics exporter listening', { address: `127.0.0.1:${port}` });
      return port;
    } catch (err) {
      if (!inUse(err)) throw err;
    }
  }
  throw new Error(
    `no free port for the Temporal SDK metrics exporter after ${ATTEMPTS} attempts (set WORKER_SDK_METRICS_PORT, or 0 to turn it off)`,
  );
}
