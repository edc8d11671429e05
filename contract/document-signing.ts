/**
 * The DocumentSigningWorkflow contract: its input and result, the updates and query the API sends
 * it and their request and answer types. Shared by the API (which starts and updates runs) and
 * the workflow (which implements them). Safe to import from workflow code.
 */
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { DeadlineRequest } from './deadline.js';

export const DOCUMENT_SIGNING_WORKFLOW = 'documentSigningWorkflow';
export type DocumentSigningWorkflow = (input: DocumentSigningInput) => Promise<SigningResult>;

export interface DocumentSigningInput {
  tenant: string;
  documentId: string;
}

/**
 * A round's deadline as a start asks for it: a request, the document type's default in business
 * days, or none (null or absent: documents the platform signs itself, rounds begun before deadlines).
 */
export type RoundDeadline = DeadlineRequest | 'type_default' | null | undefined;

export type SignerStatus = 'pending' | 'signed' | 'rejected';

/** A signer as the round sees them. */
export interface SignerSnapshot {
  userId: string;
  fullName: string;
  isNumerator: boolean;
  status: SignerStatus;
  /** ISO, or null while not signed. */
  signedAt: string | null;
}

/** The round a start began (or found already begun): the beginSigning update's answer. */
export interface SigningRound {
  documentId: string;
  round: number;
  documentType: string;
  reference: string;
  officialNumber: string | null;
  /** ISO. */
  sentToSignAt: string;
  signers: SignerSnapshot[];
  /** The round's deadline (ISO), or null; absent in rounds begun before deadlines existed. */
  dueAt?: string | null;
}

/** A signer's signature as the caller sees it (the same shape a retried request gets from the database). */
export interface ExistingSignature {
  documentId: string;
  status: 'sent_to_sign' | 'signed';
  isNumerator: boolean;
  /** The number the numerator's signature gave the document; null for the other signers. */
  officialNumber: string | null;
  /** ISO. */
  signedAt: string;
}

/** A signer's rejection as the caller sees it (the same shape a repeated request gets from the database). */
export interface ExistingRejection {
  documentId: string;
  status: 'rejected';
  rejectedBy: string;
  reason: string;
  /** ISO. */
  rejectedAt: string;
}

/** What the officializing step recorded once every signer signed. */
export interface Officialized {
  officialNumber: string;
  /** ISO. */
  signedAt: string;
  /** Storage key of the official file. */
  officialKey: string;
}

/** What the rejecting step recorded (the workflow answers it as an ExistingRejection). */
export interface RecordedRejection {
  rejectedBy: string;
  reason: string;
  /** ISO. */
  rejectedAt: string;
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
  /** false: a personal signature is prepared without sending a code (a batch asks one code for all its documents). */
  sendCode?: boolean;
}

export interface RejectRequest {
  userId: string;
  reason: string;
}

/** How a personal signature's signer authorises it: a code e-mailed to them, or their authenticator app. */
export type AuthorizationMethod = 'otp-email' | 'totp';

/** A personal signature prepared and waiting for its signer's code. */
export interface AuthorizationRequest {
  method: AuthorizationMethod;
  /** When the code stops being accepted (ISO). */
  expiresAt: string;
}

/** What the step given the code found: the signature made, or why not. */
export type AuthorizationResult =
  | { signedAt: string }
  | { refused: 'wrong_code' | 'expired' | 'no_code' }
  /** The document gained a signature meanwhile: a new code was sent for the latest revision. */
  | { renewed: AuthorizationRequest };

/** The signature step's answer: signed (the seal), or a personal signature waiting for its code. */
export type SignatureStepResult = { signedAt: string } | { authorization: AuthorizationRequest };

/** A personal signature waiting for its signer's code, as the caller sees it. */
export interface AuthorizationPending {
  documentId: string;
  status: 'sent_to_sign';
  isNumerator: boolean;
  officialNumber: null;
  authorization: AuthorizationRequest;
}

/** A signer's signature as the caller sees it (the same shape a retried request gets from the database), or its pending authorisation. */
export type SignOutcome = ExistingSignature | AuthorizationPending;

export interface AuthorizeRequest {
  userId: string;
  code: string;
}

/** A signer's rejection. */
export type RejectOutcome = ExistingRejection;

export type SigningPhase = 'new' | 'signing' | 'signed' | 'rejected' | 'not_started';

export interface SigningState {
  phase: SigningPhase;
  round: number;
  signers: SignerSnapshot[];
  officialNumber: string | null;
  /** Personal signatures waiting for their signer's code, by user ID (absent in older runs). */
  awaitingAuthorization?: Record<string, AuthorizationRequest & { wrongCodes: number }>;
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
/** The signer's code for their pending personal signature; answers the signature once made. */
export const authorizeSignatureUpdate = defineUpdate<ExistingSignature, [AuthorizeRequest]>('authorizeSignature');
export const rejectUpdate = defineUpdate<RejectOutcome, [RejectRequest]>('reject');
export const signingStateQuery = defineQuery<SigningState>('signingState');
