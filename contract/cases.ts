/**
 * The contracts of CaseCreationWorkflow and ProvidenceWorkflow, and the signed system document
 * (CAEX cover, PV) both return. Safe to import from workflow code.
 */
import { defineUpdate } from '@temporalio/workflow';
import type { MovementRequest, MovementResult } from '../domain/cases/movements.js';

export const CASE_CREATION_WORKFLOW = 'caseCreationWorkflow';
export type CaseCreationWorkflow = (input: CaseCreationInput) => Promise<CaseCreationResult>;
export const PROVIDENCE_WORKFLOW = 'providenceWorkflow';
export type ProvidenceWorkflow = (input: ProvidenceInput) => Promise<SignedSystemDocument>;

export interface SignedSystemDocument {
  documentId: string;
  officialNumber: string;
  signedAt: string;
}

export interface CaseCreationInput {
  tenant: string;
  userId: string;
  key: string;
  templateId: string;
  reference: string;
  ownerSectorId: string | null;
}

export interface CaseCreationResult {
  caseId: string;
  caseNumber: string;
  reference: string;
  status: 'active';
  createdAt: string;
  cover: SignedSystemDocument;
}

export interface ProvidenceInput {
  tenant: string;
  userId: string;
  movementId: string;
  /**
   * The movement to record first (the API sends it with the start, so the movement and its PV are
   * one durable operation); absent, the movement is already recorded.
   */
  movement?: MovementRequest;
}

/** Sent with the start: answers the recorded movement, or its refusal (403, 400, 404). */
export const recordMovementUpdate = defineUpdate<MovementResult>('recordMovement');
