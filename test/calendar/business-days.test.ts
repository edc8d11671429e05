/**
 * The administrative business-day calendar: the pure arithmetic (weekends, Argentina's national
 * holidays, municipal days, the municipality's midnight) and the backend admin routes that keep
 * each tenant's municipal non-working days.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { createTenant } from '../../db/tenants.js';
import { tenantDb, type Tenant } from '../../db/tenancy.js';
import {
  addBusinessDays,
  businessDaysBetween,
  isBusinessDay,
  loadBusinessCalendar,
  nationalHolidays,
  type BusinessCalendar,
} from '../../domain/business-days.js';
import { getStack } from '../support/hooks.js';
import { asBackend, request, type HttpResult } from '../support/http.js';

const TZ = 'America/Argentina/Buenos_Aires';
const plain: BusinessCalendar = { timeZone: TZ, municipalDays: {} };
const PATH = '/api/v1/admin/calendar';

describe('Business days: the arithmetic', () => {
  it("knows Argentina's feriados, and leaves the días no laborables to the municipality", () => {
    const holidays = nationalHolidays(2026);
    assert.equal(holidays.get('2026-05-25'), 'Día de la Revolución de Mayo');
    assert.ok(holidays.has('2026-04-02'), 'Malvinas');
    assert.ok(!holidays.has('2026-03-23'), 'a tourism day (optional) is not a national holiday');
    assert.equal(isBusinessDay(plain, '2026-05-25'), false);
    assert.equal(isBusinessDay(plain, '2026-05-23'), false, 'Saturday');
    assert.equal(isBusinessDay(plain, '2026-05-24'), false, 'Sunday');
    assert.equal(isBusinessDay(plain, '2026-05-26'), true);
    assert.equal(isBusinessDay(plain, { year: 2026, month: 3, day: 23 }), true);
  });

  it('skips a weekend and a national holiday, and ends at the last millisecond of the local day', () => {
    // Friday 22 May 2026, 10:00 local: Sat, Sun and Monday 25 (holiday) are skipped.
    const from = new Date('2026-05-22T13:00:00Z');
    assert.equal(addBusinessDays(plain, from, 1).toISOString(), '2026-05-27T02:59:59.999Z'); // Tue 26, 23:59:59.999 -03
    assert.equal(addBusinessDays(plain, from, 3).toISOString(), '2026-05-29T02:59:59.999Z'); // Thu 28
    assert.equal(businessDaysBetween(plain, from, addBusinessDays(plain, from, 3)), 3);
    assert.equal(businessDaysBetween(plain, '2026-05-22', '2026-05-29'), 4);
    assert.equal(businessDaysBetween(plain, '2026-05-29', '2026-05-22'), -4);
    assert.equal(businessDaysBetween(plain, '2026-05-22', '2026-05-22'), 0);
    assert.throws(() => addBusinessDays(plain, from, 0), RangeError);
  });

  it('a municipal day moves a deadline', () => {
    const from = new Date('2026-05-22T13:00:00Z');
    const withMunicipal: BusinessCalendar = {
      timeZone: TZ,
      municipalDays: { '2026-05-26': 'Aniversario de la ciudad' },
    };
    assert.equal(isBusinessDay(withMunicipal, '2026-05-26'), false);
    assert.equal(addBusinessDays(withMunicipal, from, 1).toISOString(), '2026-05-28T02:59:59.999Z'); // Wed 27
  });

  it("counts from the municipality's day, not UTC's, near midnight", () => {
    // 02:30Z on Thursday 21 May is still Wednesday 20, 23:30 in Buenos Aires: the next business day is Thursday 21.
    const lateWednesday = new Date('2026-05-21T02:30:00Z');
    assert.equal(addBusinessDays(plain, lateWednesday, 1).toISOString(), '2026-05-22T02:59:59.999Z');
    // 03:00Z is Thursday's local midnight: the next business day is Friday 22.
    assert.equal(addBusinessDays(plain, new Date('2026-05-21T03:00:00Z'), 1).toISOString(), '2026-05-23T02:59:59.999Z');
    // The deadline's last millisecond is still that day; one more is the next day.
    const end = addBusinessDays(plain, lateWednesday, 1);
    assert.equal(businessDaysBetween(plain, lateWednesday, end), 1);
    assert.equal(businessDaysBetween(plain, lateWednesday, new Date(end.getTime() + 1)), 2);
    // New Year's Eve late at night is still 2026; 1 January (holiday) and the weekend are skipped.
    assert.equal(addBusinessDays(plain, new Date('2027-01-01T02:59:00Z'), 1).toISOString(), '2027-01-05T02:59:59.999Z'); // Mon 4 Jan 2027
  });
});

describe('Business days: the admin calendar routes', function () {
  this.timeout(30_000);
  const admin = asBackend('intendente');
  const post = (json: unknown, headers = admin) => request(PATH, { method: 'POST', headers, json });
  const remove = (date: string, headers = admin) => request(`${PATH}/${date}`, { method: 'DELETE', headers });
  const list = (year: number | string, headers = admin) => request(`${PATH}?year=${year}`, { headers });

  afterEach(async () => {
    for (const date of ['2098-03-11', '2098-03-12']) await remove(date);
  });

  it('an administrator adds, lists and removes a municipal day, and it moves a deadline', async () => {
    const created = await post({ date: '2098-03-11', description: '  Aniversario de la ciudad ' });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.date, '2098-03-11');
    assert.equal(created.body.data.description, 'Aniversario de la ciudad');
    assert.equal(created.body.data.created_by, 'user:martin.alvarez@villaesperanza.gob.ar');

    const listed = await list(2098);
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.body.data.year, 2098);
    const items = listed.body.data.items as { date: string; name: string; source: string }[];
    assert.deepEqual(
      items.find((i) => i.date === '2098-03-11'),
      { date: '2098-03-11', name: 'Aniversario de la ciudad', source: 'municipal' },
    );
    assert.deepEqual(
      items.find((i) => i.date === '2098-05-25'),
      { date: '2098-05-25', name: 'Día de la Revolución de Mayo', source: 'national' },
    );
    assert.deepEqual(
      items.map((i) => i.date),
      [...items.map((i) => i.date)].sort(),
      'by date',
    );

    const { db, demoTenant } = getStack();
    const calendar = await loadBusinessCalendar(tenantDb(db, demoTenant), TZ);
    // Monday 10 March 2098, noon: Tuesday 11 is now municipal, so the next business day is Wednesday 12.
    assert.equal(
      addBusinessDays(calendar, new Date('2098-03-10T15:00:00Z'), 1).toISOString(),
      '2098-03-13T02:59:59.999Z',
    );

    const removed = await remove('2098-03-11');
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.body.data.date, '2098-03-11');
    const gone = await remove('2098-03-11');
    assert.equal(gone.status, 404);
    assert.equal(gone.body.message, 'El 2098-03-11 no es un día no laborable municipal');
  });

  it('refuses a duplicate (409), a national holiday (409 to add, 400 to delete) and a weekend (400)', async () => {
    assert.equal((await post({ date: '2098-03-12', description: 'Asueto' })).status, 201);
    const again = await post({ date: '2098-03-12', description: 'Otra vez' });
    assert.deepEqual([again.status, again.body.message], [409, 'El 2098-03-12 ya es un día no laborable municipal']);
    const national = await post({ date: '2026-05-25', description: 'Revolución' });
    assert.deepEqual(
      [national.status, national.body.message],
      [409, 'El 2026-05-25 ya es feriado nacional (Día de la Revolución de Mayo)'],
    );
    const undeletable = await remove('2026-05-25');
    assert.equal(undeletable.status, 400);
    assert.match(undeletable.body.message, /feriados nacionales no se pueden eliminar/);
    const weekend = await post({ date: '2098-03-16', description: 'Domingo' });
    assert.deepEqual([weekend.status, weekend.body.message], [400, 'El 2098-03-16 es fin de semana: ya es inhábil']);
  });

  it('answers bad input with a clear 400', async () => {
    const cases: [Promise<HttpResult>, RegExp][] = [
      [post({ date: '2026-02-30', description: 'x' }), /^date debe tener el formato YYYY-MM-DD$/],
      [post({ date: 'mañana', description: 'x' }), /^date debe tener el formato YYYY-MM-DD$/],
      [post({ date: '1800-01-02', description: 'x' }), /^date debe ser una fecha entre 2000-01-01 y 2100-12-31$/],
      [post({ date: '2098-03-11' }), /description es requerido/],
      [post({ date: '2098-03-11', description: '   ' }), /description es requerido/],
      [post({ date: '2098-03-11', description: 'x'.repeat(201) }), /no puede superar 200/],
      [post({ date: 20980311, description: 'x' }), /date debe ser un texto/],
      [post({ date: '2098-03-11', description: 'x', extra: 1 }), /./],
      [list('abc'), /year debe ser un año entre 2000 y 2100/],
      [list(1800), /year debe ser un año entre 2000 y 2100/],
      [remove('31-12-2098'), /date debe tener el formato YYYY-MM-DD/],
    ];
    for (const [pending, message] of cases) {
      const res = await pending;
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.message, message);
    }
    const current = await request(PATH, { headers: admin });
    assert.equal(current.status, 200);
    assert.equal(typeof current.body.data.year, 'number');
  });

  it('is for administrators only', async () => {
    const employee = asBackend('agente-obras');
    for (const res of [
      await list(2098, employee),
      await post({ date: '2098-03-11', description: 'x' }, employee),
      await remove('2098-03-11', employee),
    ]) {
      assert.equal(res.status, 403, res.text);
      assert.equal(res.body.message, 'Solo un administrador puede gestionar el calendario de días hábiles');
    }
  });

  describe('between tenants', () => {
    let other: Tenant;
    const adminB = randomUUID();
    const asB = () => ({ 'X-Tenant-Schema': other.schema, Authorization: `Bearer ${adminB}` });

    before(async () => {
      const { db } = getStack();
      ({ tenant: other } = await createTenant(db, {
        schema: 'calendar_b',
        municipalityCode: 'CLB',
        displayName: 'Municipalidad B',
        city: 'Ciudad B',
      }));
      await tenantDb(db, other).transaction((trx) =>
        trx('users').insert({
          id: adminB,
          full_name: 'Administradora B',
          email: `admin.${adminB.slice(0, 8)}@b.gob.ar`,
          role: 'director',
          is_admin: true,
        }),
      );
    });

    it("one municipality's days are invisible to another, which keeps its own", async () => {
      assert.equal((await post({ date: '2098-03-11', description: 'Aniversario de la demo' })).status, 201);
      const seen = await list(2098, asB());
      assert.equal(seen.status, 200, seen.text);
      assert.deepEqual(
        seen.body.data.items.filter((i: { source: string }) => i.source === 'municipal'),
        [],
      );
      assert.equal((await remove('2098-03-11', asB())).status, 404);
      const own = await post({ date: '2098-03-11', description: 'Aniversario de B' }, asB());
      assert.equal(own.status, 201, own.text);
      const demo = await list(2098);
      assert.equal(
        demo.body.data.items.find((i: { date: string }) => i.date === '2098-03-11').name,
        'Aniversario de la demo',
      );
      const calendarB = await loadBusinessCalendar(tenantDb(getStack().db, other), TZ);
      assert.deepEqual(calendarB.municipalDays, { '2098-03-11': 'Aniversario de B' });
    });
  });
});

describe('Business days: npm run calendar', function () {
  this.timeout(60_000);
  const run = promisify(execFile);
  const cli = (args: string[]) =>
    run('npm', ['run', '-s', 'calendar', '--', ...args], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: getStack().databaseUrl, LOG_LEVEL: 'error' },
    });
  const refusal = async (args: string[]) => {
    const err = await cli(args).then(
      () => assert.fail('expected a refusal'),
      (e: { code: number; stderr: string }) => e,
    );
    return { code: err.code, stderr: err.stderr.trim() };
  };

  it('adds, lists and removes a municipal day; refuses what the API refuses with exit 2', async () => {
    const added = JSON.parse(
      (
        await cli([
          'add',
          '--tenant',
          'demo',
          '--date',
          '2098-03-13',
          '--description',
          'Asueto por la fiesta patronal',
          '--json',
        ])
      ).stdout,
    );
    assert.equal(added.date, '2098-03-13');
    assert.match(added.created_by, /^cli:/);
    const listed = (await cli(['list', '--tenant', 'demo', '--year', '2098'])).stdout;
    assert.match(listed, /2098-03-13 {2}municipal {2}Asueto por la fiesta patronal/);
    assert.match(listed, /2098-05-25 {2}national {3}Día de la Revolución de Mayo/);
    assert.deepEqual(await refusal(['add', '--tenant', 'demo', '--date', '2098-03-13', '--description', 'Otra vez']), {
      code: 2,
      stderr: 'El 2098-03-13 ya es un día no laborable municipal',
    });
    assert.match(
      (await cli(['remove', '--tenant', 'demo', '--date', '2098-03-13'])).stdout,
      /removed municipal non-working day 2098-03-13/,
    );
    assert.deepEqual(await refusal(['remove', '--tenant', 'demo', '--date', '2098-03-13']), {
      code: 2,
      stderr: 'El 2098-03-13 no es un día no laborable municipal',
    });
    assert.deepEqual(await refusal(['add', '--tenant', 'demo', '--date', '2098-02-30', '--description', 'x']), {
      code: 2,
      stderr: 'date debe tener el formato YYYY-MM-DD',
    });
    assert.equal((await refusal(['list', '--tenant', 'nowhere'])).stderr, 'tenant "nowhere" not found');
    assert.match((await refusal(['frobnicate'])).stderr, /^usage:/);
  });
});
