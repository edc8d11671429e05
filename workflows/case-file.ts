/**
 * CaseFileWorkflow (ID `case-file/<tenant>`): foliates every case with links waiting for their
 * folios (a step per case, which writes a new index version), then signs every unsigned index
 * version in order with the municipality seal; loops while it finds work, then waits for a
 * wake-up from the outbox relay, and ends after a while idle (the next wake-up starts a new run).
 * Continues as new when its history grows.
 */
import { condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { caseFileWakeSignal, type CaseFileInput, type CaseFileResult } from '../contract/case-file.js';
import { RETRY, steps } from './activity-options.js';

/** Cases foliated (or versions signed) per pass. */
const BATCH = 50;
/** Passes with work per run before continuing as new. */
const MAX_PASSES = 200;
const IDLE_END = '10 minutes';

const work = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '30 seconds',
  retry: RETRY,
});

export async function caseFileWorkflow(input: CaseFileInput): Promise<CaseFileResult> {
  const { tenant } = input;
  let woken = false;
  setHandler(caseFileWakeSignal, () => {
    woken = true;
  });
  const done: CaseFileResult = { foliated: input.foliated ?? 0, signed: input.signed ?? 0 };
  for (let pass = 1; ; pass++) {
    woken = false;
    const cases = await steps.casesToFoliate({ tenant, limit: BATCH });
    for (const caseId of cases) done.foliated += (await work.foliateCaseFile({ tenant, caseId })).foliated;
    const versions = await steps.unsignedIndexVersions({ tenant, limit: BATCH });
    for (const v of versions) {
      if ((await work.signIndexVersion({ tenant, caseId: v.case_id, version: v.version })).signedAt) done.signed++;
    }
    if (cases.length || versions.length) {
      if (pass >= MAX_PASSES || workflowInfo().continueAsNewSuggested)
        await continueAsNew<typeof caseFileWorkflow>({ tenant, ...done });
      continue;
    }
    if (!(await condition(() => woken, IDLE_END))) return done;
  }
}
