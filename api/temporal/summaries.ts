/**
 * Requesting a summary from a route: signal-with-start of the object's SummaryWorkflow, not
 * awaited, so the answer never waits for Temporal or for the summary itself. A request that cannot
 * reach Temporal is logged; the object's next change requests its summary again.
 */
import type { DomainContext } from '../../domain/context.js';
import { SUMMARY_WORKFLOW, summarySignalWithStart, type SummaryTarget } from '../../contract/summaries.js';
import type { ApiDeps } from '../deps.js';

export function requestSummary(deps: ApiDeps, ctx: DomainContext, target: SummaryTarget): void {
  const options = summarySignalWithStart(
    ctx.tenant.schema,
    target,
    deps.config.temporal.taskQueue,
    deps.config.ai.debounceMs,
  );
  deps.temporal.client.workflow.signalWithStart(SUMMARY_WORKFLOW, options).catch((err: unknown) => {
    deps.log.warn('summary not requested', { workflowId: options.workflowId, error: err });
  });
}
