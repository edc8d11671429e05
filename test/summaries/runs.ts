/** The result of an object's latest SummaryWorkflow run, once the API's request (not awaited by the API) has started it. */
import { WorkflowNotFoundError } from '@temporalio/client';
import { summaryWorkflowId, type SummaryKind, type SummaryRunResult } from '../../contract/summaries.js';
import { getStack } from '../support/hooks.js';

export async function summaryRunResult(kind: SummaryKind, id: string, tenant = 'demo'): Promise<SummaryRunResult> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await getStack()
        .client.workflow.getHandle(summaryWorkflowId(tenant, kind, id))
        .result();
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError) || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
