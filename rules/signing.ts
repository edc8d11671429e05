/**
 * The signing rules of a document's round, defined once for every layer: who may sign now (the
 * numerator only after every common signer), what a repeated request answers, and that a
 * rejection needs a reason. Pure: imports only rules/, no I/O, clock or randomness, so workflow
 * code, the domain, the APIs and the pending lists decide with the same functions.
 */
import { SIGNING_REFUSALS } from './signing-refusals.js';

export type DocumentStatus = 'draft' | 'sent_to_sign' | 'signed' | 'rejected';
export type SignerStatus = 'pending' | 'signed' | 'rejected';

/** A signer as every layer holds one (the workflow's snapshot as is; the domain maps its rows). */
export interface RoundSigner {
  userId: string;
  isNumerator: boolean;
  status: SignerStatus;
  signedAt?: string | null;
}

/** A round as the database or the workflow holds it. */
export interface RoundView {
  status: DocumentStatus;
  officialNumber: string | null;
  signers: readonly RoundSigner[];
}

/** All "may sign now" needs; what one list row has (the document's status, my signer row, unsigned commons). */
export interface TurnFacts {
  status: DocumentStatus;
  /** null: the user is not a signer. */
  me: { isNumerator: boolean; status: SignerStatus } | null;
  /** Common (non-numerator) signers who have not signed. */
  pendingCommons: number;
}

/** A refusal as data; each layer raises it its own way (AppError, appFailure). */
export interface Refusal {
  status: 400 | 403 | 409;
  message: string;
}

// Turns (who may sign now, the numerator last)

/** Common signers who have not signed yet. */
export function pendingCommons(signers: readonly RoundSigner[]): number {
  return signers.filter((s) => !s.isNumerator && s.status !== 'signed').length;
}

/** The facts of `userId` in a whole round. */
export function turnFacts(round: RoundView, userId: string): TurnFacts {
  const me = round.signers.find((s) => s.userId === userId);
  return {
    status: round.status,
    me: me ? { isNumerator: me.isNumerator, status: me.status } : null,
    pendingCommons: pendingCommons(round.signers),
  };
}

/** The round is open, the user a pending signer, and a numerator only once every common signer signed. */
export function maySignNow(facts: TurnFacts): boolean {
  return (
    facts.status === 'sent_to_sign' &&
    facts.me?.status === 'pending' &&
    (!facts.me.isNumerator || facts.pendingCommons === 0)
  );
}

/** Whose turn it is: the pending common signers, else the pending numerator; nobody's once all signed. */
export function whoseTurn(signers: readonly RoundSigner[]): string[] {
  const commons = signers.filter((s) => !s.isNumerator && s.status === 'pending');
  return (commons.length ? commons : signers.filter((s) => s.isNumerator && s.status === 'pending')).map(
    (s) => s.userId,
  );
}

/** The round's last step, officializing, comes once every signer (the numerator last) has signed. */
export function everyoneSigned(signers: readonly RoundSigner[]): boolean {
  return signers.every((s) => s.status === 'signed');
}

// A sign (or authorize) request

export type Decision = { kind: 'proceed' } | { kind: 'repeat' } | { kind: 'refuse'; refusal: Refusal };

/**
 * The user's signature is complete, so a sign request repeats it. A numerator's signature is
 * complete only once the document is official: until then its repeat waits for the number.
 */
export function signatureComplete(round: RoundView, userId: string): boolean {
  const me = round.signers.find((s) => s.userId === userId);
  if (me?.status !== 'signed') return false;
  return round.status === 'signed' || (round.status === 'sent_to_sign' && !me.isNumerator);
}

/**
 * A sign request's decision; `completing`: the user's signature is made but not complete (the
 * numerator's, while the document is officialized), so only the round's workflow can answer it.
 */
export type SignDecision = Decision | { kind: 'completing' };

/** Order: 403 not a signer → repeat → completing → 409 round not open or not the user's turn. */
export function signDecision(round: RoundView, userId: string): SignDecision {
  const facts = turnFacts(round, userId);
  if (!facts.me) return refuse(403, SIGNING_REFUSALS.notAuthorizedToSign);
  if (signatureComplete(round, userId)) return { kind: 'repeat' };
  if (facts.status === 'sent_to_sign' && facts.me.status === 'signed') return { kind: 'completing' };
  if (!maySignNow(facts)) return refuse(409, SIGNING_REFUSALS.notSignable);
  return { kind: 'proceed' };
}

/** What a signature's request answers (the first time and on every repeat). */
export interface SignatureAnswer {
  documentId: string;
  status: 'sent_to_sign' | 'signed';
  isNumerator: boolean;
  officialNumber: string | null;
  signedAt: string;
}

/** The answer for `userId`'s signature in `round` (a signed signer: the caller checked). */
export function signatureAnswer(documentId: string, round: RoundView, userId: string): SignatureAnswer {
  const me = round.signers.find((s) => s.userId === userId)!;
  return {
    documentId,
    status: round.status === 'signed' ? 'signed' : 'sent_to_sign',
    isNumerator: me.isNumerator,
    officialNumber: me.isNumerator ? round.officialNumber : null,
    signedAt: me.signedAt!,
  };
}

// A reject request

/** What a rejection's request answers (the first time and on every repeat). */
export interface RejectionAnswer {
  documentId: string;
  status: 'rejected';
  rejectedBy: string;
  reason: string;
  rejectedAt: string;
}

/** A reason as it is stored and compared: trimmed. */
export function rejectionReason(reason: string | null | undefined): string {
  return typeof reason === 'string' ? reason.trim() : '';
}

/** A rejection needs a reason: a missing or blank one is refused with 400. */
export function rejectionRefusal(reason: unknown): Refusal | undefined {
  return typeof reason === 'string' && reason.trim()
    ? undefined
    : { status: 400, message: SIGNING_REFUSALS.reasonRequired };
}

/** The same signer with the same (trimmed) reason repeats a rejection. */
export function repeatsRejection(
  existing: { rejectedBy: string; reason: string } | null | undefined,
  request: { userId: string; reason?: string | null },
): boolean {
  return (
    existing != null && existing.rejectedBy === request.userId && existing.reason === rejectionReason(request.reason)
  );
}

/** Order: 400 no reason → 403 not a signer → repeat → 409 round not open. */
export function rejectDecision(
  round: RoundView & { rejection: { rejectedBy: string; reason: string } | null | undefined },
  request: { userId: string; reason?: string | null },
): Decision {
  const refusal = rejectionRefusal(request.reason);
  if (refusal) return { kind: 'refuse', refusal };
  if (!round.signers.some((s) => s.userId === request.userId)) return refuse(403, SIGNING_REFUSALS.notAuthorizedToSign);
  if (repeatsRejection(round.rejection, request)) return { kind: 'repeat' };
  if (round.status !== 'sent_to_sign') return refuse(409, SIGNING_REFUSALS.notRejectable);
  return { kind: 'proceed' };
}

function refuse(status: Refusal['status'], message: string): { kind: 'refuse'; refusal: Refusal } {
  return { kind: 'refuse', refusal: { status, message } };
}
