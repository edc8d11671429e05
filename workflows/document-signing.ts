/**
 * DocumentSigningWorkflow: one run per signing round of a document
 * (ID `document-signing/<tenant>/<document id>`).
 *
 * - `beginSigning` (update, sent with the start): validates, renders the final PDF, moves the
 *   document to sent_to_sign. If it fails the run ends, leaving the ID free for the next attempt.
 * - `sign` (update): a pending signer's signature. The validator refuses non-signers, the
 *   numerator before every common signer has signed, and a signer who already signed. The
 *   numerator's update allocates the official number, signs with it stamped and officializes.
 *   A signer who signs personally (a certificate of their own at a remote signing service) gets
 *   their signature prepared and a code instead, and the update answers that it awaits the code.
 * - `authorizeSignature` (update): that signer's code. It completes the signature (and, for the
 *   numerator, officializes). A code is good for 5 minutes; three wrong codes cancel that attempt
 *   (never the round): signing again sends a new code.
 * - `reject` (update): any signer, with a reason; ends the run.
 * A repeated update (a client retrying, possibly while the first is still running) gets the answer
 * of the one it repeats: the signer's signature, the round begun, the same rejection.
 * Handlers take turns (each signature builds on the previous revision), and every step is an
 * idempotent activity, so a retried activity or a restarted worker never signs twice.
 */
import {
  allHandlersFinished,
  condition,
  getExternalWorkflowHandle,
  log,
  patched,
  setHandler,
  startChild,
  upsertSearchAttributes,
  workflowInfo,
  ParentClosePolicy,
} from '@temporalio/workflow';
import {
  authorizeSignatureUpdate,
  beginSigningUpdate,
  rejectUpdate,
  signingStateQuery,
  signUpdate,
  type AuthorizationRequest,
  type DocumentSigningInput,
  type ExistingSignature,
  type RejectOutcome,
  type SignatureStepResult,
  type SignerSnapshot,
  type SigningResult,
  type SigningRound,
  type SignOutcome,
} from '../contract/document-signing.js';
import { appFailure, AUTHORIZATION_REFUSALS, MAX_WRONG_CODES, SIGNING_REFUSALS } from '../contract/failures.js';
import { workflowIds } from '../contract/ids.js';
import type { SigningEvent } from '../contract/notifications.js';
import { DOCUMENT_ID, DOCUMENT_TYPE, STATUS, TENANT } from '../contract/search-attributes.js';
import { deadlineWorkflow } from './deadline.js';
import { signingSteps as signing, steps } from './activity-options.js';
import { Mutex } from './mutex.js';
import { numberRound } from './signing-steps.js';
import { SigningRoundState } from './signing-round.js';

export async function documentSigningWorkflow(input: DocumentSigningInput): Promise<SigningResult> {
  const { tenant, documentId } = input;
  // Runs begun before e-mail notifications replay without them.
  const notify = patched('signing-notifications');
  /** E-mail notices of the round, handed to the users' NotificationWorkflows by the main loop. */
  const notices: SigningEvent[] = [];
  const roundState = new SigningRoundState(documentId);
  const state = roundState.state;
  const lock = new Mutex();
  let begun: SigningRound | undefined;
  const step = (userId: string) => ({ tenant, documentId, userId, round: state.round });

  setHandler(signingStateQuery, () => state);

  setHandler(beginSigningUpdate, (request) =>
    lock.run(async () => {
      if (begun) return begun;
      if (state.phase !== 'new') throw appFailure(409, SIGNING_REFUSALS.notSignable);
      try {
        const round = await steps.beginDocumentSigning({
          tenant,
          documentId,
          userId: request.userId,
          creatorOnly: request.creatorOnly,
          runId: `${workflowInfo().workflowId}/${workflowInfo().runId}`,
          ...(request.due ? { due: request.due } : {}),
        });
        state.round = round.round;
        // Copies: signatures update the state, while repeats of the start keep answering the round as begun.
        state.signers = round.signers.map((s) => ({ ...s }));
        state.officialNumber = round.officialNumber;
        state.phase = 'signing';
        begun = round;
        if (notify)
          notices.push({
            event: 'turn',
            documentId,
            round: round.round,
            userIds: roundState.turn(),
            actorUserId: request.userId,
          });
        return round;
      } catch (err) {
        state.phase = 'not_started';
        throw err;
      }
    }),
  );

  /** After a signature is recorded: the numerator's officializes; the signer is marked signed. */
  async function signatureMade(me: SignerSnapshot, signedAt: string): Promise<ExistingSignature> {
    if (me.isNumerator) {
      await steps.officializeDocument(step(me.userId));
      state.phase = 'signed';
      upsertSearchAttributes([{ key: STATUS, value: 'signed' }]);
    }
    // Marked only now: the numerator's signature is complete once the document is official, so
    // its repeats wait for the number instead of answering an unofficialized signature.
    me.status = 'signed';
    me.signedAt = signedAt;
    if (notify) {
      const numerator = state.signers.find((s) => s.isNumerator);
      if (me.isNumerator)
        notices.push({ event: 'officialized', documentId, round: state.round, actorUserId: me.userId });
      else if (numerator && roundState.turn().includes(numerator.userId)) {
        // The common signers are done: now it is the numerator's turn.
        notices.push({
          event: 'turn',
          documentId,
          round: state.round,
          userIds: [numerator.userId],
          actorUserId: me.userId,
        });
      }
    }
    return roundState.answerOf(me.userId);
  }

  /** The signer's personal signature waiting for a code; refused once its code expired (workflow time). */
  function awaiting(userId: string): AuthorizationRequest & { wrongCodes: number } {
    const found = state.awaitingAuthorization?.[userId];
    if (!found) throw appFailure(409, AUTHORIZATION_REFUSALS.noPendingAuthorization);
    if (Date.now() > Date.parse(found.expiresAt)) throw appFailure(409, AUTHORIZATION_REFUSALS.codeExpired);
    return found;
  }

  setHandler(
    signUpdate,
    (request) =>
      lock.run(async (): Promise<SignOutcome> => {
        // A repeat queued behind the signature it repeats (even the one that ended the round) answers it.
        const repeated = roundState.signRequest(request);
        if (repeated) return repeated;
        const me = roundState.signer(request.userId)!;
        if (me.isNumerator && !state.officialNumber) {
          state.officialNumber = await numberRound(step(me.userId));
        }
        const result: SignatureStepResult = await signing.signDocumentRevision({
          ...step(me.userId),
          ...(request.sendCode === false ? { sendCode: false } : {}),
        });
        if ('authorization' in result) {
          // A personal signature: prepared, and its signer was sent a code (a new one on every request).
          (state.awaitingAuthorization ??= {})[me.userId] = { ...result.authorization, wrongCodes: 0 };
          return {
            documentId,
            status: 'sent_to_sign',
            isNumerator: me.isNumerator,
            officialNumber: null,
            authorization: result.authorization,
          };
        }
        return signatureMade(me, result.signedAt);
      }),
    { validator: (request) => roundState.refuseSign(request) },
  );

  setHandler(
    authorizeSignatureUpdate,
    (request) =>
      lock.run(async () => {
        const repeated = roundState.signRequest(request);
        if (repeated) return repeated;
        const me = roundState.signer(request.userId);
        let waiting: ReturnType<typeof awaiting>;
        try {
          waiting = awaiting(me!.userId);
        } catch (err) {
          delete state.awaitingAuthorization?.[me!.userId];
          throw err;
        }
        const result = await signing.authorizePersonalSignature({ ...step(me!.userId), code: request.code });
        if ('refused' in result) {
          if (result.refused === 'wrong_code' && ++waiting.wrongCodes < MAX_WRONG_CODES) {
            throw appFailure(400, AUTHORIZATION_REFUSALS.wrongCode(MAX_WRONG_CODES - waiting.wrongCodes));
          }
          delete state.awaitingAuthorization![me!.userId];
          if (result.refused === 'wrong_code') throw appFailure(400, AUTHORIZATION_REFUSALS.attemptCancelled);
          throw appFailure(
            409,
            result.refused === 'expired'
              ? AUTHORIZATION_REFUSALS.codeExpired
              : AUTHORIZATION_REFUSALS.noPendingAuthorization,
          );
        }
        if ('renewed' in result) {
          state.awaitingAuthorization![me!.userId] = { ...result.renewed, wrongCodes: 0 };
          throw appFailure(409, AUTHORIZATION_REFUSALS.documentChanged);
        }
        delete state.awaitingAuthorization![me!.userId];
        return signatureMade(me!, result.signedAt);
      }),
    {
      validator: (request) => {
        roundState.refuseSign(request);
        awaiting(request.userId);
      },
    },
  );

  setHandler(
    rejectUpdate,
    (request) =>
      lock.run(async () => {
        const repeated = roundState.rejectRequest(request);
        if (repeated) return repeated;
        const recorded = await steps.rejectDocument({ ...step(request.userId), reason: request.reason });
        const rejection: RejectOutcome = { documentId, status: 'rejected', ...recorded };
        roundState.rejection = rejection;
        state.phase = 'rejected';
        upsertSearchAttributes([{ key: STATUS, value: 'rejected' }]);
        if (notify) notices.push({ event: 'rejected', documentId, round: state.round, actorUserId: request.userId });
        return rejection;
      }),
    {
      validator: (request) => {
        // The same signer with the same reason repeats the rejection: the handler answers it.
        roundState.rejectRequest(request);
      },
    },
  );

  // The begin update travels with the start (update-with-start); without it there is nothing to do.
  if (!(await condition(() => state.phase !== 'new', '10 minutes'))) state.phase = 'not_started';
  // The round's deadline timers: a child run, cancelled as soon as the round ends (signed or rejected).
  const deadlineId = begun?.dueAt ? workflowIds.signingDeadline(tenant, documentId, begun.round) : undefined;
  if (state.phase === 'signing' && begun && deadlineId) {
    await startChild(deadlineWorkflow, {
      workflowId: deadlineId,
      args: [{ tenant, subject: { kind: 'signing', documentId, round: begun.round } }],
      parentClosePolicy: ParentClosePolicy.REQUEST_CANCEL,
      typedSearchAttributes: [
        { key: TENANT, value: tenant },
        { key: DOCUMENT_ID, value: documentId },
        { key: DOCUMENT_TYPE, value: begun.documentType },
        { key: STATUS, value: 'pending' },
      ],
      memo: { due_at: begun.dueAt, reference: begun.reference },
    });
  }
  if (notify) {
    // Sent here rather than in the handlers, so a signature's answer never waits for them.
    for (;;) {
      await condition(() => notices.length > 0 || state.phase !== 'signing');
      await sendNotices();
      if (state.phase !== 'signing') break;
    }
  } else {
    await condition(() => state.phase !== 'signing');
  }
  if (deadlineId) {
    await getExternalWorkflowHandle(deadlineId)
      .cancel()
      .catch((err: unknown) => log.warn('deadline run not cancelled', { deadlineId, error: (err as Error).message }));
  }
  await condition(allHandlersFinished);
  if (notify) await sendNotices();
  // Once official: a memo's summary and those of the cases it was linked to, in the background.
  if (state.phase === 'signed' && patched('summaries-after-officialization')) {
    await steps
      .requestSummariesOfOfficialized({ tenant, documentId })
      .catch((err: unknown) => log.warn('summaries not requested', { documentId, error: (err as Error).message }));
  }
  return { documentId, phase: state.phase, officialNumber: state.officialNumber };

  async function sendNotices(): Promise<void> {
    for (let notice = notices.shift(); notice; notice = notices.shift()) {
      await steps
        .notifySigningEvent({ tenant, ...notice })
        .catch((err: unknown) =>
          log.warn('notifications not sent', { documentId, event: notice!.event, error: (err as Error).message }),
        );
    }
  }
}
