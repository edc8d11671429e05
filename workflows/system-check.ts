/**
 * SystemCheckWorkflow: proves the chain Temporal → worker → activity → tenant schema works.
 * `npm start` runs one per start before it prints `ready:`, so the Web UI always lists it.
 */
import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { SystemCheckInput, SystemCheckResult } from '../contract/system-check.js';

const { recordSystemCheck } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 10 },
});

export async function systemCheckWorkflow(input: SystemCheckInput): Promise<SystemCheckResult> {
  const { workflowId } = workflowInfo();
  const row = await recordSystemCheck({ tenant: input.tenant, workflowId });
  return { tenant: input.tenant, workflowId, checkId: row.id, checkedAt: row.checked_at };
}
