import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { getStack } from './support/hooks.js';
import { asBackend, asIntegration, request } from './support/http.js';

describe("HTTP errors are JSON in the interface's shape", () => {
  it('malformed JSON → 400 "Body JSON invalido" (integration shape)', async () => {
    const res = await request('/api/v1/system/sectors', {
      method: 'POST',
      headers: { ...asIntegration(), 'content-type': 'application/json' },
      raw: '{"reference": ',
    });
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { error: 'Body JSON invalido' });
  });

  it('malformed JSON → 400 "Body JSON invalido" (backend envelope)', async () => {
    const res = await request('/api/v1/cases/templates', {
      method: 'POST',
      headers: { ...asBackend(), 'content-type': 'application/json' },
      raw: '{oops',
    });
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { success: false, data: null, message: 'Body JSON invalido' });
  });

  it('unknown route → 404 JSON, never HTML', async () => {
    for (const path of ['/nope', '/api/v1/nope', '/api/v1/system/nope']) {
      const res = await request(path, { headers: asIntegration() });
      assert.equal(res.status, 404, path);
      assert.match(res.headers.get('content-type') ?? '', /application\/json/);
      assert.deepEqual(res.body, { error: 'Ruta no encontrada' });
    }
    const backend = await request('/api/v1/nope', { headers: asBackend() });
    assert.equal(backend.status, 404);
    assert.deepEqual(backend.body, { success: false, data: null, message: 'Ruta no encontrada' });
  });

  it('a path served with other methods → 405 with Allow; TRACE → 405 anywhere', async () => {
    const wrong = await request('/api/v1/system/sectors', { method: 'DELETE', headers: asIntegration() });
    assert.deepEqual(
      [wrong.status, wrong.headers.get('allow'), wrong.body],
      [405, 'GET, HEAD', { error: 'Método no permitido' }],
    );
    const assign = await request('/api/v1/cases/8b9d3a8e-1c1f-4c7e-9f61-0c0a1b2c3d4e/assign', {
      method: 'PUT',
      headers: asBackend(),
      json: {},
    });
    assert.deepEqual(
      [assign.status, assign.headers.get('allow'), assign.body],
      [405, 'POST', { success: false, data: null, message: 'Método no permitido' }],
    );
    // Served by one interface or the other: the union is allowed, and the interface answers.
    const both = await request('/api/v1/documents/8b9d3a8e-1c1f-4c7e-9f61-0c0a1b2c3d4e', {
      method: 'PUT',
      headers: asIntegration(),
    });
    assert.equal(both.status, 405);
    assert.match(both.headers.get('allow') ?? '', /GET.*PATCH/);
    // fetch refuses to send TRACE: a plain HTTP request does.
    const trace = (path: string) =>
      new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
        const req = http.request(`${getStack().apiUrl}${path}`, { method: 'TRACE' }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, allow: res.headers.allow });
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of ['/api/v1/documents/search', '/health', '/nope']) {
      const res = await trace(path);
      assert.equal(res.status, 405, path);
      assert.ok(res.allow, path);
    }
    assert.equal(
      (await request('/api/v1/nope', { method: 'DELETE', headers: asIntegration() })).status,
      404,
      'a path nobody serves stays 404',
    );
  });

  it('query mistakes the OpenAPI document describes are 400: an empty case_id=, a date_filter outside its list', async () => {
    const empty = await request('/api/v1/documents/search?case_id=', { headers: asIntegration() });
    assert.deepEqual([empty.status, empty.body], [400, { error: 'case_id debe ser un UUID' }]);
    const date = await request('/api/v1/cases/search?date_filter=hoy', { headers: asIntegration() });
    assert.deepEqual(
      [date.status, date.body],
      [400, { error: 'date_filter debe ser uno de: today, week, month, year' }],
    );
  });

  it('oversized body → 413 JSON', async () => {
    const big = JSON.stringify({ content: 'x'.repeat(9 * 1024 * 1024) });
    const res = await request('/api/v1/system/sectors', {
      method: 'POST',
      headers: { ...asIntegration(), 'content-type': 'application/json' },
      raw: big,
    });
    assert.equal(res.status, 413);
    assert.match(res.body.error, /excede/);
  });

  it('a request line Node cannot parse still gets a JSON 400', async () => {
    const { apiUrl } = getStack();
    const { port } = new URL(apiUrl);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /api/v1/system/users/search?q=ñu HTTP/1.1\r\nHost: x\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    assert.match(raw, /^HTTP\/1\.1 400/);
    assert.match(raw, /\{"error":"Solicitud HTTP invalida"\}$/);
  });

  it('a server-side failure is a generic 500 without a stack trace', async () => {
    // A tenant whose schema was dropped behind the registry's back makes every tenant query fail.
    const { db } = getStack();
    const { createTenant } = await import('../db/tenants.js');
    const { createApiKey } = await import('../db/control.js');
    const userId = '00000000-0000-4000-8000-000000000001';
    const { tenant } = await createTenant(db, {
      schema: 'broken_tenant',
      municipalityCode: 'BRK',
      displayName: 'Rota',
      city: 'Rota',
    });
    const { key } = await createApiKey(db, { tenantId: tenant.id, name: 'k', userIds: [userId] });
    await db.raw('drop schema broken_tenant cascade');
    try {
      const res = await request('/api/v1/system/sectors', { headers: { 'X-API-Key': key, 'X-User-ID': userId } });
      assert.equal(res.status, 500);
      assert.deepEqual(res.body, { error: 'Error interno del servidor' });
    } finally {
      // Nothing of the broken municipality stays behind for the suites after this one.
      await db.withSchema('control').table('api_key_audit').where({ tenant_id: tenant.id }).delete();
      await db.withSchema('control').table('api_keys').where({ tenant_id: tenant.id }).delete();
      await db.withSchema('control').table('tenants').where({ id: tenant.id }).delete();
    }
  });
});

describe('backend testing-mode authentication', () => {
  const path = '/api/v1/cases/templates';

  it('accepts Authorization: Bearer <user uuid>, X-User-ID and the testing API key', async () => {
    const { config } = getStack();
    const variants = [
      asBackend('agente-mesa'),
      { 'X-Tenant-Schema': 'demo', 'X-User-ID': '908b3d3b-3516-55ba-83f2-b052d6ed0c17' },
      { 'X-Tenant-Schema': 'demo', 'X-API-Key': config.testingApiKey! },
    ];
    for (const headers of variants) {
      const res = await request(path, { headers });
      assert.equal(res.status, 200, JSON.stringify(headers));
      assert.equal(res.body.success, true);
      assert.ok(res.body.data.total >= 4);
      assert.ok(res.body.data.templates[0].acronym);
      assert.ok('filing_department_name' in res.body.data.templates[0]);
    }
  });

  it('refuses an unknown tenant schema, a missing schema, an unknown user and a wrong testing key', async () => {
    const unknownTenant = await request(path, { headers: asBackend('intendente', 'no_such_tenant') });
    assert.equal(unknownTenant.status, 401);
    assert.equal(unknownTenant.body.message, 'Tenant no encontrado');

    const noSchema = await request(path, { headers: { Authorization: 'Bearer 908b3d3b-3516-55ba-83f2-b052d6ed0c17' } });
    assert.equal(noSchema.status, 400);
    assert.equal(noSchema.body.message, 'X-Tenant-Schema header requerido');

    const unknownUser = await request(path, {
      headers: { 'X-Tenant-Schema': 'demo', Authorization: 'Bearer 00000000-0000-4000-8000-000000000000' },
    });
    assert.equal(unknownUser.status, 401);
    assert.equal(unknownUser.body.message, 'Usuario no encontrado');

    const wrongKey = await request(path, { headers: { 'X-Tenant-Schema': 'demo', 'X-API-Key': 'wrong' } });
    assert.equal(wrongKey.status, 401);
    assert.deepEqual(wrongKey.body, { success: false, data: null, message: 'Authorization required' });
  });

  it('is off in production even when TESTING_MODE=true', async () => {
    const env = { APP_ENV: 'production', TESTING_MODE: 'true', FILE_URL_SECRET: 'x'.repeat(32) };
    const config = getStack().configWith(env);
    assert.equal(config.testingMode, false);
    const api = await getStack().extraApi(env);
    try {
      for (const headers of [
        asBackend('intendente'),
        { 'X-Tenant-Schema': 'demo', 'X-API-Key': config.testingApiKey! },
      ]) {
        const res = await request(path, { headers, baseUrl: api.url });
        assert.equal(res.status, 401);
        assert.equal(res.body.success, false);
      }
    } finally {
      await api.close();
    }
  });
});
