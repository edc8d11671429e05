/** CaseFileWorkflow's steps: what to do, foliating one case, signing one index version with the seal. */
import { Context } from '@temporalio/activity';
import { casesToFoliate, foliateCase } from '../domain/case-file/foliation.js';
import {
  indexSigningRequest,
  recordIndexSignature,
  sealSigner,
  unsignedVersions,
} from '../domain/case-file/signing.js';
import type { Foliation, UnsignedIndexVersion } from '../contract/case-file.js';
import { requireTenantDb, type ActivityDeps } from './deps.js';
import { signPdf } from './signing-service.js';

export function createCaseFileActivities(deps: ActivityDeps) {
  const signer = deps.config.signer;
  return {
    async casesToFoliate(input: { tenant: string; limit: number }): Promise<string[]> {
      return casesToFoliate(await requireTenantDb(deps, input.tenant), input.limit);
    },

    async unsignedIndexVersions(input: { tenant: string; limit: number }): Promise<UnsignedIndexVersion[]> {
      return unsignedVersions(await requireTenantDb(deps, input.tenant), input.limit);
    },

    async foliateCaseFile(input: { tenant: string; caseId: string }): Promise<Foliation> {
      return foliateCase({ db: await requireTenantDb(deps, input.tenant), services: deps.services }, input.caseId, () =>
        Context.current().heartbeat(),
      );
    },

    /** Renders the version, has the signing service seal it (the configured level, B-LTA) and stores it; a signed version is left alone. */
    async signIndexVersion(input: {
      tenant: string;
      caseId: string;
      version: number;
    }): Promise<{ signedAt: string | null }> {
      const ctx = { db: await requireTenantDb(deps, input.tenant), services: deps.services };
      const request = await indexSigningRequest(ctx, input.caseId, input.version);
      if (request.alreadySigned) return { signedAt: null };
      Context.current().heartbeat();
      const signed = await signPdf(signer, {
        pdf: request.pdf,
        fileName: request.fileName,
        tenantId: ctx.db.tenant.schema,
        signer: sealSigner(ctx.db),
        padesLevel: deps.config.signer.padesLevel,
      });
      return recordIndexSignature(ctx, input.caseId, input.version, signed);
    },
  };
}
