/**
 * CaseExportWorkflow on Temporal's time-skipping test server, its steps supplied by the test: the
 * export waits for its index version's seal with a poll backing off from 1 s to 30 s, then makes
 * the PDF and the package in order with its progress in a query; a step that fails for good marks
 * the export failed with that step's message. (The give-up after a day without a seal is 2,880
 * polls, some 45 s of wall time even skipped: too slow for this tier.)
 */
import assert from 'node:assert/strict';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Activities } from '../../activities/index.js';
import { caseExportProgressQuery, type CaseExportInput } from '../../contract/case-export.js';
import { caseExportWorkflow } from '../../workflows/case-export.js';
import { timeSkippingServer, withWorker } from '../support/time-skipping.js';

describe('CaseExportWorkflow on the time-skipping test server', function () {
  this.timeout(120_000);
  const env = timeSkippingServer('suite');

  const input = (exportId: string): CaseExportInput => ({
    tenant: 'demo',
    userId: 'user-1',
    caseId: 'case-1',
    exportId,
  });

  /**
   * Export steps recording their calls; the index is signed from `signedAfterMs` on the server's
   * clock, and `pdf` makes the PDF (by default at once).
   */
  function exportActivities(
    calls: string[],
    signedAfterMs: number,
    pdf: () => Promise<{ sha256: string }> = async () => ({ sha256: 'pdf-sha' }),
  ) {
    let start: number | undefined;
    const polls: number[] = [];
    const activities = {
      caseExportIndexState: async () => {
        const now = await env().currentTimeMs();
        start ??= now;
        polls.push(now - start);
        return now - start >= signedAfterMs ? { signed: true, version: 3 } : { signed: false, version: null };
      },
      caseExportProgress: async ({ step }: { step: string }) => void calls.push(`progress ${step}`),
      makeCaseExportPdf: async () => {
        calls.push('pdf');
        return pdf();
      },
      makeCaseExportBag: async () => {
        calls.push('bag');
        return { sha256: 'bag-sha' };
      },
      finishCaseExport: async () => void calls.push('finish'),
      failCaseExport: async ({ message }: { message: string }) => void calls.push(`fail: ${message}`),
    } as unknown as Partial<Activities>;
    return { activities, polls };
  }

  it('waits for the seal with a poll backing off to 30 s, then makes the PDF and the package, in order', async () => {
    const calls: string[] = [];
    const { activities, polls } = exportActivities(calls, 100_000);
    const result = await withWorker(env(), activities, (taskQueue) =>
      env().client.workflow.execute(caseExportWorkflow, {
        taskQueue,
        workflowId: `export-${Date.now()}`,
        args: [input('exp-1')],
      }),
    );
    assert.deepEqual(result, { exportId: 'exp-1', indexVersion: 3, pdfSha256: 'pdf-sha', bagSha256: 'bag-sha' });
    const gaps = polls.slice(1).map((at, i) => Math.round((at - polls[i]!) / 1000));
    assert.deepEqual(gaps, [1, 2, 4, 8, 16, 30, 30, 30], 'seconds between polls');
    assert.deepEqual(calls, ['progress pdf', 'pdf', 'progress package', 'bag', 'finish']);
  });

  it('its progress query tells the step it is on', async () => {
    const calls: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { activities } = exportActivities(calls, 0, async () => {
      await released;
      return { sha256: 'pdf-sha' };
    });
    await withWorker(env(), activities, async (taskQueue) => {
      const handle = await env().client.workflow.start(caseExportWorkflow, {
        taskQueue,
        workflowId: `export-progress-${Date.now()}`,
        args: [input('exp-2')],
      });
      for (let i = 0; i < 500 && !calls.includes('pdf'); i++) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(await handle.query(caseExportProgressQuery), { step: 'pdf', done: 1, total: 3 });
      release();
      await handle.result();
      assert.deepEqual(await handle.query(caseExportProgressQuery), { step: 'done', done: 3, total: 3 });
    });
  });

  it('a PDF that cannot be made fails the export with the step’s own message; no package is made', async () => {
    const calls: string[] = [];
    const { activities } = exportActivities(calls, 0, async () => {
      throw ApplicationFailure.nonRetryable('El expediente no tiene documentos legibles', 'AppError');
    });
    const run = withWorker(env(), activities, (taskQueue) =>
      env().client.workflow.execute(caseExportWorkflow, {
        taskQueue,
        workflowId: `export-broken-${Date.now()}`,
        args: [input('exp-4')],
      }),
    );
    await assert.rejects(run, WorkflowFailedError);
    assert.deepEqual(calls, ['progress pdf', 'pdf', 'fail: El expediente no tiene documentos legibles']);
  });
});
