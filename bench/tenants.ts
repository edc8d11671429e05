/**
 * `npm run bench:tenants`: 2,300 municipalities (one schema each, as today) on one PostgreSQL.
 *
 *   creation     each tenant created as `createTenant` does (registry row, schema, migrations,
 *                base catalog): the first ones one at a time, the rest TENANT_MIGRATION_CONCURRENCY
 *                at a time. Target: all of them within 10 minutes.
 *   request mix  bench/_tenants-mix.ts through the compiled API, on tenant 1, tenant 1,150 and
 *                tenant 2,300, interleaved with the same mix on a database holding one tenant
 *                (its own compiled API and worker, same PostgreSQL server). Target: p50 within 10 %.
 *   figures      catalog size, connections by application while the mix runs (target: within the
 *                processes' pools, never one per tenant), RSS of the API and the worker, a worker's
 *                start to healthy, the outbox relay's start sweep, the tenants of a user (the desk's
 *                login), the catalog cache of one connection that touched every tenant, and
 *                `npm run migrate` (migrateAll) with nothing to do and adding one column to every
 *                schema (a throwaway migration given to the migrator, never a file).
 *
 * The PostgreSQL is durable (fsync on), as production's. BENCH_TENANTS (default 2300) and
 * BENCH_MIX_ROUNDS (default 40) make it smaller for a quick run. Exits 1 when a target is missed.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dumpDatabase } from '../db/backup/database-dump.js';
import { createDb, type Db } from '../db/connection.js';
import type { NewTenant } from '../db/control.js';
import { migrateAll, TENANT_MIGRATION_CONCURRENCY } from '../db/migrate.js';
import { eachBounded } from '../lib/bounded.js';
import { tenantMigrations } from '../db/migrations/tenant/index.js';
import type { Migration } from '../db/migrations/types.js';
import { USERS } from '../db/seed/demo-data.js';
import { seedDemo } from '../db/seed/demo.js';
import { createTenant } from '../db/tenants.js';
import { EmbeddedPostgres } from '../dev/embedded-postgres.js';
import { freePort } from '../dev/ports.js';
import { tenantsOfActiveUser } from '../domain/authentication.js';
import { startTestStack, TEST_DEMO_API_KEY, TEST_TESTING_API_KEY, type TestStack } from '../test/support/stack.js';
import { startOutboxRelay } from '../worker/outbox-relay.js';
import { startPlatformProcesses, stopProcesses, type PlatformProcesses } from './_platform.js';
import { MIX, overall, prepareTenant, quantiles, runMix, type MixTarget, type MixTimes } from './_tenants-mix.js';
import { fmt, reportTargets } from './_stats.js';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 2300);
const ROUNDS = Number(process.env.BENCH_MIX_ROUNDS ?? 40);
/** Created one at a time first: the cost of one tenant, and what the whole run would take that way. */
const ONE_AT_A_TIME = Math.min(20, TENANTS - 1);
const CREATION_TARGET_S = 600;
const P50_TOLERANCE = 1.1;
/** The pool of each API and worker process (db/connection.ts); the relay's LISTEN connection has its own name. */
const POOL_MAX = 10;

const middle = Math.ceil(TENANTS / 2);
const schemaOf = (n: number) => (n === 1 ? 'demo' : `municipio_${String(n).padStart(4, '0')}`);
const tenantInput = (n: number): NewTenant => ({
  schema: schemaOf(n),
  municipalityCode: `M${String(n).padStart(4, '0')}`,
  displayName: `Municipalidad ${n}`,
  city: `Ciudad ${n}`,
});
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`;
const seconds = (ms: number) => `${fmt(ms / 1000)} s`;

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

/** Resident memory of a process and its children (kB → bytes), from /proc. */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  let total = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  for (const task of await readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
    const children = (await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '')).trim();
    for (const child of children ? children.split(/\s+/) : []) total += await rssOf(Number(child));
  }
  return total;
}

/**
 * CPU milliseconds PostgreSQL has spent: the postmaster, its live backends and those it has
 * reaped (a loaded machine stretches wall time, not this).
 */
async function serverCpuMs(postmaster: number): Promise<number> {
  let ticks = 0;
  for (const pid of (await readdir('/proc')).filter((d) => /^\d+$/.test(d))) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pid) === postmaster)
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    else if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** The most connections each application held on `database` while `run` went (sampled every 100 ms). */
async function peakConnections<T>(
  db: Db,
  database: string,
  run: () => Promise<T>,
): Promise<{ value: T; peak: Map<string, number> }> {
  const peak = new Map<string, number>();
  let done = false;
  const sampler = (async () => {
    while (!done) {
      const { rows } = await db.raw<{ rows: { app: string; n: number }[] }>(
        'select application_name as app, count(*)::int as n from pg_stat_activity where datname = ? group by 1',
        [database],
      );
      for (const r of rows) peak.set(r.app || '(none)', Math.max(peak.get(r.app || '(none)') ?? 0, r.n));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    return { value: await run(), peak };
  } finally {
    done = true;
    await sampler;
  }
}

async function catalogSize(db: Db, schema: string) {
  const { rows } = await db.raw(
    `
    select (select count(*) from pg_class)::int as classes,
           (select count(*) from pg_attribute)::int as attributes,
           pg_database_size(current_database())::bigint as bytes,
           (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ?)::int as tenant_classes,
           (select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = ?)::int as tenant_attributes,
           (select coalesce(sum(pg_total_relation_size(c.oid)), 0) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ? and c.relkind in ('r', 'm'))::bigint as tenant_bytes,
           pg_total_relation_size('pg_catalog.pg_class')::bigint + pg_total_relation_size('pg_catalog.pg_attribute')::bigint + pg_total_relation_size('pg_catalog.pg_depend')::bigint
             + pg_total_relation_size('pg_catalog.pg_index')::bigint + pg_total_relation_size('pg_catalog.pg_type')::bigint as catalog_bytes`,
    [schema, schema, schema],
  );
  return rows[0] as {
    classes: number;
    attributes: number;
    bytes: number;
    tenant_classes: number;
    tenant_attributes: number;
    tenant_bytes: number;
    catalog_bytes: number;
  };
}

/** One connection's catalog caches before and after it reads a few tables of `schemas` (as a pooled connection serving every tenant would). */
async function cacheMemoryAcross(url: string, schemas: string[]): Promise<{ one: number; all: number; ms: number }> {
  const client = new pg.Client({ connectionString: url, application_name: 'expediente-bench' });
  await client.connect();
  const cache = async () =>
    Number(
      (
        await client.query(
          "select sum(total_bytes)::bigint as b from pg_backend_memory_contexts where name = 'CacheMemoryContext' or path[2] = (select path[2] from pg_backend_memory_contexts where name = 'CacheMemoryContext')",
        )
      ).rows[0].b,
    );
  const touch = (s: string) =>
    client.query(
      `select (select count(*) from "${s}".documents where status = 'pending') + (select count(*) from "${s}".cases where status = 'active') + (select count(*) from "${s}".users where is_active)`,
    );
  try {
    await touch(schemas[0]!);
    const one = await cache();
    const started = performance.now();
    for (const s of schemas) await touch(s);
    return { one, all: await cache(), ms: performance.now() - started };
  } finally {
    await client.end();
  }
}

/** A migration adding one column to a tenant table (for timing `npm run migrate`; never a file in db/migrations). */
function throwawayColumn(name: string): Migration {
  return {
    name,
    up: async (knex) => {
      await knex.raw(`alter table documents add column ${name} text`);
    },
    down: async (knex) => {
      await knex.raw(`alter table documents drop column ${name}`);
    },
  };
}

function printMix(results: { target: MixTarget; times: MixTimes }[], baseline: MixTimes): boolean {
  console.log(`\nRequest mix, ${ROUNDS} rounds per tenant (p50 ms per line; rounds interleaved across tenants)`);
  const head = results.map((r) => r.target.label.padStart(16)).join('');
  console.log(`  ${'line'.padEnd(30)}${head}`);
  for (const [i, line] of MIX.entries()) {
    console.log(
      `  ${line.name.padEnd(30)}${results.map((r) => fmt(quantiles(r.times[i]!).p50).padStart(16)).join('')}`,
    );
  }
  const base = overall(baseline);
  // The mix's ratio is the geometric mean of its lines' p50 ratios (as SPEC summarises a suite):
  // a pooled p50 of lines that differ tenfold lands on whichever line sits in the middle.
  const targets = results
    .filter((r) => r.times !== baseline)
    .map((r) => {
      const o = overall(r.times);
      const ratios = MIX.map((_line, i) => quantiles(r.times[i]!).p50 / quantiles(baseline[i]!).p50);
      const ratio = Math.exp(ratios.reduce((sum, x) => sum + Math.log(x), 0) / ratios.length);
      return {
        line: `${r.target.label}: p50 ${fmt(o.p50)} / p95 ${fmt(o.p95)} ms against 1 tenant's ${fmt(base.p50)} / ${fmt(base.p95)} ms; lines' p50 ratios ${ratios.map((x) => fmt(x, 2)).join(' ')}, geometric mean ×${fmt(ratio, 3)} (≤ ×${P50_TOLERANCE})`,
        met: ratio <= P50_TOLERANCE,
      };
    });
  return reportTargets('\nEvery request of the mix, against the same mix on a database of 1 tenant', targets);
}

// ---------------------------------------------------------------------------------------------

const pgDir = await mkdtemp(path.join(os.tmpdir(), 'expediente-bench-tenants-'));
const server = await EmbeddedPostgres.start({
  dir: pgDir,
  port: await freePort(),
  database: 'postgres',
  durable: true,
  onLine: () => undefined,
});
// The stack makes its database on this server; the compiled processes take testing-mode credentials for the backend line.
process.env.DATABASE_URL = server.url;
process.env.TESTING_MODE = 'true';
process.env.TESTING_API_KEY = TEST_TESTING_API_KEY;

let stack: TestStack | undefined;
const processes: PlatformProcesses[] = [];
let oneTenantDb: { db: Db; url: string } | undefined;
let ok = true;
try {
  stack = await startTestStack();
  const { db } = stack;
  const database = new URL(stack.databaseUrl).pathname.slice(1);

  // The database of one tenant: the same migrations and demo seed, its own compiled API and worker.
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('create database expediente_one_tenant');
  await admin.end();
  const oneUrl = new URL(server.url);
  oneUrl.pathname = '/expediente_one_tenant';
  oneTenantDb = { db: createDb(oneUrl.toString(), { applicationName: 'expediente-bench' }), url: oneUrl.toString() };
  await migrateAll(oneTenantDb.db);
  await seedDemo(oneTenantDb.db, { apiKey: TEST_DEMO_API_KEY });

  const main = await startPlatformProcesses(stack);
  processes.push(main);
  const one = await startPlatformProcesses({ ...stack, databaseUrl: oneTenantDb.url });
  processes.push(one);
  const [workerPid, apiPid] = [main.children[0]!.pid!, main.children[1]!.pid!];
  console.log(
    `compiled worker / API start to healthy with 1 tenant: ${fmt(main.startupMs.workers[0]!, 0)} / ${fmt(main.startupMs.api, 0)} ms`,
  );

  const baselineTarget: MixTarget = {
    label: '1 tenant',
    apiUrl: one.apiUrl,
    schema: 'demo',
    apiKey: TEST_DEMO_API_KEY,
  };
  const first: MixTarget = { label: 'tenant 1', apiUrl: main.apiUrl, schema: 'demo', apiKey: TEST_DEMO_API_KEY };
  await prepareTenant(baselineTarget);
  await prepareTenant(first);

  // What iterates every tenant, at 1 tenant.
  const relayConfig = { ...stack.config, databaseUrl: undefined };
  // Each timed twice: the first on connections that have not read these tenants' tables yet, then again.
  const sweepAt = async () => {
    const relay = startOutboxRelay({ config: relayConfig, db, connection: stack!.client.connection, log: stack!.log });
    try {
      return [(await timed(() => relay.sweep())).ms, (await timed(() => relay.sweep())).ms] as const;
    } finally {
      await relay.close();
    }
  };
  const email = USERS.find((u) => u.key === 'agente-obras')!.email;
  const loginAt = async () => {
    const first = await timed(() => tenantsOfActiveUser(stack!.apiDeps, email));
    const again = await timed(() => tenantsOfActiveUser(stack!.apiDeps, email));
    return { value: first.value, ms: [first.ms, again.ms] as const };
  };
  const sweepOne = await sweepAt();
  const loginOne = await loginAt();

  // ---- creation
  console.log(`\nCreating ${TENANTS.toLocaleString('en')} tenants (tenant 1 is the demo municipality)`);
  const creation = performance.now();
  const serial: number[] = [];
  for (let n = 2; n <= ONE_AT_A_TIME + 1 && n <= TENANTS; n++)
    serial.push((await timed(() => createTenant(db, tenantInput(n)))).ms);
  const perTenant = quantiles(serial).p50;
  console.log(
    `  one at a time: p50 ${fmt(perTenant, 0)} ms per tenant (first: ${fmt(serial[0] ?? 0, 0)} ms) → ${seconds(perTenant * TENANTS)} for all that way`,
  );
  const rest = Array.from({ length: Math.max(0, TENANTS - ONE_AT_A_TIME - 1) }, (_, i) => i + ONE_AT_A_TIME + 2);
  const parallelStart = performance.now();
  const cpuStart = { server: await serverCpuMs(server.pid!), bench: process.cpuUsage() };
  let made = 0;
  await eachBounded(rest, TENANT_MIGRATION_CONCURRENCY, async (n) => {
    await createTenant(db, tenantInput(n));
    if (++made % 250 === 0)
      console.log(
        `  ${(made + ONE_AT_A_TIME + 1).toLocaleString('en')} tenants, ${seconds(performance.now() - creation)}`,
      );
  });
  const parallelMs = performance.now() - parallelStart;
  const creationMs = performance.now() - creation;
  if (rest.length) {
    const serverCpu = ((await serverCpuMs(server.pid!)) - cpuStart.server) / rest.length;
    const used = process.cpuUsage(cpuStart.bench);
    const benchCpu = (used.user + used.system) / 1000 / rest.length;
    const cores = os.cpus().length;
    console.log(
      `  ${TENANT_MIGRATION_CONCURRENCY} at a time: ${fmt(parallelMs / rest.length, 0)} ms per tenant; CPU per tenant: PostgreSQL ${fmt(serverCpu, 0)} ms, this process ${fmt(benchCpu, 0)} ms`,
    );
    console.log(
      `  → on ${cores} idle cores: ${seconds(((serverCpu + benchCpu) * TENANTS) / cores)} for ${TENANTS.toLocaleString('en')} tenants (load average now ${fmt(os.loadavg()[0]!)})`,
    );
  }

  const catalog = await catalogSize(db, schemaOf(TENANTS));
  const oneCatalog = await catalogSize(oneTenantDb.db, 'demo');

  // ---- the request mix
  const seeded = async (n: number): Promise<MixTarget> => {
    const { createdApiKey } = await seedDemo(db, { tenant: tenantInput(n) });
    return {
      label: `tenant ${n.toLocaleString('en')}`,
      apiUrl: main.apiUrl,
      schema: schemaOf(n),
      apiKey: createdApiKey!,
    };
  };
  const measured = [
    baselineTarget,
    first,
    ...(TENANTS > 2 ? [await seeded(middle)] : []),
    ...(TENANTS > 1 ? [await seeded(TENANTS)] : []),
  ];
  for (const t of measured.slice(2)) await prepareTenant(t);
  const { value: times, peak } = await peakConnections(db, database, () => runMix(measured, ROUNDS));
  const [apiRss, workerRss] = [await rssOf(apiPid), await rssOf(workerPid)];
  ok =
    printMix(
      measured.map((target) => ({ target, times: times.get(target)! })),
      times.get(baselineTarget)!,
    ) && ok;

  // ---- what iterates every tenant, at TENANTS
  const sweepAll = await sweepAt();
  const loginAll = await loginAt();
  if (loginAll.value.length !== measured.length - 1)
    throw new Error(`the user should belong to ${measured.length - 1} tenants, found ${loginAll.value.length}`);
  const restarted = await startPlatformProcesses(stack);
  processes.push(restarted);
  const cache = await cacheMemoryAcross(
    stack.databaseUrl,
    Array.from({ length: TENANTS }, (_, i) => schemaOf(i + 1)),
  );

  // ---- npm run migrate: nothing to do, then one column added to every schema (one at a time, then the default)
  const cli = createDb(stack.databaseUrl, { poolMax: TENANT_MIGRATION_CONCURRENCY, applicationName: 'expediente-cli' });
  let migrate: { upToDate: number; serial: number; parallel: number };
  try {
    const upToDate = (await timed(() => migrateAll(cli))).ms;
    const a = throwawayColumn('bench_probe_a');
    const b = throwawayColumn('bench_probe_b');
    const serialRun = await timed(() =>
      migrateAll(cli, { concurrency: 1, tenantMigrations: [...tenantMigrations, a] }),
    );
    const parallelRun = await timed(() => migrateAll(cli, { tenantMigrations: [...tenantMigrations, a, b] }));
    const addedEverywhere = Object.values(parallelRun.value).filter((applied) => applied.includes(b.name)).length;
    if (addedEverywhere !== TENANTS) throw new Error(`the column reached ${addedEverywhere} schemas of ${TENANTS}`);
    migrate = { upToDate, serial: serialRun.ms, parallel: parallelRun.ms };
  } finally {
    await cli.destroy();
  }

  // ---- npm run backup's dump (one snapshot of every schema)
  const dumpDir = await mkdtemp(path.join(os.tmpdir(), 'expediente-bench-dump-'));
  const locksBefore = Number(
    (await db.raw("select setting from pg_settings where name = 'max_locks_per_transaction'")).rows[0].setting,
  );
  const dump = await timed(() =>
    dumpDatabase(stack!.databaseUrl, dumpDir).then(
      () => 'done',
      (err: Error) => `failed: ${err.message}`,
    ),
  );
  await rm(dumpDir, { recursive: true, force: true });

  // ---- figures
  const apps = [...peak.entries()].sort(([a], [b]) => a.localeCompare(b));
  const api = peak.get('expediente-api') ?? 0;
  const worker = peak.get('expediente-worker') ?? 0;
  const total = apps.reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `\nCatalog at ${TENANTS.toLocaleString('en')} tenants (1 tenant's database: ${oneCatalog.classes.toLocaleString('en')} pg_class, ${oneCatalog.attributes.toLocaleString('en')} pg_attribute rows, ${mb(oneCatalog.bytes)})`,
  );
  console.log(
    `  pg_class rows ${catalog.classes.toLocaleString('en')} (${catalog.tenant_classes} per tenant), pg_attribute rows ${catalog.attributes.toLocaleString('en')} (${catalog.tenant_attributes} per tenant)`,
  );
  console.log(
    `  database on disk ${mb(catalog.bytes)} (an empty tenant's tables and indexes ${fmt(catalog.tenant_bytes / 1024, 0)} kB); pg_class + pg_attribute + pg_depend + pg_index + pg_type ${mb(catalog.catalog_bytes)}`,
  );
  console.log(
    `  one connection's catalog cache: ${mb(cache.one)} after one tenant, ${mb(cache.all)} after reading 3 tables of each of the ${TENANTS.toLocaleString('en')} (${seconds(cache.ms)})`,
  );
  console.log('\nConnections to the database while the mix ran (peak by application)');
  for (const [app, n] of apps) console.log(`  ${app.padEnd(28)} ${n}`);
  console.log(`\nMemory after the mix: API ${mb(apiRss)}, worker ${mb(workerRss)}`);
  const twice = (ms: readonly [number, number]) => `${fmt(ms[0], 0)} (again ${fmt(ms[1], 0)})`;
  console.log(`\nAt 1 / ${TENANTS.toLocaleString('en')} tenants`);
  console.log(`  outbox relay start sweep          ${twice(sweepOne)} / ${twice(sweepAll)} ms`);
  console.log(`  a user's tenants (desk login)     ${twice(loginOne.ms)} / ${twice(loginAll.ms)} ms`);
  console.log(
    `  compiled worker start to healthy  ${fmt(main.startupMs.workers[0]!, 0)} / ${fmt(restarted.startupMs.workers[0]!, 0)} ms`,
  );
  console.log(
    `  compiled API start to healthy     ${fmt(main.startupMs.api, 0)} / ${fmt(restarted.startupMs.api, 0)} ms`,
  );
  console.log(
    `\nnpm run migrate over ${TENANTS.toLocaleString('en')} schemas: nothing to do ${seconds(migrate.upToDate)}; adding one column one schema at a time ${seconds(migrate.serial)}, ${TENANT_MIGRATION_CONCURRENCY} at a time ${seconds(migrate.parallel)}`,
  );

  ok =
    reportTargets('\nTargets', [
      {
        line: `${TENANTS.toLocaleString('en')} tenants created and migrated in ${seconds(creationMs)} (≤ ${CREATION_TARGET_S} s)`,
        met: creationMs <= CREATION_TARGET_S * 1000,
      },
      {
        line: `npm run backup's dump of ${TENANTS.toLocaleString('en')} schemas from one snapshot: ${dump.value} in ${seconds(dump.ms)} (max_locks_per_transaction ${locksBefore})`,
        met: dump.value === 'done',
      },
      {
        line: `connections while serving ${TENANTS.toLocaleString('en')} tenants: API ${api}, worker ${worker} (each ≤ its pool of ${POOL_MAX}); all applications ${total}`,
        met: api <= POOL_MAX && worker <= POOL_MAX,
      },
    ]) && ok;
} catch (err) {
  console.error(err);
  ok = false;
} finally {
  for (const p of processes) await stopProcesses(p.children);
  await oneTenantDb?.db.destroy();
  await stack?.stop();
  await server.stop();
  await rm(pgDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
