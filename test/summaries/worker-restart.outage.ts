/**
 * A summary run whose worker is killed while it waits out its quiet period completes on the next
 * worker (a real worker process, killed with SIGKILL). Part of `npm run test:outages`.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { tenantDb } from '../../db/tenancy.js';
import { SUMMARY_WORKFLOW, summarySignalWithStart, type SummaryWorkflow } from '../../contract/summaries.js';
import { getStack } from '../support/hooks.js';
import { until } from '../support/until.js';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.js';
import { createRecord, integration } from '../records/support.js';
import { summaryRunResult } from './runs.js';

describe('summaries: a worker restart', function () {
  this.timeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const taskQueue = `summaries-restart-${randomUUID().slice(0, 8)}`;
  const workers: WorkerProcess[] = [];
  after(() => {
    for (const w of workers) w.kill('SIGKILL');
  });

  it('a run waiting out its quiet period when its worker dies completes on the next worker', async function () {
    this.timeout(240_000);
    const { db, demoTenant, client } = getStack();
    const record = await createRecord('agente-obras', 'ARQ', `Arq. Julia Campos ${tag}`);
    await summaryRunResult('record', record.id);
    const first = await startWorkerProcess({ taskQueue });
    workers.push(first);

    await tenantDb(db, demoTenant).transaction((trx) =>
      trx('records')
        .where({ id: record.id })
        .update({ display_name: `Arq. Julia Campos de Ortiz ${tag}` }),
    );
    const handle = await client.workflow.signalWithStart<SummaryWorkflow, []>(
      SUMMARY_WORKFLOW,
      summarySignalWithStart('demo', { kind: 'record', id: record.id }, taskQueue, 3_000),
    );
    // The run has started on the first worker and is waiting out its quiet period: kill that worker.
    await until(
      'the run on the first worker',
      async () => ((await handle.fetchHistory()).events?.some((e) => e.timerStartedEventAttributes) ? true : undefined),
      60_000,
    );
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    assert.doesNotMatch((await integration('agente-obras', `/records/${record.id}`)).body.resume, /de Ortiz/);

    workers.push(await startWorkerProcess({ taskQueue }));
    assert.deepEqual(await handle.result(), { changes: 1, runs: 1, written: 1, failed: 0 });
    assert.match((await integration('agente-obras', `/records/${record.id}`)).body.resume, /Julia Campos de Ortiz/);
  });
});
