/**
 * The SignBatchWorkflow contract: one user signs many documents, each through its own signing
 * round (the `sign` update of DocumentSigningWorkflow, sent by an activity), with one outcome per
 * document and a progress query. Safe to import from workflow code.
 */
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { AuthorizationRequest } from './document-signing.js';

export const SIGN_BATCH_WORKFLOW = 'signBatchWorkflow';
export type SignBatchWorkflow = (input: SignBatchInput) => Promise<SignBatchProgress>;

/** At most this many documents per batch. */
export const SIGN_BATCH_MAX = 100;
/** Documents signed at the same time within one batch. */
export const SIGN_BATCH_CONCURRENCY = 2;

export interface SignBatchInput {
  tenant: string;
  userId: string;
  documentIds: string[];
}

/**
 * One document's answer: `signed` (a common signer's signature), `numbered` (the numerator's,
 * with the official number), `refused` (the HTTP status and message the single signature would
 * have answered), or `pending` while the batch has not reached it.
 */
export interface SignBatchOutcome {
  documentId: string;
  /** `awaiting_authorization`: a personal signature prepared, waiting for the batch's one code. */
  result: 'pending' | 'signed' | 'numbered' | 'refused' | 'awaiting_authorization';
  officialNumber: string | null;
  signedAt: string | null;
  status: number | null;
  message: string | null;
}

export interface SignBatchProgress {
  total: number;
  done: number;
  finished: boolean;
  outcomes: SignBatchOutcome[];
  /** A personal signer's batch waiting for the one code that authorises all its signatures (absent otherwise). */
  authorization?: (AuthorizationRequest & { documents: number; wrongCodes: number }) | null;
}

/** What a batch's personal signatures need: the documents prepared for the user, in their current rounds. */
export interface BatchAuthorizationInput {
  tenant: string;
  userId: string;
  documentIds: string[];
}

/** Answers once the batch finished or waits for a personal signer's code (whichever comes first). */
export const batchSettledUpdate = defineUpdate<SignBatchProgress>('settled');

/** The code for a personal signer's batch: one authorisation (CSC numSignatures) for all its prepared signatures. */
export const authorizeBatchUpdate = defineUpdate<SignBatchProgress, [{ code: string }]>('authorizeBatch');

export interface SignBatchDocumentInput {
  tenant: string;
  userId: string;
  documentId: string;
  /** The batch's workflow id: with the document id, the `sign` update's id, so a retried activity attaches to its own update. */
  batchId: string;
}

export const signBatchProgressQuery = defineQuery<SignBatchProgress>('signBatchProgress');

export const pendingOutcome = (documentId: string): SignBatchOutcome => ({
  documentId,
  result: 'pending',
  officialNumber: null,
  signedAt: null,
  status: null,
  message: null,
});

/** `sign-batch/<tenant>/<user id>/<idempotency key>`: keys are scoped to the user who sends them. */
export const signBatchWorkflowId = (tenant: string, userId: string, key: string) =>
  `sign-batch/${tenant}/${userId}/${key}`;
