/**
 * Webhook delivery on the real stack (PostgreSQL outbox, the worker's relay, WebhookDeliveryWorkflow
 * on Temporal, HTTP to a receiver on loopback that verifies with the Standard Webhooks library):
 * in order, signed, retried with back-off until the receiver accepts, only the subscribed types,
 * redelivered by hand with the same webhook-id, nothing for a rolled-back change, both secrets
 * during a rotation, one timeout for a receiver that never answers, no connection to an internal
 * address, and a subscription marked failing (administrators e-mailed) when the back-off runs out.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  WEBHOOK_DELIVERY_WORKFLOW,
  webhookDeliveryWorkflowId,
  type WebhookDeliveryResult,
} from '../../contract/webhooks.js';
import { tenantDb } from '../../db/tenancy.js';
import { eventBodySchema, type EventType } from '../../domain/webhooks/catalog.js';
import { webhookIdOf } from '../../domain/webhooks/delivery.js';
import { emitEvent } from '../../domain/webhooks/outbox.js';
import { newWebhookSecret } from '../../domain/webhooks/secrets.js';
import { getStack } from '../support/hooks.js';
import { demoUser } from '../support/http.js';
import { until } from '../support/until.js';
import { startTestReceiver, type TestReceiver } from '../support/webhook-receiver.js';

const scoped = () => tenantDb(getStack().db, getStack().demoTenant);

/** A subscription written as the administration writes it (secret sealed, cursor at the present). */
async function subscribe(
  url: string,
  types: EventType[],
  extra: Record<string, unknown> = {},
): Promise<{ id: string; secret: string }> {
  const secret = newWebhookSecret();
  const box = getStack().services.webhookSecrets;
  const id = await scoped().transaction(async (trx) => {
    const [{ max }] = (await trx.raw('select coalesce(max(position), 0) as max from webhook_events')).rows;
    const [row] = await trx('webhook_subscriptions').insert(
      { url, event_types: types, secret_enc: box.seal(secret), delivered_position: max, ...extra },
      ['id'],
    );
    return row.id as string;
  });
  return { id, secret };
}

const unsubscribe = (id: string) => scoped().transaction((trx) => trx('webhook_subscriptions').where({ id }).delete());

/** A signature of document `documentId` (the event the signing step writes), in its own committed transaction. */
const signed = (documentId: string, n: number) =>
  scoped().transaction((trx) =>
    emitEvent(
      trx,
      'document.signed',
      { kind: 'document', id: documentId },
      {
        document_id: documentId,
        document_type: 'IF',
        round: 1,
        signer_user_id: demoUser('intendente'),
        signed_at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
        pending_signers: 3 - n,
      },
    ),
  );

const of = (r: TestReceiver, documentId: string) => r.received.filter((x) => x.body.data.document_id === documentId);
const attemptsOf = (subscriptionId: string) =>
  scoped().transaction((trx) =>
    trx('webhook_deliveries').where({ subscription_id: subscriptionId }).orderBy('created_at'),
  );

describe('webhook delivery', function () {
  this.timeout(90_000);
  let receiver: TestReceiver;
  const subscriptions: string[] = [];

  beforeEach(async () => {
    receiver = await startTestReceiver();
  });
  afterEach(async () => {
    for (const id of subscriptions.splice(0)) await unsubscribe(id);
    await receiver.close();
  });

  async function subscribed(types: EventType[], extra: Record<string, unknown> = {}) {
    const s = await subscribe(receiver.url, types, extra);
    subscriptions.push(s.id);
    receiver.secrets.push(s.secret);
    return s;
  }

  it('delivers each committed event once, in order, signed the Standard Webhooks way, with the published body', async () => {
    await subscribed(['document.signed']);
    const documentId = randomUUID();
    for (let n = 1; n <= 3; n++) await signed(documentId, n);
    await until('three deliveries', async () => (of(receiver, documentId).length >= 3 ? true : undefined), 20_000);
    const got = of(receiver, documentId);
    assert.deepEqual(
      got.map((r) => r.body.data.signed_at),
      [1, 2, 3].map((n) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString()),
    );
    assert.ok(
      got.every((r) => r.verifiedWith === 0),
      'every signature verifies with the subscription secret',
    );
    assert.equal(new Set(got.map((r) => r.id)).size, 3);
    assert.match(got[0].id, /^evt_[0-9a-f]{32}$/);
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(eventBodySchema('document.signed'));
    for (const r of got) assert.ok(validate(r.body), JSON.stringify(validate.errors));
    assert.equal(got[0].body.data.municipality, getStack().demoTenant.municipalityCode);
    assert.equal(got[0].body.data.links.api, `${getStack().config.api.publicUrl}/api/v1/documents/${documentId}`);
  });

  it('retries with back-off until the receiver accepts, recording every attempt, and keeps order meanwhile', async () => {
    const { id } = await subscribed(['document.signed']);
    const documentId = randomUUID();
    let refusals = 3;
    receiver.answer = (r) =>
      r.body.data.document_id === documentId && r.body.data.pending_signers === 2 && refusals-- > 0 ? 503 : 204;
    await signed(documentId, 1);
    await signed(documentId, 2);
    await until(
      'both delivered',
      async () => (of(receiver, documentId).filter((r) => r.answered === 204).length >= 2 ? true : undefined),
      30_000,
    );
    const got = of(receiver, documentId);
    assert.deepEqual(
      got.map((r) => [r.body.data.pending_signers, r.answered]),
      [
        [2, 503],
        [2, 503],
        [2, 503],
        [2, 204],
        [1, 204],
      ],
    );
    assert.equal(new Set(got.slice(0, 4).map((r) => r.id)).size, 1, 'the same webhook-id on every attempt');
    const attempts = (await attemptsOf(id)).filter((a) => got.some((g) => g.id === webhookIdOf(a.event_id)));
    assert.deepEqual(
      attempts.map((a) => [a.attempt, a.outcome, a.status_code]),
      [
        [1, 'failed', 503],
        [2, 'failed', 503],
        [3, 'failed', 503],
        [4, 'delivered', 204],
        [1, 'delivered', 204],
      ],
    );
    assert.equal(attempts[0].response_excerpt, 'no gracias 503');
  });

  it('sends only the subscribed types, and nothing of a change that was rolled back', async () => {
    await subscribed(['document.rejected']);
    const documentId = randomUUID();
    await signed(documentId, 1);
    await scoped()
      .transaction(async (trx) => {
        await emitEvent(
          trx,
          'document.rejected',
          { kind: 'document', id: documentId },
          {
            document_id: documentId,
            document_type: 'IF',
            round: 1,
            rejected_by_user_id: demoUser('intendente'),
            rejected_at: new Date().toISOString(),
          },
        );
        throw new Error('the change fails');
      })
      .catch(() => undefined);
    await scoped().transaction((trx) =>
      emitEvent(
        trx,
        'document.rejected',
        { kind: 'document', id: documentId },
        {
          document_id: documentId,
          document_type: 'IF',
          round: 2,
          rejected_by_user_id: demoUser('intendente'),
          rejected_at: new Date().toISOString(),
        },
      ),
    );
    await until('the rejection', async () => (of(receiver, documentId).length ? true : undefined), 20_000);
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(
      of(receiver, documentId).map((r) => [r.body.type, r.body.data.round]),
      [['document.rejected', 2]],
    );
  });

  it('redelivers an event by hand with the same webhook-id, once', async () => {
    const { id } = await subscribed(['document.signed']);
    const documentId = randomUUID();
    await signed(documentId, 1);
    await until('the delivery', async () => (of(receiver, documentId).length ? true : undefined), 20_000);
    const [attempt] = (await attemptsOf(id)).filter((a) => a.outcome === 'delivered');
    await scoped().transaction((trx) =>
      trx('webhook_redeliveries').insert({
        subscription_id: id,
        event_id: attempt.event_id,
        requested_by: demoUser('intendente'),
      }),
    );
    await until('the redelivery', async () => (of(receiver, documentId).length >= 2 ? true : undefined), 20_000);
    const got = of(receiver, documentId);
    assert.equal(got[1].id, got[0].id);
    const manual = (await attemptsOf(id)).filter((a) => a.manual);
    assert.deepEqual(
      manual.map((a) => [a.attempt, a.outcome]),
      [[2, 'delivered']],
    );
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(of(receiver, documentId).length, 2);
  });

  it('signs with both secrets while a rotated one is still valid', async () => {
    const old = newWebhookSecret();
    const box = getStack().services.webhookSecrets;
    await subscribed(['document.signed'], {
      previous_secret_enc: box.seal(old),
      previous_secret_expires_at: new Date(Date.now() + 3_600_000),
    });
    const documentId = randomUUID();
    await signed(documentId, 1);
    await until('the delivery', async () => (of(receiver, documentId).length ? true : undefined), 20_000);
    const [got] = of(receiver, documentId);
    assert.equal(got.signature.split(' ').length, 2);
    receiver.secrets = [old];
    const { Webhook } = await import('standardwebhooks');
    assert.doesNotThrow(() =>
      new Webhook(old).verify(JSON.stringify(got.body), {
        'webhook-id': got.id,
        'webhook-timestamp': got.timestamp,
        'webhook-signature': got.signature,
      }),
    );
  });

  it('costs one timeout for a receiver that never answers, and refuses internal addresses at connect time', async () => {
    const hanging = await subscribed(['document.signed']);
    const internal = await subscribe('http://10.255.255.1:8080/hooks', ['document.signed']);
    subscriptions.push(internal.id);
    const documentId = randomUUID();
    receiver.answer = () => 'never';
    await signed(documentId, 1);
    const [first] = await until(
      'a timed-out attempt',
      async () => ((await attemptsOf(hanging.id)).length ? attemptsOf(hanging.id) : undefined),
      20_000,
    );
    assert.equal(first.outcome, 'failed');
    assert.match(first.error, /sin respuesta en 3000 ms/);
    assert.ok(first.latency_ms >= 2_900 && first.latency_ms < 4_500, String(first.latency_ms));
    const [refused] = await until(
      'a refused attempt',
      async () => ((await attemptsOf(internal.id)).length ? attemptsOf(internal.id) : undefined),
      20_000,
    );
    assert.equal(refused.outcome, 'failed');
    assert.match(refused.error, /10\.255\.255\.1/);
    assert.ok(refused.latency_ms < 1_000, 'refused before any connection');
  });

  it('follows no redirect and keeps only the first kilobyte of an answer', async () => {
    const elsewhere = await startTestReceiver();
    try {
      const { id } = await subscribed(['document.signed']);
      const redirected = randomUUID();
      const chatty = randomUUID();
      receiver.answer = (r) =>
        r.body.data.document_id === redirected
          ? { status: 307, headers: { location: elsewhere.url } }
          : { status: 200, body: 'x'.repeat(50_000) };
      await signed(chatty, 1);
      await signed(redirected, 1);
      const attempts = await until(
        'both attempts',
        async () => {
          const rows = await attemptsOf(id);
          return rows.some((a) => a.outcome === 'failed') ? rows : undefined;
        },
        20_000,
      );
      const [delivered] = attempts.filter((a) => a.outcome === 'delivered');
      assert.equal(delivered.response_excerpt.length, 1024);
      const failed = attempts.find((a) => a.outcome === 'failed')!;
      assert.equal(failed.status_code, 307);
      assert.match(failed.error, /redirección 307 \(no se sigue\)/);
      assert.equal(elsewhere.received.length, 0, 'the redirect was not followed');
    } finally {
      await elsewhere.close();
    }
  });

  it("an operator finds the subscription's delivery run in the Temporal UI by Tenant", async () => {
    const { id } = await subscribed(['document.signed']);
    await signed(randomUUID(), 1);
    const run = await until(
      'the run listed by Tenant',
      async () => {
        for await (const w of getStack().client.workflow.list({
          query: `Tenant="demo" AND WorkflowType="${WEBHOOK_DELIVERY_WORKFLOW}" AND ExecutionStatus="Running"`,
        })) {
          if (w.workflowId === webhookDeliveryWorkflowId('demo', id)) return w;
        }
        return undefined;
      },
      20_000,
    );
    assert.equal(run.memo?.subscription_id, id);
  });

  it('marks the subscription failing and e-mails the administrators when the back-off runs out', async () => {
    const { id } = await subscribed(['document.signed']);
    receiver.answer = () => 500;
    const { client, config } = getStack();
    // Its own run with a 3-second give-up: the relay's runs use the configured 72 h.
    const handle = await client.workflow.start(WEBHOOK_DELIVERY_WORKFLOW, {
      workflowId: `${webhookDeliveryWorkflowId('demo', id)}/give-up`,
      taskQueue: config.temporal.taskQueue,
      args: [
        {
          tenant: 'demo',
          subscriptionId: id,
          retry: { initialMs: 200, maxMs: 500, giveUpMs: 3_000, idlePollMs: 60_000 },
        },
      ],
    });
    await signed(randomUUID(), 1);
    const result = (await handle.result()) as WebhookDeliveryResult;
    assert.equal(result.ended, 'failing');
    const row = await scoped().transaction((trx) => trx('webhook_subscriptions').where({ id }).first());
    assert.equal(row.status, 'failing');
    assert.match(row.failure_reason, /3 s/);
    const mail = await until('the administrators e-mail', async () =>
      (await getStack().mail.messages()).find(
        (m) => m.subject.includes('webhooks detenidos') && m.text.includes(receiver.url),
      ),
    );
    assert.deepEqual(
      mail.to.map((t) => t.address),
      ['martin.alvarez@villaesperanza.gob.ar'],
    );
  });
});
