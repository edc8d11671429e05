/**
 * A transfer with its PV document (`create_official_doc`) is one durable operation: the workflow
 * is started before anything is written and records the movement itself, so a worker dying after
 * the movement and before the PV is signed leaves the run to finish on another worker — never a
 * movement without its PV — and a refused movement leaves nothing at all.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { tenantDb } from '../../db/tenancy.js';
import { getStack } from '../support/hooks.js';
import { HeldProxy } from '../support/held-proxy.js';
import { asIntegration, demoSector, demoUser, request } from '../support/http.js';
import { startWorkerProcess } from '../support/worker-process.js';
import { until } from '../support/until.js';
import { createCase } from '../support/cases.js';

describe('cases: a movement and its PV survive a worker crash between them', function () {
  this.timeout(240_000);
  const taskQueue = `movement-${Date.now()}`;
  let proxy: HeldProxy;
  let api: { url: string; close(): Promise<void> };
  const workers: ChildProcess[] = [];

  before(async () => {
    const stack = getStack();
    proxy = await HeldProxy.start(stack.signer.url);
    api = await stack.extraApi({ TEMPORAL_TASK_QUEUE: taskQueue, WORKFLOW_WAIT_MS: '2000' });
  });
  after(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await api.close();
    await proxy.close();
  });

  const startWorker = async () => {
    const w = await startWorkerProcess({ taskQueue, signerUrl: proxy.url });
    workers.push(w);
    return w;
  };
  const rows = (caseId: string) =>
    tenantDb(getStack().db, getStack().demoTenant).transaction(async (trx) => ({
      movements: await trx('case_movements').where({ case_id: caseId, movement_type: 'transfer' }).select('id'),
      pvs: await trx('case_documents as cd')
        .join('documents as d', 'd.id', 'cd.document_id')
        .join('document_types as t', 't.id', 'd.document_type_id')
        .where({ 'cd.case_id': caseId, 't.acronym': 'PV' })
        .select('d.status', 'd.official_number'),
    }));

  it('the worker dies while the PV is at the signing service: another worker finishes it, once', async () => {
    const c = await createCase('agente-obras', { reference: 'Pase con providencia' });
    const first = await startWorker();
    const held = proxy.hold();
    const answer = request(`/api/v1/cases/${c.case_id}/transfer`, {
      method: 'POST',
      headers: asIntegration('directora-obras'),
      baseUrl: api.url,
      json: {
        target_sector_id: demoSector('RENT'),
        reason: 'Pase a Rentas',
        assigned_user_id: demoUser('directora-rentas'),
        create_official_doc: true,
      },
    });
    await held;
    // The movement is recorded; its PV is being signed when the worker dies.
    assert.equal((await rows(c.case_id)).movements.length, 1);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const res = await answer;
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.to_sector, 'RENT');
    assert.equal(res.body.official_document.status, 'signing', 'answered while the PV waits for a worker');
    proxy.release();
    await startWorker();
    const done = await until('the PV signed and linked', async () => {
      const r = await rows(c.case_id);
      return r.pvs.some((pv) => pv.status === 'signed') ? r : undefined;
    });
    assert.equal(done.movements.length, 1, 'one movement');
    assert.equal(done.pvs.length, 1, 'one PV');
    assert.match(done.pvs[0].official_number, /^PV-\d{4}-\d{8}-MVE-DOP$/);
  });

  it('a refused movement (not a responsible) answers 403 and writes nothing', async () => {
    if (!workers.some((w) => w.exitCode === null)) await startWorker();
    const c = await createCase('agente-obras', { reference: 'Pase no permitido' });
    const res = await request(`/api/v1/cases/${c.case_id}/transfer`, {
      method: 'POST',
      headers: asIntegration('directora-rentas'),
      baseUrl: api.url,
      json: { target_sector_id: demoSector('MESA'), reason: 'Pase indebido', create_official_doc: true },
    });
    assert.equal(res.status, 403, res.text);
    const r = await rows(c.case_id);
    assert.deepEqual([r.movements.length, r.pvs.length], [0, 0]);
  });
});
