/** Activities of CaseCreationWorkflow and ProvidenceWorkflow: each wraps one idempotent domain step. */
import {
  createCaseRecord,
  createCoverDraft,
  createProvidenceDraft,
  discardCase,
  finishCase,
  validateCaseRequest,
} from '../domain/cases/creation.js';
import { recordMovement } from '../domain/cases/movements.js';
import { discardSystemDocument } from '../domain/documents/drafts.js';
import type { CreatedCase, MovementRequest, MovementResult, ValidatedCaseRequest } from '../contract/cases.js';
import { asUser, type ActivityDeps } from './deps.js';

export interface CaseStep {
  tenant: string;
  userId: string;
}

export function createCaseActivities(deps: ActivityDeps) {
  return {
    async validateCaseRequest(
      input: CaseStep & { templateId: string; reference: string; ownerSectorId: string | null },
    ): Promise<ValidatedCaseRequest> {
      return asUser(deps, input.tenant, input.userId, (ctx) =>
        validateCaseRequest(ctx, {
          templateId: input.templateId,
          reference: input.reference,
          ownerSectorId: input.ownerSectorId,
        }),
      );
    },
    async createCaseRecord(
      input: CaseStep & { key: string; reference: string; valid: ValidatedCaseRequest },
    ): Promise<CreatedCase> {
      return asUser(deps, input.tenant, input.userId, (ctx) =>
        createCaseRecord(ctx, input.key, input.reference, input.valid),
      );
    },
    async createCaseCover(input: CaseStep & { created: CreatedCase; valid: ValidatedCaseRequest }): Promise<string> {
      return asUser(deps, input.tenant, input.userId, (ctx) => createCoverDraft(ctx, input.created, input.valid));
    },
    async finishCase(input: CaseStep & { caseId: string }): Promise<void> {
      return asUser(deps, input.tenant, input.userId, (ctx) => finishCase(ctx, input.caseId));
    },
    async discardCase(input: CaseStep & { key: string }): Promise<void> {
      return asUser(deps, input.tenant, input.userId, (ctx) => discardCase(ctx, input.key));
    },
    async recordCaseMovement(
      input: CaseStep & { movementId: string; movement: MovementRequest },
    ): Promise<MovementResult> {
      return asUser(deps, input.tenant, input.userId, (ctx) => recordMovement(ctx, input.movementId, input.movement));
    },
    async createProvidenceDraft(input: CaseStep & { movementId: string }): Promise<string> {
      return asUser(deps, input.tenant, input.userId, (ctx) => createProvidenceDraft(ctx, input.movementId));
    },
    async discardSystemDocument(input: CaseStep & { documentId: string }): Promise<void> {
      return asUser(deps, input.tenant, input.userId, (ctx) => discardSystemDocument(ctx, input.documentId));
    },
  };
}
