/**
 * The DocumentSigningWorkflow contract: its input and result, the updates and query the API sends
 * it and their request and answer types. Shared by the API (which starts and updates runs) and
 * the workflow (which implements them). Safe to import from workflow code.
 */
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { RoundDeadline, SignerSnapshot, SigningRound } from '../domain/documents/signing.js';
import type { ExistingRejection, ExistingSignature } from '../domain/documents/signing-checks.js';

export const DOCUMENT_SIGNING_WORKFLOW = 'documentSigningWorkflow';
export type DocumentSigningWorkflow = (input: DocumentSigningInput) => Promise<SigningResult>;

export interface DocumentSigningInput {
  tenant: string;
  documentId: string;
}

export interface BeginRequest {
  userId: string;
  /** Backend rule: only the creator starts signing. */
  creatorOnly: boolean;
  /** The round's deadline: as asked, the document type's default, or none (absent). */
  due?: RoundDeadline;
}

export interface SignRequest {
  userId: string;
}

export interface RejectRequest {
  userId: string;
  reason: string;
}

/** A signer's signature as the caller sees it (the same shape a retried request gets from the database). */
export type SignOutcome = ExistingSignature;

/** A signer's rejection (the same shape a repeated request gets from the database). */
export type RejectOutcome = ExistingRejection;

export type SigningPhase = 'new' | 'signing' | 'signed' | 'rejected' | 'not_started';

export interface SigningState {
  phase: SigningPhase;
  round: number;
  signers: SignerSnapshot[];
  officialNumber: string | null;
}

export interface SigningResult {
  documentId: string;
  phase: SigningPhase;
  officialNumber: string | null;
}

/** Refusal type for a signer who has already signed: the caller answers with that signature. */
export const ALREADY_SIGNED_TYPE = 'AlreadySigned';

export const beginSigningUpdate = defineUpdate<SigningRound, [BeginRequest]>('beginSigning');
export const signUpdate = defineUpdate<SignOutcome, [SignRequest]>('sign');
export const rejectUpdate = defineUpdate<RejectOutcome, [RejectRequest]>('reject');
export const signingStateQuery = defineQuery<SigningState>('signingState');
