/**
 * WebhookDeliveryWorkflow on Temporal's time-skipping test server, its delivery pass supplied by
 * the test: a receiver down for the whole back-off marks the subscription failing after giveUpMs
 * (attempts spaced by the doubling back-off, capped), a receiver back in time is never marked, a
 * wake-up signal runs the next pass at once instead of after the idle poll, and a run continues as
 * new after its 500th pass.
 */
import assert from 'node:assert/strict';
import { Context } from '@temporalio/activity';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Activities } from '../../activities/index.js';
import {
  webhookWakeSignal,
  type WebhookDeliveryInput,
  type WebhookPass,
  type WebhookRetryPolicy,
} from '../../contract/webhooks.js';
import { webhookDeliveryWorkflow } from '../../workflows/webhook-delivery.js';
import { timeSkippingServer, withWorker } from '../support/time-skipping.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const RETRY: WebhookRetryPolicy = { initialMs: 1_000, maxMs: HOUR, giveUpMs: 72 * HOUR, idlePollMs: HOUR };

/** A delivery pass scripted by `answer` (given the attempt's time on the server's clock), recording that time. */
function deliveryActivities(
  now: () => Promise<number>,
  answer: (at: number) => WebhookPass,
  record: { passes: number[]; failing: { giveUpMs: number }[] },
) {
  return {
    deliverWebhookEvents: async () => {
      const at = await now();
      record.passes.push(at);
      return answer(at);
    },
    markWebhookFailing: async ({ giveUpMs }: { giveUpMs: number }) => {
      record.failing.push({ giveUpMs });
      return true;
    },
  } as unknown as Partial<Activities>;
}

const notAccepted = () => {
  throw ApplicationFailure.retryable('El receptor no aceptó el evento: HTTP 503', 'WebhookNotAccepted');
};

describe('WebhookDeliveryWorkflow on the time-skipping test server', function () {
  this.timeout(120_000);
  const env = timeSkippingServer('suite');

  const input = (subscriptionId: string, retry = RETRY): WebhookDeliveryInput => ({
    tenant: 'demo',
    subscriptionId,
    retry,
  });
  // The test server's clock, which skips; Date.now() in an activity is the wall clock.
  const now = () => env().currentTimeMs();
  const record = () => ({ passes: [] as number[], failing: [] as { giveUpMs: number }[] });

  it('a receiver down for 72 hours: attempts back off by doubling up to an hour, then the subscription is marked failing once', async () => {
    const seen = record();
    const workflowId = `webhook-failing-${Date.now()}`;
    const result = await withWorker(env(), deliveryActivities(now, notAccepted, seen), (taskQueue) =>
      env().client.workflow.execute(webhookDeliveryWorkflow, { taskQueue, workflowId, args: [input('sub-1')] }),
    );
    assert.deepEqual(result, { ended: 'failing', delivered: 0 });
    assert.deepEqual(seen.failing, [{ giveUpMs: 72 * HOUR }], 'marked once, with the give-up time for its message');

    const gaps = seen.passes.slice(1).map((at, i) => at - seen.passes[i]!);
    // 1 s, 2 s, 4 s … doubling until the hour cap (2^12 s > 1 h), then hourly.
    const doubling = gaps.slice(0, 12).map((g) => Math.round(g / 1000));
    assert.deepEqual(doubling, [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]);
    assert.ok(
      gaps.slice(12).every((g) => Math.abs(g - HOUR) < 1_000),
      'capped at the hour',
    );
    const span = seen.passes.at(-1)! - seen.passes[0]!;
    assert.ok(span <= 72 * HOUR && span > 71 * HOUR, `last attempt ${span / HOUR} h after the first`);
    const { startTime, closeTime } = await env().client.workflow.getHandle(workflowId).describe();
    const lasted = closeTime!.getTime() - startTime.getTime();
    assert.ok(lasted >= 71 * HOUR && lasted <= 72 * HOUR + MINUTE, `failing after ${lasted / HOUR} h`);
  });

  it('a receiver back after 40 hours gets its events, and the subscription is never marked failing', async () => {
    const seen = record();
    let start: number | undefined;
    const answer = (at: number): WebhookPass => {
      start ??= at;
      if (at - start < 40 * HOUR) return notAccepted();
      return seen.passes.length > 60 ? { state: 'stopped', delivered: 0 } : { state: 'more', delivered: 5 };
    };
    const result = await withWorker(env(), deliveryActivities(now, answer, seen), (taskQueue) =>
      env().client.workflow.execute(webhookDeliveryWorkflow, {
        taskQueue,
        workflowId: `webhook-recovers-${Date.now()}`,
        args: [input('sub-2')],
      }),
    );
    assert.equal(result.ended, 'stopped');
    assert.ok(result.delivered > 0 && result.delivered % 5 === 0, `${result.delivered} delivered`);
    assert.deepEqual(seen.failing, []);
  });

  it('a wake-up signal runs the next pass at once; without one the run looks again after the idle poll', async () => {
    const seen = record();
    const script: WebhookPass[] = [
      { state: 'idle', delivered: 0 }, // nothing yet: wait
      { state: 'more', delivered: 3 }, // woken: a full batch, and more behind it
      { state: 'idle', delivered: 1 }, // the rest: wait again, this time for the poll
      { state: 'stopped', delivered: 0 }, // the subscription was disabled meanwhile
    ];
    const result = await withWorker(
      env(),
      deliveryActivities(now, () => script.shift()!, seen),
      async (taskQueue) => {
        const handle = await env().client.workflow.start(webhookDeliveryWorkflow, {
          taskQueue,
          workflowId: `webhook-wake-${Date.now()}`,
          args: [input('sub-3')],
        });
        await env().sleep(10 * MINUTE);
        assert.equal(seen.passes.length, 1, 'idle until woken');
        await handle.signal(webhookWakeSignal);
        return handle.result();
      },
    );
    assert.deepEqual(result, { ended: 'stopped', delivered: 4 });
    const after = seen.passes.map((at) => Math.round((at - seen.passes[0]!) / MINUTE));
    assert.deepEqual(after, [0, 10, 10, 70], 'minutes from the first pass: woken at 10, then the hourly poll');
  });

  it('a tenant that no longer exists fails the run at once, without back-off or a failing mark', async () => {
    const seen = record();
    const run = withWorker(
      env(),
      deliveryActivities(
        now,
        () => {
          throw ApplicationFailure.nonRetryable('Municipio desconocido: gone', 'UnknownTenant');
        },
        seen,
      ),
      (taskQueue) =>
        env().client.workflow.execute(webhookDeliveryWorkflow, {
          taskQueue,
          workflowId: `webhook-unknown-${Date.now()}`,
          args: [input('sub-4')],
        }),
    );
    await assert.rejects(run, (err: unknown) => err instanceof WorkflowFailedError);
    assert.equal(seen.passes.length, 1);
    assert.deepEqual(seen.failing, []);
  });

  it('after its 500th pass the run continues as new, and the new run goes on delivering', async () => {
    const seen = record();
    const runs = new Set<string>();
    const activities = {
      ...deliveryActivities(now, () => ({ state: 'stopped', delivered: 0 }), seen),
      deliverWebhookEvents: async (): Promise<WebhookPass> => {
        runs.add(String(Context.current().info.workflowExecution?.runId));
        seen.passes.push(0);
        // The first run: 499 full batches, then an idle pass (its 500th); the next run finds the subscription stopped.
        if (runs.size > 1) return { state: 'stopped', delivered: 0 };
        return seen.passes.length < 500 ? { state: 'more', delivered: 1 } : { state: 'idle', delivered: 1 };
      },
    } as unknown as Partial<Activities>;
    const workflowId = `webhook-continue-${Date.now()}`;
    const result = await withWorker(env(), activities, (taskQueue) =>
      env().client.workflow.execute(webhookDeliveryWorkflow, { taskQueue, workflowId, args: [input('sub-5')] }),
    );
    assert.equal(runs.size, 2, 'a second run');
    assert.equal(seen.passes.length, 501);
    // The result is the last run's: it counts what that run delivered.
    assert.deepEqual(result, { ended: 'stopped', delivered: 0 });
    const first = await env()
      .client.workflow.getHandle(workflowId, [...runs][0])
      .describe();
    assert.equal(first.status.name, 'CONTINUED_AS_NEW');
  });
});
