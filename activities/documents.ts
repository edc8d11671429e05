/** Activities of DocumentSigningWorkflow: each wraps one idempotent domain step. */
import {
  assignOfficialNumber,
  beginSigning,
  officializeDocument,
  prepareSignature,
  recordSignature,
  rejectDocument,
} from '../domain/documents/signing.js';
import { signatureModeOf } from '../domain/signatures/modes.js';
import type {
  AuthorizationResult,
  Officialized,
  RecordedRejection,
  RoundDeadline,
  SignatureStepResult,
  SigningRound,
} from '../contract/document-signing.js';
import { asUser, type ActivityDeps } from './deps.js';
import { personalSigning } from './personal-signing.js';
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
  const signer = deps.config.signer;
  const personal = personalSigning(deps, signer, (officializes) =>
    levelFor(officializes, deps.config.signer.padesLevel),
  );
  return {
    async beginDocumentSigning(
      input: DocumentStep & { creatorOnly: boolean; runId: string; due?: RoundDeadline },
    ): Promise<SigningRound> {
      return asUser(deps, input.tenant, input.userId, (ctx) =>
        beginSigning(ctx, input.documentId, { creatorOnly: input.creatorOnly, runId: input.runId, due: input.due }),
      );
    },

    async assignOfficialNumber(input: RoundStep): Promise<string> {
      return asUser(deps, input.tenant, input.userId, (ctx) =>
        assignOfficialNumber(ctx, input.documentId, input.round),
      );
    },

    /**
     * One signature over the latest revision. With the seal: the signing service signs, the result
     * is stored. A signer who signs personally (never for `seal`, the documents the platform signs
     * itself): the signature is prepared and the signer sent a code, which `authorizePersonalSignature` takes.
     */
    async signDocumentRevision(
      input: RoundStep & { seal?: boolean; sendCode?: boolean },
    ): Promise<SignatureStepResult> {
      return asUser(deps, input.tenant, input.userId, async (ctx) => {
        const request = await prepareSignature(ctx, input.documentId, input.round);
        if (request.alreadySigned) return { signedAt: request.signedAt! };
        const level = levelFor(Boolean(request.stamp), deps.config.signer.padesLevel);
        if (!input.seal && (await ctx.db.transaction((trx) => signatureModeOf(trx, input.userId))) === 'personal') {
          return { authorization: await personal.request(ctx, input, request, { sendCode: input.sendCode !== false }) };
        }
        const signed = await signPdf(signer, {
          pdf: request.pdf!,
          fileName: request.fileName!,
          tenantId: ctx.tenant.schema,
          signer: request.signer!,
          ...(request.stamp ? { stamp: request.stamp } : {}),
          padesLevel: level,
        });
        const recorded = await recordSignature(ctx, input.documentId, {
          round: input.round,
          baseRevision: request.baseRevision!,
          pdf: signed,
        });
        return { signedAt: recorded.signedAt };
      });
    },

    /** A personal signature's code: the signature completed and recorded, or why not. */
    async authorizePersonalSignature(input: RoundStep & { code: string }): Promise<AuthorizationResult> {
      return asUser(deps, input.tenant, input.userId, (ctx) => personal.authorize(ctx, input, input.code));
    },

    async officializeDocument(input: RoundStep): Promise<Officialized> {
      return asUser(deps, input.tenant, input.userId, (ctx) => officializeDocument(ctx, input.documentId, input.round));
    },

    async rejectDocument(input: RoundStep & { reason: string }): Promise<RecordedRejection> {
      return asUser(deps, input.tenant, input.userId, (ctx) =>
        rejectDocument(ctx, input.documentId, input.round, input.reason),
      );
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
