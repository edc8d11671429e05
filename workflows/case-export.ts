/**
 * CaseExportWorkflow (ID `case-export/<tenant>/<case number>/<export id>`): one export of a case
 * file's index version, for its requester. It waits until the version is signed (the case-file run
 * seals each version; a timer polls, backing off to 30 s, for up to a day), then makes the
 * complete PDF and the BagIt package, each stored once (a retried step finds its file), and marks
 * the case_exports row done. Progress is in a query and in the row. A failure for good marks the
 * row failed with its message.
 */
import { ApplicationFailure, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import {
  caseExportProgressQuery,
  type CaseExportInput,
  type CaseExportProgress,
  type CaseExportResult,
} from '../contract/case-export.js';
import { RETRY, steps } from './activity-options.js';

/** Making a file reads every PDF of the case: a normal activity, heartbeating, retried by another worker if this one dies. */
const fileSteps = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '20 seconds',
  retry: RETRY,
});

const STEPS = ['index', 'pdf', 'package'] as const;
/** How long an export waits for its index version's seal before giving up. */
const SEAL_WAIT_MS = 24 * 60 * 60 * 1000;

export async function caseExportWorkflow(input: CaseExportInput): Promise<CaseExportResult> {
  const base = { tenant: input.tenant, userId: input.userId, exportId: input.exportId };
  let progress: CaseExportProgress = { step: 'index', done: 0, total: STEPS.length };
  setHandler(caseExportProgressQuery, () => progress);
  const enter = async (step: (typeof STEPS)[number]) => {
    progress = { step, done: STEPS.indexOf(step), total: STEPS.length };
    await steps.caseExportProgress({ ...base, step });
  };

  try {
    let state = await steps.caseExportIndexState(base);
    let waited = 0;
    let pause = 1_000;
    while (!state.signed) {
      if (waited >= SEAL_WAIT_MS)
        throw ApplicationFailure.nonRetryable(
          'El índice del expediente no se firmó a tiempo para exportarlo',
          'IndexNotSigned',
        );
      await sleep(pause);
      waited += pause;
      pause = Math.min(pause * 2, 30_000);
      state = await steps.caseExportIndexState(base);
    }
    await enter('pdf');
    const pdf = await fileSteps.makeCaseExportPdf(base);
    await enter('package');
    const bag = await fileSteps.makeCaseExportBag(base);
    await steps.finishCaseExport(base);
    progress = { step: 'done', done: STEPS.length, total: STEPS.length };
    return { exportId: input.exportId, indexVersion: state.version!, pdfSha256: pdf.sha256, bagSha256: bag.sha256 };
  } catch (err) {
    await steps.failCaseExport({
      ...base,
      message: err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err),
    });
    throw err;
  }
}
