/**
 * Workflow logic that waits, on Temporal's time-skipping test server with activities supplied by
 * the test: the invitation's real five-day expiry, a resend that restarts the wait, a first login,
 * and case creation riding out a long signing-service outage or undoing itself after a refusal.
 * No real sleeps: each test takes a second or two of wall time for days of workflow time.
 */
import assert from 'node:assert/strict';
import { ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError, WorkflowUpdateFailedError } from '@temporalio/client';
import type { Activities } from '../../activities/index.js';
import { caseCreationWorkflow } from '../../workflows/case-creation.js';
import type { SigningRound } from '../../domain/documents/signing.js';
import { ALREADY_SIGNED_TYPE, beginSigningUpdate, rejectUpdate, signUpdate } from '../../contract/document-signing.js';
import { documentSigningWorkflow } from '../../workflows/document-signing.js';
import { APP_ERROR_TYPE, SIGNER_REJECTED_TYPE } from '../../contract/failures.js';
import { firstLoginSignal, resendInvitationSignal, type ProvisioningInput } from '../../contract/user-provisioning.js';
import { userProvisioningWorkflow } from '../../workflows/user-provisioning.js';
import { timeSkippingServer, withWorker } from '../support/time-skipping.js';

const DAY = 86_400_000;
const FIVE_DAYS_S = 5 * 86_400;

describe('workflows on the time-skipping test server', function () {
  this.timeout(120_000);
  const env = timeSkippingServer('suite');

  /** How long a run took in workflow time, from the server's own start and close times. */
  async function lasted(workflowId: string): Promise<number> {
    const { startTime, closeTime } = await env().client.workflow.getHandle(workflowId).describe();
    return closeTime!.getTime() - startTime.getTime();
  }

  describe('UserProvisioningWorkflow', () => {
    /** Identity-provider and mail activities that record what the workflow asked for. */
    function provisioningActivities(calls: string[], certificates: string[] = []) {
      let tickets = 0;
      return {
        findIdentityAccounts: async () => ({ social: null, passwordUserId: null }),
        createPasswordAccount: async () => 'auth0|pw-1',
        saveInvitedUser: async () => 'user-1',
        // The personal signing certificate, issued beside the invitation (recorded apart: it runs alongside the ticket).
        enrolSigningCredential: async () => void certificates.push('user-1'),
        createActivationTicket: async ({ ttlSeconds }: { ttlSeconds: number }) => {
          tickets++;
          calls.push(`ticket ${tickets}`);
          return {
            url: `https://idp.example/ticket/${tickets}`,
            expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString(),
          };
        },
        sendActivationEmail: async ({ sequence }: { sequence: number }) => void calls.push(`email ${sequence}`),
        recordInvitationStatus: async ({ status }: { status: string }) => void calls.push(`status ${status}`),
      } as unknown as Partial<Activities>;
    }
    const input = (email: string): ProvisioningInput => ({
      tenant: 'demo',
      requestedBy: 'admin-1',
      user: { email, fullName: 'Ana Pérez' } as ProvisioningInput['user'],
      ticketTtlSeconds: FIVE_DAYS_S,
    });

    it('an invitation nobody accepts expires after its five days, not before; the user got a signing certificate meanwhile', async () => {
      const calls: string[] = [];
      const certificates: string[] = [];
      const wall = Date.now();
      const workflowId = `expiry-${wall}`;
      const state = await withWorker(env(), provisioningActivities(calls, certificates), (taskQueue) =>
        env().client.workflow.execute(userProvisioningWorkflow, {
          taskQueue,
          workflowId,
          args: [input('ana@example.org')],
        }),
      );
      const waited = await lasted(workflowId);
      assert.equal(state.status, 'expired');
      assert.deepEqual(calls, ['ticket 1', 'email 1', 'status expired']);
      assert.deepEqual(certificates, ['user-1'], 'one certificate, issued once');
      assert.ok(waited >= 5 * DAY && waited < 5 * DAY + 60_000, `expired after ${waited / DAY} days`);
      assert.ok(Date.now() - wall < 15_000, 'five days took seconds of wall time');
    });

    it('a resend on day four issues a second ticket, and the invitation expires five days after it', async () => {
      const calls: string[] = [];
      const workflowId = `resend-${Date.now()}`;
      const state = await withWorker(env(), provisioningActivities(calls), async (taskQueue) => {
        const handle = await env().client.workflow.start(userProvisioningWorkflow, {
          taskQueue,
          workflowId,
          args: [input('ben@example.org')],
        });
        await env().sleep(4 * DAY);
        assert.deepEqual(calls, ['ticket 1', 'email 1'], 'still waiting on day four');
        await handle.signal(resendInvitationSignal);
        return handle.result();
      });
      const waited = await lasted(workflowId);
      assert.equal(state.status, 'expired');
      assert.equal(state.ticketsIssued, 2);
      assert.deepEqual(calls, ['ticket 1', 'email 1', 'ticket 2', 'email 2', 'status expired']);
      assert.ok(waited >= 9 * DAY && waited < 9 * DAY + 60_000, `expired after ${waited / DAY} days`);
    });

    it('a first login on day three activates the user and ends the wait', async () => {
      const calls: string[] = [];
      const workflowId = `login-${Date.now()}`;
      const state = await withWorker(env(), provisioningActivities(calls), async (taskQueue) => {
        const handle = await env().client.workflow.start(userProvisioningWorkflow, {
          taskQueue,
          workflowId,
          args: [input('cai@example.org')],
        });
        await env().sleep(3 * DAY);
        await handle.signal(firstLoginSignal, 'auth0|pw-1');
        return handle.result();
      });
      assert.equal(state.status, 'active');
      assert.equal(state.authId, 'auth0|pw-1');
      assert.deepEqual(calls, ['ticket 1', 'email 1', 'status accepted']);
      const waited = await lasted(workflowId);
      assert.ok(waited >= 3 * DAY && waited < 4 * DAY, `active after ${waited / DAY} days`);
    });
  });

  describe('CaseCreationWorkflow', () => {
    /** Database steps that succeed, and a signing step whose behaviour the test chooses. */
    function caseActivities(calls: string[], signDocumentRevision: () => Promise<void>) {
      const step =
        (name: string, result: unknown = undefined) =>
        async () => {
          calls.push(name);
          return result;
        };
      return {
        validateCaseRequest: step('validate', { templateId: 't-1' }),
        createCaseRecord: step('create case', {
          caseId: 'case-1',
          caseNumber: 'EX-2026-00000001-MVE-DOP',
          reference: 'Poda',
          createdAt: '2026-11-22T10:00:00Z',
        }),
        createCaseCover: step('create cover', 'cover-1'),
        beginDocumentSigning: step('begin signing', { round: 1 }),
        assignOfficialNumber: step('number', 'CAEX-2026-00000001-MVE-DOP'),
        signDocumentRevision: async () => {
          calls.push('sign');
          return signDocumentRevision();
        },
        officializeDocument: step('officialize', { signedAt: '2026-11-22T10:00:01Z' }),
        finishCase: step('finish'),
        discardCase: step('discard'),
      } as unknown as Partial<Activities>;
    }
    const input = {
      tenant: 'demo',
      userId: 'user-1',
      key: 'k-1',
      templateId: 't-1',
      reference: 'Poda',
      ownerSectorId: null,
    };

    it('rides out a signing service that is down for two hours, then completes with its signed cover', async () => {
      const calls: string[] = [];
      let down = true;
      let attempts = 0;
      const workflowId = `outage-${Date.now()}`;
      const result = await withWorker(
        env(),
        caseActivities(calls, async () => {
          attempts++;
          if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:3100');
        }),
        async (taskQueue) => {
          const handle = await env().client.workflow.start(caseCreationWorkflow, {
            taskQueue,
            workflowId,
            args: [input],
          });
          await env().sleep(2 * 3_600_000);
          down = false;
          return handle.result();
        },
      );
      assert.equal(result.caseNumber, 'EX-2026-00000001-MVE-DOP');
      assert.equal(result.cover.officialNumber, 'CAEX-2026-00000001-MVE-DOP');
      // Backoff doubles from 1 s to 30 s: about 240 tries over two hours, never a give-up.
      assert.ok(attempts > 200 && attempts < 300, `${attempts} attempts`);
      assert.ok((await lasted(workflowId)) >= 2 * 3_600_000);
      assert.deepEqual(
        calls.filter((c) => c !== 'sign'),
        ['validate', 'create case', 'create cover', 'begin signing', 'number', 'officialize', 'finish'],
      );
    });

    it('a cover the signing service refuses for good removes the half-made case and fails with the reason', async () => {
      const calls: string[] = [];
      const failure = withWorker(
        env(),
        caseActivities(calls, async () => {
          throw ApplicationFailure.create({
            type: SIGNER_REJECTED_TYPE,
            message: 'INVALID_PDF_FILE',
            nonRetryable: true,
          });
        }),
        (taskQueue) =>
          env().client.workflow.execute(caseCreationWorkflow, {
            taskQueue,
            workflowId: `refused-${Date.now()}`,
            args: [input],
          }),
      );
      await assert.rejects(failure, (err: unknown) => {
        assert.ok(err instanceof WorkflowFailedError);
        const cause = (err.cause as ApplicationFailure | undefined)?.cause as ApplicationFailure | undefined;
        assert.equal(cause?.type, SIGNER_REJECTED_TYPE);
        return true;
      });
      assert.deepEqual(calls, [
        'validate',
        'create case',
        'create cover',
        'begin signing',
        'number',
        'sign',
        'discard',
      ]);
    });
  });

  describe('DocumentSigningWorkflow', () => {
    /** The signing steps, recording calls; signDocumentRevision fails `flaky` times first. */
    function signingActivities(calls: string[], flaky = 0) {
      let failures = flaky;
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
      return {
        beginDocumentSigning: async () => {
          calls.push('begin');
          return round;
        },
        assignOfficialNumber: async () => {
          calls.push('number');
          return 'DICT-2026-00000001-MVE-DOP';
        },
        signDocumentRevision: async ({ userId }: { userId: string }) => {
          if (failures-- > 0) throw new Error('connect ECONNREFUSED 127.0.0.1:3100');
          calls.push(`sign ${userId}`);
          return { signedAt: '2026-11-22T10:05:00Z' };
        },
        officializeDocument: async () => void calls.push('officialize'),
        rejectDocument: async ({ userId, reason }: { userId: string; reason: string }) => {
          calls.push(`reject ${userId}`);
          return { rejectedBy: userId, reason, rejectedAt: '2026-11-22T10:06:00Z' };
        },
        // The round's background steps: e-mail notices and summaries, not under test here.
        notifySigningEvent: async () => 0,
        requestSummariesOfOfficialized: async () => undefined,
      } as unknown as Partial<Activities>;
    }
    const refusal = async (promise: Promise<unknown>) => {
      const err = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(err instanceof WorkflowUpdateFailedError, `refused: ${String(err)}`);
      return err.cause as ApplicationFailure;
    };

    it('a round nobody begins ends on its own after ten minutes', async () => {
      const calls: string[] = [];
      const workflowId = `unbegun-${Date.now()}`;
      const result = await withWorker(env(), signingActivities(calls), (taskQueue) =>
        env().client.workflow.execute(documentSigningWorkflow, {
          taskQueue,
          workflowId,
          args: [{ tenant: 'demo', documentId: 'doc-1' }],
        }),
      );
      assert.equal(result.phase, 'not_started');
      assert.deepEqual(calls, []);
      const waited = await lasted(workflowId);
      assert.ok(waited >= 10 * 60_000 && waited < 11 * 60_000, `${waited / 60_000} minutes`);
    });

    it('signatures in order, each once, through signing-service failures; the numerator numbers and ends the round', async () => {
      const calls: string[] = [];
      const result = await withWorker(env(), signingActivities(calls, 2), async (taskQueue) => {
        const handle = await env().client.workflow.start(documentSigningWorkflow, {
          taskQueue,
          workflowId: `round-${Date.now()}`,
          args: [{ tenant: 'demo', documentId: 'doc-1' }],
        });
        await handle.executeUpdate(beginSigningUpdate, { args: [{ userId: 'ana', creatorOnly: false }] });
        const early = await refusal(handle.executeUpdate(signUpdate, { args: [{ userId: 'ben' }] }));
        assert.equal(early.type, APP_ERROR_TYPE, 'the numerator waits for the others');
        assert.equal(
          (await refusal(handle.executeUpdate(signUpdate, { args: [{ userId: 'eve' }] }))).type,
          APP_ERROR_TYPE,
          'not a signer',
        );
        const first = await handle.executeUpdate(signUpdate, { args: [{ userId: 'ana' }] });
        assert.equal(first.status, 'sent_to_sign');
        assert.equal(
          (await refusal(handle.executeUpdate(signUpdate, { args: [{ userId: 'ana' }] }))).type,
          ALREADY_SIGNED_TYPE,
        );
        const last = await handle.executeUpdate(signUpdate, { args: [{ userId: 'ben' }] });
        assert.equal(last.officialNumber, 'DICT-2026-00000001-MVE-DOP');
        return handle.result();
      });
      assert.equal(result.phase, 'signed');
      assert.deepEqual(calls, ['begin', 'sign ana', 'number', 'sign ben', 'officialize']);
    });

    it('a rejection ends the round and its run (a repeat is then answered by the API from the database)', async () => {
      const calls: string[] = [];
      const result = await withWorker(env(), signingActivities(calls), async (taskQueue) => {
        const handle = await env().client.workflow.start(documentSigningWorkflow, {
          taskQueue,
          workflowId: `rejected-${Date.now()}`,
          args: [{ tenant: 'demo', documentId: 'doc-1' }],
        });
        await handle.executeUpdate(beginSigningUpdate, { args: [{ userId: 'ana', creatorOnly: false }] });
        assert.equal(
          (await refusal(handle.executeUpdate(rejectUpdate, { args: [{ userId: 'ana', reason: '  ' }] }))).type,
          APP_ERROR_TYPE,
          'a reason is required',
        );
        const rejected = await handle.executeUpdate(rejectUpdate, {
          args: [{ userId: 'ana', reason: 'Falta el plano' }],
        });
        assert.deepEqual(
          { by: rejected.rejectedBy, reason: rejected.reason, status: rejected.status },
          { by: 'ana', reason: 'Falta el plano', status: 'rejected' },
        );
        return handle.result();
      });
      assert.equal(result.phase, 'rejected');
      assert.deepEqual(calls, ['begin', 'reject ana']);
    });
  });
});
