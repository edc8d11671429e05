/** The signing rules, pure: every input combination that matters, no stack. */
import assert from 'node:assert/strict';
import {
  everyoneSigned,
  maySignNow,
  rejectDecision,
  rejectionReason,
  rejectionRefusal,
  repeatsRejection,
  signatureAnswer,
  signatureComplete,
  signDecision,
  turnFacts,
  whoseTurn,
  type DocumentStatus,
  type RoundSigner,
  type RoundView,
  type SignerStatus,
} from '../../rules/signing.js';
import { SIGNING_REFUSALS } from '../../rules/signing-refusals.js';

const STATUSES: DocumentStatus[] = ['draft', 'sent_to_sign', 'signed', 'rejected'];
const SIGNER_STATUSES: SignerStatus[] = ['pending', 'signed', 'rejected'];

const common = (userId: string, status: SignerStatus = 'pending'): RoundSigner => ({
  userId,
  isNumerator: false,
  status,
  signedAt: status === 'signed' ? '2026-11-26T10:00:00.000Z' : null,
});
const numerator = (userId: string, status: SignerStatus = 'pending'): RoundSigner => ({
  ...common(userId, status),
  isNumerator: true,
});
const round = (status: DocumentStatus, signers: RoundSigner[], officialNumber: string | null = null): RoundView => ({
  status,
  officialNumber,
  signers,
});

describe('rules: signing', () => {
  it('maySignNow: only a pending signer of an open round, and a numerator only once no common signer is left (48 cases)', () => {
    let allowed = 0;
    for (const status of STATUSES)
      for (const me of [
        null,
        ...SIGNER_STATUSES.flatMap((s) => [true, false].map((isNumerator) => ({ isNumerator, status: s }))),
      ])
        for (const pendingCommons of [0, 2]) {
          const expected =
            status === 'sent_to_sign' && me?.status === 'pending' && (me.isNumerator ? pendingCommons === 0 : true);
          assert.equal(
            maySignNow({ status, me, pendingCommons }),
            expected,
            JSON.stringify({ status, me, pendingCommons }),
          );
          if (expected) allowed++;
        }
    assert.equal(allowed, 3); // a common signer (with or without others pending), the numerator once alone
  });

  it('turnFacts counts the common signers who have not signed', () => {
    const r = round('sent_to_sign', [common('a', 'signed'), common('b'), numerator('n')]);
    assert.deepEqual(turnFacts(r, 'n'), {
      status: 'sent_to_sign',
      me: { isNumerator: true, status: 'pending' },
      pendingCommons: 1,
    });
    assert.deepEqual(turnFacts(r, 'x').me, null);
  });

  it('whoseTurn: the pending commons first, then the numerator, then nobody', () => {
    assert.deepEqual(whoseTurn([common('a'), common('b'), numerator('n')]), ['a', 'b']);
    assert.deepEqual(whoseTurn([common('a', 'signed'), common('b'), numerator('n')]), ['b']);
    assert.deepEqual(whoseTurn([common('a', 'signed'), numerator('n')]), ['n']);
    assert.deepEqual(whoseTurn([numerator('n')]), ['n']);
    assert.deepEqual(whoseTurn([common('a', 'signed'), numerator('n', 'signed')]), []);
  });

  it('officializing waits for every signer', () => {
    assert.equal(everyoneSigned([common('a', 'signed'), numerator('n')]), false);
    assert.equal(everyoneSigned([common('a', 'signed'), numerator('n', 'signed')]), true);
  });

  it('signDecision: 403 for a non-signer, a repeat for a complete signature, 409 out of turn or round', () => {
    const open = round('sent_to_sign', [common('a', 'signed'), common('b'), numerator('n')]);
    assert.deepEqual(signDecision(open, 'x'), {
      kind: 'refuse',
      refusal: { status: 403, message: SIGNING_REFUSALS.notAuthorizedToSign },
    });
    assert.deepEqual(signDecision(open, 'a'), { kind: 'repeat' });
    assert.deepEqual(signDecision(open, 'b'), { kind: 'proceed' });
    assert.deepEqual(signDecision(open, 'n'), {
      kind: 'refuse',
      refusal: { status: 409, message: SIGNING_REFUSALS.notSignable },
    });
    for (const status of ['draft', 'rejected'] as const)
      assert.equal(signDecision(round(status, [common('a'), numerator('n')]), 'a').kind, 'refuse');
    const signed = round('signed', [common('a', 'signed'), numerator('n', 'signed')], 'NOTA-1');
    assert.deepEqual(signDecision(signed, 'n'), { kind: 'repeat' });
    const officializing = { ...signed, status: 'sent_to_sign' as const };
    assert.deepEqual(signDecision(officializing, 'n'), { kind: 'completing' }, 'the workflow answers once official');
  });

  it("a numerator's signature is complete only once the document is official", () => {
    const officializing = round('sent_to_sign', [common('a', 'signed'), numerator('n', 'signed')], 'NOTA-1');
    assert.equal(signatureComplete(officializing, 'n'), false);
    assert.equal(signatureComplete(officializing, 'a'), true);
    const signed = { ...officializing, status: 'signed' as const };
    assert.deepEqual(signatureAnswer('d', signed, 'n'), {
      documentId: 'd',
      status: 'signed',
      isNumerator: true,
      officialNumber: 'NOTA-1',
      signedAt: '2026-11-26T10:00:00.000Z',
    });
    assert.equal(signatureAnswer('d', signed, 'a').officialNumber, null);
  });

  it('a rejection needs a reason: missing, blank or not text is refused with 400', () => {
    for (const reason of [undefined, null, '', '   \n', 42])
      assert.deepEqual(rejectionRefusal(reason), { status: 400, message: SIGNING_REFUSALS.reasonRequired });
    assert.equal(rejectionRefusal(' no '), undefined);
    assert.equal(rejectionReason('  falta firma  '), 'falta firma');
  });

  it('rejectDecision: 400 → 403 → repeat (same signer, same trimmed reason) → 409', () => {
    const open = { ...round('sent_to_sign', [common('a'), numerator('n')]), rejection: null };
    assert.equal(rejectDecision(open, { userId: 'x', reason: ' ' }).kind, 'refuse');
    assert.deepEqual(rejectDecision(open, { userId: 'x', reason: ' ' }), {
      kind: 'refuse',
      refusal: { status: 400, message: SIGNING_REFUSALS.reasonRequired },
    });
    assert.deepEqual(rejectDecision(open, { userId: 'x', reason: 'no' }), {
      kind: 'refuse',
      refusal: { status: 403, message: SIGNING_REFUSALS.notAuthorizedToSign },
    });
    assert.deepEqual(rejectDecision(open, { userId: 'a', reason: 'no' }), { kind: 'proceed' });
    const rejected = { ...open, status: 'rejected' as const, rejection: { rejectedBy: 'a', reason: 'no' } };
    assert.deepEqual(rejectDecision(rejected, { userId: 'a', reason: ' no ' }), { kind: 'repeat' });
    assert.deepEqual(rejectDecision(rejected, { userId: 'a', reason: 'otra' }), {
      kind: 'refuse',
      refusal: { status: 409, message: SIGNING_REFUSALS.notRejectable },
    });
    assert.equal(repeatsRejection(rejected.rejection, { userId: 'n', reason: 'no' }), false);
  });
});
