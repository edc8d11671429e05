/**
 * SignBatchWorkflow for a signer with the seal or a common signature (the personal signer's one
 * code is in personal-authorization.test.ts), on Temporal's time-skipping test server with the
 * per-document step supplied by the test: at most SIGN_BATCH_CONCURRENCY documents at once, every
 * document's answer in the batch's order, a refusal raised by the step answered as that
 * document's status, a transient failure retried, and the `settled` update answering the end.
 */
import assert from 'node:assert/strict';
import type { Activities } from '../../activities/index.js';
import { appFailure } from '../../contract/failures.js';
import {
  batchSettledUpdate,
  SIGN_BATCH_CONCURRENCY,
  signBatchProgressQuery,
  type SignBatchDocumentInput,
  type SignBatchOutcome,
} from '../../contract/sign-batch.js';
import { signBatchWorkflow } from '../../workflows/sign-batch.js';
import { timeSkippingServer, withWorker } from '../support/time-skipping.js';

describe('SignBatchWorkflow on the time-skipping test server', function () {
  this.timeout(120_000);
  const env = timeSkippingServer('suite');

  const outcome = (documentId: string, result: SignBatchOutcome['result'], officialNumber: string | null = null) => ({
    documentId,
    result,
    officialNumber,
    signedAt: '2026-11-22T10:05:00Z',
    status: 200,
    message: null,
  });

  it('two documents at a time, each answered in the batch’s order: signed, numbered, refused, retried', async () => {
    let inFlight = 0;
    let most = 0;
    const attempts: Record<string, number> = {};
    // d1 holds its lane until d2 has started (or 10 s): a second lane shows as two in flight.
    let secondStarted!: () => void;
    const second = new Promise<void>((resolve) => {
      secondStarted = resolve;
    });
    const activities = {
      signBatchDocument: async ({ documentId, batchId }: SignBatchDocumentInput) => {
        assert.match(batchId, /^batch-/, 'the batch id travels with each step, for its update id');
        attempts[documentId] = (attempts[documentId] ?? 0) + 1;
        inFlight++;
        most = Math.max(most, inFlight);
        if (documentId === 'd2') secondStarted();
        try {
          if (documentId === 'd1') await Promise.race([second, new Promise((r) => setTimeout(r, 10_000).unref())]);
          // Later documents answer sooner: the outcomes must still land in the batch's order.
          await new Promise((r) => setTimeout(r, 60 - 10 * Number(documentId.slice(1))));
          if (documentId === 'd3') throw appFailure(409, 'No es su turno de firmar');
          if (documentId === 'd4' && attempts.d4 === 1) throw new Error('connect ECONNREFUSED 127.0.0.1:7233');
          return documentId === 'd2'
            ? outcome('d2', 'numbered', 'DICT-2026-00000002-MVE-DOP')
            : outcome(documentId, 'signed');
        } finally {
          inFlight--;
        }
      },
    } as unknown as Partial<Activities>;
    const documentIds = ['d1', 'd2', 'd3', 'd4', 'd5'];
    const { settled, result } = await withWorker(env(), activities, async (taskQueue) => {
      const handle = await env().client.workflow.start(signBatchWorkflow, {
        taskQueue,
        workflowId: `batch-${Date.now()}`,
        args: [{ tenant: 'demo', userId: 'ana', documentIds }],
      });
      const settled = await handle.executeUpdate(batchSettledUpdate);
      return { settled, result: await handle.result() };
    });
    assert.equal(most, SIGN_BATCH_CONCURRENCY);
    assert.deepEqual(
      result.outcomes.map((o) => [o.documentId, o.result, o.status, o.officialNumber ?? o.message]),
      [
        ['d1', 'signed', 200, null],
        ['d2', 'numbered', 200, 'DICT-2026-00000002-MVE-DOP'],
        ['d3', 'refused', 409, 'No es su turno de firmar'],
        ['d4', 'signed', 200, null],
        ['d5', 'signed', 200, null],
      ],
    );
    assert.deepEqual(attempts, { d1: 1, d2: 1, d3: 1, d4: 2, d5: 1 }, 'the refusal is not retried; the outage is');
    assert.deepEqual(
      { total: result.total, done: result.done, finished: result.finished },
      { total: 5, done: 5, finished: true },
    );
    assert.deepEqual(settled, result, 'settled answers the finished batch');
  });

  it('its progress query counts the documents answered so far', async () => {
    const release: (() => void)[] = [];
    const activities = {
      signBatchDocument: async ({ documentId }: SignBatchDocumentInput) => {
        if (documentId !== 'd1') await new Promise<void>((resolve) => release.push(resolve));
        return outcome(documentId, 'signed');
      },
    } as unknown as Partial<Activities>;
    await withWorker(env(), activities, async (taskQueue) => {
      const handle = await env().client.workflow.start(signBatchWorkflow, {
        taskQueue,
        workflowId: `batch-progress-${Date.now()}`,
        args: [{ tenant: 'demo', userId: 'ana', documentIds: ['d1', 'd2', 'd3'] }],
      });
      // d1 answers at once; d2 and d3 then hold both lanes.
      for (let i = 0; i < 500 && release.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      const midway = await handle.query(signBatchProgressQuery);
      assert.deepEqual(
        { done: midway.done, finished: midway.finished, results: midway.outcomes.map((o) => o.result) },
        { done: 1, finished: false, results: ['signed', 'pending', 'pending'] },
      );
      for (const r of release) r();
      assert.equal((await handle.result()).done, 3);
    });
  });
});
