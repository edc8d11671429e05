import { recordSystemCheck } from '../domain/system-checks.js';
import { requireTenantDb, type ActivityDeps } from './deps.js';

export function createSystemActivities(deps: ActivityDeps) {
  return {
    async recordSystemCheck(input: { tenant: string; workflowId: string }) {
      return recordSystemCheck(await requireTenantDb(deps, input.tenant), input.workflowId);
    },
  };
}
