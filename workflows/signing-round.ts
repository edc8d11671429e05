/**
 * A document's signing round as its workflow holds it, in the manner of Temporal's
 * safe-message-handlers sample: the state the query answers, and one decision per request (by the
 * signing rules) that an update's validator and its handler both use, so they cannot disagree.
 * Workflow code: values only from rules/, contract/ and the workflow SDK.
 */
import { ApplicationFailure } from '@temporalio/workflow';
import {
  ALREADY_SIGNED_TYPE,
  type RejectOutcome,
  type RejectRequest,
  type SignerSnapshot,
  type SigningState,
} from '../contract/document-signing.js';
import { appFailure } from '../contract/failures.js';
import {
  rejectDecision,
  signatureAnswer,
  signDecision,
  whoseTurn,
  type Refusal,
  type RoundView,
  type SignatureAnswer,
} from '../rules/signing.js';

/** The document's status in each phase of the run, for the signing rules. */
const STATUS_OF_PHASE: Record<SigningState['phase'], RoundView['status']> = {
  new: 'draft',
  not_started: 'draft',
  signing: 'sent_to_sign',
  signed: 'signed',
  rejected: 'rejected',
};

/** A refusal of the signing rules as the workflow's failure (a validator's or a handler's). */
function failureOf(refusal: Refusal): ApplicationFailure {
  return appFailure(refusal.status, refusal.message);
}

export class SigningRoundState {
  /** What signingStateQuery answers. */
  readonly state: SigningState = { phase: 'new', round: 0, signers: [], officialNumber: null };
  /** The round's rejection, once rejected: its repeats answer it. */
  rejection: RejectOutcome | undefined;

  constructor(readonly documentId: string) {}

  signer(userId: string): SignerSnapshot | undefined {
    return this.state.signers.find((s) => s.userId === userId);
  }

  /** The round as the signing rules read it. */
  view(): RoundView {
    return {
      status: STATUS_OF_PHASE[this.state.phase],
      officialNumber: this.state.officialNumber,
      signers: this.state.signers,
    };
  }

  /** What `userId`'s signature answers (the first time and on every repeat). */
  answerOf(userId: string): SignatureAnswer {
    return signatureAnswer(this.documentId, this.view(), userId);
  }

  /**
   * A sign or authorize request: the answer of the signature it repeats (the numerator's state is
   * marked signed only once official, so its repeat answers the official document), a thrown
   * refusal, or undefined to go on.
   */
  signRequest(request: { userId: string }): SignatureAnswer | undefined {
    const decision = signDecision(this.view(), request.userId);
    if (decision.kind === 'refuse') throw failureOf(decision.refusal);
    return decision.kind === 'proceed' ? undefined : this.answerOf(request.userId);
  }

  /** The validators' form: a repeat is the AlreadySigned failure, which the API answers from the database. */
  refuseSign(request: { userId: string }): void {
    if (this.signRequest(request)) {
      throw ApplicationFailure.create({
        type: ALREADY_SIGNED_TYPE,
        message: 'El usuario ya firmó este documento',
        nonRetryable: true,
      });
    }
  }

  /** A reject request: the rejection it repeats, a thrown refusal, or undefined to go on. */
  rejectRequest(request: RejectRequest): RejectOutcome | undefined {
    const decision = rejectDecision({ ...this.view(), rejection: this.rejection }, request);
    if (decision.kind === 'refuse') throw failureOf(decision.refusal);
    return decision.kind === 'repeat' ? this.rejection : undefined;
  }

  /** Whose turn it is now (the round's first notice, and the numerator's once the others signed). */
  turn(): string[] {
    return whoseTurn(this.state.signers);
  }
}
