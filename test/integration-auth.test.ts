import assert from 'node:assert/strict';
import { createApiKey } from '../db/control.js';
import { getStack } from './support/hooks.js';
import { asIntegration, demoUser, request } from './support/http.js';

describe('integration REST authentication (X-API-Key + X-User-ID)', () => {
  const path = '/api/v1/system/sectors';

  it('accepts a valid key with an authorized user', async () => {
    const res = await request(path, { headers: asIntegration() });
    assert.equal(res.status, 200);
    assert.ok(Array.isArray(res.body.sectors));
  });

  it('401 "X-API-Key header requerido" without the key', async () => {
    const res = await request(path, { headers: { 'X-User-ID': demoUser('intendente') } });
    assert.equal(res.status, 401);
    assert.deepEqual(res.body, { error: 'X-API-Key header requerido' });
  });

  it('401 "X-User-ID header requerido para REST API" without the user', async () => {
    const res = await request(path, { headers: { 'X-API-Key': getStack().demoApiKey } });
    assert.equal(res.status, 401);
    assert.deepEqual(res.body, { error: 'X-User-ID header requerido para REST API' });
  });

  it('401 "API Key invalida o expirada" for an unknown key', async () => {
    const res = await request(path, {
      headers: { 'X-API-Key': 'exk_not-a-real-key', 'X-User-ID': demoUser('intendente') },
    });
    assert.equal(res.status, 401);
    assert.deepEqual(res.body, { error: 'API Key invalida o expirada' });
  });

  it('401 "API Key invalida o expirada" for an expired key and for a deactivated key', async () => {
    const { db, demoTenant } = getStack();
    const expired = await createApiKey(db, {
      tenantId: demoTenant.id,
      name: 'expired',
      userIds: [demoUser('intendente')],
      expiresAt: new Date(Date.now() - 1000),
    });
    const inactive = await createApiKey(db, {
      tenantId: demoTenant.id,
      name: 'inactive',
      userIds: [demoUser('intendente')],
    });
    await db.withSchema('control').table('api_keys').where({ id: inactive.id }).update({ is_active: false });
    for (const key of [expired.key, inactive.key]) {
      const res = await request(path, { headers: { 'X-API-Key': key, 'X-User-ID': demoUser('intendente') } });
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, { error: 'API Key invalida o expirada' });
    }
  });

  it('a key that has not expired yet is accepted', async () => {
    const { db, demoTenant } = getStack();
    const fresh = await createApiKey(db, {
      tenantId: demoTenant.id,
      name: 'fresh',
      userIds: [demoUser('intendente')],
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const res = await request(path, { headers: { 'X-API-Key': fresh.key, 'X-User-ID': demoUser('intendente') } });
    assert.equal(res.status, 200);
  });

  it('401 "Usuario no autorizado para esta API Key" for a user the key does not list', async () => {
    const { db, demoTenant } = getStack();
    const narrow = await createApiKey(db, {
      tenantId: demoTenant.id,
      name: 'narrow',
      userIds: [demoUser('intendente')],
    });
    const res = await request(path, { headers: { 'X-API-Key': narrow.key, 'X-User-ID': demoUser('agente-mesa') } });
    assert.equal(res.status, 401);
    assert.deepEqual(res.body, { error: 'Usuario no autorizado para esta API Key' });
  });

  it('401 "Usuario no autorizado para esta API Key" for a well-formed unknown user id', async () => {
    const res = await request(path, {
      headers: { 'X-API-Key': getStack().demoApiKey, 'X-User-ID': '00000000-0000-4000-8000-000000000000' },
    });
    assert.equal(res.status, 401);
    assert.deepEqual(res.body, { error: 'Usuario no autorizado para esta API Key' });
  });

  it('400 "X-User-ID debe ser un UUID" for a malformed user id, after the key is checked', async () => {
    for (const userId of [
      'not-a-uuid',
      `urn:uuid:${demoUser('intendente')}`,
      `${demoUser('intendente')} `.repeat(2),
      demoUser('intendente').replace(/-/g, ''),
    ]) {
      const res = await request(path, { headers: { 'X-API-Key': getStack().demoApiKey, 'X-User-ID': userId } });
      assert.equal(res.status, 400, userId);
      assert.deepEqual(res.body, { error: 'X-User-ID debe ser un UUID' });
    }
    const badKey = await request(path, { headers: { 'X-API-Key': 'exk_wrong', 'X-User-ID': 'not-a-uuid' } });
    assert.deepEqual([badKey.status, badKey.body], [401, { error: 'API Key invalida o expirada' }]);
  });

  it('401 saying so for an authorized user who has been deactivated', async () => {
    const { db, demoTenant } = getStack();
    const { tenantDb } = await import('../db/tenancy.js');
    const inactiveUser = '7b0d3c52-2f33-4d0e-9a55-6a4c0f3d2e11';
    await tenantDb(db, demoTenant).transaction((trx) =>
      trx('users').insert({
        id: inactiveUser,
        full_name: 'Usuario Baja',
        email: 'baja@pruebas.example',
        role: 'empleado',
        is_active: false,
      }),
    );
    const key = await createApiKey(db, { tenantId: demoTenant.id, name: 'with-inactive', userIds: [inactiveUser] });
    const res = await request(path, { headers: { 'X-API-Key': key.key, 'X-User-ID': inactiveUser } });
    assert.equal(res.status, 401);
    assert.deepEqual(res.body, { error: 'Usuario dado de baja: ya no puede operar ni firmar' });
  });
});
