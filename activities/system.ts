import type { SystemCheckRow } from '../contract/system-check.js';
import { recordSystemCheck } from '../domain/system-checks.js';
import { requireTenantDb, type ActivityDeps } from './deps.js';

export function createSystemActivities(deps: ActivityDeps) {
  return {
    async recordSystemCheck(input: { tenant: string; workflowId: string }): Promise<SystemCheckRow> {
      return recordSystemCheck(await requireTenantDb(deps, input.tenant), input.workflowId);
    },
  };
}
