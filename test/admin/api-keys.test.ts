import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { createApiKey, hashApiKey } from '../../db/control.js';
import { createTenant } from '../../db/tenants.js';
import { ApiKeyUsageRecorder, apiKeyUsageRecorder } from '../../domain/api-keys/usage.js';
import { getStack } from '../support/hooks.js';
import { asBackend, demoUser, request } from '../support/http.js';
import { until } from '../support/until.js';

const run = promisify(execFile);
const ADMIN_PATH = '/api/v1/admin/api-keys';
const PROBE = '/api/v1/system/sectors';
const ADMIN_EMAIL = 'martin.alvarez@villaesperanza.gob.ar';

/** A unique key name per test, so tests never collide on the name rule. */
let serial = 0;
const uniqueName = (what: string) => `${what} ${process.pid}-${++serial}`;

async function createAsAdmin(body: Record<string, unknown>) {
  return request(ADMIN_PATH, { method: 'POST', headers: asBackend('intendente'), json: body });
}

/** Creates a key over HTTP as the demo administrator; returns its id and secret. */
async function newKey(body: Record<string, unknown> = {}): Promise<{ id: string; key: string }> {
  const res = await createAsAdmin({ name: uniqueName('key'), user_ids: [demoUser('intendente')], ...body });
  assert.equal(res.status, 201, res.text);
  return { id: res.body.data.id, key: res.body.data.key };
}

async function probe(key: string, userKey = 'intendente') {
  return request(PROBE, { headers: { 'X-API-Key': key, 'X-User-ID': demoUser(userKey) } });
}

async function assertRefused(key: string, userKey = 'intendente', message = 'API Key invalida o expirada') {
  const res = await probe(key, userKey);
  assert.deepEqual([res.status, res.body], [401, { error: message }]);
}

const keysTable = () => getStack().db.withSchema('control').table('api_keys');
const auditOf = (id: string) =>
  getStack().db.withSchema('control').table('api_key_audit').where({ api_key_id: id }).orderBy('id');

/** `npm run -s apikey:<command> -- args` against the test database. */
async function cli(command: string, args: string[]) {
  return run('npm', ['run', '-s', `apikey:${command}`, '--', ...args], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: getStack().databaseUrl, LOG_LEVEL: 'error' },
  });
}

describe('API key lifecycle (admin routes, auth, CLI)', function () {
  this.timeout(120_000);

  it('creates a key whose secret is shown once and works at once; the list never shows the secret', async () => {
    const name = uniqueName('facturacion');
    const res = await createAsAdmin({ name, user_ids: [demoUser('intendente')], expires_in_days: 90 });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.success, true);
    const created = res.body.data;
    assert.match(created.key, /^exk_[A-Za-z0-9_-]{43}$/);
    assert.equal(created.prefix, created.key.slice(0, 8));
    assert.equal(created.state, 'active');
    assert.equal(created.tenant, 'demo');
    assert.deepEqual(created.user_ids, [demoUser('intendente')]);
    const days = (Date.parse(created.expires_at) - Date.parse(created.created_at)) / 86_400_000;
    assert.ok(Math.abs(days - 90) < 0.01, `expiry ${days} days after creation`);

    assert.equal((await probe(created.key)).status, 200);

    const list = await request(ADMIN_PATH, { headers: asBackend('intendente') });
    assert.equal(list.status, 200);
    const listed = list.body.data.items.find((k: { id: string }) => k.id === created.id);
    assert.equal(listed.name, name);
    assert.equal(listed.state, 'active');
    assert.ok(!list.text.includes(created.key), 'the list must not contain the secret');
    // Only the hash is stored.
    const row = await keysTable().where({ id: created.id }).first();
    assert.equal(row.key_hash, hashApiKey(created.key));
  });

  it('uses the configured default lifetime when none is asked for, and refuses one above the maximum', async () => {
    const { config } = getStack();
    const res = await createAsAdmin({ name: uniqueName('default'), user_ids: [demoUser('intendente')] });
    assert.equal(res.status, 201);
    const days = (Date.parse(res.body.data.expires_at) - Date.parse(res.body.data.created_at)) / 86_400_000;
    assert.ok(Math.abs(days - config.apiKeys.defaultDays) < 0.01);

    const name = uniqueName('too-long');
    const tooLong = await createAsAdmin({
      name,
      user_ids: [demoUser('intendente')],
      expires_in_days: config.apiKeys.maxDays + 1,
    });
    assert.deepEqual(
      [tooLong.status, tooLong.body.message],
      [400, `expires_in_days debe ser un entero entre 1 y ${config.apiKeys.maxDays}`],
    );
    assert.equal((await keysTable().where({ name })).length, 0);
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const name = uniqueName('bad');
    const cases: [Record<string, unknown>, string][] = [
      [{ user_ids: [demoUser('intendente')] }, 'name es requerido'],
      [{ name: '   ', user_ids: [demoUser('intendente')] }, 'name es requerido'],
      [{ name }, 'user_ids es requerido (o all_users: true para todos los usuarios activos)'],
      [{ name, user_ids: [] }, 'user_ids debe ser una lista con al menos un UUID'],
      [{ name, user_ids: ['not-a-uuid'] }, 'user_ids.0 debe ser un UUID'],
      [{ name, user_ids: [demoUser('intendente')], all_users: true }, 'user_ids y all_users: true son excluyentes'],
      [
        { name, user_ids: ['00000000-0000-4000-8000-000000000000'] },
        'Usuarios inexistentes o inactivos en el municipio: 00000000-0000-4000-8000-000000000000',
      ],
      [
        { name, user_ids: [demoUser('intendente')], expires_in_days: 0 },
        `expires_in_days debe ser un entero entre 1 y ${getStack().config.apiKeys.maxDays}`,
      ],
      [{ name: 'x'.repeat(101), user_ids: [demoUser('intendente')] }, 'name no puede superar 100 caracteres'],
    ];
    for (const [body, message] of cases) {
      const res = await createAsAdmin(body);
      assert.deepEqual([res.status, res.body], [400, { success: false, data: null, message }], JSON.stringify(body));
    }
    const unknownField = await createAsAdmin({ name, user_ids: [demoUser('intendente')], scopes: ['all'] });
    assert.equal(unknownField.status, 400);
    assert.equal((await keysTable().where({ name })).length, 0);
  });

  it('refuses a second unrevoked key with the same name (409)', async () => {
    const name = uniqueName('twice');
    assert.equal((await createAsAdmin({ name, user_ids: [demoUser('intendente')] })).status, 201);
    const again = await createAsAdmin({ name, user_ids: [demoUser('intendente')] });
    assert.deepEqual(
      [again.status, again.body.message],
      [409, 'Ya existe una API Key vigente con ese nombre en el municipio'],
    );
  });

  it('a revoked key is refused on the very next request; revoking again changes nothing', async () => {
    const { id, key } = await newKey();
    assert.equal((await probe(key)).status, 200);
    const revoked = await request(`${ADMIN_PATH}/${id}/revoke`, { method: 'POST', headers: asBackend('intendente') });
    assert.equal(revoked.status, 200, revoked.text);
    assert.equal(revoked.body.data.state, 'revoked');
    assert.ok(revoked.body.data.revoked_at);
    await assertRefused(key);

    const again = await request(`${ADMIN_PATH}/${id}/revoke`, { method: 'POST', headers: asBackend('intendente') });
    assert.deepEqual(
      [again.status, again.body.message, again.body.data.state],
      [200, 'La API Key ya estaba revocada', 'revoked'],
    );
    assert.deepEqual(
      (await auditOf(id)).map((a) => a.action),
      ['create', 'revoke'],
    );
  });

  it('an expired key is refused and listed as expired', async () => {
    const { id, key } = await newKey();
    await keysTable()
      .where({ id })
      .update({ expires_at: getStack().db.raw("now() - interval '1 second'") });
    await assertRefused(key);
    const list = await request(ADMIN_PATH, { headers: asBackend('intendente') });
    assert.equal(list.body.data.items.find((k: { id: string }) => k.id === id).state, 'expired');
    const rotate = await request(`${ADMIN_PATH}/${id}/rotate`, { method: 'POST', headers: asBackend('intendente') });
    assert.deepEqual([rotate.status, rotate.body.message], [409, 'La API Key está vencida; cree una nueva']);
  });

  it('a key acts only for its listed users, unless it was created for all active users', async () => {
    const narrow = await newKey({ user_ids: [demoUser('intendente'), demoUser('directora-obras')] });
    assert.equal((await probe(narrow.key, 'intendente')).status, 200);
    assert.equal((await probe(narrow.key, 'directora-obras')).status, 200);
    await assertRefused(narrow.key, 'agente-mesa', 'Usuario no autorizado para esta API Key');

    const wide = await createAsAdmin({ name: uniqueName('all'), all_users: true });
    assert.equal(wide.status, 201, wide.text);
    assert.deepEqual([wide.body.data.all_users, wide.body.data.user_ids], [true, []]);
    assert.equal((await probe(wide.body.data.key, 'agente-mesa')).status, 200);
    // "All users" means the tenant's active users, not any id.
    const unknown = await request(PROBE, {
      headers: { 'X-API-Key': wide.body.data.key, 'X-User-ID': '00000000-0000-4000-8000-000000000000' },
    });
    assert.deepEqual([unknown.status, unknown.body], [401, { error: 'Usuario no autorizado para esta API Key' }]);
  });

  it('rotation: both secrets work during the overlap, the old one is refused after it', async () => {
    const { id, key: oldKey } = await newKey();
    const rotated = await request(`${ADMIN_PATH}/${id}/rotate`, {
      method: 'POST',
      headers: asBackend('intendente'),
      json: { overlap_hours: 2 },
    });
    assert.equal(rotated.status, 200, rotated.text);
    const newKeySecret: string = rotated.body.data.key;
    assert.notEqual(newKeySecret, oldKey);
    assert.equal(rotated.body.data.state, 'rotating');
    assert.equal(rotated.body.data.previous_prefix, oldKey.slice(0, 8));
    const overlapHours = (Date.parse(rotated.body.data.previous_valid_until) - Date.now()) / 3_600_000;
    assert.ok(overlapHours > 1.9 && overlapHours <= 2, `overlap ${overlapHours} h`);

    assert.equal((await probe(oldKey)).status, 200);
    assert.equal((await probe(newKeySecret)).status, 200);

    // The overlap ends (time moved forward by moving the end back).
    await keysTable()
      .where({ id })
      .update({ previous_valid_until: getStack().db.raw("now() - interval '1 second'") });
    await assertRefused(oldKey);
    assert.equal((await probe(newKeySecret)).status, 200);
    const list = await request(ADMIN_PATH, { headers: asBackend('intendente') });
    assert.equal(list.body.data.items.find((k: { id: string }) => k.id === id).state, 'active');

    // Without overlap the replaced secret stops at once.
    const immediate = await request(`${ADMIN_PATH}/${id}/rotate`, {
      method: 'POST',
      headers: asBackend('intendente'),
      json: { overlap_hours: 0 },
    });
    assert.equal(immediate.status, 200, immediate.text);
    assert.equal(immediate.body.data.state, 'active');
    await assertRefused(newKeySecret);
    assert.equal((await probe(immediate.body.data.key)).status, 200);

    const badOverlap = await request(`${ADMIN_PATH}/${id}/rotate`, {
      method: 'POST',
      headers: asBackend('intendente'),
      json: { overlap_hours: 721 },
    });
    assert.deepEqual(
      [badOverlap.status, badOverlap.body.message],
      [400, 'overlap_hours debe ser un entero entre 0 y 720'],
    );

    // A revoked key kills every secret and cannot be rotated back to life.
    await request(`${ADMIN_PATH}/${id}/revoke`, { method: 'POST', headers: asBackend('intendente') });
    await assertRefused(immediate.body.data.key);
    const dead = await request(`${ADMIN_PATH}/${id}/rotate`, { method: 'POST', headers: asBackend('intendente') });
    assert.deepEqual([dead.status, dead.body.message], [409, 'La API Key está revocada']);
  });

  it('rotation without an overlap asked for uses the configured one; revoking during it ends both secrets', async () => {
    const { id, key: oldKey } = await newKey();
    const rotated = await request(`${ADMIN_PATH}/${id}/rotate`, { method: 'POST', headers: asBackend('intendente') });
    assert.equal(rotated.status, 200, rotated.text);
    const hours = (Date.parse(rotated.body.data.previous_valid_until) - Date.now()) / 3_600_000;
    const configured = getStack().config.apiKeys.rotationOverlapHours;
    assert.ok(hours > configured - 0.1 && hours <= configured, `overlap ${hours} h, configured ${configured} h`);
    // A rotation renews the lifetime (default days from now).
    const days = (Date.parse(rotated.body.data.expires_at) - Date.now()) / 86_400_000;
    assert.ok(Math.abs(days - getStack().config.apiKeys.defaultDays) < 0.01);
    assert.equal((await probe(oldKey)).status, 200);
    await request(`${ADMIN_PATH}/${id}/revoke`, { method: 'POST', headers: asBackend('intendente') });
    await assertRefused(oldKey);
    await assertRefused(rotated.body.data.key);
  });

  it('only administrators reach the admin routes (403), and nothing is written for others', async () => {
    const { id, key } = await newKey();
    const name = uniqueName('not-admin');
    const attempts = [
      request(ADMIN_PATH, { headers: asBackend('agente-mesa') }),
      request(ADMIN_PATH, {
        method: 'POST',
        headers: asBackend('directora-obras'),
        json: { name, user_ids: [demoUser('directora-obras')] },
      }),
      request(`${ADMIN_PATH}/${id}/revoke`, { method: 'POST', headers: asBackend('agente-mesa') }),
      request(`${ADMIN_PATH}/${id}/rotate`, { method: 'POST', headers: asBackend('agente-mesa') }),
    ];
    for (const res of await Promise.all(attempts)) {
      assert.deepEqual(
        [res.status, res.body],
        [403, { success: false, data: null, message: 'Solo un administrador puede gestionar API Keys' }],
      );
    }
    assert.equal((await keysTable().where({ name })).length, 0);
    assert.equal((await probe(key)).status, 200);
    assert.deepEqual(
      (await auditOf(id)).map((a) => a.action),
      ['create'],
    );
    // No credentials at all: the backend's own 401.
    const anonymous = await request(ADMIN_PATH, { headers: { 'X-Tenant-Schema': 'demo' } });
    assert.equal(anonymous.status, 401);
  });

  it("an administrator reaches only their own tenant's keys", async () => {
    const { db } = getStack();
    // A whole tenant (schema and migrations), as tenant:create makes it: suites that walk every tenant see a real one.
    const { tenant: other } = await createTenant(db, {
      schema: 'apikeys_other',
      municipalityCode: 'AKO',
      displayName: 'Municipalidad Otra',
      city: 'Otra',
    });
    const foreign = await createApiKey(db, { tenantId: other.id, name: 'foreign', userIds: [demoUser('intendente')] });
    for (const [method, action] of [
      ['POST', 'revoke'],
      ['POST', 'rotate'],
      ['GET', 'audit'],
    ]) {
      const res = await request(`${ADMIN_PATH}/${foreign.id}/${action}`, { method, headers: asBackend('intendente') });
      assert.deepEqual([res.status, res.body.message], [404, 'API Key no encontrada']);
    }
    const list = await request(ADMIN_PATH, { headers: asBackend('intendente') });
    assert.ok(list.body.data.items.every((k: { tenant: string }) => k.tenant === 'demo'));
    assert.ok(!list.body.data.items.some((k: { id: string }) => k.id === foreign.id));
    assert.equal((await keysTable().where({ id: foreign.id }).first()).is_active, true);
    const malformed = await request(`${ADMIN_PATH}/not-an-id/revoke`, {
      method: 'POST',
      headers: asBackend('intendente'),
    });
    assert.deepEqual([malformed.status, malformed.body.message], [400, 'id debe ser un UUID']);
  });

  it('records every action in the audit trail with who, when and what', async () => {
    const before = Date.now() - 5_000;
    const { id } = await newKey();
    await request(`${ADMIN_PATH}/${id}/rotate`, {
      method: 'POST',
      headers: asBackend('intendente'),
      json: { overlap_hours: 1 },
    });
    await request(`${ADMIN_PATH}/${id}/revoke`, { method: 'POST', headers: asBackend('intendente') });
    const audit = await auditOf(id);
    assert.deepEqual(
      audit.map((a) => a.action),
      ['create', 'rotate', 'revoke'],
    );
    for (const entry of audit) {
      assert.equal(entry.actor, `user:${ADMIN_EMAIL}`);
      assert.equal(entry.actor_user_id, demoUser('intendente'));
      assert.equal(entry.tenant_id, getStack().demoTenant.id);
      assert.ok(entry.occurred_at.getTime() >= before);
    }
    assert.deepEqual(audit[0].details.user_ids, [demoUser('intendente')]);
    assert.ok(audit[1].details.previous_valid_until);
    const trail = await request(`${ADMIN_PATH}/${id}/audit`, { headers: asBackend('intendente') });
    assert.equal(trail.status, 200, trail.text);
    assert.deepEqual(
      trail.body.data.items.map((a: { action: string; actor: string }) => `${a.action} ${a.actor}`),
      [`create user:${ADMIN_EMAIL}`, `rotate user:${ADMIN_EMAIL}`, `revoke user:${ADMIN_EMAIL}`],
    );
    assert.equal((await request(`${ADMIN_PATH}/${id}/audit`, { headers: asBackend('agente-mesa') })).status, 403);
    for (const entry of audit)
      assert.doesNotMatch(JSON.stringify(entry.details), /exk_[A-Za-z0-9_-]{20,}/, 'no secret in the audit');
  });

  it('last_used_at is written by the periodic flush, not per request', async () => {
    const { key, id } = await newKey();
    assert.equal((await keysTable().where({ id }).first()).last_used_at, null);
    const api = await getStack().extraApi({ API_KEY_USAGE_FLUSH_SECONDS: '1' });
    try {
      const res = await request(PROBE, {
        baseUrl: api.url,
        headers: { 'X-API-Key': key, 'X-User-ID': demoUser('intendente') },
      });
      assert.equal(res.status, 200);
      const usedAt = await until(
        'last_used_at',
        async () => (await keysTable().where({ id }).first()).last_used_at ?? undefined,
        10_000,
      );
      assert.ok(Math.abs(usedAt.getTime() - Date.now()) < 10_000);
      const list = await request(ADMIN_PATH, { headers: asBackend('intendente') });
      assert.equal(list.body.data.items.find((k: { id: string }) => k.id === id).last_used_at, usedAt.toISOString());
    } finally {
      await api.close();
      // The extra server's recorder shares the stack's pool; stop its timer with the server.
      await apiKeyUsageRecorder(getStack().db, 1_000, () => undefined).close();
    }
  });

  it('pending uses are written when the recorder closes (shutdown), keeping the latest time', async () => {
    const { db } = getStack();
    const { key, id } = await newKey();
    const errors: unknown[] = [];
    const recorder = new ApiKeyUsageRecorder(db, 3_600_000, (err) => errors.push(err));
    const later = new Date(Date.now() - 1_000);
    recorder.record(hashApiKey(key), new Date(Date.now() - 60_000));
    recorder.record(hashApiKey(key), later);
    assert.equal((await keysTable().where({ id }).first()).last_used_at, null);
    await recorder.close();
    assert.equal(errors.length, 0, String(errors[0]));
    assert.equal((await keysTable().where({ id }).first()).last_used_at.getTime(), later.getTime());
    // An older use never moves it back.
    const again = new ApiKeyUsageRecorder(db, 3_600_000, (err) => errors.push(err));
    again.record(hashApiKey(key), new Date(Date.now() - 120_000));
    await again.close();
    assert.equal((await keysTable().where({ id }).first()).last_used_at.getTime(), later.getTime());
  });

  describe('CLI (npm run apikey:*)', () => {
    it('create prints the secret once, the key works, and the audit names the operator', async () => {
      const name = uniqueName('cli');
      const { stdout } = await cli('create', [
        '--tenant',
        'demo',
        '--name',
        name,
        '--users',
        demoUser('intendente'),
        '--days',
        '10',
        '--json',
      ]);
      const created = JSON.parse(stdout);
      assert.equal(created.name, name);
      assert.equal(created.state, 'active');
      assert.equal((await probe(created.key)).status, 200);
      await assertRefused(created.key, 'agente-mesa', 'Usuario no autorizado para esta API Key');
      const [audit] = await auditOf(created.id);
      assert.equal(audit.action, 'create');
      assert.equal(audit.actor, `cli:${os.userInfo().username}`);
      assert.equal(audit.actor_user_id, null);

      const human = await cli('create', ['--tenant', 'demo', '--name', uniqueName('cli-human'), '--all-users']);
      assert.match(human.stdout, /key \(shown only now; store it\): exk_[A-Za-z0-9_-]{43}/);
    });

    it('create refuses bad input with exit code 2 and a clear message', async () => {
      await assert.rejects(
        cli('create', ['--tenant', 'demo', '--name', uniqueName('cli-bad')]),
        (err: { code: number; stderr: string }) => {
          assert.equal(err.code, 2);
          assert.match(err.stderr, /user_ids es requerido/);
          return true;
        },
      );
      await assert.rejects(
        cli('create', ['--tenant', 'nope', '--name', 'x', '--all-users']),
        (err: { code: number; stderr: string }) => {
          assert.equal(err.code, 2);
          assert.match(err.stderr, /tenant "nope" not found/);
          return true;
        },
      );
    });

    it('list shows name, prefix, state, last use and expiry, without secrets', async () => {
      const { id, key } = await newKey();
      await request(`${ADMIN_PATH}/${id}/revoke`, { method: 'POST', headers: asBackend('intendente') });
      const { stdout } = await cli('list', ['--tenant', 'demo', '--json']);
      const listed = JSON.parse(stdout).find((k: { id: string }) => k.id === id);
      assert.equal(listed.state, 'revoked');
      assert.equal(listed.prefix, key.slice(0, 8));
      assert.ok(!stdout.includes(key));
      const human = await cli('list', ['--tenant', 'demo']);
      assert.match(human.stdout, /^TENANT\s+ID\s+NAME\s+PREFIX\s+STATE\s+CREATED\s+LAST USED\s+EXPIRES\s+USERS/);
      assert.match(human.stdout, new RegExp(`${id}.*revoked`));
    });

    it('check lists keys expiring within the window (and recently expired), not the others', async () => {
      const soon = await newKey({ expires_in_days: 5 });
      const later = await newKey({ expires_in_days: 200 });
      const expired = await newKey();
      await keysTable()
        .where({ id: expired.id })
        .update({ expires_at: getStack().db.raw("now() - interval '2 days'") });
      const { stdout } = await cli('check', ['--days', '30', '--json']);
      const items: { id: string; kind: string; tenant: string; status: string; days_left: number }[] =
        JSON.parse(stdout);
      const ids = items.map((i) => i.id);
      assert.ok(ids.includes(soon.id));
      assert.ok(!ids.includes(later.id));
      assert.ok(ids.includes(expired.id));
      const item = items.find((i) => i.id === soon.id)!;
      assert.deepEqual([item.kind, item.tenant], ['api_key', 'demo']);
      assert.ok(item.days_left === 4 || item.days_left === 5, String(item.days_left));
      assert.deepEqual(
        [items.find((i) => i.id === expired.id)!.status, items.find((i) => i.id === expired.id)!.days_left],
        ['expired', -2],
      );
      assert.equal(item.status, 'expiring');

      const wide = JSON.parse((await cli('check', ['--days', '365', '--json'])).stdout).map(
        (i: { id: string }) => i.id,
      );
      assert.ok(wide.includes(later.id));
      const human = await cli('check', ['--days', '30']);
      assert.match(human.stdout, new RegExp(`api_key\\s+demo\\s+${soon.id}`));
      assert.match(human.stdout, new RegExp(`${expired.id}.*expired 2d ago`));
    });

    it('rotate and revoke from the CLI', async () => {
      const { id, key } = await newKey();
      const rotated = JSON.parse(
        (await cli('rotate', ['--tenant', 'demo', '--id', id, '--overlap-hours', '0', '--json'])).stdout,
      );
      await assertRefused(key);
      assert.equal((await probe(rotated.key)).status, 200);
      const revoked = await cli('revoke', ['--tenant', 'demo', '--id', id]);
      assert.match(revoked.stdout, /revoked API key/);
      await assertRefused(rotated.key);
      assert.deepEqual(
        (await auditOf(id)).map((a) => `${a.action}:${a.actor.split(':')[0]}`),
        ['create:user', 'rotate:cli', 'revoke:cli'],
      );
    });
  });

  it('the demo key keeps working and has no expiry', async () => {
    const res = await request(PROBE, {
      headers: { 'X-API-Key': getStack().demoApiKey, 'X-User-ID': demoUser('intendente') },
    });
    assert.equal(res.status, 200);
    const row = await keysTable()
      .where({ key_hash: hashApiKey(getStack().demoApiKey) })
      .first();
    assert.equal(row.expires_at, null);
  });
});
