/**
 * Delivery of a NOTA happens exactly once even when the worker dies in the middle of the
 * officialization step. The test holds a SHARE lock on note_recipients, so the officialization
 * transaction blocks on its delivery insert (after it has marked the document signed); the worker
 * is killed right there, the lock is released and a new worker takes the workflow over and runs
 * the step again. Running the step once more after it committed (a retry whose completion was
 * lost) changes nothing either.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { tenantDb } from '../../db/tenancy.js';
import { contextForUser } from '../../domain/authentication.js';
import { officializeDocument } from '../../domain/documents/signing.js';
import { getStack } from '../support/hooks.js';
import { startWorkerProcess } from '../support/worker-process.js';
import { asIntegration, demoSector, demoUser, request } from '../support/http.js';
import { draftNote, sendMemo } from '../support/communications.js';
import { until } from '../support/until.js';

describe('notes: delivery exactly once when officialization is retried', function () {
  this.timeout(240_000);
  const taskQueue = `delivery-crash-${Date.now()}`;
  let api: { url: string; close(): Promise<void> };
  const workers: ChildProcess[] = [];

  async function startWorker(): Promise<ChildProcess> {
    const child = await startWorkerProcess({ taskQueue });
    workers.push(child);
    return child;
  }

  before(async () => {
    api = await getStack().extraApi({ TEMPORAL_TASK_QUEUE: taskQueue, WORKFLOW_WAIT_MS: '150000' });
  });

  after(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await api.close();
  });

  const scoped = () => tenantDb(getStack().db, getStack().demoTenant);

  it('a worker killed mid-officialization delivers the note once, on the worker that takes over', async () => {
    const { db } = getStack();
    const first = await startWorker();
    const reference = `Nota con caída ${randomUUID().slice(0, 8)}`;
    const id = await draftNote('intendente', { to: ['MESA'], cc: ['RENT'], bcc: ['DOP'] }, { reference });
    const call = (path: string) =>
      request(`/api/v1/documents/${id}/${path}`, {
        method: 'POST',
        headers: asIntegration('intendente'),
        baseUrl: api.url,
      });
    assert.equal((await call('start-signing')).status, 200);

    // Deliveries block while this transaction holds the table in SHARE mode (reads still pass).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction(async (trx) => {
      await trx.raw('lock table demo.note_recipients in share mode');
      locked();
      await released;
    });
    await isLocked;

    const signing = call('sign');
    await until('the officialization waiting on its delivery insert', async () => {
      const { rows } = await db.raw(
        `select count(*)::int as n from pg_locks where not granted and relation = 'demo.note_recipients'::regclass`,
      );
      return rows[0].n > 0 ? true : undefined;
    });
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    release();
    await holder;
    await startWorker();

    const signed = await signing;
    assert.equal(signed.status, 200, signed.text);
    assert.equal(signed.body.status, 'signed');
    assert.match(signed.body.document_number, /^NO-\d{4}-\d{8}-MVE-INTEN$/);

    const rows = await scoped().transaction((trx) =>
      trx('note_recipients').where({ document_id: id }).orderBy('recipient_kind').select('sector_id', 'recipient_kind'),
    );
    assert.deepEqual(
      rows.map((r: { sector_id: string; recipient_kind: string }) => `${r.recipient_kind}:${r.sector_id}`).sort(),
      [`to:${demoSector('MESA')}`, `cc:${demoSector('RENT')}`, `bcc:${demoSector('DOP')}`].sort(),
    );
    const events = await scoped().transaction((trx) =>
      trx('activity_events').where({ entity_id: id, kind: 'document_officialized' }).count<{ n: string }[]>('* as n'),
    );
    assert.equal(Number(events[0]!.n), 1, 'one officialization event');
    const inbox = await request(`/api/v1/notes/received?search=${encodeURIComponent(reference)}`, {
      headers: asIntegration('agente-mesa'),
      baseUrl: api.url,
    });
    assert.deepEqual(
      inbox.body.notes.map((n: { note_id: string }) => n.note_id),
      [id],
    );

    // The step once more, as a retry whose first completion was lost: nothing changes.
    const ctx = await contextForUser(getStack(), getStack().demoTenant, demoUser('intendente'));
    const round = (await scoped().transaction((trx) => trx('documents').where({ id }).first('signing_round')))
      .signing_round;
    const again = await officializeDocument(ctx, id, round);
    assert.equal(again.officialNumber, signed.body.document_number);
    const after = await scoped().transaction((trx) =>
      trx('note_recipients').where({ document_id: id }).count<{ n: string }[]>('* as n'),
    );
    assert.equal(Number(after[0]!.n), 3);
  });

  it('a memo officialized again keeps one recipient row per user', async () => {
    const memo = await sendMemo('agente-obras', { to: ['agente-mesa'], cc: ['directora-rentas'], bcc: ['intendente'] });
    const ctx = await contextForUser(getStack(), getStack().demoTenant, demoUser('agente-obras'));
    const round = (await scoped().transaction((trx) => trx('documents').where({ id: memo.id }).first('signing_round')))
      .signing_round;
    await Promise.all([officializeDocument(ctx, memo.id, round), officializeDocument(ctx, memo.id, round)]);
    type Row = {
      recipient_user_id: string;
      recipient_type: string;
      sender_sector_id: string;
      recipient_sector_id: string;
    };
    const rows = await scoped().transaction((trx) =>
      trx('memo_recipients')
        .where({ document_id: memo.id })
        .select<Row[]>('recipient_user_id', 'recipient_type', 'sender_sector_id', 'recipient_sector_id'),
    );
    assert.equal(rows.length, 3);
    const byUser = Object.fromEntries(rows.map((r) => [r.recipient_user_id, r]));
    assert.equal(byUser[demoUser('agente-mesa')]!.recipient_type, 'TO');
    assert.equal(byUser[demoUser('agente-mesa')]!.recipient_sector_id, demoSector('MESA'));
    assert.equal(byUser[demoUser('agente-mesa')]!.sender_sector_id, demoSector('DOP'));
    assert.equal(byUser[demoUser('intendente')]!.recipient_type, 'BCC');
  });
});
