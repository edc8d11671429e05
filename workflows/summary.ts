/**
 * SummaryWorkflow (ID `summary/<tenant>/<kind>/<id>`): keeps the summary of one record, case or
 * memo up to date in the background. Every change of the summarized content sends the
 * `contentChanged` signal with signal-with-start (the API after a record is created or edited or a
 * document is linked to a case; DocumentSigningWorkflow after officialization; CaseCreationWorkflow
 * once the case exists). The run waits until no change has come for `debounceMs` (bursts of edits
 * make one summary, at most MAX_DELAY after the first), summarizes the content as it then stands
 * (summarizeObject reads, summarizes and writes only over an older version) and ends when no
 * change is pending; the next change starts a new run under the same ID.
 *
 * The provider call is a normal activity retried with backoff (a provider that is down or answers
 * 429/5xx is asked again until it answers); a refusal retrying cannot fix (a 400) is counted and
 * the run goes on to later changes.
 */
import {
  ActivityFailure,
  ApplicationFailure,
  condition,
  continueAsNew,
  log,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { SUMMARY_OF } from '../contract/search-attributes.js';
import {
  contentChangedSignal,
  SUMMARY_PROVIDER_REJECTED_TYPE,
  type SummaryInput,
  type SummaryRunResult,
} from '../contract/summaries.js';

/** A burst that never pauses still gets its summary this long after its first change. */
const MAX_DELAY_MS = 60_000;

const { summarizeObject } = proxyActivities<Activities>({
  // Above AI_TIMEOUT_MS (at most 100 s); heartbeats let a dead worker's attempt be retried within seconds.
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '10 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    nonRetryableErrorTypes: [SUMMARY_PROVIDER_REJECTED_TYPE],
  },
});

function isRefusal(err: unknown): boolean {
  return (
    err instanceof ActivityFailure &&
    err.cause instanceof ApplicationFailure &&
    err.cause.type === SUMMARY_PROVIDER_REJECTED_TYPE
  );
}

export async function summaryWorkflow(input: SummaryInput): Promise<SummaryRunResult> {
  const { tenant, kind, id, debounceMs } = input;
  const result: SummaryRunResult = { changes: 0, runs: 0, written: 0, failed: 0 };
  let received = input.pending ? 1 : 0;
  let handled = 0;
  let number: string | null = null;
  setHandler(contentChangedSignal, () => {
    received++;
    result.changes++;
  });

  for (;;) {
    // Signal-with-start delivers the first change with the start; none pending means done.
    if (received === handled) return result;
    const firstAt = Date.now();
    for (;;) {
      const seen = received;
      const wait = Math.min(debounceMs, Math.max(0, firstAt + MAX_DELAY_MS - Date.now()));
      if (wait === 0 || !(await condition(() => received !== seen, wait))) break;
    }
    handled = received;
    result.runs++;
    try {
      const outcome = await summarizeObject({ tenant, kind, id });
      if (outcome.status === 'written') result.written++;
      if (outcome.number && outcome.number !== number) {
        number = outcome.number;
        upsertSearchAttributes([{ key: SUMMARY_OF, value: [number] }]);
      }
    } catch (err) {
      if (!isRefusal(err)) throw err;
      result.failed++;
      log.warn('summary refused by the provider', { kind, id, error: (err as ActivityFailure).cause?.message });
    }
    if (workflowInfo().continueAsNewSuggested) {
      await continueAsNew<typeof summaryWorkflow>({ ...input, pending: received !== handled });
    }
  }
}
