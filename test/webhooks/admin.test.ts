import assert from 'node:assert/strict';
import { createTenant } from '../../db/tenants.js';
import { tenantDb } from '../../db/tenancy.js';
import { refusedWebhookUrl } from '../../domain/webhooks/url-policy.js';
import { getStack } from '../support/hooks.js';
import { asBackend, demoUser, request } from '../support/http.js';
import { recordAttempt } from './support.js';

const PATH = '/api/v1/admin/webhooks';
const RECEIVER = 'http://127.0.0.1:9/receptor';
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

const admin = (method: string, path: string, json?: unknown) =>
  request(`${PATH}${path}`, { method, headers: asBackend('intendente'), ...(json !== undefined ? { json } : {}) });

const demoDb = () => tenantDb(getStack().db, getStack().demoTenant);
/** The last position the relay has handed on (0 before any). */
const lastPosition = async () =>
  Number(
    (
      (await demoDb().transaction((trx) => trx('webhook_events').max('position as max').first())) as {
        max: string | null;
      }
    ).max ?? 0,
  );
const rowOf = (id: string) => demoDb().transaction((trx) => trx('webhook_subscriptions').where({ id }).first());

async function newSubscription(body: Record<string, unknown> = {}): Promise<{ id: string; secret: string }> {
  const res = await admin('POST', '', { url: RECEIVER, event_types: ['document.signed'], ...body });
  assert.equal(res.status, 201, res.text);
  return { id: res.body.data.id, secret: res.body.data.secret };
}

const VIEW_KEYS = [
  'created_at',
  'description',
  'event_types',
  'failing_since',
  'failure_reason',
  'id',
  'previous_secret_expires_at',
  'status',
  'updated_at',
  'url',
];

describe('Webhooks: administration of subscriptions (HTTP)', function () {
  this.timeout(60_000);

  it('creates a subscription whose secret is shown once and stored only sealed; it starts after the last event handed on', async () => {
    const before = await lastPosition();
    const res = await admin('POST', '', {
      url: RECEIVER,
      event_types: ['case.created', 'document.signed', 'document.signed'],
      description: '  Sistema de tasas  ',
    });
    assert.equal(res.status, 201, res.text);
    const created = res.body.data;
    assert.match(created.secret, SECRET);
    assert.deepEqual(Object.keys(created).sort(), [...VIEW_KEYS, 'secret'].sort());
    // Each type once, in the catalog's order.
    assert.deepEqual(created.event_types, ['document.signed', 'case.created']);
    assert.equal(created.description, 'Sistema de tasas');
    assert.equal(created.status, 'active');
    assert.equal(created.previous_secret_expires_at, null);

    const row = await rowOf(created.id);
    assert.ok(!JSON.stringify(row).includes(created.secret.slice(6)), 'the row must not hold the secret in clear');
    assert.equal(getStack().services.webhookSecrets.open(row.secret_enc), created.secret);
    assert.equal(row.created_by, demoUser('intendente'));
    // The relay may hand on more events meanwhile: the cursor is where it stood at the insert.
    const at = Number(row.delivered_position);
    assert.ok(at >= before && at <= (await lastPosition()), `cursor ${at}, last position ${before} before`);

    const one = await admin('GET', `/${created.id}`);
    assert.equal(one.status, 200);
    assert.deepEqual(Object.keys(one.body.data).sort(), VIEW_KEYS);
    const list = await admin('GET', '');
    assert.equal(list.status, 200);
    assert.ok(list.body.data.some((s: { id: string }) => s.id === created.id));
    for (const text of [one.text, list.text]) {
      assert.ok(!text.includes(created.secret), 'a secret is never read back');
      assert.ok(!text.includes(row.secret_enc), 'nor its sealed form');
    }
  });

  it('changes URL, events and description, disables and enables again; active clears a failure and keeps the cursor', async () => {
    const { id } = await newSubscription();
    const changed = await admin('PATCH', `/${id}`, {
      url: 'http://localhost:9/otro',
      event_types: ['record.created'],
      description: 'Registro civil',
    });
    assert.equal(changed.status, 200, changed.text);
    assert.deepEqual(
      [changed.body.data.url, changed.body.data.event_types, changed.body.data.description],
      ['http://localhost:9/otro', ['record.created'], 'Registro civil'],
    );
    assert.equal(changed.body.data.secret, undefined);

    assert.equal((await admin('PATCH', `/${id}`, { status: 'disabled' })).body.data.status, 'disabled');
    // What the delivery run writes when it gives up.
    await demoDb().transaction((trx) =>
      trx('webhook_subscriptions').where({ id }).update({
        status: 'failing',
        failing_since: trx.fn.now(),
        failure_reason: 'HTTP 500 durante 72 horas',
        delivered_position: 7,
      }),
    );
    const failing = await admin('GET', `/${id}`);
    assert.equal(failing.body.data.status, 'failing');
    assert.equal(failing.body.data.failure_reason, 'HTTP 500 durante 72 horas');
    // Any status the administrator sets clears the failure and leaves the cursor where delivery stopped
    // (read while disabled: an active subscription's run may move it on at once).
    const paused = await admin('PATCH', `/${id}`, { status: 'disabled' });
    assert.deepEqual(
      [paused.body.data.status, paused.body.data.failing_since, paused.body.data.failure_reason],
      ['disabled', null, null],
    );
    assert.equal(String((await rowOf(id)).delivered_position), '7', 'delivery resumes from where it stopped');
    await demoDb().transaction((trx) =>
      trx('webhook_subscriptions')
        .where({ id })
        .update({ status: 'failing', failing_since: trx.fn.now(), failure_reason: 'HTTP 500 durante 72 horas' }),
    );
    const resumed = await admin('PATCH', `/${id}`, { status: 'active' });
    assert.equal(resumed.status, 200);
    assert.deepEqual(
      [resumed.body.data.status, resumed.body.data.failing_since, resumed.body.data.failure_reason],
      ['active', null, null],
    );
    assert.ok(Number((await rowOf(id)).delivered_position) >= 7, 'never moved back');
  });

  it('rotates the secret: the new one is shown once, the previous one signs until its expiry (0: not at all)', async () => {
    const { id, secret: first } = await newSubscription();
    const box = getStack().services.webhookSecrets;
    const before = Date.now();
    const rotated = await admin('PATCH', `/${id}`, { rotate_secret: true, previous_secret_valid_hours: 2 });
    assert.equal(rotated.status, 200, rotated.text);
    const second = rotated.body.data.secret;
    assert.match(second, SECRET);
    assert.notEqual(second, first);
    const hours = (Date.parse(rotated.body.data.previous_secret_expires_at) - before) / 3_600_000;
    assert.ok(Math.abs(hours - 2) < 0.01, `previous secret valid ${hours} h`);
    let row = await rowOf(id);
    assert.equal(box.open(row.secret_enc), second);
    assert.equal(box.open(row.previous_secret_enc), first);
    assert.equal(row.previous_secret_expires_at.toISOString(), rotated.body.data.previous_secret_expires_at);
    // Another change leaves the previous secret's expiry as it was.
    const renamed = await admin('PATCH', `/${id}`, { description: 'otra' });
    assert.equal(renamed.body.data.previous_secret_expires_at, rotated.body.data.previous_secret_expires_at);

    // By default the overlap is 24 h, and the oldest secret is dropped (two at most).
    const again = await admin('PATCH', `/${id}`, { rotate_secret: true });
    const overlap = (Date.parse(again.body.data.previous_secret_expires_at) - Date.now()) / 3_600_000;
    assert.ok(Math.abs(overlap - 24) < 0.01, `default overlap ${overlap} h`);
    row = await rowOf(id);
    assert.equal(box.open(row.previous_secret_enc), second);

    const immediate = await admin('PATCH', `/${id}`, { rotate_secret: true, previous_secret_valid_hours: 0 });
    assert.equal(immediate.body.data.previous_secret_expires_at, null);
    row = await rowOf(id);
    assert.equal(row.previous_secret_enc, null);
    assert.equal(box.open(row.secret_enc), immediate.body.data.secret);
  });

  it('deletes a subscription (404 afterwards) with its attempts', async () => {
    const { id } = await newSubscription();
    await recordAttempt(getStack().db, getStack().demoTenant, id);
    const deleted = await admin('DELETE', `/${id}`);
    assert.equal(deleted.status, 200, deleted.text);
    assert.equal(deleted.body.data.id, id);
    for (const [method, path] of [
      ['GET', `/${id}`],
      ['DELETE', `/${id}`],
      ['PATCH', `/${id}`],
      ['GET', `/${id}/deliveries`],
    ] as const) {
      const res = await admin(method, path, method === 'PATCH' ? { description: 'x' } : undefined);
      assert.deepEqual([res.status, res.body.message], [404, 'Webhook no encontrado'], `${method} ${path}`);
    }
    const left = await demoDb().transaction((trx) =>
      trx('webhook_deliveries').where({ subscription_id: id }).count<{ count: string }[]>('* as count'),
    );
    assert.equal(Number(left[0]!.count), 0);
  });

  it('lists attempts newest first with outcome, status, latency and excerpt; a redelivery is queued with 202', async () => {
    const { id } = await newSubscription();
    // Disabled, so no delivery run adds attempts of its own to the list read here.
    await admin('PATCH', `/${id}`, { status: 'disabled' });
    const { db, demoTenant } = getStack();
    const failed = await recordAttempt(db, demoTenant, id, {
      outcome: 'failed',
      status_code: 500,
      response_excerpt: 'caído',
    });
    const delivered = await recordAttempt(db, demoTenant, id, {
      outcome: 'delivered',
      status_code: 204,
      response_excerpt: '',
    });
    const timedOut = await recordAttempt(db, demoTenant, id, {
      outcome: 'failed',
      status_code: null,
      error: 'Tiempo de espera agotado',
      response_excerpt: '',
    });

    const res = await admin('GET', `/${id}/deliveries`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.data.map((d: { id: string }) => d.id),
      [timedOut.deliveryId, delivered.deliveryId, failed.deliveryId],
    );
    assert.deepEqual(res.body.data[2], {
      id: failed.deliveryId,
      event_id: failed.eventId,
      event_type: 'document.created',
      attempt: 1,
      manual: false,
      outcome: 'failed',
      status_code: 500,
      error: null,
      latency_ms: 42,
      response_excerpt: 'caído',
      created_at: res.body.data[2].created_at,
    });
    assert.deepEqual([res.body.data[0].status_code, res.body.data[0].error], [null, 'Tiempo de espera agotado']);
    const paged = await admin('GET', `/${id}/deliveries?limit=1&offset=1`);
    assert.deepEqual(
      paged.body.data.map((d: { id: string }) => d.id),
      [delivered.deliveryId],
    );

    const redeliver = await admin('POST', `/deliveries/${failed.deliveryId}/redeliver`);
    assert.equal(redeliver.status, 202, redeliver.text);
    assert.equal(redeliver.body.data.event_id, failed.eventId);
    const queued = await demoDb().transaction((trx) =>
      trx('webhook_redeliveries').where({ id: redeliver.body.data.redelivery_id }).first(),
    );
    assert.deepEqual(
      [queued.subscription_id, queued.event_id, queued.requested_by, queued.done_at],
      [id, failed.eventId, demoUser('intendente'), null],
    );

    const missing = await admin('POST', '/deliveries/00000000-0000-4000-8000-000000000000/redeliver');
    assert.deepEqual([missing.status, missing.body.message], [404, 'Intento de entrega no encontrado']);
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'offset=-1']) {
      const bad = await admin('GET', `/${id}/deliveries?${query}`);
      assert.equal(bad.status, 400, `${query}: ${bad.text}`);
    }
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const { id } = await newSubscription();
    const countBefore = await demoDb().transaction((trx) =>
      trx('webhook_subscriptions').count<{ count: string }[]>('* as count'),
    );
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', '', { event_types: ['document.signed'] }, /^url es requerido$/],
      ['POST', '', { url: RECEIVER }, /^event_types es requerido$/],
      [
        'POST',
        '',
        { url: RECEIVER, event_types: [] },
        /^event_types debe ser una lista con al menos un tipo de evento$/,
      ],
      [
        'POST',
        '',
        { url: RECEIVER, event_types: ['document.exploded'] },
        /^event_types\.0 debe ser uno de: document\.created/,
      ],
      ['POST', '', { url: RECEIVER, event_types: 'document.signed' }, /^event_types debe ser una lista$/],
      ['POST', '', { url: '   ', event_types: ['document.signed'] }, /^url es requerido$/],
      ['POST', '', { url: 'no es una url', event_types: ['document.signed'] }, /^La URL no es válida$/],
      ['POST', '', { url: 'ftp://127.0.0.1/x', event_types: ['document.signed'] }, /^La URL debe usar http o https$/],
      ['POST', '', { url: 'http://user:pass@127.0.0.1/x', event_types: ['document.signed'] }, /usuario ni contraseña/],
      [
        'POST',
        '',
        { url: `http://127.0.0.1/${'a'.repeat(2000)}`, event_types: ['document.signed'] },
        /^url no puede superar 2000 caracteres$/,
      ],
      [
        'POST',
        '',
        { url: RECEIVER, event_types: ['document.signed'], description: 'x'.repeat(201) },
        /^description no puede superar 200 caracteres$/,
      ],
      [
        'POST',
        '',
        { url: RECEIVER, event_types: ['document.signed'], secret: 'whsec_mine' },
        /invalido|no permitid|secret/,
      ],
      [
        'POST',
        '',
        { url: 'http://10.0.0.5/hook', event_types: ['document.signed'] },
        /dirección interna o reservada \(10\.0\.0\.5\)/,
      ],
      [
        'POST',
        '',
        { url: 'http://192.168.1.1/hook', event_types: ['document.signed'] },
        /dirección interna o reservada \(192\.168\.1\.1\)/,
      ],
      [
        'POST',
        '',
        { url: 'http://169.254.169.254/latest/meta-data', event_types: ['document.signed'] },
        /dirección interna o reservada \(169\.254\.169\.254\)/,
      ],
      [
        'POST',
        '',
        { url: 'http://[::ffff:10.0.0.5]/hook', event_types: ['document.signed'] },
        /dirección interna o reservada/,
      ],
      ['POST', '', { url: 'http://0.0.0.0/hook', event_types: ['document.signed'] }, /dirección interna o reservada/],
      ['PATCH', `/${id}`, {}, /^No hay cambios/],
      ['PATCH', `/${id}`, { status: 'failing' }, /^status debe ser uno de: active, disabled$/],
      ['PATCH', `/${id}`, { rotate_secret: 'yes' }, /^rotate_secret debe ser true o false$/],
      [
        'PATCH',
        `/${id}`,
        { rotate_secret: true, previous_secret_valid_hours: 169 },
        /^previous_secret_valid_hours debe ser un entero entre 0 y 168$/,
      ],
      [
        'PATCH',
        `/${id}`,
        { rotate_secret: true, previous_secret_valid_hours: -1 },
        /^previous_secret_valid_hours debe ser un entero entre 0 y 168$/,
      ],
      [
        'PATCH',
        `/${id}`,
        { rotate_secret: true, previous_secret_valid_hours: 1.5 },
        /^previous_secret_valid_hours debe ser un entero$/,
      ],
      [
        'PATCH',
        `/${id}`,
        { previous_secret_valid_hours: 2 },
        /^previous_secret_valid_hours solo se admite con rotate_secret: true$/,
      ],
      ['PATCH', `/${id}`, { url: 'http://192.168.1.1/x' }, /dirección interna o reservada/],
      ['PATCH', `/${id}`, { event_types: [] }, /^event_types debe ser una lista con al menos un tipo de evento$/],
      ['PATCH', `/${id}`, { description: 'a\u0000b' }, /caracteres no permitidos/],
      ['GET', '/no-es-un-id', undefined, /^id debe ser un UUID$/],
      ['PATCH', '/no-es-un-id', { description: 'x' }, /^id debe ser un UUID$/],
      ['DELETE', '/no-es-un-id', undefined, /^id debe ser un UUID$/],
      ['GET', '/no-es-un-id/deliveries', undefined, /^id debe ser un UUID$/],
      ['POST', '/deliveries/no-es-un-id/redeliver', undefined, /^id debe ser un UUID$/],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await admin(method, path, body);
      assert.equal(
        res.status,
        400,
        `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}: ${res.status} ${res.text.slice(0, 200)}`,
      );
      assert.equal(res.body.success, false);
      assert.match(res.body.message, message, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`);
    }
    const countAfter = await demoDb().transaction((trx) =>
      trx('webhook_subscriptions').count<{ count: string }[]>('* as count'),
    );
    assert.equal(countAfter[0]!.count, countBefore[0]!.count);
    const row = await rowOf(id);
    assert.equal(row.url, RECEIVER);
    assert.deepEqual(row.event_types, ['document.signed']);
  });

  it('allows loopback outside production only; production takes https to public addresses alone', async () => {
    for (const url of ['http://127.0.0.1:9/x', 'http://[::1]:9/x', 'http://localhost:9/x']) {
      const res = await admin('POST', '', { url, event_types: ['document.signed'] });
      assert.equal(res.status, 201, `${url}: ${res.text}`);
      await admin('DELETE', `/${res.body.data.id}`);
    }
    const production = { production: true };
    assert.equal(await refusedWebhookUrl('http://127.0.0.1/x', production), 'La URL debe usar https');
    assert.equal(await refusedWebhookUrl('http://93.184.215.14/x', production), 'La URL debe usar https');
    assert.match(
      (await refusedWebhookUrl('https://127.0.0.1/x', production))!,
      /dirección interna o reservada \(127\.0\.0\.1\)/,
    );
    assert.match((await refusedWebhookUrl('https://[::1]/x', production))!, /dirección interna o reservada \(::1\)/);
    for (const address of ['10.0.0.5', '192.168.1.1', '169.254.169.254', '172.16.0.1', '100.64.0.1']) {
      assert.match(
        (await refusedWebhookUrl(`https://${address}/x`, production))!,
        /dirección interna o reservada/,
        address,
      );
    }
    assert.equal(await refusedWebhookUrl('https://93.184.215.14/hook', production), null);
    assert.equal(await refusedWebhookUrl('http://[::1]/x', { production: false }), null);
  });

  it('only administrators reach the routes (403), and nothing is written for others', async () => {
    const { id } = await newSubscription();
    const { deliveryId } = await recordAttempt(getStack().db, getStack().demoTenant, id);
    const as = (user: string, method: string, path: string, json?: unknown) =>
      request(`${PATH}${path}`, { method, headers: asBackend(user), ...(json ? { json } : {}) });
    const attempts = [
      as('agente-mesa', 'GET', ''),
      as('directora-obras', 'POST', '', { url: RECEIVER, event_types: ['document.signed'] }),
      as('agente-mesa', 'GET', `/${id}`),
      as('agente-mesa', 'PATCH', `/${id}`, { rotate_secret: true }),
      as('agente-mesa', 'DELETE', `/${id}`),
      as('agente-mesa', 'GET', `/${id}/deliveries`),
      as('agente-mesa', 'POST', `/deliveries/${deliveryId}/redeliver`),
    ];
    for (const res of await Promise.all(attempts)) {
      assert.deepEqual(
        [res.status, res.body],
        [403, { success: false, data: null, message: 'Solo un administrador puede gestionar webhooks' }],
      );
    }
    const row = await rowOf(id);
    assert.equal(row.previous_secret_enc, null);
    const redeliveries = await demoDb().transaction((trx) =>
      trx('webhook_redeliveries').where({ subscription_id: id }),
    );
    assert.deepEqual(redeliveries, []);
    assert.equal((await request(PATH, { headers: { 'X-Tenant-Schema': 'demo' } })).status, 401);
  });

  it("an administrator reaches only their own tenant's subscriptions and attempts (404)", async () => {
    const { db, services } = getStack();
    const { tenant: other } = await createTenant(db, {
      schema: 'webhooks_other',
      municipalityCode: 'WHO',
      displayName: 'Municipalidad Otra',
      city: 'Otra',
    });
    const foreignId = await tenantDb(db, other).transaction(async (trx) => {
      const [row] = await trx('webhook_subscriptions')
        .insert({
          url: RECEIVER,
          event_types: ['document.signed'],
          secret_enc: services.webhookSecrets.seal('whsec_x'),
        })
        .returning<{ id: string }[]>('id');
      return row!.id;
    });
    const { deliveryId } = await recordAttempt(db, other, foreignId);
    for (const [method, path, body] of [
      ['GET', `/${foreignId}`],
      ['PATCH', `/${foreignId}`, { status: 'disabled' }],
      ['DELETE', `/${foreignId}`],
      ['GET', `/${foreignId}/deliveries`],
    ] as const) {
      const res = await admin(method, path, body);
      assert.deepEqual([res.status, res.body.message], [404, 'Webhook no encontrado'], `${method} ${path}`);
    }
    const redeliver = await admin('POST', `/deliveries/${deliveryId}/redeliver`);
    assert.deepEqual([redeliver.status, redeliver.body.message], [404, 'Intento de entrega no encontrado']);
    const list = await admin('GET', '');
    assert.ok(!list.body.data.some((s: { id: string }) => s.id === foreignId));
    const still = await tenantDb(db, other).transaction((trx) =>
      trx('webhook_subscriptions').where({ id: foreignId }).first(),
    );
    assert.equal(still.status, 'active');
  });
});
