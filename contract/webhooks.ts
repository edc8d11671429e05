/**
 * The WebhookDeliveryWorkflow contract: one run per subscription (ID
 * `webhook-delivery/<tenant>/<subscription id>`), woken by signal-with-start from the worker's
 * relay whenever its tenant commits an event (or a redelivery, or a change to a subscription).
 * An operator finds a municipality's delivery runs by `Tenant`, a failing one by `Status`.
 * Safe to import from workflow code.
 */
import type { SearchAttributePair } from '@temporalio/common';
import { defineSignal } from '@temporalio/workflow';
import { STATUS, TENANT } from './search-attributes.js';

export const WEBHOOK_DELIVERY_WORKFLOW = 'webhookDeliveryWorkflow';
export type WebhookDeliveryWorkflow = (input: WebhookDeliveryInput) => Promise<WebhookDeliveryResult>;

/** Back-off of a failed delivery, fixed when the run starts (WEBHOOK_* settings of the worker). */
export interface WebhookRetryPolicy {
  initialMs: number;
  maxMs: number;
  /** How long one event is retried before the subscription is marked failing (72 h). */
  giveUpMs: number;
  /** A run with nothing to do looks again after this long (a wake-up missed while no relay listened). */
  idlePollMs: number;
  /** A pass silent this long is taken as lost with its worker and run again; runs started without it use 2 minutes. */
  heartbeatMs?: number;
}

export interface WebhookDeliveryInput {
  tenant: string;
  subscriptionId: string;
  retry: WebhookRetryPolicy;
}

/** How the run ended: the subscription was deleted or disabled, or its receiver failed for too long. */
export type WebhookDeliveryResult = { ended: 'stopped' | 'failing'; delivered: number };

/** What one activity pass did (domain/webhooks/delivery.ts's outcome, minus the failure). */
export type WebhookPass = { state: 'idle' | 'more' | 'stopped'; delivered: number };

export const webhookWakeSignal = defineSignal('wake');

export const webhookDeliveryWorkflowId = (tenant: string, subscriptionId: string) =>
  `webhook-delivery/${tenant}/${subscriptionId}`;

/** The options of `client.workflow.signalWithStart` that wake (or start) a subscription's run. */
export function webhookWakeWithStart(
  tenant: string,
  subscriptionId: string,
  retry: WebhookRetryPolicy,
  taskQueue: string,
) {
  return {
    workflowId: webhookDeliveryWorkflowId(tenant, subscriptionId),
    taskQueue,
    args: [{ tenant, subscriptionId, retry }] as [WebhookDeliveryInput],
    signal: webhookWakeSignal,
    signalArgs: [] as [],
    typedSearchAttributes: [
      { key: TENANT, value: tenant },
      { key: STATUS, value: 'delivering' },
    ] as SearchAttributePair[],
    memo: { subscription_id: subscriptionId },
    staticSummary: `Webhooks de ${tenant} (suscripción ${subscriptionId})`,
  };
}
