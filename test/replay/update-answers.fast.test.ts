/**
 * Replay checks commands only, not what an update answered: a change to a signing round's repeat
 * answer or a refusal's message would replay green. Here every recorded documentSigningWorkflow
 * and signBatchWorkflow history is replayed with an interceptor that reports each update's answer,
 * and the answers must equal the ones the history recorded (WorkflowExecutionUpdateCompleted).
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { defaultPayloadConverter } from '@temporalio/common';
import { Worker } from '@temporalio/worker';
import { workflowsPath } from '../../worker/create-worker.js';
import { loadHistories, type SavedHistory } from '../support/histories.js';

const HISTORIES = fileURLToPath(new URL('../histories', import.meta.url));
const INTERCEPTORS = fileURLToPath(new URL('./update-answers/interceptors.ts', import.meta.url));
const TYPES = new Set(['documentSigningWorkflow', 'signBatchWorkflow']);

type Answer = { result?: unknown; failure?: string };

/** The answers a history recorded, by update ID. */
function recordedAnswers(h: SavedHistory): Map<string, Answer> {
  const found = new Map<string, Answer>();
  for (const e of h.history.events ?? []) {
    const done = e.workflowExecutionUpdateCompletedEventAttributes;
    if (!done?.meta?.updateId) continue;
    const payload = done.outcome?.success?.payloads?.[0];
    found.set(
      done.meta.updateId,
      done.outcome?.failure
        ? { failure: done.outcome.failure.message ?? '' }
        : { result: payload ? defaultPayloadConverter.fromPayload(payload) : null },
    );
  }
  return found;
}

describe('workflow replay: recorded update answers are answered again the same', function () {
  this.timeout(180_000);

  it('every update of the recorded signing runs answers as recorded', async () => {
    const histories = (await loadHistories(HISTORIES)).filter((h) => TYPES.has(h.workflowType));
    const replayed = new Map<string, Answer & { name: string }>();
    const source = histories.map((h) => ({ workflowId: h.workflowId, history: h.history }));
    const results = Worker.runReplayHistories(
      {
        workflowsPath: workflowsPath(),
        interceptors: { workflowModules: [INTERCEPTORS] },
        sinks: {
          answers: {
            record: {
              fn: (info, updateId: string, name: string, answer: Answer) => {
                // Copied out of the workflow's context, whose objects have prototypes of their own.
                replayed.set(`${info.workflowId}/${updateId}`, { name, ...JSON.parse(JSON.stringify(answer)) });
              },
              callDuringReplay: true,
            },
          },
        },
      },
      source,
    );
    for await (const r of results) assert.equal(r.error, undefined, `${r.workflowId}: ${r.error?.message}`);

    let compared = 0;
    for (const h of histories)
      for (const [updateId, expected] of recordedAnswers(h)) {
        const got = replayed.get(`${h.workflowId}/${updateId}`);
        assert.ok(got, `${h.workflowId}: update ${updateId} was handled again`);
        const { name, ...answer } = got;
        assert.deepEqual(answer, expected, `${h.workflowId}: ${name} ${updateId}`);
        compared++;
      }
    assert.ok(compared >= 10, `${compared} recorded answers compared`);
  });
});
