/**
 * Archive time-stamp renewal (PAdES-B-LTA) on the real stack: official documents carry an archive
 * time-stamp; the tenant run examines them, renews those due that the service's authority now
 * holds longer for — one more document time-stamp with fresh validation data, stored as the next
 * official revision, once per time-stamp generation — and the earlier revisions still verify as
 * the original. The schedule that starts the daily run is created once.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ScheduleNotFoundError } from '@temporalio/client';
import {
  ARCHIVE_RENEWAL_WORKFLOW,
  TENANT_ARCHIVE_RENEWAL_WORKFLOW,
  type ArchiveRenewalWorkflow,
  type TenantArchiveRenewalWorkflow,
} from '../../contract/archive-renewal.js';
import { tenantDb } from '../../db/tenancy.js';
import { archiveHorizon } from '../../domain/archive/horizon.js';
import { recordRenewal } from '../../domain/archive/renewal.js';
import { formatVerificationCode } from '../../lib/verification-code.js';
import { ensureArchiveRenewalSchedule } from '../../worker/archive-schedule.js';
import { getStack } from '../support/hooks.js';
import { asIntegration, request } from '../support/http.js';
import { pdfDocumentTimestamps, pdfSignatures } from '../support/pdf-tools.js';
import { officialDocument } from '../verification/support/corpus.js';
import { assertPyhankoValid } from '../archive/support/validators.js';
import { authorityUntil, certificateId, inProcessRenewer } from '../archive/support/authorities.js';

const DAY = 24 * 3600 * 1000;

async function renewalRun(input: Parameters<TenantArchiveRenewalWorkflow>[0]) {
  const stack = getStack();
  return stack.client.workflow.execute<TenantArchiveRenewalWorkflow>(TENANT_ARCHIVE_RENEWAL_WORKFLOW, {
    taskQueue: stack.config.temporal.taskQueue,
    workflowId: `archive-renewal/${input.tenant}/test-${randomUUID()}`,
    args: [input],
  });
}

async function officialPdf(id: string): Promise<Buffer> {
  const url = await request(`/api/v1/documents/${id}/url`, { headers: asIntegration('intendente') });
  assert.equal(url.status, 200, url.text);
  return Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer());
}

describe('archive time-stamp renewal (PAdES-B-LTA)', function () {
  this.timeout(180_000);

  it('renews once per time-stamp generation: a document an earlier authority certificate stamped is renewed, a second run renews nothing, and every revision still verifies', async () => {
    const stack = getStack();
    const doc = await officialDocument(['directora-obras', 'intendente'], 'Informe para el archivo');
    const current = archiveHorizon(doc.pdf);
    assert.ok(
      current.validUntil && current.validUntil.getTime() > Date.now() + DAY,
      'the archive time-stamp holds until its authority certificate expires',
    );
    assert.equal(current.digest, 'sha256');
    const scope = {
      tenant: stack.demoTenant,
      db: tenantDb(stack.db, stack.demoTenant),
      storage: stack.services.storage,
    };
    const documentRow = () =>
      scope.db.transaction((trx) =>
        trx('documents')
          .where({ id: doc.id })
          .first<{ archive_checked_revision: number; archive_valid_until: Date; archive_digest: string }>(
            'archive_checked_revision',
            'archive_valid_until',
            'archive_digest',
          ),
      );

    // A window that ends before the authority certificate expires: examined, nothing renewed.
    const quiet = await renewalRun({ tenant: 'demo', windowDays: 1, documentIds: [doc.id] });
    assert.equal(quiet.renewed, 0);
    assert.deepEqual(await documentRow(), {
      archive_checked_revision: 0,
      archive_valid_until: current.validUntil,
      archive_digest: 'sha256',
    });

    // A window that reaches past the authority's certificate, as when that certificate itself is
    // inside it: a document time-stamped by that certificate is not renewed — another time-stamp
    // from it would hold no longer (the service's authority is the same).
    const windowDays = Math.ceil((current.validUntil!.getTime() - Date.now()) / DAY) + 1;
    const same = await renewalRun({ tenant: 'demo', windowDays, documentIds: [doc.id] });
    assert.deepEqual([same.renewed, same.refused], [0, 0]);

    // The file as an earlier generation left it: its newest time-stamp by an authority certificate
    // (same root) that expires in 40 days, stored as official revision 1.
    const older = await authorityUntil(stack.pki, new Date(Date.now() + 40 * DAY));
    const renewer = inProcessRenewer();
    let earlier: Buffer;
    try {
      earlier = await renewer.renew(doc.pdf, older.url);
    } finally {
      await renewer.close();
      await older.close();
    }
    const olderHorizon = archiveHorizon(earlier);
    assert.equal(olderHorizon.authority, certificateId(older.certificate));
    assert.ok(olderHorizon.validUntil!.getTime() < current.validUntil!.getTime());
    assert.equal((await recordRenewal(scope, { documentId: doc.id, revision: 0 }, earlier)).revision, 1);

    // The daily run: renewed by the service's authority (a later certificate), once.
    const first = await renewalRun({ tenant: 'demo', windowDays, documentIds: [doc.id, 'not-a-document-id'] });
    assert.deepEqual(first, { examined: first.examined, renewed: 1, refused: 0 });
    // The next day's run, the new time-stamp's authority certificate still inside the window: nothing.
    const second = await renewalRun({ tenant: 'demo', windowDays, documentIds: [doc.id] });
    assert.deepEqual([second.renewed, second.refused], [0, 0]);

    const files = await scope.db.transaction((trx) =>
      trx('document_files').where({ document_id: doc.id, kind: 'official' }).orderBy('revision').pluck('revision'),
    );
    assert.deepEqual(files, [0, 1, 2]);
    const renewals = await scope.db.transaction((trx) =>
      trx('archive_renewals').where({ document_id: doc.id }).orderBy('revision').select<
        {
          revision: number;
          renewed_at: Date;
          previous_valid_until: Date;
          valid_until: Date;
          digest: string;
          authority_certificate: string;
        }[]
      >('revision', 'renewed_at', 'previous_valid_until', 'valid_until', 'digest', 'authority_certificate'),
    );
    assert.deepEqual(
      renewals.map((r) => [r.revision, r.previous_valid_until.toISOString(), r.valid_until.toISOString(), r.digest]),
      [
        [1, current.validUntil!.toISOString(), olderHorizon.validUntil!.toISOString(), 'sha256'],
        [2, olderHorizon.validUntil!.toISOString(), current.validUntil!.toISOString(), 'sha256'],
      ],
    );
    assert.equal(
      renewals[1]!.authority_certificate,
      current.authority,
      'renewed by the authority certificate of the service',
    );
    assert.ok(renewals[1]!.renewed_at.getTime() > Date.now() - 120_000);
    assert.deepEqual(await documentRow(), {
      archive_checked_revision: 2,
      archive_valid_until: current.validUntil,
      archive_digest: 'sha256',
    });

    const renewed = await officialPdf(doc.id);
    assert.ok(
      renewed.length > earlier.length && renewed.subarray(0, earlier.length).equals(earlier),
      'the renewal is an incremental update of the newest official file',
    );
    assert.equal(pdfSignatures(renewed).length, 2);
    assert.ok(
      pdfSignatures(renewed).every((s) => s.valid),
      'pdfsig: both signatures still valid',
    );
    assert.equal(pdfDocumentTimestamps(renewed).length, 3, 'a third archive time-stamp');
    await assertPyhankoValid(renewed, 'renewed-by-the-run.pdf');

    // Public verification: the renewed file is authentic, and so is a copy handed out before.
    const byCode = await request(`/api/v1/public/verify/${formatVerificationCode(doc.code)}`);
    assert.equal(byCode.body.verdict, 'authentic', byCode.text);
    assert.equal(byCode.body.signatures.filter((s: { kind: string }) => s.kind === 'timestamp').length, 3);
    for (const copy of [doc.pdf, renewed]) {
      const form = new FormData();
      form.set('pdf_file', new Blob([new Uint8Array(copy)], { type: 'application/pdf' }), 'copia.pdf');
      const upload = await fetch(`${stack.apiUrl}/api/v1/public/verify`, { method: 'POST', body: form });
      const body = (await upload.json()) as { verdict: string; file: { matches_registered_original: boolean } };
      assert.equal(body.verdict, 'authentic');
      assert.equal(body.file.matches_registered_original, true);
    }
  });

  it('a renewal of a revision that is no longer the newest is not stored (a repeat never stacks two)', async () => {
    const stack = getStack();
    const doc = await officialDocument(['intendente'], 'Informe renovado dos veces');
    const scope = {
      tenant: stack.demoTenant,
      db: tenantDb(stack.db, stack.demoTenant),
      storage: stack.services.storage,
    };
    const first = await recordRenewal(scope, { documentId: doc.id, revision: 0 }, doc.pdf);
    assert.deepEqual([first.stored, first.revision], [true, 1]);
    const repeat = await recordRenewal(scope, { documentId: doc.id, revision: 0 }, doc.pdf);
    assert.deepEqual([repeat.stored, repeat.revision], [false, 1]);
  });

  it('the daily run goes through every municipality, each in its own run findable by Tenant', async () => {
    const stack = getStack();
    const result = await stack.client.workflow.execute<ArchiveRenewalWorkflow>(ARCHIVE_RENEWAL_WORKFLOW, {
      taskQueue: stack.config.temporal.taskQueue,
      workflowId: `archive-renewal-test-${randomUUID()}`,
      args: [{ windowDays: 1 }],
    });
    assert.ok(result.tenants >= 1);
    assert.deepEqual([result.renewed, result.refused], [0, 0], 'nothing expires within a day');
    const day = new Date().toISOString().slice(0, 10);
    const child = await stack.client.workflow.getHandle(`archive-renewal/demo/${day}`).describe();
    assert.equal(child.status.name, 'COMPLETED');
    assert.deepEqual(child.typedSearchAttributes.get({ name: 'Tenant', type: 'KEYWORD' } as never), 'demo');
  });

  it('the daily schedule is created once, at the configured hour in the municipal time zone', async () => {
    const stack = getStack();
    const scheduleId = `archive-renewal-test-${randomUUID()}`;
    const options = {
      namespace: stack.config.temporal.namespace,
      taskQueue: stack.config.temporal.taskQueue,
      hour: 3,
      timeZone: stack.config.timeZone,
      scheduleId,
    };
    assert.equal(await ensureArchiveRenewalSchedule(stack.client.connection, options), true);
    assert.equal(
      await ensureArchiveRenewalSchedule(stack.client.connection, { ...options, hour: 5 }),
      false,
      'a second start leaves it as it is',
    );
    const handle = stack.client.schedule.getHandle(scheduleId);
    const described = await handle.describe();
    assert.equal(described.spec.timezone, stack.config.timeZone);
    assert.deepEqual(
      described.spec.calendars?.map((c) => c.hour),
      [[{ start: 3, end: 3, step: 1 }]],
    );
    assert.equal(described.action.type, 'startWorkflow');
    assert.equal(described.action.workflowType, 'archiveRenewalWorkflow');
    await handle.delete();
    await assert.rejects(handle.describe(), ScheduleNotFoundError);
  });
});
