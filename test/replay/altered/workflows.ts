/**
 * A deliberately changed SystemCheckWorkflow: it waits on a timer before its activity, which no
 * recorded history did. The replay test uses it to show that replay catches such a change.
 */
import { proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../../activities/index.js';
import type { SystemCheckInput, SystemCheckResult } from '../../../contract/system-check.js';

const { recordSystemCheck } = proxyActivities<Activities>({ startToCloseTimeout: '30 seconds' });

export async function systemCheckWorkflow(input: SystemCheckInput): Promise<SystemCheckResult> {
  await sleep('1 second');
  const { workflowId } = workflowInfo();
  const row = await recordSystemCheck({ tenant: input.tenant, workflowId });
  return { tenant: input.tenant, workflowId, checkId: row.id, checkedAt: row.checked_at };
}
