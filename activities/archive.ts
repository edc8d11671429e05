/**
 * Activities of the archive time-stamp renewal: each wraps one idempotent step of
 * domain/archive. Only the calls to the signing service leave the database.
 */
import { ApplicationFailure } from '@temporalio/common';
import { listTenants } from '../db/control.js';
import { tenantDb } from '../db/tenancy.js';
import { currentGeneration } from '../domain/archive/generation.js';
import { archiveHorizon, improves, type ArchiveHorizon } from '../domain/archive/horizon.js';
import {
  documentsDueForRenewal,
  examineOfficialDocuments,
  recordRenewal,
  renewalCandidate,
  type ArchiveScope,
} from '../domain/archive/renewal.js';
import { requireTenant, type ActivityDeps } from './deps.js';
import { timestampPdf } from './signing-service.js';

/**
 * How long a worker reuses what the authority's time-stamps hold (one probe for every tenant of
 * a daily run). A new authority certificate is seen at most this much later.
 */
export const GENERATION_REUSE_MS = 10 * 60 * 1000;

export function createArchiveActivities(deps: ActivityDeps) {
  const signer = deps.config.signer;
  const scope = async (schema: string): Promise<ArchiveScope> => {
    const tenant = await requireTenant(deps, schema);
    return { tenant, db: tenantDb(deps.db, tenant), storage: deps.services.storage };
  };
  const windowOf = (days: number | undefined) => days ?? deps.config.archive.renewalWindowDays;
  let generation: { value: Promise<ArchiveHorizon>; until: number } | undefined;
  const timestampGeneration = (): Promise<ArchiveHorizon> => {
    if (generation && generation.until > Date.now()) return generation.value;
    const entry = {
      value: currentGeneration((pdf, name) => timestampPdf(signer, pdf, name)),
      until: Date.now() + GENERATION_REUSE_MS,
    };
    entry.value.catch(() => generation === entry && (generation = undefined));
    generation = entry;
    return entry.value;
  };
  return {
    async listTenantSchemas(): Promise<string[]> {
      return (await listTenants(deps.db)).map((t) => t.schema);
    },
    /** Records the archive horizon of up to `limit` official documents not examined yet; 0 when none are left. */
    async examineOfficialDocuments(input: { tenant: string; limit: number }): Promise<number> {
      return examineOfficialDocuments(await scope(input.tenant), input.limit);
    },
    /**
     * Documents due whose time-stamp a renewal now improves on (once per time-stamp generation):
     * when any is inside the window, the signing service's authority is asked what its time-stamps
     * hold, and those it would not extend are left for its next certificate.
     */
    async documentsDueForRenewal(input: {
      tenant: string;
      windowDays?: number;
      documentIds?: string[];
      limit: number;
      skip: string[];
      renewedSince: string;
    }): Promise<string[]> {
      const s = await scope(input.tenant);
      const opts = {
        now: new Date(),
        windowDays: windowOf(input.windowDays),
        limit: input.limit,
        skip: input.skip,
        renewedSince: new Date(input.renewedSince),
        ...(input.documentIds ? { only: input.documentIds } : {}),
      };
      const inWindow = await documentsDueForRenewal(s, { ...opts, limit: 1 });
      if (inWindow.length === 0) return [];
      const next = await timestampGeneration();
      const due = await documentsDueForRenewal(s, { ...opts, improvableBy: next });
      if (due.length === 0) {
        deps.log.warn(
          'archive renewal: documents inside the window wait for a time-stamp authority certificate that holds longer',
          {
            tenant: input.tenant,
            authorityValidUntil: next.validUntil?.toISOString() ?? null,
            digest: next.digest,
          },
        );
      }
      return due;
    },
    /**
     * One more document time-stamp over the newest official revision, stored as the next one.
     * Nothing is done when the document is no longer due (a repeat after a crash); a new
     * time-stamp that holds no longer than the one it has (same authority certificate) is not
     * stored, and the step fails for good so the run skips the document.
     */
    async renewArchiveTimestamp(input: {
      tenant: string;
      documentId: string;
      windowDays?: number;
    }): Promise<{ renewed: boolean; revision?: number; validUntil?: string | null }> {
      const s = await scope(input.tenant);
      const candidate = await renewalCandidate(s, input.documentId, {
        now: new Date(),
        windowDays: windowOf(input.windowDays),
      });
      if (!candidate) return { renewed: false };
      const renewed = await timestampPdf(signer, candidate.pdf, `${input.documentId}.pdf`);
      const next = archiveHorizon(renewed);
      if (!improves(next, candidate.horizon)) {
        // The authority answered with another certificate than the probe's: ask it again next time,
        // and leave this document out of the run (it would otherwise stay due and be sent again).
        generation = undefined;
        throw ApplicationFailure.nonRetryable(
          `the new time-stamp of ${input.documentId} holds no longer than its newest one (until ${next.validUntil?.toISOString() ?? 'unknown'}); nothing was stored`,
          'ArchiveRenewalNotImproved',
        );
      }
      const outcome = await recordRenewal(s, candidate, renewed);
      return { renewed: outcome.stored, revision: outcome.revision, validUntil: outcome.validUntil };
    },
  };
}
