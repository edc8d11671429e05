import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createDb } from '../db/connection.js';
import { createApiKey, upsertTenantRow } from '../db/control.js';
import { tenantDb, type Tenant } from '../db/tenancy.js';
import { tenantMigrations } from '../db/migrations/tenant/index.js';
import { createTenant } from '../db/tenants.js';
import { getStack } from './support/hooks.js';
import { request } from './support/http.js';
import { tenantSchemaBefore } from './support/migrations.js';

const run = promisify(execFile);

describe('tenancy: one municipality = one schema', () => {
  let a: Tenant;
  let b: Tenant;
  const sectorA = '0a000000-0000-4000-8000-00000000000a';
  const sectorB = '0b000000-0000-4000-8000-00000000000b';
  const userA = '0a000000-0000-4000-8000-0000000000a1';
  const userB = '0b000000-0000-4000-8000-0000000000b1';

  before(async () => {
    const { db } = getStack();
    ({ tenant: a } = await createTenant(db, {
      schema: 'tenant_a',
      municipalityCode: 'TNA',
      displayName: 'Municipalidad A',
      city: 'Ciudad A',
    }));
    ({ tenant: b } = await createTenant(db, {
      schema: 'tenant_b',
      municipalityCode: 'TNB',
      displayName: 'Municipalidad B',
      city: 'Ciudad B',
    }));
    await tenantDb(db, a).transaction(async (trx) => {
      await trx('sectors').insert({ id: sectorA, name: 'Sector solo de A', acronym: 'SOLA' });
      await trx('users').insert({ id: userA, full_name: 'Usuaria A', email: 'usuaria@a.gob.ar', role: 'director' });
      await trx('user_sector_permissions').insert({
        user_id: userA,
        sector_id: sectorA,
        can_edit: true,
        is_primary: true,
      });
    });
    await tenantDb(db, b).transaction(async (trx) => {
      await trx('sectors').insert({ id: sectorB, name: 'Sector solo de B', acronym: 'SOLB' });
      await trx('users').insert({ id: userB, full_name: 'Usuario B', email: 'usuario@b.gob.ar', role: 'director' });
      await trx('user_sector_permissions').insert({
        user_id: userB,
        sector_id: sectorB,
        can_edit: true,
        is_primary: true,
      });
    });
  });

  it('a tenant scope reads only its own schema', async () => {
    const { db } = getStack();
    const inA = await tenantDb(db, a).transaction((trx) => trx('sectors').pluck('acronym'));
    const inB = await tenantDb(db, b).transaction((trx) => trx('sectors').pluck('acronym'));
    assert.deepEqual(inA, ['SOLA']);
    assert.deepEqual(inB, ['SOLB']);
  });

  it("a write in tenant B never lands in tenant A, even with A's row id", async () => {
    const { db } = getStack();
    await tenantDb(db, b).transaction((trx) => trx('sectors').where({ id: sectorA }).update({ name: 'pisado por B' }));
    const deleted = await tenantDb(db, b).transaction((trx) => trx('sectors').where({ id: sectorA }).delete());
    assert.equal(deleted, 0);
    const row = await tenantDb(db, a).transaction((trx) => trx('sectors').where({ id: sectorA }).first());
    assert.equal(row.name, 'Sector solo de A');
  });

  it('a query without a tenant scope finds no tenant table', async () => {
    const { db } = getStack();
    await assert.rejects(db('sectors').select('*'), /relation "sectors" does not exist/);
    await assert.rejects(
      db.transaction((trx) => trx('users').insert({ full_name: 'x', email: 'x@x', role: 'empleado' })),
      /relation "users" does not exist/,
    );
  });

  it('the scope ends with its transaction: a pooled connection carries no tenant over', async () => {
    const single = createDb(getStack().databaseUrl, { poolMax: 1 });
    try {
      await tenantDb(single, a).transaction((trx) => trx('sectors').count());
      const after = await single.raw('show search_path');
      assert.equal(after.rows[0].search_path, 'pg_catalog');
    } finally {
      await single.destroy();
    }
  });

  it("over HTTP, tenant A's key sees A's catalogs and refuses B's users", async () => {
    const { db } = getStack();
    const keyA = await createApiKey(db, { tenantId: a.id, name: 'a-key', userIds: [userA] });
    const sectors = await request('/api/v1/system/sectors', { headers: { 'X-API-Key': keyA.key, 'X-User-ID': userA } });
    assert.equal(sectors.status, 200);
    assert.deepEqual(
      sectors.body.sectors.map((s: { acronym: string }) => s.acronym),
      ['SOLA'],
    );

    const foreignUser = await request(`/api/v1/system/users/${userB}`, {
      headers: { 'X-API-Key': keyA.key, 'X-User-ID': userA },
    });
    assert.equal(foreignUser.status, 404);

    const actingAsB = await request('/api/v1/system/sectors', {
      headers: { 'X-API-Key': keyA.key, 'X-User-ID': userB },
    });
    assert.equal(actingAsB.status, 401);
    assert.deepEqual(actingAsB.body, { error: 'Usuario no autorizado para esta API Key' });
  });

  it('over HTTP, a backend caller of tenant A cannot act in tenant B', async () => {
    const asAinB = await request('/api/v1/cases/templates', {
      headers: { 'X-Tenant-Schema': 'tenant_b', Authorization: `Bearer ${userA}` },
    });
    assert.equal(asAinB.status, 401);
    assert.equal(asAinB.body.success, false);
    const asAinA = await request('/api/v1/cases/templates', {
      headers: { 'X-Tenant-Schema': 'tenant_a', Authorization: `Bearer ${userA}` },
    });
    assert.equal(asAinA.status, 200);
  });

  it('`npm run tenant:create` creates and migrates a schema, and is safe to repeat', async () => {
    const { databaseUrl, db } = getStack();
    const args = [
      'run',
      '--silent',
      'tenant:create',
      '--',
      '--schema',
      'villa_nueva',
      '--code',
      'MVN',
      '--name',
      'Municipalidad de Villa Nueva',
      '--city',
      'Villa Nueva',
    ];
    const env = { ...process.env, DATABASE_URL: databaseUrl };
    const first = await run('npm', args, { env });
    assert.match(first.stdout, /tenant villa_nueva .*001_initial/s);
    const second = await run('npm', args, { env });
    assert.match(second.stdout, /already up to date/);
    const tables = await db('pg_tables').where({ schemaname: 'villa_nueva' }).pluck('tablename');
    for (const t of ['cases', 'documents', 'records', 'number_counters', 'memo_recipients'])
      assert.ok(tables.includes(t), `missing ${t}`);
    const registered = await db.withSchema('control').table('tenants').where({ schema_name: 'villa_nueva' }).first();
    assert.equal(registered.municipality_code, 'MVN');
  });

  it('`npm run migrate` brings tenant schemas left behind up to date, several at once, and names each', async () => {
    const { databaseUrl, db } = getStack();
    const behind = ['migra_atrasada_1', 'migra_atrasada_2', 'migra_atrasada_3'];
    for (const [i, schema] of behind.entries()) {
      await tenantSchemaBefore(db, schema, '019');
      await upsertTenantRow(db, {
        schema,
        municipalityCode: `MAT${i}`,
        displayName: `Municipalidad atrasada ${i}`,
        city: 'Atrasada',
      });
    }
    const { stdout } = await run('npm', ['run', '--silent', 'migrate'], {
      env: { ...process.env, DATABASE_URL: databaseUrl, MIGRATE_CONCURRENCY: '2' },
    });
    const lines = stdout.trim().split('\n');
    for (const schema of behind) {
      const line = lines.find((l) => l.startsWith(`${schema}: `));
      assert.equal(
        line,
        `${schema}: ${tenantMigrations
          .filter((m) => m.name >= '019')
          .map((m) => m.name)
          .join(', ')}`,
      );
      const tables = await db('pg_tables').where({ schemaname: schema }).pluck('tablename');
      assert.ok(tables.includes('webhook_subscriptions'), `${schema} lacks webhook_subscriptions`);
    }
    assert.match(stdout, /^demo: up to date$/m);
    // Every registered tenant is named once, in schema order.
    const named = lines.map((l) => l.split(':')[0]!).filter((s) => s !== 'control');
    assert.deepEqual(named, [...named].sort());
    assert.equal(new Set(named).size, named.length);

    await assert.rejects(
      run('npm', ['run', '--silent', 'migrate'], {
        env: { ...process.env, DATABASE_URL: databaseUrl, MIGRATE_CONCURRENCY: 'many' },
      }),
      (err: { stderr: string }) => /MIGRATE_CONCURRENCY must be a whole number/.test(err.stderr),
    );
  });

  it('tenant:create refuses an unsafe schema name with a clear message', async () => {
    const { databaseUrl } = getStack();
    await assert.rejects(
      run(
        'npm',
        [
          'run',
          '--silent',
          'tenant:create',
          '--',
          '--schema',
          'x"; drop schema control; --',
          '--code',
          'BAD',
          '--name',
          'n',
          '--city',
          'c',
        ],
        {
          env: { ...process.env, DATABASE_URL: databaseUrl },
        },
      ),
      (err: { stderr: string }) => /invalid tenant schema name/.test(err.stderr),
    );
  });
});
