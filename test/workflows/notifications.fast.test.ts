/**
 * NotificationWorkflow and SummaryWorkflow, the runs woken by signals, on Temporal's time-skipping
 * test server with steps supplied by the test. Notifications: each notice e-mailed at once, held
 * for the digest hour or dropped as the user's preference says, held ones sent together in one
 * digest at its hour, a notice signalled twice handled once. Summaries: a burst of changes makes
 * one summary after its quiet period, a burst that never pauses gets one a minute after its first
 * change, a provider refusal is counted and later changes still summarized.
 */
import assert from 'node:assert/strict';
import { ApplicationFailure } from '@temporalio/common';
import type { Activities } from '../../activities/index.js';
import { noticeSignal, type Notice } from '../../contract/notifications.js';
import { contentChangedSignal, SUMMARY_PROVIDER_REJECTED_TYPE, type SummaryInput } from '../../contract/summaries.js';
import { notificationWorkflow } from '../../workflows/notifications.js';
import { summaryWorkflow } from '../../workflows/summary.js';
import { timeSkippingServer, withWorker } from '../support/time-skipping.js';

const SECOND = 1_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;

describe('signal-driven runs on the time-skipping test server', function () {
  this.timeout(120_000);
  const env = timeSkippingServer('suite');
  const now = () => env().currentTimeMs();

  describe('NotificationWorkflow', () => {
    const notice = (key: string, subject: Notice['subject']): Notice => ({
      key,
      subject,
      documentId: 'doc-1',
      round: 1,
    });
    /** The user wants signature requests at once, outcomes in the digest, notes not at all; the digest is 2 h away. */
    function mailActivities(calls: string[], digests: { at: number; key: string; notices: string[] }[]) {
      return {
        deliverNotice: async ({ notice: n }: { notice: Notice }) => {
          calls.push(`${n.subject} ${n.key}`);
          return n.subject === 'signature_request' ? 'sent' : n.subject === 'note' ? 'dropped' : 'held';
        },
        nextNotificationDigest: async ({ after }: { after: string }) =>
          new Date(Date.parse(after) + 2 * HOUR).toISOString(),
        sendNotificationDigest: async ({ notices, key }: { notices: Notice[]; key: string }) => {
          digests.push({ at: await now(), key, notices: notices.map((n) => n.key) });
          return true;
        },
      } as unknown as Partial<Activities>;
    }

    it('sent at once, held for the digest hour or dropped as preferred; the held ones go out in one digest', async () => {
      const calls: string[] = [];
      const digests: { at: number; key: string; notices: string[] }[] = [];
      const workflowId = `notifications-${Date.now()}`;
      const { result, started } = await withWorker(env(), mailActivities(calls, digests), async (taskQueue) => {
        const started = await now();
        const first = notice('e1', 'signature_request');
        const handle = await env().client.workflow.signalWithStart(notificationWorkflow, {
          taskQueue,
          workflowId,
          args: [{ tenant: 'demo', userId: 'ana' }],
          signal: noticeSignal,
          signalArgs: [first],
        });
        await handle.signal(noticeSignal, notice('e2', 'signed'));
        await handle.signal(noticeSignal, notice('e3', 'note'));
        await env().sleep(30 * MINUTE);
        await handle.signal(noticeSignal, notice('e4', 'rejected'));
        // The same event again (a retried step): handled once.
        await handle.signal(noticeSignal, notice('e2', 'signed'));
        return { result: await handle.result(), started };
      });
      assert.deepEqual(calls, ['signature_request e1', 'signed e2', 'note e3', 'rejected e4']);
      assert.deepEqual(result, { received: 4, sent: 1, held: 2, dropped: 1, digests: 1 });
      assert.equal(digests.length, 1);
      assert.deepEqual(digests[0]!.notices, ['e2', 'e4'], 'one digest with both held notices');
      const after = digests[0]!.at - started;
      assert.ok(after >= 2 * HOUR && after < 2 * HOUR + MINUTE, `digest ${after / HOUR} h after the first notice`);
      assert.match(digests[0]!.key, /^digest\.\d{4}-/);
    });

    it('nothing held: the run ends after its notices, without waiting for a digest', async () => {
      const calls: string[] = [];
      const digests: { at: number; key: string; notices: string[] }[] = [];
      const result = await withWorker(env(), mailActivities(calls, digests), async (taskQueue) => {
        const handle = await env().client.workflow.signalWithStart(notificationWorkflow, {
          taskQueue,
          workflowId: `notifications-now-${Date.now()}`,
          args: [{ tenant: 'demo', userId: 'ben' }],
          signal: noticeSignal,
          signalArgs: [notice('e5', 'signature_request')],
        });
        return handle.result();
      });
      assert.deepEqual(result, { received: 1, sent: 1, held: 0, dropped: 0, digests: 0 });
      assert.deepEqual(digests, []);
    });
  });

  describe('SummaryWorkflow', () => {
    /** The provider: `answer` decides each summary (written, or thrown); the server time of each is recorded. */
    function summaryActivities(at: number[], answer: (n: number) => 'written' | 'superseded' = () => 'written') {
      return {
        summarizeObject: async () => {
          at.push(await now());
          return { status: answer(at.length), number: 'RLM-2026-00000001-MVE', provider: 'p', model: 'm', version: 1 };
        },
      } as unknown as Partial<Activities>;
    }
    const input = (id: string): SummaryInput => ({ tenant: 'demo', kind: 'record', id, debounceMs: 5 * SECOND });
    const start = (taskQueue: string, id: string) =>
      env().client.workflow.signalWithStart(summaryWorkflow, {
        taskQueue,
        workflowId: `summary-${id}`,
        args: [input(id)],
        signal: contentChangedSignal,
        signalArgs: [],
      });

    it('a burst of edits makes one summary, five seconds after the last', async () => {
      const at: number[] = [];
      const { result, lastChange } = await withWorker(env(), summaryActivities(at), async (taskQueue) => {
        const handle = await start(taskQueue, `r1-${Date.now()}`);
        for (let i = 0; i < 3; i++) {
          await env().sleep(2 * SECOND);
          await handle.signal(contentChangedSignal);
        }
        const lastChange = await now();
        return { result: await handle.result(), lastChange };
      });
      assert.deepEqual(result, { changes: 4, runs: 1, written: 1, failed: 0 });
      assert.equal(at.length, 1);
      const quiet = at[0]! - lastChange;
      assert.ok(quiet >= 4 * SECOND && quiet <= 6 * SECOND, `summarized ${quiet} ms after the last change`);
    });

    it('edits that never pause for five seconds still get their summary a minute after the first', async () => {
      const at: number[] = [];
      const changes: number[] = [];
      await withWorker(env(), summaryActivities(at), async (taskQueue) => {
        const id = `r2-${Date.now()}`;
        changes.push(await now());
        await start(taskQueue, id);
        while (changes.at(-1)! - changes[0]! < 90 * SECOND) {
          await env().sleep(3 * SECOND);
          changes.push(await now());
          // As the API does: signal-with-start, so a change after a run ended starts the next.
          await start(taskQueue, id);
        }
        await env().client.workflow.getHandle(`summary-${id}`).result();
      });
      const since = (t: number) => (t - changes[0]!) / SECOND;
      assert.equal(at.length, 2, 'two summaries');
      assert.ok(since(at[0]!) >= 60 && since(at[0]!) < 63, `the first ${since(at[0]!)} s after the first change`);
      const quiet = since(at[1]!) - since(changes.at(-1)!);
      assert.ok(quiet >= 5 && quiet < 7, `the second ${quiet} s after the last change`);
    });

    it('a change the provider refuses for good is counted; a change made meanwhile is still summarized', async () => {
      const id = `r3-${Date.now()}`;
      let calls = 0;
      const activities = {
        summarizeObject: async () => {
          if (++calls === 1) {
            // Someone edits while the refused summary is being made.
            await env().client.workflow.getHandle(`summary-${id}`).signal(contentChangedSignal);
            throw ApplicationFailure.nonRetryable(
              'El proveedor rechazó el pedido (400)',
              SUMMARY_PROVIDER_REJECTED_TYPE,
            );
          }
          return { status: 'written', number: null, provider: 'p', model: 'm', version: 2 };
        },
      } as unknown as Partial<Activities>;
      const result = await withWorker(env(), activities, async (taskQueue) => (await start(taskQueue, id)).result());
      assert.deepEqual(result, { changes: 2, runs: 2, written: 1, failed: 1 });
      assert.equal(calls, 2, 'the refusal was not retried');
    });

    it('a provider that is down is asked again with back-off until it answers', async () => {
      const at: number[] = [];
      let down = true;
      let tries = 0;
      const activities = {
        summarizeObject: async () => {
          tries++;
          if (down) throw new Error('El proveedor respondió 503');
          at.push(await now());
          return { status: 'written', number: null, provider: 'p', model: 'm', version: 1 };
        },
      } as unknown as Partial<Activities>;
      const result = await withWorker(env(), activities, async (taskQueue) => {
        const handle = await start(taskQueue, `r4-${Date.now()}`);
        await env().sleep(10 * MINUTE);
        down = false;
        return handle.result();
      });
      assert.deepEqual(result, { changes: 1, runs: 1, written: 1, failed: 0 });
      // 1 s doubling to the one-minute cap: 7 tries in the first 2 minutes, then one a minute.
      assert.ok(tries >= 13 && tries <= 17, `${tries} tries`);
    });
  });
});
