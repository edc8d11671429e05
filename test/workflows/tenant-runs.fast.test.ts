/**
 * The runs that work through a municipality (CaseFileWorkflow) or through every municipality
 * (AuditAnchorWorkflow, ArchiveRenewalWorkflow), on Temporal's time-skipping test server with
 * steps supplied by the test. The case file: each case foliated before the index versions are
 * sealed, in order, a wake-up bringing the run back to new work, and the run ending after ten idle
 * minutes. The audit anchor: a municipality the authority refuses is reported, and the others are
 * still anchored. The archive renewal: a child run per municipality examining in batches and
 * renewing what is due, a document refused for good skipped (and not asked for again), one
 * municipality's failure not stopping the others.
 */
import assert from 'node:assert/strict';
import { ApplicationFailure } from '@temporalio/common';
import type { Activities } from '../../activities/index.js';
import { caseFileWakeSignal } from '../../contract/case-file.js';
import { SIGNER_REJECTED_TYPE } from '../../contract/failures.js';
import { archiveRenewalWorkflow } from '../../workflows/archive-renewal.js';
import { auditAnchorWorkflow } from '../../workflows/audit-anchor.js';
import { caseFileWorkflow } from '../../workflows/case-file.js';
import { timeSkippingServer, withWorker } from '../support/time-skipping.js';

const MINUTE = 60_000;

describe('runs across municipalities on the time-skipping test server', function () {
  this.timeout(120_000);
  const env = timeSkippingServer('suite');

  describe('CaseFileWorkflow', () => {
    it('foliates, then seals the index versions in order; woken for new work; ends after ten idle minutes', async () => {
      const calls: string[] = [];
      // What the tenant has waiting: two cases with new links now, one more after the wake-up.
      let cases = ['case-1', 'case-2'];
      const versions: { case_id: string; version: number }[] = [];
      const activities = {
        casesToFoliate: async () => cases.splice(0),
        foliateCaseFile: async ({ caseId }: { caseId: string }) => {
          calls.push(`foliate ${caseId}`);
          versions.push({ case_id: caseId, version: versions.length + 2 });
          return { foliated: 3 };
        },
        unsignedIndexVersions: async () => versions.splice(0),
        signIndexVersion: async ({ caseId, version }: { caseId: string; version: number }) => {
          calls.push(`seal ${caseId} v${version}`);
          return { signedAt: '2026-11-22T10:00:00Z' };
        },
      } as unknown as Partial<Activities>;
      const workflowId = `case-file-${Date.now()}`;
      const result = await withWorker(env(), activities, async (taskQueue) => {
        const handle = await env().client.workflow.start(caseFileWorkflow, {
          taskQueue,
          workflowId,
          args: [{ tenant: 'demo' }],
        });
        await env().sleep(4 * MINUTE);
        assert.equal(calls.length, 4, 'the first work done, then idle');
        cases = ['case-3'];
        await handle.signal(caseFileWakeSignal);
        return handle.result();
      });
      assert.deepEqual(calls, [
        'foliate case-1',
        'foliate case-2',
        'seal case-1 v2',
        'seal case-2 v3',
        'foliate case-3',
        'seal case-3 v2',
      ]);
      assert.deepEqual(result, { foliated: 9, signed: 3 });
      const { startTime, closeTime } = await env().client.workflow.getHandle(workflowId).describe();
      const lasted = closeTime!.getTime() - startTime.getTime();
      // Woken at 4 minutes, then ten idle minutes.
      assert.ok(lasted >= 14 * MINUTE && lasted < 15 * MINUTE, `${lasted / MINUTE} minutes`);
    });
  });

  describe('AuditAnchorWorkflow', () => {
    it('a municipality whose anchor is refused is reported; the others are anchored, or skipped when idle', async () => {
      const calls: string[] = [];
      const activities = {
        listTenantSchemas: async () => ['alfa', 'beta', 'gamma', 'delta'],
        anchorAuditChain: async ({ tenant }: { tenant: string }) => {
          calls.push(tenant);
          if (tenant === 'beta')
            throw ApplicationFailure.create({
              type: SIGNER_REJECTED_TYPE,
              message: 'El servicio de firma rechazó el sellado de tiempo (TSA_UNAVAILABLE)',
              nonRetryable: true,
            });
          // Nothing happened in gamma since its last anchor.
          return { anchored: tenant !== 'gamma' };
        },
      } as unknown as Partial<Activities>;
      const result = await withWorker(env(), activities, (taskQueue) =>
        env().client.workflow.execute(auditAnchorWorkflow, {
          taskQueue,
          workflowId: `anchor-${Date.now()}`,
          args: [{}],
        }),
      );
      assert.deepEqual(result, { tenants: 4, anchored: 2, failed: ['beta'] });
      assert.deepEqual(calls, ['alfa', 'beta', 'gamma', 'delta'], 'each once, in turn');
    });
  });

  describe('ArchiveRenewalWorkflow', () => {
    it('a run per municipality: examined in batches, due documents renewed, a refused one skipped; a failing municipality does not stop the others', async () => {
      const calls: string[] = [];
      // alfa: 62 documents to examine (a full batch of 50, then 12), three due, a-2 refused for good.
      const unexamined: Record<string, number> = { alfa: 62, gamma: 0 };
      const due: Record<string, string[]> = { alfa: ['a-1', 'a-2', 'a-3'], gamma: ['g-1'] };
      const activities = {
        listTenantSchemas: async () => ['alfa', 'beta', 'gamma'],
        examineOfficialDocuments: async ({ tenant, limit }: { tenant: string; limit: number }) => {
          if (tenant === 'beta') throw ApplicationFailure.nonRetryable('Municipio desconocido: beta', 'UnknownTenant');
          const n = Math.min(limit, unexamined[tenant]!);
          unexamined[tenant]! -= n;
          calls.push(`examine ${tenant} ${n}`);
          return n;
        },
        documentsDueForRenewal: async ({ tenant, skip }: { tenant: string; skip: string[] }) =>
          due[tenant]!.filter((id) => !skip.includes(id)),
        renewArchiveTimestamp: async ({ tenant, documentId }: { tenant: string; documentId: string }) => {
          calls.push(`renew ${documentId}`);
          if (documentId === 'a-2')
            throw ApplicationFailure.create({
              type: SIGNER_REJECTED_TYPE,
              message: 'El servicio de firma rechazó el documento (INVALID_PDF_FILE)',
              nonRetryable: true,
            });
          due[tenant] = due[tenant]!.filter((id) => id !== documentId);
          return { renewed: true };
        },
      } as unknown as Partial<Activities>;
      const result = await withWorker(env(), activities, (taskQueue) =>
        env().client.workflow.execute(archiveRenewalWorkflow, {
          taskQueue,
          workflowId: `archive-renewal-${Date.now()}`,
          args: [{}],
        }),
      );
      assert.deepEqual(result, { tenants: 3, renewed: 3, refused: 1 });
      assert.deepEqual(calls, [
        'examine alfa 50',
        'examine alfa 12',
        'renew a-1',
        'renew a-2',
        'renew a-3',
        'examine gamma 0',
        'renew g-1',
      ]);
    });
  });
});
