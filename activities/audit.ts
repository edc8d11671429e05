/** The audit anchor's step: time-stamp one municipality's chain head through the signing service. */
import type { AnchorOutcome } from '../contract/audit-anchor.js';
import { anchorChain } from '../domain/audit/anchors.js';
import { requireTenantDb, type ActivityDeps } from './deps.js';
import { timestampDigest } from './signing-service.js';

export function createAuditActivities(deps: ActivityDeps) {
  const signer = deps.config.signer;
  return {
    async anchorAuditChain(input: { tenant: string }): Promise<AnchorOutcome> {
      return anchorChain(await requireTenantDb(deps, input.tenant), (hash) => timestampDigest(signer, hash));
    },
  };
}
