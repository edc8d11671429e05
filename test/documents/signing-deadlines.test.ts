/**
 * Deadlines of signing rounds, end to end: start-signing with a deadline on both interfaces, the
 * due date in the lists and the dashboard, the DeadlineWorkflow an operator finds by Tenant and
 * DocumentId, cancelled when the round ends; bad deadlines refused before anything starts; and
 * the real deadline steps (PostgreSQL, SMTP) run on the time-skipping test server, with the
 * reminders and the escalation arriving in MailDev.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createDeadlineActivities } from '../../activities/deadlines.js';
import type { ActivityDeps } from '../../activities/deps.js';
import type { Activities } from '../../activities/index.js';
import { createMailer } from '../../activities/mailer.js';
import { workflowIds } from '../../contract/ids.js';
import { tenantDb } from '../../db/tenancy.js';
import { addBusinessDays, loadBusinessCalendar } from '../../domain/business-days.js';
import { DEADLINE_MESSAGES } from '../../domain/deadlines/request.js';
import { deadlinePoints } from '../../domain/deadlines/schedule.js';
import { openDeadline } from '../../domain/deadlines/subjects.js';
import { deadlineWorkflow } from '../../workflows/deadline.js';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, demoUser, request } from '../support/http.js';
import { createIntegrationDraft, newDocumentType, prepareIntegrationDraft, SAMPLE_HTML } from '../support/documents.js';
import { timeSkippingServer, withWorker } from '../support/time-skipping.js';
import { until } from '../support/until.js';
import { newUser } from '../support/users.js';

const DAY = 86_400_000;

async function deadlineRuns(documentId: string) {
  const runs: { workflowId: string; status: string }[] = [];
  const query = `WorkflowType="deadlineWorkflow" AND Tenant="demo" AND DocumentId="${documentId}"`;
  for await (const wf of getStack().client.workflow.list({ query }))
    runs.push({ workflowId: wf.workflowId, status: wf.status.name });
  return runs;
}

const startSigning = (id: string, json?: unknown) =>
  request(`/api/v1/documents/${id}/start-signing`, {
    method: 'POST',
    headers: asIntegration('agente-obras'),
    ...(json === undefined ? {} : { json }),
  });

describe('documents: signing deadlines', function () {
  this.timeout(180_000);

  it('a round with a deadline: due_at stored and shown, its timers found by Tenant and DocumentId, cancelled when the round ends', async () => {
    const stack = getStack();
    const id = await prepareIntegrationDraft('agente-obras', ['jefa-mesa', 'directora-obras'], {
      reference: `Plazo ${randomUUID().slice(0, 8)}`,
    });
    const before = new Date();
    const started = await startSigning(id, { due_in_business_days: 3 });
    assert.equal(started.status, 200, started.text);
    const calendar = await loadBusinessCalendar(tenantDb(stack.db, stack.demoTenant), stack.config.timeZone);
    assert.equal(
      started.body.due_at,
      addBusinessDays(calendar, before, 3).toISOString(),
      'three business days, to the end of the local day',
    );

    const pending = await request('/api/v1/documents/pending-signatures', { headers: asIntegration('jefa-mesa') });
    const mine = pending.body.documents.find((d: { document_id: string }) => d.document_id === id);
    assert.deepEqual([mine.due_at, mine.overdue], [started.body.due_at, false]);
    const desk = await request(`/api/v1/users/${demoUser('jefa-mesa')}/documents?status=sent_to_sign&page_size=100`, {
      headers: asBackend('jefa-mesa'),
    });
    const row = desk.body.data.documents.find((d: { document_id: string }) => d.document_id === id);
    assert.deepEqual([row.due_at, row.overdue], [started.body.due_at, false]);
    const details = await request(`/api/v1/documents/${id}/details`, { headers: asBackend('jefa-mesa') });
    assert.equal(details.body.data.signing.due_at, started.body.due_at);

    const runs = await until('the deadline run in visibility', async () =>
      (await deadlineRuns(id)).length ? deadlineRuns(id) : undefined,
    );
    assert.deepEqual(runs, [{ workflowId: workflowIds.signingDeadline('demo', id, 1), status: 'RUNNING' }]);

    for (const signer of ['jefa-mesa', 'directora-obras']) {
      const signed = await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: asIntegration(signer) });
      assert.equal(signed.status, 200, signed.text);
    }
    const ended = await until('the deadline run cancelled', async () => {
      const d = await stack.client.workflow.getHandle(workflowIds.signingDeadline('demo', id, 1)).describe();
      return d.status.name === 'RUNNING' ? undefined : d.status.name;
    });
    assert.equal(ended, 'CANCELLED');
    const after = await request(`/api/v1/documents/${id}`, { headers: asIntegration('agente-obras') });
    assert.deepEqual(
      [after.body.status, after.body.due_at, after.body.overdue],
      ['signed', null, false],
      'a signed document has no deadline to show',
    );
  });

  it('the backend takes a date; a round without one has no timers', async () => {
    const id = await prepareIntegrationDraft('agente-obras', ['directora-obras']);
    const date = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10);
    const res = await request(`/api/v1/documents/${id}/start-signing-process`, {
      method: 'POST',
      headers: asBackend('agente-obras'),
      json: { due_at: date },
    });
    assert.equal(res.status, 200, res.text);
    // The end of that day in Buenos Aires (UTC−3).
    assert.equal(res.body.data.due_at, new Date(`${date}T23:59:59.999-03:00`).toISOString());

    const plain = await prepareIntegrationDraft('agente-obras', ['directora-obras']);
    const none = await startSigning(plain);
    assert.equal(none.status, 200, none.text);
    assert.equal('due_at' in none.body, false, 'no deadline, none in the answer');
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepEqual(await deadlineRuns(plain), []);
  });

  it("an administrator sets a document type's default deadline, which a round without one gets", async () => {
    // A type of its own: a seeded type's default stays as other suites expect it.
    const own = await newDocumentType();
    const put = (user: string, json: unknown, type = own.acronym) =>
      request(`/api/v1/admin/document-types/${type}`, { method: 'PUT', headers: asBackend(user), json });
    assert.deepEqual((await put('agente-obras', { signing_due_business_days: 4 })).status, 403);
    for (const days of [0, 241, 1.5, '4'])
      assert.equal((await put('intendente', { signing_due_business_days: days })).status, 400, String(days));
    assert.equal((await put('intendente', { signing_due_business_days: 4 }, 'NOPE')).status, 404);
    const set = await put('intendente', { signing_due_business_days: 4 });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(set.body.data, { acronym: own.acronym, name: own.name, signing_due_business_days: 4 });
    const listed = await request('/api/v1/admin/document-types', { headers: asBackend('intendente') });
    assert.equal(
      listed.body.data.document_types.find((t: { acronym: string }) => t.acronym === own.acronym)
        .signing_due_business_days,
      4,
    );
    const stack = getStack();
    const ofType = { document_type_acronym: own.acronym };
    const id = await prepareIntegrationDraft('agente-obras', ['directora-obras'], ofType);
    const before = new Date();
    const started = await startSigning(id);
    const calendar = await loadBusinessCalendar(tenantDb(stack.db, stack.demoTenant), stack.config.timeZone);
    assert.equal(started.body.due_at, addBusinessDays(calendar, before, 4).toISOString());
    const asked = await prepareIntegrationDraft('agente-obras', ['directora-obras'], ofType);
    assert.equal(
      (await startSigning(asked, { due_in_business_days: 9 })).body.due_at,
      addBusinessDays(calendar, before, 9).toISOString(),
      'a deadline asked for wins',
    );
    const cleared = await put('intendente', { signing_due_business_days: null });
    assert.equal(cleared.body.data.signing_due_business_days, null);
  });

  it('bad deadlines are refused with 400 before the round starts', async () => {
    const id = await prepareIntegrationDraft('agente-obras', ['directora-obras']);
    const cases: [unknown, string][] = [
      [{ due_at: '2020-01-01' }, DEADLINE_MESSAGES.past],
      [{ due_at: new Date(Date.now() - 60_000).toISOString() }, DEADLINE_MESSAGES.past],
      [{ due_at: '2026-02-30' }, DEADLINE_MESSAGES.dueAtFormat],
      [{ due_at: 'mañana' }, DEADLINE_MESSAGES.dueAtFormat],
      [{ due_at: '2030-01-01T10:00:00' }, DEADLINE_MESSAGES.dueAtFormat],
      [{ due_at: new Date(Date.now() + 400 * DAY).toISOString().slice(0, 10) }, DEADLINE_MESSAGES.tooFar],
      [{ due_at: '2030-01-01', due_in_business_days: 3 }, DEADLINE_MESSAGES.both],
    ];
    for (const [json, message] of cases) {
      const res = await startSigning(id, json);
      assert.deepEqual([res.status, res.body], [400, { error: message }], JSON.stringify(json));
    }
    for (const days of [0, 241, 2.5, '3']) {
      const res = await startSigning(id, { due_in_business_days: days });
      assert.equal(res.status, 400, `${days}: ${res.text}`);
    }
    const doc = await request(`/api/v1/documents/${id}`, { headers: asIntegration('agente-obras') });
    assert.equal(doc.body.status, 'draft', 'nothing started');
    assert.deepEqual(await deadlineRuns(id), []);
  });

  it('an overdue round counts in the dashboard of its signers and its creator', async () => {
    const stack = getStack();
    const id = await prepareIntegrationDraft('agente-obras', ['jefa-mesa', 'directora-obras']);
    const stats = async (user: string) =>
      (await request('/api/v1/dashboard/stats', { headers: asBackend(user) })).body.data.overdue_signatures as number;
    const was = {
      creator: await stats('agente-obras'),
      signer: await stats('jefa-mesa'),
      other: await stats('directora-rentas'),
    };
    assert.equal((await startSigning(id, { due_in_business_days: 1 })).status, 200);
    // Days pass: the stored deadline is moved to yesterday (the timers are the time-skipping tests' subject).
    await tenantDb(stack.db, stack.demoTenant).transaction((trx) =>
      trx('documents')
        .where({ id })
        .update({ signing_due_at: new Date(Date.now() - DAY) }),
    );
    assert.equal(await stats('agente-obras'), was.creator + 1);
    assert.equal(await stats('jefa-mesa'), was.signer + 1);
    assert.equal(await stats('directora-rentas'), was.other);
    const pending = await request('/api/v1/documents/pending-signatures', { headers: asIntegration('jefa-mesa') });
    assert.equal(pending.body.documents.find((d: { document_id: string }) => d.document_id === id).overdue, true);
  });

  it("reminders follow the round's turn: an inactive common signer who has not signed still holds the numerator's turn back", async () => {
    const stack = getStack();
    const db = tenantDb(stack.db, stack.demoTenant);
    // The common signer is one of its own: deactivating a seeded user would leak into later suites.
    const signer = await newUser({ role: 'director', sectors: [{ acronym: 'MESA', canEdit: true }] });
    const id = await createIntegrationDraft('agente-obras');
    const saved = await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers: asIntegration('agente-obras'),
      json: { content: SAMPLE_HTML, signers: [signer.id, demoUser('intendente')] },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal((await startSigning(id, { due_in_business_days: 3 })).status, 200);
    const remind = async () =>
      (await openDeadline(db, { kind: 'signing', documentId: id, round: 1 }))!.remind.map((p) => p.id);
    assert.deepEqual(await remind(), [signer.id]);
    await db.transaction((trx) => trx('users').where({ id: signer.id }).update({ is_active: false }));
    assert.deepEqual(await remind(), [], 'nobody: the numerator cannot sign before the common signer');
  });

  describe('reminders and escalation by email (real steps on the time-skipping test server)', function () {
    this.retries(1);
    const env = timeSkippingServer('test');

    /** Runs the real deadline steps for `documentId`'s first round until an hour past its escalation. */
    async function runUntilEscalated(documentId: string, dueAt: string) {
      const stack = getStack();
      const mailer = createMailer(stack.config);
      const deps = {
        db: stack.db,
        services: stack.services,
        config: stack.config,
        log: stack.log,
        mailer,
      } as unknown as ActivityDeps;
      const calendar = await loadBusinessCalendar(tenantDb(stack.db, stack.demoTenant), stack.config.timeZone);
      const escalation = deadlinePoints(calendar, stack.config.deadlines, new Date(dueAt)).find(
        (p) => p.kind === 'escalation',
      )!;
      return withWorker(env(), createDeadlineActivities(deps) as Partial<Activities>, async (taskQueue) => {
        const handle = await env().client.workflow.start(deadlineWorkflow, {
          taskQueue,
          workflowId: `deadline-mail-${documentId}`,
          args: [{ tenant: 'demo', subject: { kind: 'signing', documentId, round: 1 } }],
        });
        await env().sleep(Date.parse(escalation.at) + 3_600_000 - (await env().currentTimeMs()));
        await handle.terminate('test over');
      }).finally(() => mailer.close());
    }

    it('a memo escalates only to a director among its parties, else to its creator, and names it only as a memo', async () => {
      const stack = getStack();
      const reference = `Memo reservado ${randomUUID().slice(0, 8)}`;
      const created = await request('/api/v1/documents', {
        method: 'POST',
        headers: asBackend('agente-obras'),
        json: {
          document_type_acronym: 'MEMO',
          reference,
          recipients: { to: [demoUser('agente-mesa')], cc: [], bcc: [demoUser('directora-rentas')] },
        },
      });
      assert.equal(created.status, 200, created.text);
      const id = created.body.data.document_id as string;
      const saved = await request(`/api/v1/documents/${id}/save`, {
        method: 'PATCH',
        headers: asBackend('agente-obras'),
        json: { content: '<p>Reservado</p>', signers: [{ user_id: demoUser('agente-mesa'), is_numerator: true }] },
      });
      assert.equal(saved.status, 200, saved.text);
      const started = await request(`/api/v1/documents/${id}/start-signing-process`, {
        method: 'POST',
        headers: asBackend('agente-obras'),
        json: { due_in_business_days: 1 },
      });
      assert.equal(started.status, 200, started.text);
      const before = new Set((await stack.mail.messages()).map((m) => m.id));
      await runUntilEscalated(id, started.body.data.due_at);

      const fresh = (await stack.mail.messages()).filter((m) => !before.has(m.id) && m.subject.includes('escalado'));
      const mine = fresh.filter((m) => m.text.includes('memorándum') && m.text.includes('Jorge Peña'));
      assert.deepEqual(
        mine.map((m) => m.to[0]!.address),
        ['jorge.pena@villaesperanza.gob.ar'],
        'the creator, not the director of Obras who is no party',
      );
      for (const m of mine) {
        assert.ok(!m.subject.includes(reference) && !m.text.includes(reference), 'no reference');
        assert.ok(!m.text.includes(`/documentos/${id}`), 'no link');
      }
      const lucia = await request('/api/v1/dashboard/feed?page_size=50', { headers: asBackend('directora-obras') });
      assert.ok(
        !lucia.body.data.items.some((i: { object: { id: string } }) => i.object.id === id),
        'nothing in the feed of a director outside the memo',
      );
      const jorge = await request('/api/v1/dashboard/feed?page_size=50', { headers: asBackend('agente-obras') });
      const events = jorge.body.data.items.filter((i: { object: { id: string } }) => i.object.id === id);
      assert.ok(events.some((i: { kind: string }) => i.kind === 'signing_deadline_escalated'));
      for (const e of events.filter((i: { kind: string }) => i.kind.startsWith('signing_deadline')))
        assert.ok(!e.description.includes(reference), e.description);
    });

    it("the signer the round waits for is reminded, the creator's director gets one escalation, nothing after the round ends", async () => {
      const stack = getStack();
      const mailer = createMailer(stack.config);
      const deps = {
        db: stack.db,
        services: stack.services,
        config: stack.config,
        log: stack.log,
        mailer,
      } as unknown as ActivityDeps;
      const reference = `Plazo por correo ${randomUUID().slice(0, 8)}`;
      const id = await prepareIntegrationDraft('agente-obras', ['jefa-mesa', 'directora-obras'], { reference });
      const started = await startSigning(id, { due_in_business_days: 2 });
      assert.equal(started.status, 200, started.text);
      const calendar = await loadBusinessCalendar(tenantDb(stack.db, stack.demoTenant), stack.config.timeZone);
      const points = deadlinePoints(calendar, stack.config.deadlines, new Date(started.body.due_at));
      const escalation = points.find((p) => p.kind === 'escalation')!;

      // The deadline's own e-mails (its subjects say plazo), not the round's notifications.
      const mails = async () =>
        (await stack.mail.messages()).filter((m) => m.subject.includes(reference) && m.subject.includes('plazo'));
      const runStarted = await env().currentTimeMs();
      const result = await withWorker(
        env(),
        createDeadlineActivities(deps) as Partial<Activities>,
        async (taskQueue) => {
          const handle = await env().client.workflow.start(deadlineWorkflow, {
            taskQueue,
            workflowId: `deadline-mail-${id}`,
            args: [{ tenant: 'demo', subject: { kind: 'signing', documentId: id, round: 1 } }],
          });
          await env().sleep(Date.parse(escalation.at) + 3_600_000 - (await env().currentTimeMs()));
          const sent = (await mails()).length;
          for (const signer of ['jefa-mesa', 'directora-obras']) {
            assert.equal(
              (await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: asIntegration(signer) }))
                .status,
              200,
            );
          }
          const ended = await handle.result();
          return { sent, ended };
        },
      ).finally(() => mailer.close());

      const received = await mails();
      const reminders = received.filter((m) => m.to[0]!.address === 'sofia.ibanez@villaesperanza.gob.ar');
      const escalations = received.filter((m) => m.subject.includes('escalado'));
      // Every reminder point from the run's start to an hour past the escalation (earlier points are not sent late).
      const expectedReminders = points.filter(
        (p) =>
          p.kind === 'reminder' &&
          Date.parse(p.at) <= Date.parse(escalation.at) + 3_600_000 &&
          Date.parse(p.at) >= runStarted,
      );
      assert.ok(reminders.length >= 2, `${reminders.length} reminders`);
      assert.ok(
        reminders.some((m) => m.subject.includes('recordatorio de plazo')),
        'a reminder before the due date',
      );
      assert.ok(
        reminders.some((m) => m.subject.includes('plazo vencido') && !m.subject.includes('escalado')),
        'a reminder once overdue',
      );
      assert.equal(
        reminders.length,
        expectedReminders.length,
        `${reminders.length} reminders for ${expectedReminders.length} points`,
      );
      assert.match(reminders[0]!.text, /El documento espera su firma/);
      assert.ok(reminders[0]!.text.includes(`/documentos/${id}`), 'a link to the document');
      // One escalation per director of the creator's sector (Obras Particulares: Lucía, and any director other tests added there).
      const escalatedTo = escalations.map((m) => m.to[0]!.address);
      assert.equal(new Set(escalatedTo).size, escalatedTo.length, `one escalation each: ${escalatedTo.join(', ')}`);
      assert.ok(
        escalatedTo.includes('lucia.fernandez@villaesperanza.gob.ar'),
        "to the director of the creator's sector",
      );
      assert.ok(!escalatedTo.includes('sofia.ibanez@villaesperanza.gob.ar'), 'not to a director of another sector');
      assert.match(escalations[0]!.text, /Espera a: Sofía Ibáñez/);
      assert.equal(received.length, result.sent, 'nothing after the round ended');
      assert.equal(result.ended.ended, 'subject_closed');
      assert.equal(result.ended.escalated, true);

      const feed = await request('/api/v1/dashboard/feed?page_size=50', { headers: asBackend('agente-obras') });
      const kinds = feed.body.data.items
        .filter((i: { object: { id: string } }) => i.object.id === id)
        .map((i: { kind: string }) => i.kind);
      assert.ok(
        kinds.includes('signing_deadline_expired') && kinds.includes('signing_deadline_escalated'),
        `creator's feed: ${kinds.join(', ')}`,
      );
      const directorFeed = await request('/api/v1/dashboard/feed?page_size=50', {
        headers: asBackend('directora-obras'),
      });
      assert.ok(
        directorFeed.body.data.items.some(
          (i: { kind: string; object: { id: string } }) =>
            i.object.id === id && i.kind === 'signing_deadline_escalated',
        ),
      );
    });
  });
});
