/**
 * Workflow logic that waits, on Temporal's time-skipping test server with activities supplied by
 * the test: the invitation's real five-day expiry, a resend that restarts the wait, a first login,
 * and case creation riding out a long signing-service outage or undoing itself after a refusal.
 * No real sleeps: each test takes a second or two of wall time for days of workflow time.
 */
import assert from 'node:assert/strict';
import { ApplicationFailure } from '@temporalio/common';
import { WorkflowFailedError } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Activities } from '../../activities/index.js';
import { caseCreationWorkflow } from '../../workflows/case-creation.js';
import { SIGNER_REJECTED_TYPE } from '../../workflows/failures.js';
import { firstLoginSignal, resendInvitationSignal, userProvisioningWorkflow, type ProvisioningInput } from '../../workflows/user-provisioning.js';
import { SKIP_MESSAGE, startTimeSkipping, withWorker } from '../support/time-skipping.js';

const DAY = 86_400_000;
const FIVE_DAYS_S = 5 * 86_400;

describe('workflows on the time-skipping test server', function () {
  this.timeout(120_000);
  let env: TestWorkflowEnvironment | null;

  before(async function () {
    env = await startTimeSkipping();
    if (!env) {
      console.log(`      skipped: ${SKIP_MESSAGE}`);
      this.skip();
    }
  });
  after(async () => env?.teardown());

  /** How long a run took in workflow time, from the server's own start and close times. */
  async function lasted(workflowId: string): Promise<number> {
    const { startTime, closeTime } = await env!.client.workflow.getHandle(workflowId).describe();
    return closeTime!.getTime() - startTime.getTime();
  }

  describe('UserProvisioningWorkflow', () => {
    /** Identity-provider and mail activities that record what the workflow asked for. */
    function provisioningActivities(calls: string[]) {
      let tickets = 0;
      return {
        findIdentityAccounts: async () => ({ social: null, passwordUserId: null }),
        createPasswordAccount: async () => 'auth0|pw-1',
        saveInvitedUser: async () => 'user-1',
        createActivationTicket: async ({ ttlSeconds }: { ttlSeconds: number }) => {
          tickets++;
          calls.push(`ticket ${tickets}`);
          return { url: `https://idp.example/ticket/${tickets}`, expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString() };
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

    it('an invitation nobody accepts expires after its five days, not before', async () => {
      const calls: string[] = [];
      const wall = Date.now();
      const workflowId = `expiry-${wall}`;
      const state = await withWorker(env!, provisioningActivities(calls), (taskQueue) =>
        env!.client.workflow.execute(userProvisioningWorkflow, { taskQueue, workflowId, args: [input('ana@example.org')] }),
      );
      const waited = await lasted(workflowId);
      assert.equal(state.status, 'expired');
      assert.deepEqual(calls, ['ticket 1', 'email 1', 'status expired']);
      assert.ok(waited >= 5 * DAY && waited < 5 * DAY + 60_000, `expired after ${waited / DAY} days`);
      assert.ok(Date.now() - wall < 15_000, 'five days took seconds of wall time');
    });

    it('a resend on day four issues a second ticket, and the invitation expires five days after it', async () => {
      const calls: string[] = [];
      const workflowId = `resend-${Date.now()}`;
      const state = await withWorker(env!, provisioningActivities(calls), async (taskQueue) => {
        const handle = await env!.client.workflow.start(userProvisioningWorkflow, { taskQueue, workflowId, args: [input('ben@example.org')] });
        await env!.sleep(4 * DAY);
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
      const state = await withWorker(env!, provisioningActivities(calls), async (taskQueue) => {
        const handle = await env!.client.workflow.start(userProvisioningWorkflow, { taskQueue, workflowId, args: [input('cai@example.org')] });
        await env!.sleep(3 * DAY);
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
      const step = (name: string, result: unknown = undefined) => async () => {
        calls.push(name);
        return result;
      };
      return {
        validateCaseRequest: step('validate', { templateId: 't-1' }),
        createCaseRecord: step('create case', { caseId: 'case-1', caseNumber: 'EX-2026-00000001-MVE-DOP', reference: 'Poda', createdAt: '2026-11-22T10:00:00Z' }),
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
    const input = { tenant: 'demo', userId: 'user-1', key: 'k-1', templateId: 't-1', reference: 'Poda', ownerSectorId: null };

    it('rides out a signing service that is down for two hours, then completes with its signed cover', async () => {
      const calls: string[] = [];
      let down = true;
      let attempts = 0;
      const workflowId = `outage-${Date.now()}`;
      const result = await withWorker(
        env!,
        caseActivities(calls, async () => {
          attempts++;
          if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:3100');
        }),
        async (taskQueue) => {
          const handle = await env!.client.workflow.start(caseCreationWorkflow, { taskQueue, workflowId, args: [input] });
          await env!.sleep(2 * 3_600_000);
          down = false;
          return handle.result();
        },
      );
      assert.equal(result.caseNumber, 'EX-2026-00000001-MVE-DOP');
      assert.equal(result.cover.officialNumber, 'CAEX-2026-00000001-MVE-DOP');
      // Backoff doubles from 1 s to 30 s: about 240 tries over two hours, never a give-up.
      assert.ok(attempts > 200 && attempts < 300, `${attempts} attempts`);
      assert.ok((await lasted(workflowId)) >= 2 * 3_600_000);
      assert.deepEqual(calls.filter((c) => c !== 'sign'), ['validate', 'create case', 'create cover', 'begin signing', 'number', 'officialize', 'finish']);
    });

    it('a cover the signing service refuses for good removes the half-made case and fails with the reason', async () => {
      const calls: string[] = [];
      const failure = withWorker(
        env!,
        caseActivities(calls, async () => {
          throw ApplicationFailure.create({ type: SIGNER_REJECTED_TYPE, message: 'INVALID_PDF_FILE', nonRetryable: true });
        }),
        (taskQueue) => env!.client.workflow.execute(caseCreationWorkflow, { taskQueue, workflowId: `refused-${Date.now()}`, args: [input] }),
      );
      await assert.rejects(failure, (err: unknown) => {
        assert.ok(err instanceof WorkflowFailedError);
        const cause = (err.cause as ApplicationFailure | undefined)?.cause as ApplicationFailure | undefined;
        assert.equal(cause?.type, SIGNER_REJECTED_TYPE);
        return true;
      });
      assert.deepEqual(calls, ['validate', 'create case', 'create cover', 'begin signing', 'number', 'sign', 'discard']);
    });
  });
});
