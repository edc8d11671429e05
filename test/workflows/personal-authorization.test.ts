/**
 * The authorisation of a personal signature inside DocumentSigningWorkflow, on the time-skipping
 * test server with activities supplied by the test: a code good for five minutes of workflow time,
 * three wrong codes cancelling that attempt (never the round), a new code after the document
 * changed, and the round going on normally afterwards.
 */
import assert from 'node:assert/strict';
import type { ApplicationFailure } from '@temporalio/common';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import type { Activities } from '../../activities/index.js';
import type { SigningRound } from '../../domain/documents/signing.js';
import {
  authorizeSignatureUpdate,
  beginSigningUpdate,
  signingStateQuery,
  signUpdate,
  type AuthorizationResult,
} from '../../contract/document-signing.js';
import { AUTHORIZATION_REFUSALS } from '../../contract/failures.js';
import { documentSigningWorkflow } from '../../workflows/document-signing.js';
import { signBatchWorkflow } from '../../workflows/sign-batch.js';
import {
  authorizeBatchUpdate,
  signBatchProgressQuery,
  type SignBatchDocumentInput,
} from '../../contract/sign-batch.js';
import { timeSkippingServer, withWorker } from '../support/time-skipping.js';

const GOOD = '246810';
const MINUTE = 60_000;

/** Ana signs personally (code GOOD), Ben, the numerator, with the seal. `results` overrides authorisation answers in order. */
function activities(calls: string[], results: AuthorizationResult[] = []) {
  const round: SigningRound = {
    documentId: 'doc-1',
    round: 1,
    documentType: 'DICT',
    reference: 'Dictamen',
    officialNumber: null,
    sentToSignAt: '2026-11-22T10:00:00Z',
    signers: [
      { userId: 'ana', fullName: 'Ana', isNumerator: false, status: 'pending', signedAt: null },
      { userId: 'ben', fullName: 'Ben', isNumerator: true, status: 'pending', signedAt: null },
    ],
  };
  let codes = 0;
  return {
    beginDocumentSigning: async () => round,
    assignOfficialNumber: async () => 'DICT-2026-00000001-MVE-DOP',
    signDocumentRevision: async ({ userId }: { userId: string }) => {
      if (userId === 'ben') {
        calls.push('seal ben');
        return { signedAt: '2026-11-22T10:05:00Z' };
      }
      calls.push(`code ${++codes} ${userId}`);
      return { authorization: { method: 'otp-email', expiresAt: new Date(Date.now() + 5 * MINUTE).toISOString() } };
    },
    authorizePersonalSignature: async ({
      userId,
      code,
    }: {
      userId: string;
      code: string;
    }): Promise<AuthorizationResult> => {
      calls.push(`authorize ${userId} ${code}`);
      const scripted = results.shift();
      if (scripted) return scripted;
      return code === GOOD ? { signedAt: '2026-11-22T10:04:00Z' } : { refused: 'wrong_code' };
    },
    officializeDocument: async () => void calls.push('officialize'),
    notifySigningEvent: async () => 0,
    requestSummariesOfOfficialized: async () => undefined,
  } as unknown as Partial<Activities>;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(err instanceof WorkflowUpdateFailedError, `refused: ${String(err)}`);
  return (err.cause as ApplicationFailure).message;
}

describe('DocumentSigningWorkflow: authorising a personal signature', function () {
  this.timeout(120_000);
  const env = timeSkippingServer('test');

  async function begun(taskQueue: string) {
    const handle = await env().client.workflow.start(documentSigningWorkflow, {
      taskQueue,
      workflowId: `personal-${Date.now()}`,
      args: [{ tenant: 'demo', documentId: 'doc-1' }],
    });
    await handle.executeUpdate(beginSigningUpdate, { args: [{ userId: 'ana', creatorOnly: false }] });
    return handle;
  }

  it('three wrong codes cancel the attempt, not the round: signing again sends a new code, which signs', async () => {
    const calls: string[] = [];
    await withWorker(env(), activities(calls), async (taskQueue) => {
      const handle = await begun(taskQueue);
      const asked = await handle.executeUpdate(signUpdate, { args: [{ userId: 'ana' }] });
      assert.ok('authorization' in asked && asked.authorization.method === 'otp-email');
      assert.equal(asked.status, 'sent_to_sign');
      assert.equal(
        await refusal(handle.executeUpdate(authorizeSignatureUpdate, { args: [{ userId: 'ana', code: '000001' }] })),
        AUTHORIZATION_REFUSALS.wrongCode(2),
      );
      assert.equal(
        await refusal(handle.executeUpdate(authorizeSignatureUpdate, { args: [{ userId: 'ana', code: '000002' }] })),
        AUTHORIZATION_REFUSALS.wrongCode(1),
      );
      assert.equal(
        await refusal(handle.executeUpdate(authorizeSignatureUpdate, { args: [{ userId: 'ana', code: '000003' }] })),
        AUTHORIZATION_REFUSALS.attemptCancelled,
      );
      // The cancelled attempt takes no more codes, not even the right one: the validator refuses before any step.
      assert.equal(
        await refusal(handle.executeUpdate(authorizeSignatureUpdate, { args: [{ userId: 'ana', code: GOOD }] })),
        AUTHORIZATION_REFUSALS.noPendingAuthorization,
      );
      const state = await handle.query(signingStateQuery);
      assert.equal(state.phase, 'signing', 'the round goes on');
      assert.deepEqual(state.awaitingAuthorization, {});

      await handle.executeUpdate(signUpdate, { args: [{ userId: 'ana' }] });
      const signed = await handle.executeUpdate(authorizeSignatureUpdate, { args: [{ userId: 'ana', code: GOOD }] });
      assert.equal(signed.signedAt, '2026-11-22T10:04:00Z');
      const last = await handle.executeUpdate(signUpdate, { args: [{ userId: 'ben' }] });
      assert.ok(!('authorization' in last) && last.officialNumber === 'DICT-2026-00000001-MVE-DOP');
      assert.equal((await handle.result()).phase, 'signed');
    });
    assert.deepEqual(calls, [
      'code 1 ana',
      'authorize ana 000001',
      'authorize ana 000002',
      'authorize ana 000003',
      'code 2 ana',
      `authorize ana ${GOOD}`,
      'seal ben',
      'officialize',
    ]);
  });

  it('a code is good for five minutes of workflow time; after that it is refused without asking the remote service', async () => {
    const calls: string[] = [];
    await withWorker(env(), activities(calls), async (taskQueue) => {
      const handle = await begun(taskQueue);
      await handle.executeUpdate(signUpdate, { args: [{ userId: 'ana' }] });
      await env().sleep(6 * MINUTE);
      assert.equal(
        await refusal(handle.executeUpdate(authorizeSignatureUpdate, { args: [{ userId: 'ana', code: GOOD }] })),
        AUTHORIZATION_REFUSALS.codeExpired,
      );
      assert.equal((await handle.query(signingStateQuery)).phase, 'signing');
    });
    assert.deepEqual(calls, ['code 1 ana'], 'no authorisation step ran for the expired code');
  });

  it("a document changed while waiting: a new code is sent and the old one is refused; the remote service's own expiry is 409 too", async () => {
    const calls: string[] = [];
    const renewed = {
      renewed: { method: 'otp-email' as const, expiresAt: new Date(Date.now() + 10 * MINUTE).toISOString() },
    };
    await withWorker(env(), activities(calls, [renewed, { refused: 'expired' }]), async (taskQueue) => {
      const handle = await begun(taskQueue);
      await handle.executeUpdate(signUpdate, { args: [{ userId: 'ana' }] });
      assert.equal(
        await refusal(handle.executeUpdate(authorizeSignatureUpdate, { args: [{ userId: 'ana', code: GOOD }] })),
        AUTHORIZATION_REFUSALS.documentChanged,
      );
      assert.ok((await handle.query(signingStateQuery)).awaitingAuthorization?.ana, 'still waiting, for the new code');
      assert.equal(
        await refusal(handle.executeUpdate(authorizeSignatureUpdate, { args: [{ userId: 'ana', code: GOOD }] })),
        AUTHORIZATION_REFUSALS.codeExpired,
      );
      assert.deepEqual((await handle.query(signingStateQuery)).awaitingAuthorization, {});
    });
  });
});

describe("SignBatchWorkflow: one code for a personal signer's batch", function () {
  this.timeout(120_000);
  const env = timeSkippingServer('test');

  /** Every document prepared; the code GOOD authorises; completion numbers each. */
  function batchActivities(calls: string[]) {
    return {
      signBatchDocument: async ({ documentId }: SignBatchDocumentInput) => {
        calls.push(`prepare ${documentId}`);
        return {
          documentId,
          result: 'awaiting_authorization',
          officialNumber: null,
          signedAt: null,
          status: 202,
          message: null,
        };
      },
      requestBatchAuthorization: async ({ documentIds }: { documentIds: string[] }) => {
        calls.push(`code for ${documentIds.length}`);
        return { method: 'otp-email', expiresAt: new Date(Date.now() + 5 * MINUTE).toISOString() };
      },
      authorizeBatchSignatures: async ({ code }: { code: string }) => {
        calls.push(`authorize ${code}`);
        return code === GOOD ? 'signed' : 'wrong_code';
      },
      completeBatchDocument: async ({ documentId }: SignBatchDocumentInput) => {
        calls.push(`complete ${documentId}`);
        return {
          documentId,
          result: 'numbered',
          officialNumber: `N-${documentId}`,
          signedAt: '2026-11-22T10:04:00Z',
          status: 200,
          message: null,
        };
      },
    } as unknown as Partial<Activities>;
  }
  const start = (taskQueue: string) =>
    env().client.workflow.start(signBatchWorkflow, {
      taskQueue,
      workflowId: `batch-${Date.now()}`,
      args: [{ tenant: 'demo', userId: 'ana', documentIds: ['d1', 'd2'] }],
    });

  it('the code authorises every document at once, then each is completed', async () => {
    const calls: string[] = [];
    const result = await withWorker(env(), batchActivities(calls), async (taskQueue) => {
      const handle = await start(taskQueue);
      await env().sleep(1_000);
      const waiting = await handle.query(signBatchProgressQuery);
      assert.ok(waiting.authorization && !waiting.finished);
      assert.equal(
        await refusal(handle.executeUpdate(authorizeBatchUpdate, { args: [{ code: '000002' }] })),
        AUTHORIZATION_REFUSALS.wrongCode(2),
      );
      const done = await handle.executeUpdate(authorizeBatchUpdate, { args: [{ code: GOOD }] });
      assert.ok(done.finished);
      return handle.result();
    });
    assert.deepEqual(
      result.outcomes.map((o) => o.result),
      ['numbered', 'numbered'],
    );
    // Two lanes: the two documents of each phase in either order.
    assert.deepEqual([...calls.slice(0, 2)].sort(), ['prepare d1', 'prepare d2']);
    assert.deepEqual(calls.slice(2, 5), ['code for 2', 'authorize 000002', `authorize ${GOOD}`]);
    assert.deepEqual([...calls.slice(5)].sort(), ['complete d1', 'complete d2']);
  });

  it('unauthorised within five minutes, every prepared document ends refused and none is completed', async () => {
    const calls: string[] = [];
    const expired = await withWorker(env(), batchActivities(calls), async (taskQueue) =>
      (await start(taskQueue)).result(),
    );
    assert.deepEqual(
      expired.outcomes.map((o) => [o.result, o.message]),
      [
        ['refused', AUTHORIZATION_REFUSALS.codeExpired],
        ['refused', AUTHORIZATION_REFUSALS.codeExpired],
      ],
    );
    assert.ok(!calls.some((c) => c.startsWith('complete')));
  });
});
