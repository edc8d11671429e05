/**
 * Activities of the archive time-stamp renewal: each wraps one idempotent step of
 * domain/archive. Only the call to the signing service leaves the database.
 */
import { listTenants } from '../db/control.js';
import { tenantDb } from '../db/tenancy.js';
import { documentsDueForRenewal, examineOfficialDocuments, recordRenewal, renewalCandidate, type ArchiveScope } from '../domain/archive/renewal.js';
import { requireTenant, type ActivityDeps } from './deps.js';
import { timestampPdf } from './signing-service.js';

export function createArchiveActivities(deps: ActivityDeps) {
  const signer = { url: deps.config.signer.url, apiKey: deps.config.signer.apiKey };
  const scope = async (schema: string): Promise<ArchiveScope> => {
    const tenant = await requireTenant(deps, schema);
    return { tenant, db: tenantDb(deps.db, tenant), storage: deps.services.storage };
  };
  const windowOf = (days: number | undefined) => days ?? deps.config.archive.renewalWindowDays;
  return {
    async listTenantSchemas(): Promise<string[]> {
      return (await listTenants(deps.db)).map((t) => t.schema);
    },
    /** Records the archive horizon of up to `limit` official documents not examined yet; 0 when none are left. */
    async examineOfficialDocuments(input: { tenant: string; limit: number }): Promise<number> {
      return examineOfficialDocuments(await scope(input.tenant), input.limit);
    },
    async documentsDueForRenewal(input: { tenant: string; windowDays?: number; documentIds?: string[]; limit: number; skip: string[]; renewedSince: string }): Promise<string[]> {
      return documentsDueForRenewal(await scope(input.tenant), {
        now: new Date(), windowDays: windowOf(input.windowDays), limit: input.limit, skip: input.skip, renewedSince: new Date(input.renewedSince),
        ...(input.documentIds ? { only: input.documentIds } : {}),
      });
    },
    /**
     * One more document time-stamp over the newest official revision, stored as the next one.
     * Nothing is done when the document is no longer due (a repeat after a crash).
     */
    async renewArchiveTimestamp(input: { tenant: string; documentId: string; windowDays?: number }): Promise<{ renewed: boolean; revision?: number; validUntil?: string | null }> {
      const s = await scope(input.tenant);
      const candidate = await renewalCandidate(s, input.documentId, { now: new Date(), windowDays: windowOf(input.windowDays) });
      if (!candidate) return { renewed: false };
      const renewed = await timestampPdf(signer, candidate.pdf, `${input.documentId}.pdf`);
      const outcome = await recordRenewal(s, candidate, renewed);
      return { renewed: outcome.stored, revision: outcome.revision, validUntil: outcome.validUntil };
    },
  };
}
