/**
 * Tenant onboarding from CSV against a real tenant schema: dry runs write nothing, imports create
 * departments, sectors, seals, users and permissions, re-runs update instead of duplicating, and
 * any problem (each reported with its line) leaves the tenant untouched.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTenant } from '../../db/tenants.js';
import { tenantDb, type Tenant } from '../../db/tenancy.js';
import { ImportRefused, importTenant } from '../../domain/onboarding/index.js';
import { getStack } from '../support/hooks.js';
import { request } from '../support/http.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const example = async (name: string) => ({
  name,
  text: await readFile(path.join(ROOT, 'docs/examples', name), 'utf8'),
});

describe('admin: tenant onboarding from CSV', function () {
  this.timeout(60_000);
  let tenant: Tenant;

  const snapshot = () =>
    tenantDb(getStack().db, tenant).transaction(async (trx) => ({
      departments: await trx('departments').orderBy('acronym').select('acronym', 'name'),
      sectors: await trx('sectors').orderBy('acronym').select('acronym', 'name'),
      users: await trx('users').orderBy('email').select('email', 'full_name', 'role', 'cuit', 'is_admin'),
      permissions: await trx('user_sector_permissions as p')
        .join('users as u', 'u.id', 'p.user_id')
        .join('sectors as s', 's.id', 'p.sector_id')
        .orderBy(['u.email', 's.acronym'])
        .select('u.email', 's.acronym', 'p.can_view', 'p.can_edit', 'p.is_primary'),
      seals: await trx('seals').orderBy('name').pluck('name'),
    }));

  before(async () => {
    ({ tenant } = await createTenant(getStack().db, {
      schema: 'onboard_test',
      municipalityCode: 'ONB',
      displayName: 'Municipalidad de Prueba',
      city: 'Prueba',
    }));
  });

  it('a dry run reports what would happen and writes nothing', async () => {
    const before = await snapshot();
    const summary = await importTenant(
      getStack().db,
      tenant,
      { sectors: await example('sectors.csv'), users: await example('users.csv') },
      { dryRun: true },
    );
    assert.deepEqual([summary.departments.created, summary.sectors.created, summary.users.created], [3, 5, 4]);
    assert.deepEqual(await snapshot(), before);
  });

  it('imports sectors, departments, users and permissions, and a re-run duplicates nothing', async () => {
    const files = { sectors: await example('sectors.csv'), users: await example('users.csv') };
    const first = await importTenant(getStack().db, tenant, files);
    assert.deepEqual(first.users, { created: 4, updated: 0, unchanged: 0 });
    const after = await snapshot();
    assert.deepEqual(
      after.departments.map((d: { acronym: string }) => d.acronym),
      ['SGOB', 'SHAC', 'SOP'],
    );
    assert.equal(after.sectors.length, 5);
    const compras = after.users.find((u: { email: string }) => u.email === 'compras@municipio.gob.ar');
    assert.deepEqual(compras, {
      email: 'compras@municipio.gob.ar',
      full_name: 'Pérez, Juan Carlos',
      role: 'empleado',
      cuit: '20-30555666-7',
      is_admin: false,
    });
    assert.deepEqual(
      after.permissions
        .filter((p: { email: string }) => p.email === 'compras@municipio.gob.ar')
        .map((p: { acronym: string; can_edit: boolean; is_primary: boolean }) => [p.acronym, p.can_edit, p.is_primary]),
      [
        ['COMP', true, true],
        ['RENT', true, false],
      ],
    );
    assert.equal(
      after.permissions.filter((p: { email: string }) => p.email === 'intendente@municipio.gob.ar').length,
      4,
    );
    assert.ok(after.seals.includes('Agente de Compras'));

    // The platform itself sees the imported people in their sectors.
    const ids = await tenantDb(getStack().db, tenant).transaction(async (trx) => ({
      user: (await trx('users').where('email', 'compras@municipio.gob.ar').first('id')).id as string,
      sector: (await trx('sectors').where('acronym', 'COMP').first('id')).id as string,
    }));
    const members = await request(`/api/v1/cases/sectors/${ids.sector}/users`, {
      headers: { 'X-Tenant-Schema': 'onboard_test', Authorization: `Bearer ${ids.user}` },
    });
    assert.equal(members.status, 200, members.text);
    assert.match(members.text, /Pérez, Juan Carlos/);

    const again = await importTenant(getStack().db, tenant, files);
    assert.deepEqual(
      [again.departments, again.sectors, again.users],
      [
        { created: 0, updated: 0, unchanged: 3 },
        { created: 0, updated: 0, unchanged: 5 },
        { created: 0, updated: 0, unchanged: 4 },
      ],
    );
    assert.deepEqual(await snapshot(), after);

    // Matched by email whatever its case; permissions become the file's.
    const changed = {
      name: 'users.csv',
      text: 'email,full_name,role,sector,view_sectors\nMESA@municipio.gob.ar,Sofía Romero de Paz,director,MESA,INTEN\n',
    };
    const update = await importTenant(getStack().db, tenant, { users: changed });
    assert.deepEqual(update.users, { created: 0, updated: 1, unchanged: 0 });
    const final = await snapshot();
    assert.equal(final.users.length, 4);
    assert.deepEqual(
      final.users.find((u: { email: string }) => u.email === 'mesa@municipio.gob.ar').full_name,
      'Sofía Romero de Paz',
    );
    assert.deepEqual(
      final.permissions
        .filter((p: { email: string }) => p.email === 'mesa@municipio.gob.ar')
        .map((p: { acronym: string; can_edit: boolean }) => [p.acronym, p.can_edit]),
      [
        ['INTEN', false],
        ['MESA', true],
      ],
    );
  });

  it('reports every problem with its line and writes nothing', async () => {
    const before = await snapshot();
    const sectors = {
      name: 'sectors.csv',
      text: 'department_acronym,department_name,acronym,name\nSGOB,Secretaría de Gobierno,NUEVO,Sector nuevo\nSGOB,Otro nombre,X,\n',
    };
    const users = {
      name: 'users.csv',
      text: [
        'email,full_name,role,sector,edit_sectors,view_sectors,cuit,is_admin,seal',
        'nuevo@municipio.gob.ar,Nuevo,empleado,NUEVO,,,,no,',
        'malo,Sin email,jefe,MESA,,,123,quizas,',
        'nuevo@municipio.gob.ar,Repetido,empleado,MESA,,,,,',
      ].join('\n'),
    };
    await assert.rejects(importTenant(getStack().db, tenant, { sectors, users }), (err: Error) => {
      assert.ok(err instanceof ImportRefused);
      const lines = err.problems.map((p) => `${p.file}:${p.line}`);
      assert.ok(
        lines.includes('sectors.csv:3') && lines.includes('users.csv:3') && lines.includes('users.csv:4'),
        err.message,
      );
      assert.match(err.message, /department SGOB is named "Secretaría de Gobierno" on line 2/);
      assert.match(err.message, /users.csv:3: role "jefe" must be director or empleado/);
      assert.match(err.message, /users.csv:3: cuit "123"/);
      assert.match(err.message, /users.csv:4: nuevo@municipio.gob.ar already appears on line 2/);
      return true;
    });
    // Valid files, but a user names a sector nobody has: the database phase refuses it all.
    const good = {
      name: 'sectors.csv',
      text: 'department_acronym,department_name,acronym,name\nSGOB,Secretaría de Gobierno,NUEVO,Sector nuevo\n',
    };
    const unknown = {
      name: 'users.csv',
      text: 'email,full_name,role,sector\nnuevo@municipio.gob.ar,Nuevo,empleado,NOEXISTE\n',
    };
    await assert.rejects(
      importTenant(getStack().db, tenant, { sectors: good, users: unknown }),
      /users.csv:2: unknown sector\(s\): NOEXISTE/,
    );
    assert.deepEqual(await snapshot(), before, 'nothing was written, not even the valid new sector');
  });

  it('the CLI exits 2 with line-numbered problems, and imports with --json', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'expediente-onboarding-'));
    try {
      await writeFile(path.join(dir, 'users.csv'), 'email,full_name,role,sector\nx@y.z,X,capataz,MESA\n');
      const cli = (args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'cli/tenant-import.ts', ...args], {
          encoding: 'utf8',
          cwd: ROOT,
          timeout: 60_000,
          env: { ...process.env, DATABASE_URL: getStack().databaseUrl, DATA_DIR: dir },
        });
      const bad = cli(['--tenant', 'onboard_test', '--users', path.join(dir, 'users.csv')]);
      assert.equal(bad.status, 2, bad.stderr);
      assert.match(bad.stderr, /users.csv:2: role "capataz"/);
      const missing = cli(['--tenant', 'no_such_tenant', '--users', path.join(dir, 'users.csv')]);
      assert.equal(missing.status, 2, missing.stderr);
      const ok = cli([
        '--tenant',
        'onboard_test',
        '--sectors',
        'docs/examples/sectors.csv',
        '--users',
        'docs/examples/users.csv',
        '--dry-run',
        '--json',
      ]);
      assert.equal(ok.status, 0, ok.stderr);
      assert.equal(JSON.parse(ok.stdout).dry_run, true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
