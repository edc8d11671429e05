/**
 * Activity proxies shared by the workflows. Every step retries transport failures and other
 * transient errors with backoff until it succeeds (the signing service may be down for a while);
 * business errors arrive as non-retryable AppError failures. Safe to import from workflow code.
 */
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

export const RETRY = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' } as const;

/** Database steps (and a render). */
export const steps = proxyActivities<Activities>({ startToCloseTimeout: '2 minutes', retry: RETRY });

/** Calls to the signing service: heartbeats let a dead worker's attempt be retried within seconds. */
export const signingSteps = proxyActivities<Activities>({ startToCloseTimeout: '3 minutes', heartbeatTimeout: '10 seconds', retry: RETRY });
