/** Activities of DocumentSigningWorkflow: each wraps one idempotent domain step. */
import {
  assignOfficialNumber, beginSigning, officializeDocument, prepareSignature, recordSignature, rejectDocument, type RoundDeadline,
} from '../domain/documents/signing.js';
import { asUser, type ActivityDeps } from './deps.js';
import { signPdf } from './signing-service.js';
import type { PadesLevel } from '../config/index.js';

export interface DocumentStep {
  tenant: string;
  documentId: string;
  userId: string;
}

export interface RoundStep extends DocumentStep {
  round: number;
}

export function createDocumentActivities(deps: ActivityDeps) {
  const signer = { url: deps.config.signer.url, apiKey: deps.config.signer.apiKey };
  return {
    async beginDocumentSigning(input: DocumentStep & { creatorOnly: boolean; runId: string; due?: RoundDeadline }) {
      return asUser(deps, input.tenant, input.userId, (ctx) =>
        beginSigning(ctx, input.documentId, { creatorOnly: input.creatorOnly, runId: input.runId, due: input.due }),
      );
    },

    async assignOfficialNumber(input: RoundStep) {
      return asUser(deps, input.tenant, input.userId, (ctx) => assignOfficialNumber(ctx, input.documentId, input.round));
    },

    /** One signature: the latest revision goes to the signing service, the result is stored. */
    async signDocumentRevision(input: RoundStep) {
      return asUser(deps, input.tenant, input.userId, async (ctx) => {
        const request = await prepareSignature(ctx, input.documentId, input.round);
        if (request.alreadySigned) return { signedAt: request.signedAt! };
        const signed = await signPdf(signer, {
          pdf: request.pdf!,
          fileName: request.fileName!,
          tenantId: ctx.tenant.schema,
          signer: request.signer!,
          ...(request.stamp ? { stamp: request.stamp } : {}),
          padesLevel: levelFor(Boolean(request.stamp), deps.config.signer.padesLevel),
        });
        const recorded = await recordSignature(ctx, input.documentId, { round: input.round, baseRevision: request.baseRevision!, pdf: signed });
        return { signedAt: recorded.signedAt };
      });
    },

    async officializeDocument(input: RoundStep) {
      return asUser(deps, input.tenant, input.userId, (ctx) => officializeDocument(ctx, input.documentId, input.round));
    },

    async rejectDocument(input: RoundStep & { reason: string }) {
      return asUser(deps, input.tenant, input.userId, (ctx) => rejectDocument(ctx, input.documentId, input.round, input.reason));
    },
  };
}

/**
 * The signature that officializes (the one stamped with the number) gets the configured level; the
 * round's earlier signatures add only their own validation data (B-LT): one archive time-stamp at
 * the end covers them all.
 */
function levelFor(officializes: boolean, official: PadesLevel): PadesLevel {
  if (officializes || official === 'B-T') return official;
  return 'B-LT';
}
