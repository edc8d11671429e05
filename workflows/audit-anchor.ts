/**
 * AuditAnchorWorkflow (started daily by the `audit-anchor` schedule): for each municipality in
 * turn, time-stamps the head of its audit chain (RFC 3161, through the signing service) unless
 * nothing happened since the last anchor. One municipality's failure does not stop the others;
 * the authority being down is retried with back-off like every call to the signing service.
 */
import { ActivityFailure, continueAsNew, workflowInfo } from '@temporalio/workflow';
import type { AuditAnchorResult } from '../contract/audit-anchor.js';
import { signingSteps, steps } from './activity-options.js';

export async function auditAnchorWorkflow(
  input: { remaining?: string[]; totals?: AuditAnchorResult } = {},
): Promise<AuditAnchorResult> {
  const tenants = input.remaining ?? (await steps.listTenantSchemas());
  const totals: AuditAnchorResult = input.totals ?? { tenants: 0, anchored: 0, failed: [] };
  for (const [i, tenant] of tenants.entries()) {
    try {
      if ((await signingSteps.anchorAuditChain({ tenant })).anchored) totals.anchored++;
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      totals.failed.push(tenant);
    }
    totals.tenants++;
    if (workflowInfo().continueAsNewSuggested && i + 1 < tenants.length) {
      await continueAsNew<typeof auditAnchorWorkflow>({ remaining: tenants.slice(i + 1), totals });
    }
  }
  return totals;
}
