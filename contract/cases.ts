/**
 * The contracts of CaseCreationWorkflow and ProvidenceWorkflow, and the signed system document
 * (CAEX cover, PV) both return. Safe to import from workflow code.
 */
import { defineUpdate } from '@temporalio/workflow';
import type { DeadlineRequest } from './deadline.js';

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

/** The template and owner sector a creation was checked against (the first step's answer, carried to the next). */
export interface ValidatedCaseRequest {
  templateId: string;
  templateName: string;
  templateAcronym: string;
  ownerSectorId: string;
  ownerSectorAcronym: string;
  ownerSectorName: string;
}

/** The case row a creation wrote (not yet visible). */
export interface CreatedCase {
  caseId: string;
  caseNumber: string;
  reference: string;
  /** ISO. */
  createdAt: string;
}

export interface CaseCreationResult {
  caseId: string;
  caseNumber: string;
  reference: string;
  status: 'active';
  createdAt: string;
  cover: SignedSystemDocument;
}

/**
 * A transfer or assignment as plain data, so a workflow can carry it: the movement with its PV is
 * recorded by ProvidenceWorkflow's first step, under an id the API chose before anything was written.
 * The sector, reason and user are as the caller sent them: the step that records them checks them.
 */
export interface MovementRequest {
  kind: 'transfer' | 'assign';
  caseId: string;
  targetSectorId: unknown;
  reason: unknown;
  assignedUserId?: unknown;
  /** true moves ownership; false only assigns a task to the target sector. */
  transferOwnership: boolean;
  bounded: boolean;
  /** "Retorno programado": the receiving sector's deadline. */
  due?: DeadlineRequest | null;
}

/** A recorded movement: the recordMovement update's answer. */
export interface MovementResult {
  movementId: string;
  movementType: 'transfer' | 'assignment';
  caseId: string;
  caseNumber: string;
  fromSector: { sector_id: string; acronym: string };
  toSector: { sector_id: string; acronym: string; name: string };
  assignedUserId: string | null;
  /** The movement's deadline (ISO), or null. */
  dueAt?: string | null;
  /** Movements whose deadlines this one ended (a transfer ends every open deadline of the case). */
  endedDeadlines?: string[];
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
