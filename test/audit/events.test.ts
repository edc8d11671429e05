/**
 * Audit-only events in the outbox: a draft edited (names of the changed fields) or deleted, users
 * created, updated and with changed permissions (the administration and the console), API keys
 * created, rotated and revoked (written into the key's tenant from the control schema), each once
 * per change and none for a refused or empty one; and the delivery of webhooks never sends one,
 * even to a subscription that lists every type.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTenant } from '../../db/tenants.js';
import { tenantDb, type Tenant, type TenantDb } from '../../db/tenancy.js';
import { importTenant } from '../../domain/onboarding/index.js';
import { AUDIT_EVENT_TYPES, EVENT_TYPES } from '../../domain/webhooks/catalog.js';
import { relayCommittedEvents } from '../../domain/webhooks/relay.js';
import { newWebhookSecret } from '../../domain/webhooks/secrets.js';
import { createBackendDraft, SAMPLE_HTML } from '../support/documents.js';
import { getStack } from '../support/hooks.js';
import { asBackend, demoSector, demoUser, request } from '../support/http.js';
import { until } from '../support/until.js';
import { startTestReceiver } from '../support/webhook-receiver.js';

interface Row {
  type: string;
  subject: string;
  data: Record<string, unknown>;
}

const demo = (): TenantDb => tenantDb(getStack().db, getStack().demoTenant);
const lastSeq = (db: TenantDb) =>
  db.transaction(async (trx) =>
    Number((await trx('webhook_events').max<{ max: string | null }>('seq as max').first())?.max ?? 0),
  );
const since = (db: TenantDb, seq: number, subject?: string) =>
  db.transaction((trx) => {
    const q = trx('webhook_events').where('seq', '>', seq).orderBy('seq');
    return (subject ? q.where({ subject }) : q).select<Row[]>('type', 'subject', 'data');
  });
const backend = (user: string, method: string, url: string, json?: unknown) =>
  request(`/api/v1${url}`, { method, headers: asBackend(user), ...(json !== undefined ? { json } : {}) });

describe('audit: events the webhooks do not report', function () {
  this.timeout(60_000);

  it('a draft edited names the fields that changed (never their values), once per change; a refused or empty save and a deletion refused write nothing', async () => {
    const id = await createBackendDraft('agente-obras', { reference: 'Reparación de veredas' });
    const subject = `document:${id}`;
    let seq = await lastSeq(demo());

    const saved = await backend('agente-obras', 'PATCH', `/documents/${id}/save`, {
      reference: 'Reparación de veredas, barrio norte',
      content: SAMPLE_HTML,
    });
    assert.equal(saved.status, 200, saved.text);
    const edited = await since(demo(), seq, subject);
    assert.deepEqual(edited, [
      {
        type: 'document.edited',
        subject,
        data: {
          document_id: id,
          document_type: 'INF',
          by_user_id: demoUser('agente-obras'),
          changed_fields: ['reference', 'content'],
        },
      },
    ]);
    assert.ok(!JSON.stringify(edited).includes('barrio norte'), 'no value is written');

    seq = await lastSeq(demo());
    assert.equal(
      (
        await backend('agente-obras', 'PATCH', `/documents/${id}/save`, {
          reference: 'Reparación de veredas, barrio norte',
        })
      ).status,
      200,
    );
    assert.equal((await backend('directora-obras', 'DELETE', `/documents/${id}`)).status, 403);
    assert.equal((await backend('agente-obras', 'PATCH', `/documents/${id}/save`, { reference: 7 })).status, 400);
    assert.deepEqual(
      await since(demo(), seq, subject),
      [],
      'an unchanged save, a refused deletion and bad input write nothing',
    );

    assert.equal((await backend('agente-obras', 'DELETE', `/documents/${id}`)).status, 200);
    assert.notEqual((await backend('agente-obras', 'DELETE', `/documents/${id}`)).status, 200);
    assert.deepEqual(await since(demo(), seq, subject), [
      {
        type: 'document.deleted',
        subject,
        data: { document_id: id, document_type: 'INF', by_user_id: demoUser('agente-obras') },
      },
    ]);
  });

  it("API keys: created, rotated and revoked once each in the key's tenant, in the change's transaction; refusals write nothing", async () => {
    const seq = await lastSeq(demo());
    const created = await backend('intendente', 'POST', '/admin/api-keys', {
      name: `Auditoría ${Date.now()}`,
      all_users: true,
    });
    assert.equal(created.status, 201, created.text);
    const keyId = created.body.data.id as string;
    assert.equal(
      (await backend('intendente', 'POST', `/admin/api-keys/${keyId}/rotate`, { overlap_hours: 0 })).status,
      200,
    );
    assert.equal((await backend('directora-obras', 'POST', `/admin/api-keys/${keyId}/revoke`, {})).status, 403);
    assert.equal((await backend('intendente', 'POST', `/admin/api-keys/${keyId}/revoke`, {})).status, 200);
    assert.equal(
      (await backend('intendente', 'POST', `/admin/api-keys/${keyId}/revoke`, {})).status,
      200,
      'revoking again answers the key as it is',
    );
    assert.equal((await backend('intendente', 'POST', `/admin/api-keys/${keyId}/rotate`, {})).status, 409);

    const subject = `api_key:${keyId}`;
    const by = demoUser('intendente');
    assert.deepEqual(
      await since(demo(), seq, subject),
      ['api_key.created', 'api_key.rotated', 'api_key.revoked'].map((type) => ({
        type,
        subject,
        data: { api_key_id: keyId, by_user_id: by },
      })),
    );
    // Each one a committed row of the tenant's own outbox, which the relay positions (and chains) like any other.
    await relayCommittedEvents(demo());
    assert.equal(
      Number(
        (
          await demo().transaction((trx) =>
            trx('webhook_events').where({ subject }).whereNull('position').count<{ n: string }[]>('* as n'),
          )
        )[0]!.n,
      ),
      0,
    );
  });

  it('users: created by an administrator once; a refused creation writes nothing', async () => {
    const seq = await lastSeq(demo());
    const email = `auditada-${Date.now()}@pruebas.example`;
    const refused = await backend('directora-obras', 'POST', '/users', {
      email,
      full_name: 'No Creada',
      role: 'empleado',
      sector_id: demoSector('DOP'),
    });
    assert.equal(refused.status, 403);
    const made = await backend('intendente', 'POST', '/users', {
      email,
      full_name: 'Usuaria Auditada',
      role: 'empleado',
      sector_id: demoSector('DOP'),
    });
    assert.ok([201, 202].includes(made.status), made.text);
    const userId = await until(
      'the user saved',
      () =>
        demo()
          .transaction((trx) => trx('users').where({ email }).first<{ id: string } | undefined>('id'))
          .then((u) => u?.id),
      30_000,
    );
    const rows = (await since(demo(), seq)).filter((r) => r.type.startsWith('user.'));
    assert.deepEqual(
      rows.filter((r) => r.type === 'user.created'),
      [
        {
          type: 'user.created',
          subject: `user:${userId}`,
          data: { user_id: userId, by_user_id: demoUser('intendente') },
        },
      ],
    );
    assert.ok(!JSON.stringify(rows).includes(email), 'no e-mail in the trail');
  });

  describe('users from the console (onboarding CSV)', () => {
    let tenant: Tenant;
    const ROOT = path.resolve(import.meta.dirname, '../..');
    const example = async (name: string) => ({
      name,
      text: await readFile(path.join(ROOT, 'docs/examples', name), 'utf8'),
    });

    before(async () => {
      ({ tenant } = await createTenant(getStack().db, {
        schema: 'audit_users',
        municipalityCode: 'AUU',
        displayName: 'Municipalidad de Usuarios',
        city: 'Usuarios',
      }));
    });

    it('created once each; a re-run writes nothing; a change names its fields, and changed permissions name their sectors', async () => {
      const db = tenantDb(getStack().db, tenant);
      const files = { sectors: await example('sectors.csv'), users: await example('users.csv') };
      await importTenant(getStack().db, tenant, files);
      const first = await since(db, 0);
      assert.equal(first.filter((r) => r.type === 'user.created').length, 4);
      assert.ok(first.every((r) => r.data.by_user_id === null));

      const seq = await lastSeq(db);
      await importTenant(getStack().db, tenant, files);
      assert.deepEqual(await since(db, seq), [], 'an unchanged re-run');

      const users = files.users.text.replace(
        'Sofía Romero,empleado,MESA,,,',
        'Sofía Romero de Paz,empleado,MESA,,RENT,',
      );
      assert.notEqual(users, files.users.text);
      await importTenant(getStack().db, tenant, { users: { name: 'users.csv', text: users } });
      const { mesa, rent } = await db.transaction(async (trx) => ({
        mesa: (await trx('users').where({ email: 'mesa@municipio.gob.ar' }).first<{ id: string }>('id'))!.id,
        rent: (await trx('sectors').where({ acronym: 'RENT' }).first<{ id: string }>('id'))!.id,
      }));
      assert.deepEqual(await since(db, seq), [
        {
          type: 'user.updated',
          subject: `user:${mesa}`,
          data: { user_id: mesa, changed_fields: ['full_name'], by_user_id: null },
        },
        {
          type: 'user.permissions_changed',
          subject: `user:${mesa}`,
          data: { user_id: mesa, sector_ids: [rent], by_user_id: null },
        },
      ]);
    });
  });

  it('no subscription gets an audit-only event, even one listing every type, and none can be registered for one', async () => {
    const refused = await backend('intendente', 'POST', '/admin/webhooks', {
      url: 'https://example.org/hooks',
      event_types: ['user.created'],
    });
    assert.equal(refused.status, 400);

    const receiver = await startTestReceiver();
    const box = getStack().services.webhookSecrets;
    const subscriptionId = await demo().transaction(async (trx) => {
      const [{ max }] = (await trx.raw('select coalesce(max(position), 0) as max from webhook_events')).rows;
      const [row] = await trx('webhook_subscriptions').insert(
        {
          url: receiver.url,
          event_types: [...EVENT_TYPES, ...AUDIT_EVENT_TYPES],
          secret_enc: box.seal(newWebhookSecret()),
          delivered_position: max,
        },
        ['id'],
      );
      return row.id as string;
    });
    try {
      // Audit-only changes, then a webhook event after them: once it arrives, everything before it was handed on.
      const id = await createBackendDraft('agente-obras');
      assert.equal(
        (await backend('agente-obras', 'PATCH', `/documents/${id}/save`, { reference: 'Otra referencia' })).status,
        200,
      );
      const key = await backend('intendente', 'POST', '/admin/api-keys', {
        name: `Entrega ${Date.now()}`,
        all_users: true,
      });
      assert.equal(key.status, 201, key.text);
      assert.equal((await backend('agente-obras', 'DELETE', `/documents/${id}`)).status, 200);
      const last = await createBackendDraft('agente-obras');
      await until(
        'the later webhook event delivered',
        async () => receiver.received.some((r) => r.body.data.document_id === last) || undefined,
        30_000,
      );
      const types = receiver.received.map((r) => r.body.type as string);
      assert.ok(types.includes('document.created'));
      assert.deepEqual(
        types.filter((t) => (AUDIT_EVENT_TYPES as string[]).includes(t)),
        [],
      );
    } finally {
      await demo().transaction((trx) => trx('webhook_subscriptions').where({ id: subscriptionId }).delete());
      await receiver.close();
    }
  });
});
