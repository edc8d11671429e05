/**
 * E-mail notifications end to end on the real stack (API, worker, Temporal, PostgreSQL, MailDev):
 * a signing round tells each signer when their turn comes (the numerator after the others) and
 * the creator how it ended; notes reach their sectors' members and memos their parties, naming
 * nobody else; a user's preference switches a kind off; the daily digest runs on the
 * time-skipping test server with the real steps. Plus the preferences API's checks.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ActivityDeps } from '../../activities/deps.js';
import type { Activities } from '../../activities/index.js';
import { createMailer } from '../../activities/mailer.js';
import { createNotificationActivities } from '../../activities/notifications.js';
import { noticeSignal, notificationWorkflowId } from '../../contract/notifications.js';
import type { MaildevMessage } from '../../dev/maildev.js';
import { nextDigestAt } from '../../domain/notifications/digest-time.js';
import { notificationWorkflow } from '../../workflows/notifications.js';
import { sendMemo, sendNote } from '../support/communications.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, demoUser, request } from '../support/http.js';
import { timeSkippingServer, withWorker } from '../support/time-skipping.js';
import { until } from '../support/until.js';
import { newUser } from '../support/users.js';

const EMAIL = {
  'agente-obras': 'jorge.pena@villaesperanza.gob.ar',
  'directora-obras': 'lucia.fernandez@villaesperanza.gob.ar',
  'jefa-mesa': 'sofia.ibanez@villaesperanza.gob.ar',
  'agente-mesa': 'carlos.gomez@villaesperanza.gob.ar',
  'directora-rentas': 'mariajose.nunez@villaesperanza.gob.ar',
} as const;

const about = async (reference: string) =>
  (await getStack().mail.messages()).filter((m) => m.subject.includes(reference) || m.text.includes(reference));
const toAddress = (mails: MaildevMessage[], address: string) =>
  mails.filter((m) => m.to.some((t) => t.address === address));
const to = (mails: MaildevMessage[], who: keyof typeof EMAIL) => toAddress(mails, EMAIL[who]);

/** Waits until `who` has an e-mail about `reference` whose subject matches. */
function mailFor(reference: string, who: keyof typeof EMAIL, subject: RegExp): Promise<MaildevMessage> {
  return until(`${who}'s e-mail "${subject.source}" about ${reference}`, async () =>
    to(await about(reference), who).find((m) => subject.test(m.subject)),
  );
}

const setPreferences = (headers: Record<string, string>, json: unknown) =>
  request('/api/v1/me/notification-preferences', { method: 'PUT', headers, json });
const sign = (id: string, who: string) =>
  request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: asIntegration(who) });

/** The user's latest NotificationWorkflow run once it has ended after `since`. */
async function endedRunOf(userId: string, since: number) {
  const handle = getStack().client.workflow.getHandle(notificationWorkflowId('demo', userId));
  await until(`${userId}'s notification run ended`, async () => {
    const d = await handle.describe().catch(() => undefined);
    return d && d.status.name === 'COMPLETED' && d.startTime.getTime() >= since - 1_000 ? d : undefined;
  });
  return handle.result();
}

describe('notifications: e-mails of signing rounds, notes and memos', function () {
  this.timeout(120_000);

  it('a two-signer round: the first signer, then the numerator once the other signed, then the creator with the number', async () => {
    const stack = getStack();
    const reference = `Aviso de firma ${randomUUID().slice(0, 8)}`;
    const id = await prepareIntegrationDraft('agente-obras', ['jefa-mesa', 'directora-obras'], { reference });
    const started = await request(`/api/v1/documents/${id}/start-signing`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
    });
    assert.equal(started.status, 200, started.text);

    const first = await mailFor(reference, 'jefa-mesa', /documento para firmar/);
    assert.match(first.subject, /^Municipalidad de Villa Esperanza: documento para firmar: INF «Aviso de firma/);
    assert.match(first.text, /Jorge Peña .* envió INF «Aviso de firma \w+» a firmar y espera su firma/);
    assert.ok(first.text.includes(`${stack.config.api.publicUrl}/documentos/${id}`), 'a link into the desk');
    assert.deepEqual(
      to(await about(reference), 'directora-obras'),
      [],
      'the numerator signs after the others: not told yet',
    );

    assert.equal((await sign(id, 'jefa-mesa')).status, 200);
    const numerator = await mailFor(reference, 'directora-obras', /documento para firmar/);
    assert.match(numerator.text, /Usted es quien lo numera/);

    const signed = await sign(id, 'directora-obras');
    assert.equal(signed.status, 200, signed.text);
    const number = signed.body.document_number as string;
    const outcome = await mailFor(reference, 'agente-obras', /documento firmado/);
    assert.ok(
      outcome.subject.includes(number) && outcome.text.includes(`oficializado con el número ${number}`),
      outcome.text,
    );
    assert.ok(outcome.text.includes(`/documentos/${id}`));

    // Each once; nobody is told of what they did themselves.
    await new Promise((r) => setTimeout(r, 300));
    const all = await about(reference);
    assert.deepEqual(
      all.map((m) => m.to[0]!.address).sort(),
      [EMAIL['agente-obras'], EMAIL['directora-obras'], EMAIL['jefa-mesa']].sort(),
    );

    // An operator finds each user's run by tenant and e-mail.
    const query = `WorkflowType="notificationWorkflow" AND Tenant="demo" AND UserEmail="${EMAIL['jefa-mesa']}"`;
    const ids = await until('the run in visibility', async () => {
      const found: string[] = [];
      for await (const wf of stack.client.workflow.list({ query })) found.push(wf.workflowId);
      return found.length ? found : undefined;
    });
    assert.ok(
      ids.every((w) => w === notificationWorkflowId('demo', demoUser('jefa-mesa'))),
      ids.join(', '),
    );
  });

  it('a rejection e-mails the creator who rejected it and why', async () => {
    const reference = `Aviso de rechazo ${randomUUID().slice(0, 8)}`;
    const id = await prepareIntegrationDraft('agente-obras', ['jefa-mesa', 'directora-obras'], { reference });
    assert.equal(
      (
        await request(`/api/v1/documents/${id}/start-signing`, {
          method: 'POST',
          headers: asIntegration('agente-obras'),
        })
      ).status,
      200,
    );
    const rejected = await request(`/api/v1/documents/${id}/reject`, {
      method: 'POST',
      headers: asIntegration('jefa-mesa'),
      json: { reason: 'Falta el plano <firmado>' },
    });
    assert.equal(rejected.status, 200, rejected.text);
    const mail = await mailFor(reference, 'agente-obras', /documento rechazado/);
    assert.match(mail.text, /Sofía Ibáñez rechazó INF «Aviso de rechazo/);
    assert.match(mail.text, /Motivo: Falta el plano <firmado>/);
    assert.ok(mail.html.includes('Falta el plano &lt;firmado&gt;'), 'escaped in the HTML part');
  });

  it('a note e-mails the members of its sectors, a memo its TO, CC and BCC recipients naming nobody else', async () => {
    const stack = getStack();
    const noteRef = `Nota avisada ${randomUUID().slice(0, 8)}`;
    const note = await sendNote('agente-obras', { to: ['MESA'] }, { reference: noteRef });
    for (const who of ['jefa-mesa', 'agente-mesa', 'directora-obras'] as const) {
      const mail = await mailFor(noteRef, who, /nota recibida/);
      assert.ok(mail.subject.includes(note.number), mail.subject);
      assert.match(mail.text, /de Jorge Peña \(Dirección de Obras Particulares\)/);
      assert.ok(
        mail.text.includes(`${stack.config.api.publicUrl}/notas?id=${note.id}`),
        'a link to the note in the desk',
      );
    }
    assert.deepEqual(to(await about(noteRef), 'directora-rentas'), [], 'not a member of Mesa de Entradas');

    const memoRef = `Memo avisado ${randomUUID().slice(0, 8)}`;
    const memo = await sendMemo(
      'agente-obras',
      { to: ['agente-mesa'], cc: ['directora-rentas'], bcc: ['jefa-mesa'] },
      { reference: memoRef, content: '<p>Texto reservado del memo</p>' },
    );
    const mails = [];
    for (const who of ['agente-mesa', 'directora-rentas', 'jefa-mesa'] as const) {
      const mail = await mailFor(memoRef, who, /memorándum recibido/);
      assert.ok(mail.subject.includes(memo.number));
      assert.ok(mail.text.includes(`/memos?id=${memo.id}`));
      mails.push(mail);
    }
    for (const m of mails) {
      assert.ok(
        !m.text.includes('Texto reservado') && !m.html.includes('Texto reservado'),
        'the body stays in the desk',
      );
      const others = mails.filter((o) => o !== m).map((o) => o.to[0]!.address);
      for (const text of [m.text, m.html, JSON.stringify(m.to)]) {
        assert.ok(
          !text.includes('Sofía') || m.to[0]!.address === EMAIL['jefa-mesa'],
          'no e-mail names the BCC recipient',
        );
        for (const address of others)
          assert.ok(!text.includes(address), `no other recipient's address in ${m.to[0]!.address}'s e-mail`);
      }
    }
    await new Promise((r) => setTimeout(r, 300));
    const memoMails = (await about(memoRef)).map((m) => m.to[0]!.address).sort();
    assert.deepEqual(
      memoMails,
      [EMAIL['agente-mesa'], EMAIL['directora-rentas'], EMAIL['jefa-mesa']].sort(),
      'only its parties, once each',
    );
  });

  it('a user who switched notes off gets none, while the rest of the sector does', async () => {
    // A member of Mesa de Entradas of its own: a seeded member's preferences stay as other suites expect.
    const quiet = await newUser({ sectors: [{ acronym: 'MESA', canEdit: true }] });
    const changed = await setPreferences(quiet.backend, { note: 'off' });
    assert.equal(changed.status, 200, changed.text);
    const since = Date.now();
    const reference = `Nota silenciada ${randomUUID().slice(0, 8)}`;
    await sendNote('agente-obras', { to: ['MESA'] }, { reference });
    await mailFor(reference, 'jefa-mesa', /nota recibida/);
    const run = await endedRunOf(quiet.id, since);
    assert.equal(run.sent, 0);
    assert.ok(run.dropped >= 1, JSON.stringify(run));
    assert.deepEqual(toAddress(await about(reference), quiet.email), []);
  });

  it('a retried send step (the real activity run twice for one notice) e-mails once', async () => {
    const stack = getStack();
    const reference = `Aviso repetido ${randomUUID().slice(0, 8)}`;
    const id = await prepareIntegrationDraft('agente-obras', ['directora-rentas'], { reference });
    assert.equal(
      (
        await request(`/api/v1/documents/${id}/start-signing`, {
          method: 'POST',
          headers: asIntegration('agente-obras'),
        })
      ).status,
      200,
    );
    await mailFor(reference, 'directora-rentas', /documento para firmar/);
    const mailer = createMailer(stack.config);
    try {
      const deps = {
        db: stack.db,
        services: stack.services,
        config: stack.config,
        log: stack.log,
        mailer,
      } as unknown as ActivityDeps;
      const { deliverNotice } = createNotificationActivities(deps);
      const input = {
        tenant: 'demo',
        userId: demoUser('directora-rentas'),
        notice: { key: `signature_request.${id}.1`, subject: 'signature_request' as const, documentId: id, round: 1 },
      };
      // The step is a plain function of the worker's dependencies: run it as Temporal would retry it.
      assert.deepEqual([await deliverNotice(input), await deliverNotice(input)], ['sent', 'sent']);
    } finally {
      mailer.close();
    }
    assert.equal(to(await about(reference), 'directora-rentas').length, 1, 'one e-mail for the event');
  });

  describe('the daily digest (real steps on the time-skipping test server)', () => {
    const env = timeSkippingServer('test');

    it("holds a digest user's notices until the digest hour and sends them in one e-mail, nothing when nothing applies", async () => {
      const stack = getStack();
      // A member of Mesa de Entradas of its own, who turns to a digest: a seeded member's preferences stay as seeded.
      const reader = await newUser({ sectors: [{ acronym: 'MESA', canEdit: true }] });
      // Sent while the reader still gets notes at once: the notices are replayed below to a digest run.
      const first = await sendNote(
        'agente-obras',
        { to: ['MESA'] },
        { reference: `Resumen uno ${randomUUID().slice(0, 8)}` },
      );
      const second = await sendNote(
        'agente-obras',
        { to: ['MESA'] },
        { reference: `Resumen dos ${randomUUID().slice(0, 8)}` },
      );
      const refs = [first, second].map((n) => n.id);
      const mailer = createMailer(stack.config);
      const deps = {
        db: stack.db,
        services: stack.services,
        config: stack.config,
        log: stack.log,
        mailer,
      } as unknown as ActivityDeps;
      const toDigest = await setPreferences(reader.backend, { note: 'digest' });
      assert.equal(toDigest.status, 200, toDigest.text);
      try {
        const digests = async () =>
          toAddress(await stack.mail.messages(), reader.email).filter(
            (m) => m.subject.includes('resumen diario') && refs.every((r) => m.text.includes(r)),
          );
        const result = await withWorker(
          env(),
          createNotificationActivities(deps) as Partial<Activities>,
          async (taskQueue) => {
            const notice = (id: string) => ({ key: `note.${id}`, subject: 'note' as const, documentId: id, round: 1 });
            const handle = await env().client.workflow.signalWithStart(notificationWorkflow, {
              taskQueue,
              workflowId: `notifications-digest-${reader.id}-${randomUUID()}`,
              args: [{ tenant: 'demo', userId: reader.id }],
              signal: noticeSignal,
              signalArgs: [notice(first.id)],
            });
            await handle.signal(noticeSignal, notice(second.id));
            await handle.signal(noticeSignal, notice(second.id));
            const digestAt = nextDigestAt(
              stack.config.timeZone,
              stack.config.notifications.digestHour,
              new Date(await env().currentTimeMs()),
            );
            await env().sleep(digestAt.getTime() - 60_000 - (await env().currentTimeMs()));
            assert.deepEqual(await digests(), [], 'nothing before the digest hour');
            return handle.result();
          },
        );
        assert.deepEqual(result, { received: 2, sent: 0, held: 2, dropped: 0, digests: 1 }, 'a repeated notice is one');
        const [digest, ...more] = await digests();
        assert.ok(digest && more.length === 0, 'one digest');
        assert.match(digest.subject, /resumen diario \(2 avisos\)/);
        for (const n of [first, second])
          assert.ok(digest.text.includes(n.number) && digest.text.includes(`/notas?id=${n.id}`), digest.text);

        // Nothing applies any more (the notice names a round that never was): no e-mail at all.
        const empty = await withWorker(
          env(),
          createNotificationActivities(deps) as Partial<Activities>,
          async (taskQueue) => {
            const handle = await env().client.workflow.signalWithStart(notificationWorkflow, {
              taskQueue,
              workflowId: `notifications-empty-${reader.id}-${randomUUID()}`,
              args: [{ tenant: 'demo', userId: reader.id }],
              signal: noticeSignal,
              signalArgs: [{ key: `note.${randomUUID()}`, subject: 'note', documentId: randomUUID(), round: 1 }],
            });
            return handle.result();
          },
        );
        assert.deepEqual(empty, { received: 1, sent: 0, held: 1, dropped: 0, digests: 0 });
      } finally {
        mailer.close();
      }
    });
  });
});

describe('notifications: the preferences API', () => {
  it('reads the defaults, changes only the kinds named, and refuses bad input with 400 naming what is wrong', async () => {
    // A user of its own: the defaults are read before anything changed them, and nothing is left changed for others.
    const who = (await newUser()).backend;
    const read = await request('/api/v1/me/notification-preferences', { headers: who });
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(read.body.data.preferences, {
      signature_request: 'immediate',
      document_outcome: 'immediate',
      note: 'immediate',
      memo: 'immediate',
    });
    assert.equal(read.body.data.digest_hour, 8);

    const bad: [unknown, RegExp][] = [
      [{ note: 'sometimes' }, /"note" debe ser immediate, digest, off/],
      [{ memo: 3 }, /memo/],
      [{ newsletter: 'off' }, /Tipo de aviso desconocido: "newsletter"/],
      [{}, /al menos un tipo/],
      [['off'], /objeto|JSON/i],
    ];
    for (const [json, message] of bad) {
      const res = await request('/api/v1/me/notification-preferences', {
        method: 'PUT',
        headers: who,
        json,
      });
      assert.equal(res.status, 400, `${JSON.stringify(json)}: ${res.text}`);
      assert.match(res.body.message, message);
    }
    const text = await request('/api/v1/me/notification-preferences', {
      method: 'PUT',
      headers: { ...who, 'content-type': 'text/plain' },
      raw: 'note=off',
    });
    assert.equal(text.status, 415, text.text);

    const changed = await setPreferences(who, { memo: 'digest', signature_request: 'off' });
    assert.equal(changed.status, 200, changed.text);
    assert.deepEqual(changed.body.data.preferences, {
      signature_request: 'off',
      document_outcome: 'immediate',
      note: 'immediate',
      memo: 'digest',
    });
    const again = await request('/api/v1/me/notification-preferences', { headers: who });
    assert.deepEqual(again.body.data.preferences, changed.body.data.preferences);
    const other = await request('/api/v1/me/notification-preferences', { headers: asBackend('jefa-mesa') });
    assert.equal(other.body.data.preferences.memo, 'immediate', "each user's own");
    const anonymous = await request('/api/v1/me/notification-preferences', {
      headers: { 'X-Tenant-Schema': 'demo' },
    });
    assert.equal(anonymous.status, 401);
  });
});
