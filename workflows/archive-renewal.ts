/**
 * Archive time-stamp renewal (PAdES-B-LTA). A daily schedule (worker/archive-schedule.ts) starts
 * ArchiveRenewalWorkflow, which runs TenantArchiveRenewalWorkflow for each municipality in turn
 * (ID `archive-renewal/<tenant>/<day>`, search attribute Tenant, so an operator finds a tenant's
 * runs in the Web UI). A tenant run first examines the official documents not examined yet (what
 * their newest document time-stamp holds), then renews, soonest first, those whose time-stamp
 * authority certificate expires within the window or whose imprint uses a retired digest, and
 * that a time-stamp of the signing service's authority now improves on (once per time-stamp
 * generation: an authority certificate itself inside the window does not renew its own
 * documents every day): one more document time-stamp with fresh validation data, stored as the
 * next official revision. Every
 * step is idempotent; a document the signing service refuses for good is counted and skipped, the
 * others go on. Long runs continue as new.
 */
import {
  ActivityFailure,
  ApplicationFailure,
  ChildWorkflowFailure,
  continueAsNew,
  executeChild,
  workflowInfo,
} from '@temporalio/workflow';
import type {
  ArchiveRenewalInput,
  TenantArchiveRenewalInput,
  TenantArchiveRenewalResult,
} from '../contract/archive-renewal.js';
import { workflowIds } from '../contract/ids.js';
import { TENANT } from '../contract/search-attributes.js';
import { signingSteps, steps } from './activity-options.js';

const EXAMINE_BATCH = 50;
const RENEW_BATCH = 20;
const MAX_REFUSED = 100;

export async function archiveRenewalWorkflow(
  input: ArchiveRenewalInput = {},
): Promise<{ tenants: number; renewed: number; refused: number }> {
  const day = new Date().toISOString().slice(0, 10);
  const tenants = await steps.listTenantSchemas();
  let renewed = 0;
  let refused = 0;
  for (const tenant of tenants) {
    try {
      const result = await executeChild(tenantArchiveRenewalWorkflow, {
        workflowId: workflowIds.archiveRenewal(tenant, day),
        args: [{ tenant, ...(input.windowDays !== undefined ? { windowDays: input.windowDays } : {}) }],
        typedSearchAttributes: [{ key: TENANT, value: tenant }],
      });
      renewed += result.renewed;
      refused += result.refused;
    } catch (err) {
      // One municipality's failure (or a run of the same day already there) does not stop the others.
      if (!(err instanceof ChildWorkflowFailure) && !(err instanceof ApplicationFailure) && !isAlreadyStarted(err))
        throw err;
    }
  }
  return { tenants: tenants.length, renewed, refused };
}

function isAlreadyStarted(err: unknown): boolean {
  return (err as { name?: string })?.name === 'WorkflowExecutionAlreadyStartedError';
}

export async function tenantArchiveRenewalWorkflow(
  input: TenantArchiveRenewalInput,
): Promise<TenantArchiveRenewalResult> {
  const { tenant, windowDays, documentIds } = input;
  const options = { ...(windowDays !== undefined ? { windowDays } : {}), ...(documentIds ? { documentIds } : {}) };
  const totals: TenantArchiveRenewalResult = { ...(input.totals ?? { examined: 0, renewed: 0, refused: 0 }) };
  const refused = [...(input.refused ?? [])];
  const since = input.since ?? new Date().toISOString();
  const again = () =>
    continueAsNew<typeof tenantArchiveRenewalWorkflow>({ tenant, ...options, since, refused, totals });

  for (;;) {
    const examined = await steps.examineOfficialDocuments({ tenant, limit: EXAMINE_BATCH });
    totals.examined += examined;
    if (examined < EXAMINE_BATCH) break;
    if (workflowInfo().continueAsNewSuggested) return again();
  }
  for (;;) {
    const due = await steps.documentsDueForRenewal({
      tenant,
      ...options,
      limit: RENEW_BATCH,
      skip: refused,
      renewedSince: since,
    });
    if (due.length === 0) break;
    for (const documentId of due) {
      try {
        const outcome = await signingSteps.renewArchiveTimestamp({
          tenant,
          documentId,
          ...(windowDays !== undefined ? { windowDays } : {}),
        });
        if (outcome.renewed) totals.renewed++;
        // Not renewed: no longer due (renewed meanwhile), so it leaves the due list by itself.
      } catch (err) {
        // Retries are exhausted only for a refusal for good (non-retryable): skip this document.
        if (!(err instanceof ActivityFailure)) throw err;
        refused.push(documentId);
        totals.refused++;
        // A service refusing document after document is misconfigured, not facing odd files: stop and say so.
        if (refused.length >= MAX_REFUSED)
          throw ApplicationFailure.nonRetryable(
            `the signing service refused ${refused.length} documents of ${tenant}; last: ${(err as Error).message}`,
            'ArchiveRenewalRefused',
          );
      }
    }
    if (workflowInfo().continueAsNewSuggested) return again();
  }
  return totals;
}
