/**
 * Determinism guard: every recorded history in test/histories/ (refreshed from the end-to-end
 * suite by `npm run histories:refresh`) replays through today's workflow code without a
 * nondeterminism error. A workflow change that would break runs in flight fails here; make it
 * with `patched()` (see docs/architecture.md, "Changing a workflow").
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Worker, type ReplayResult } from '@temporalio/worker';
import { workflowsPath } from '../../worker/create-worker.js';
import { loadHistories, type SavedHistory } from '../support/histories.js';

const HISTORIES = fileURLToPath(new URL('../histories', import.meta.url));
const ALTERED = fileURLToPath(new URL('./altered/workflows.ts', import.meta.url));

async function replay(workflowsFile: string, histories: SavedHistory[]): Promise<ReplayResult[]> {
  const results: ReplayResult[] = [];
  const source = histories.map((h) => ({ workflowId: h.workflowId, history: h.history }));
  for await (const result of Worker.runReplayHistories({ workflowsPath: workflowsFile }, source)) results.push(result);
  return results;
}

describe('workflow replay: recorded histories still replay through the current code', function () {
  this.timeout(180_000);
  let histories: SavedHistory[];

  before(async () => {
    histories = await loadHistories(HISTORIES);
  });

  it('there is at least one recorded history of every workflow the worker registers', async () => {
    const registered = Object.keys(await import('../../workflows/index.js')).filter((name) =>
      name.endsWith('Workflow'),
    );
    const recorded = new Set(histories.map((h) => h.workflowType));
    const missing = registered.filter((name) => !recorded.has(name));
    assert.deepEqual(missing, [], `no history for ${missing.join(', ')}: run npm run histories:refresh`);
  });

  it('every recorded history replays without a nondeterminism error', async () => {
    const results = await replay(workflowsPath(), histories);
    assert.equal(results.length, histories.length);
    const failures = results.filter((r) => r.error).map((r) => `${r.workflowId}: ${r.error!.message}`);
    assert.deepEqual(failures, []);
  });

  it('a workflow changed without patching fails against its recorded history', async () => {
    const systemChecks = histories.filter((h) => h.workflowType === 'systemCheckWorkflow');
    assert.ok(systemChecks.length > 0, 'a systemCheckWorkflow history is recorded');
    const results = await replay(ALTERED, systemChecks);
    assert.ok(
      results.every((r) => r.error?.name === 'DeterminismViolationError'),
      results.map((r) => r.error?.name ?? 'no error').join(', '),
    );
  });
});
