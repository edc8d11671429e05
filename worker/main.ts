/** The worker process: runs every workflow and activity on the configured task queue. */
import { tracing } from './tracing.js';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { loadConfig } from '../config/index.js';
import { createDb } from '../db/connection.js';
import { createDomainServices } from '../domain/services.js';
import { createLogger } from '../lib/log.js';
import { connectWorkerWithRetry, createWorker, externalDeps } from './create-worker.js';
import { startWorkerHealthServer } from './health-server.js';
import { ensureSearchAttributes } from './search-attributes.js';
import { ensureArchiveRenewalSchedule } from './archive-schedule.js';
import { temporalTracingPlugins } from '../lib/temporal-tracing.js';

const config = loadConfig();
const log = createLogger(config.logLevel);
if (!config.databaseUrl) throw new Error('DATABASE_URL is required (npm start provides it)');
if (!config.temporal.address) throw new Error('TEMPORAL_ADDRESS is required (npm start provides it)');

// The SDK's runtime stops the worker gracefully on SIGINT/SIGTERM: in-flight tasks finish first.
Runtime.install({
  shutdownSignals: ['SIGINT', 'SIGTERM'],
  // The SDK's INFO lines (bundle listings, state changes) drown ours; keep its warnings and errors.
  logger: new DefaultLogger(config.logLevel === 'debug' ? 'DEBUG' : 'WARN'),
  // Task latencies, slots, activity and workflow counters; served through the worker's /metrics.
  ...(config.worker.sdkMetricsPort
    ? { telemetryOptions: { metrics: { prometheus: { bindAddress: `127.0.0.1:${config.worker.sdkMetricsPort}`, useSecondsForDurations: true } } } }
    : {}),
});

const db = createDb(config.databaseUrl, { applicationName: 'expediente-worker', log });
const connection = await connectWorkerWithRetry(config.temporal.address, log);
const added = await ensureSearchAttributes(connection, config.temporal.namespace);
if (added.length) log.info('registered search attributes', { added: added.join(',') });
const scheduled = await ensureArchiveRenewalSchedule(connection, {
  namespace: config.temporal.namespace, taskQueue: config.temporal.taskQueue, hour: config.archive.renewalHour, timeZone: config.timeZone,
});
if (scheduled) log.info('created the archive time-stamp renewal schedule', { hour: config.archive.renewalHour, timeZone: config.timeZone });

const services = await createDomainServices(config);
const external = externalDeps(config, process.env);
const worker = await createWorker({ config, db, services, log, connection, ...external, plugins: temporalTracingPlugins(tracing) });
const health = startWorkerHealthServer(worker, {
  port: config.worker.healthPort,
  host: config.host,
  taskQueue: config.temporal.taskQueue,
  sdkMetricsPort: config.worker.sdkMetricsPort,
  metricsToken: config.metricsToken,
});
log.info('worker polling', { taskQueue: config.temporal.taskQueue, namespace: config.temporal.namespace, health: `http://${config.host}:${config.worker.healthPort}/health` });
try {
  await worker.run();
} finally {
  health.close();
  await services.renderer.close();
  external.mailer.close();
  await connection.close();
  await db.destroy();
  await tracing.shutdown();
  log.info('worker stopped');
}
