/**
 * WebhookDeliveryWorkflow (ID `webhook-delivery/<tenant>/<subscription id>`): delivers one
 * subscription's events in order. Each pass is one activity that sends what is after the
 * subscription's cursor (kept in the database, so nothing is lost or reordered when a worker
 * dies); a pass that could deliver nothing throws, and Temporal retries it with exponential
 * back-off for up to `giveUpMs` (72 h), after which the subscription is marked failing and its
 * administrators e-mailed. Between passes the run waits for a wake-up signal from the relay, or
 * `idlePollMs` at most. Continues as new so the history stays small.
 */
import {
  ActivityFailure,
  condition,
  continueAsNew,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  TimeoutFailure,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import { RetryState } from '@temporalio/common';
import type { Activities } from '../activities/index.js';
import { STATUS } from '../contract/search-attributes.js';
import { webhookWakeSignal, type WebhookDeliveryInput, type WebhookDeliveryResult } from '../contract/webhooks.js';
import { RETRY } from './activity-options.js';

/** Passes per run before continuing as new. */
const MAX_PASSES = 500;

export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  const { tenant, subscriptionId, retry } = input;
  const delivery = proxyActivities<Activities>({
    // One pass sends up to a batch of events, each bounded by WEBHOOK_TIMEOUT_MS, with a heartbeat after each.
    startToCloseTimeout: '15 minutes',
    heartbeatTimeout: retry.heartbeatMs ?? '2 minutes',
    scheduleToCloseTimeout: retry.giveUpMs,
    retry: {
      initialInterval: retry.initialMs,
      backoffCoefficient: 2,
      maximumInterval: retry.maxMs,
      nonRetryableErrorTypes: ['UnknownTenant'],
    },
  });
  const steps = proxyLocalActivities<Activities>({ startToCloseTimeout: '1 minute', retry: RETRY });

  let woken = false;
  setHandler(webhookWakeSignal, () => {
    woken = true;
  });

  let delivered = 0;
  for (let pass = 1; ; pass++) {
    woken = false;
    let outcome;
    try {
      outcome = await delivery.deliverWebhookEvents({ tenant, subscriptionId });
    } catch (err) {
      // Out of time: the schedule-to-close timeout itself, or a retry that would end after it.
      if (
        !(
          err instanceof ActivityFailure &&
          (err.cause instanceof TimeoutFailure || err.retryState === RetryState.TIMEOUT)
        )
      )
        throw err;
      await steps.markWebhookFailing({ tenant, subscriptionId, giveUpMs: retry.giveUpMs });
      upsertSearchAttributes([{ key: STATUS, value: 'failing' }]);
      return { ended: 'failing', delivered };
    }
    delivered += outcome.delivered;
    if (outcome.state === 'stopped') return { ended: 'stopped', delivered };
    if (outcome.state === 'more') continue;
    if (pass >= MAX_PASSES || workflowInfo().continueAsNewSuggested)
      await continueAsNew<typeof webhookDeliveryWorkflow>(input);
    // Idle: the next commit wakes the run; the poll covers a wake-up sent while no relay listened.
    await condition(() => woken, retry.idlePollMs);
  }
}
