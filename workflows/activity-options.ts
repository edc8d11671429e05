/**
 * Activity proxies shared by the workflows. Every step retries transient errors with backoff
 * until it succeeds (the signing service may be down for a while); business errors arrive as
 * non-retryable AppError failures. Safe to import from workflow code.
 *
 * Database steps (and the render) are short and idempotent, so they run as local activities: in
 * the worker that runs the workflow, without a trip through the task queue each — a case creation
 * is eight steps. The call to the signing service is a normal activity: it may take long,
 * heartbeats, and is retried by another worker if this one dies.
 */
import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

export const RETRY = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' } as const;

/** Database steps (and a render). */
export const steps = proxyLocalActivities<Activities>({ startToCloseTimeout: '2 minutes', retry: RETRY });

/** Calls to the signing service: heartbeats let a dead worker's attempt be retried within seconds. */
export const signingSteps = proxyActivities<Activities>({
  startToCloseTimeout: '3 minutes',
  heartbeatTimeout: '10 seconds',
  retry: RETRY,
});
