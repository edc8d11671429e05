/**
 * The workflows that sign a document the platform generates on a user's behalf — RecordReportWorkflow
 * (a record's IFRLM report) and ProvidenceWorkflow (a movement and its PV) — on Temporal's
 * time-skipping test server with steps supplied by the test: the municipality seal signs, a
 * signing-service outage is ridden out, a refusal for good withdraws the unsigned document, and a
 * refused movement ends the run with nothing written.
 */
import assert from 'node:assert/strict';
import { WithStartWorkflowOperation, WorkflowFailedError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Activities } from '../../activities/index.js';
import { recordMovementUpdate, type ProvidenceInput } from '../../contract/cases.js';
import { APP_ERROR_TYPE, appFailure, SIGNER_REJECTED_TYPE } from '../../contract/failures.js';
import type { MovementResult } from '../../domain/cases/movements.js';
import { providenceWorkflow } from '../../workflows/providence.js';
import { recordReportWorkflow } from '../../workflows/record-report.js';
import { timeSkippingServer, withWorker } from '../support/time-skipping.js';

const MINUTE = 60_000;

/** The signing steps every system document goes through, recording calls; `sign` is the signing service. */
function signingSteps(calls: string[], sign: () => Promise<void>) {
  return {
    beginDocumentSigning: async ({ documentId }: { documentId: string }) => {
      calls.push(`begin ${documentId}`);
      return { round: 1 };
    },
    assignOfficialNumber: async () => {
      calls.push('number');
      return 'IFRLM-2026-00000007-MVE-DOP';
    },
    signDocumentRevision: async ({ seal }: { seal?: boolean }) => {
      await sign();
      calls.push(seal ? 'sign with the seal' : 'sign personally');
      return { signedAt: '2026-11-22T10:00:01Z' };
    },
    officializeDocument: async () => {
      calls.push('officialize');
      return { signedAt: '2026-11-22T10:00:02Z' };
    },
    discardSystemDocument: async ({ documentId }: { documentId: string }) => void calls.push(`discard ${documentId}`),
  };
}

const refusedForGood = async () => {
  throw ApplicationFailure.create({ type: SIGNER_REJECTED_TYPE, message: 'CERTIFICATE_REVOKED', nonRetryable: true });
};

describe('system documents on the time-skipping test server', function () {
  this.timeout(120_000);
  const env = timeSkippingServer('suite');

  describe('RecordReportWorkflow', () => {
    function reportActivities(calls: string[], sign: () => Promise<void>) {
      return {
        createRecordReportDraft: async ({ key }: { key: string }) => {
          calls.push(`draft ${key}`);
          return { documentId: 'doc-7', recordNumber: 'RLM-2026-00000003-MVE' };
        },
        ...signingSteps(calls, sign),
        linkRecordReport: async ({ documentId }: { documentId: string }) => {
          calls.push(`link ${documentId}`);
          return { linkId: 'link-1' };
        },
      } as unknown as Partial<Activities>;
    }
    const input = { tenant: 'demo', userId: 'user-1', recordId: 'rec-1', key: 'k-1' };

    it('rides out ten minutes without the signing service, then links the signed report to its record', async () => {
      const calls: string[] = [];
      let start: number | undefined;
      let attempts = 0;
      const sign = async () => {
        attempts++;
        const now = await env().currentTimeMs();
        start ??= now;
        if (now - start < 10 * MINUTE) throw new Error('connect ECONNREFUSED 127.0.0.1:3100');
      };
      const result = await withWorker(env(), reportActivities(calls, sign), (taskQueue) =>
        env().client.workflow.execute(recordReportWorkflow, {
          taskQueue,
          workflowId: `report-${Date.now()}`,
          args: [input],
        }),
      );
      assert.deepEqual(result, {
        documentId: 'doc-7',
        officialNumber: 'IFRLM-2026-00000007-MVE-DOP',
        signedAt: '2026-11-22T10:00:02Z',
        recordId: 'rec-1',
        recordNumber: 'RLM-2026-00000003-MVE',
        linkId: 'link-1',
      });
      assert.deepEqual(calls, [
        'draft k-1',
        'begin doc-7',
        'number',
        'sign with the seal',
        'officialize',
        'link doc-7',
      ]);
      // Back-off doubles from 1 s to 30 s: 5 tries in the first 31 s, then one every 30 s.
      assert.ok(attempts >= 22 && attempts <= 26, `${attempts} attempts`);
    });

    it('a report the signing service refuses for good is withdrawn and never linked', async () => {
      const calls: string[] = [];
      const run = withWorker(env(), reportActivities(calls, refusedForGood), (taskQueue) =>
        env().client.workflow.execute(recordReportWorkflow, {
          taskQueue,
          workflowId: `report-refused-${Date.now()}`,
          args: [input],
        }),
      );
      await assert.rejects(run, (err: unknown) => {
        assert.ok(err instanceof WorkflowFailedError);
        assert.equal(((err.cause as ApplicationFailure).cause as ApplicationFailure).type, SIGNER_REJECTED_TYPE);
        return true;
      });
      assert.deepEqual(calls, ['draft k-1', 'begin doc-7', 'number', 'discard doc-7']);
    });
  });

  describe('ProvidenceWorkflow', () => {
    const moved: MovementResult = {
      movementId: 'mov-1',
      movementType: 'transfer',
      caseId: 'case-1',
      caseNumber: 'EX-2026-00000001-MVE-DOP',
      fromSector: { sector_id: 's-1', acronym: 'DOP' },
      toSector: { sector_id: 's-2', acronym: 'DLEG', name: 'Legales' },
      assignedUserId: null,
    };
    function providenceActivities(
      calls: string[],
      record: () => Promise<MovementResult>,
      sign: () => Promise<void> = async () => {},
    ) {
      return {
        recordCaseMovement: async ({ movementId }: { movementId: string }) => {
          calls.push(`record ${movementId}`);
          return record();
        },
        createProvidenceDraft: async () => {
          calls.push('draft PV');
          return 'pv-1';
        },
        ...signingSteps(calls, sign),
      } as unknown as Partial<Activities>;
    }
    const input = (withMovement: boolean): ProvidenceInput => ({
      tenant: 'demo',
      userId: 'user-1',
      movementId: 'mov-1',
      ...(withMovement
        ? {
            movement: {
              kind: 'transfer',
              caseId: 'case-1',
              targetSectorId: 's-2',
              reason: 'Dictamen',
              transferOwnership: false,
              bounded: false,
            },
          }
        : {}),
    });

    /** The run started with its recordMovement update, as the API starts it. */
    const withStart = (taskQueue: string, workflowId: string) =>
      new WithStartWorkflowOperation(providenceWorkflow, {
        taskQueue,
        workflowId,
        args: [input(true)],
        workflowIdConflictPolicy: 'FAIL',
      });

    it('the recordMovement update answers with the movement recorded; then its PV is made and sealed', async () => {
      const calls: string[] = [];
      const { answer, result } = await withWorker(
        env(),
        providenceActivities(calls, async () => moved),
        async (taskQueue) => {
          const operation = withStart(taskQueue, `providence-${Date.now()}`);
          const answer = await env().client.workflow.executeUpdateWithStart(recordMovementUpdate, {
            startWorkflowOperation: operation,
          });
          return { answer, result: await (await operation.workflowHandle()).result() };
        },
      );
      assert.deepEqual(answer, moved);
      assert.equal(result.documentId, 'pv-1');
      assert.deepEqual(calls, [
        'record mov-1',
        'draft PV',
        'begin pv-1',
        'number',
        'sign with the seal',
        'officialize',
      ]);
    });

    it('a refused movement is the update’s answer and ends the run: no PV, nothing signed', async () => {
      const calls: string[] = [];
      const { refusal, failure } = await withWorker(
        env(),
        providenceActivities(calls, async () => {
          throw appFailure(403, 'El expediente no está en su sector');
        }),
        async (taskQueue) => {
          const operation = withStart(taskQueue, `providence-refused-${Date.now()}`);
          const refusal = await env()
            .client.workflow.executeUpdateWithStart(recordMovementUpdate, { startWorkflowOperation: operation })
            .catch((e: unknown) => e);
          const failure = await (await operation.workflowHandle()).result().catch((e: unknown) => e);
          return { refusal, failure };
        },
      );
      assert.ok(refusal instanceof WorkflowUpdateFailedError);
      // The step's own failure, with the status the API answers.
      const cause = refusal.cause as ApplicationFailure;
      assert.equal(cause.type, APP_ERROR_TYPE);
      assert.equal(cause.message, 'El expediente no está en su sector');
      assert.deepEqual(cause.details, [{ status: 403 }]);
      assert.ok(failure instanceof WorkflowFailedError);
      assert.deepEqual(calls, ['record mov-1']);
    });

    it('a PV refused for good is withdrawn; the movement stands', async () => {
      const calls: string[] = [];
      const run = withWorker(
        env(),
        providenceActivities(calls, async () => moved, refusedForGood),
        (taskQueue) =>
          env().client.workflow.execute(providenceWorkflow, {
            taskQueue,
            workflowId: `providence-pv-refused-${Date.now()}`,
            args: [input(false)],
          }),
      );
      await assert.rejects(run, WorkflowFailedError);
      assert.deepEqual(
        calls,
        ['draft PV', 'begin pv-1', 'number', 'discard pv-1'],
        'no movement step: it was recorded',
      );
    });
  });
});
