/**
 * A worker killed (SIGKILL) in the middle of a signature: the signing request is at the signing
 * service when the worker dies. A new worker takes over after the activity's heartbeat timeout;
 * the signature completes exactly once (one signature per signer in the PDF) and the official
 * number is allocated once.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { tenantDb } from '../../db/tenancy.js';
import { getStack } from '../support/hooks.js';
import { startWorkerProcess } from '../support/worker-process.js';
import { asIntegration, request } from '../support/http.js';
import { HeldProxy } from '../support/held-proxy.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { pdfSignatures } from '../support/pdf-tools.js';

describe('documents: a worker dies in the middle of a signature', function () {
  this.timeout(240_000);
  const taskQueue = `crash-${Date.now()}`;
  let proxy: HeldProxy;
  let api: { url: string; close(): Promise<void> };
  const workers: ChildProcess[] = [];

  /** The project's worker as its own process, signing through the proxy. */
  async function startWorker(): Promise<ChildProcess> {
    const child = await startWorkerProcess({ taskQueue, signerUrl: proxy.url });
    workers.push(child);
    return child;
  }

  before(async () => {
    const stack = getStack();
    proxy = await HeldProxy.start(stack.signer.url);
    api = await stack.extraApi({ TEMPORAL_TASK_QUEUE: taskQueue, WORKFLOW_WAIT_MS: '150000' });
  });

  after(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await api.close();
    await proxy.close();
  });

  it('finishes that signature exactly once on a new worker, with one official number', async () => {
    const { db, demoTenant } = getStack();
    const first = await startWorker();
    const id = await prepareIntegrationDraft('agente-obras', ['directora-obras', 'intendente'], {
      document_type_acronym: 'DICT',
      reference: 'Dictamen con caída',
    });
    const call = (path: string, user: string) =>
      request(`/api/v1/documents/${id}/${path}`, { method: 'POST', headers: asIntegration(user), baseUrl: api.url });
    assert.equal((await call('start-signing', 'agente-obras')).status, 200);
    assert.equal((await call('sign', 'directora-obras')).status, 200);

    const counter = async () =>
      Number(
        (await tenantDb(db, demoTenant).transaction((trx) => trx('number_counters').where({ kind: 'DICT' }).first()))
          ?.last_value ?? 0,
      );
    const before = await counter();

    // The numerator signs; while the worker waits for the signing service, it is killed.
    const held = proxy.hold();
    const signing = call('sign', 'intendente');
    await held;
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    proxy.release(); // the dead worker's request reaches the service; its answer has nobody to store it
    await startWorker();

    const signed = await signing;
    assert.equal(signed.status, 200, signed.text);
    assert.equal(signed.body.status, 'signed');
    assert.match(signed.body.document_number, /^DICT-\d{4}-\d{8}-MVE-INTEN$/);
    assert.equal(await counter(), before + 1, 'the official number was allocated once');
    assert.ok(proxy.requests >= 3, 'the signature was requested again after the crash');

    const url = await request(`/api/v1/documents/${id}/url`, {
      headers: asIntegration('agente-obras'),
      baseUrl: api.url,
    });
    const pdf = Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer());
    const signatures = pdfSignatures(pdf);
    assert.equal(signatures.length, 2, 'one signature per signer, none twice');
    assert.ok(signatures.every((s) => s.valid));
    const signers = await tenantDb(db, demoTenant).transaction((trx) =>
      trx('document_signers').where({ document_id: id }),
    );
    assert.deepEqual(
      signers.map((s: { status: string }) => s.status),
      ['signed', 'signed'],
    );
  });
});
