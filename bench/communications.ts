/**
 * `npm run bench:communications`: notes, memos and dashboard reads at volume, over HTTP (backend
 * routes, testing-mode bearer) against the real stack.
 *
 * Load (bulk INSERT … SELECT inside PostgreSQL, not through the API) into the demo tenant:
 * 50 sectors × 20 users, 200,000 officialized notes (TO one of 40 sectors, CC one of 10 busy
 * sectors), 200,000 officialized memos (TO one user, CC another on every second memo), 105,000
 * dashboard events. The measured user (sector BC0) receives 5,000 notes and 5,000 memos, sent
 * 5,000 of each and has 5,000 events; a tenth of their items archived, a third of their memos opened.
 *
 * The tables are then vacuumed and analysed (their state once autovacuum has run). Prints p50/p95 of received, sent, unread-count and stats and the EXPLAIN of the slowest
 * route's slowest query. Target: p95 ≤ 20 ms each; exits 1 when missed.
 */
import os from 'node:os';
import type { Knex } from 'knex';
import { tenantDb } from '../db/tenancy.js';
import { startPlatform } from './_platform.js';
import { fmt, percentile } from './_stats.js';

const NOTES = 200_000;
const MEMOS = 200_000;
const RUNS = 300;
const TARGET_MS = 20;

const userId = (n: string) => `md5('bc-user-' || ${n})::uuid`;
const sectorId = (n: string) => `md5('bc-sector-' || ${n})::uuid`;

async function load(trx: Knex.Transaction): Promise<void> {
  await trx.raw(`
    insert into sectors (id, name, acronym) select ${sectorId('n')}, 'Sector de prueba ' || n, 'BC' || n from generate_series(0, 49) n;
    insert into users (id, full_name, email, role)
      select ${userId('n')}, 'Agente de prueba ' || n, 'agente' || n || '@bench.gob.ar', 'empleado' from generate_series(0, 999) n;
    insert into user_sector_permissions (user_id, sector_id, can_view, can_edit, is_primary)
      select ${userId('n')}, ${sectorId('(n % 50)')}, true, true, true from generate_series(0, 999) n;
  `);
  // Notes: every 40th sent by user 0; TO sector i % 40 (sector 0 = the measured user's), CC one of sectors 40-49.
  await trx.raw(`
    insert into documents (id, document_type_id, reference, content, status, official_number, sector_id, created_by,
                           signed_at, numbered_at, sent_to_sign_at, created_at, updated_at, recipients)
    select md5('bc-note-' || i)::uuid, (select id from document_types where acronym = 'NOTA'),
           'Nota ' || i || ' sobre ' || (array['bacheo', 'alumbrado', 'tasas', 'poda'])[1 + i % 4],
           '<p>Se solicita intervención por ' || (array['bacheo', 'alumbrado', 'tasas', 'poda'])[1 + i % 4] || ' en el barrio ' || (i % 97) || '.</p>',
           'signed', 'NO-2001-' || lpad(i::text, 8, '0') || '-MVE-BC', ${sectorId('(s.u % 50)')}, ${userId('s.u')},
           t, t, t, t, t, '{"to": [], "cc": [], "bcc": []}'
    from generate_series(0, ${NOTES - 1}) i
    cross join lateral (select case when i % 40 = 0 then 0 else 1 + i % 999 end as u, now() - i * interval '150 seconds' as t) s;

    insert into note_recipients (document_id, sector_id, recipient_kind, delivered_at, is_archived, archived_at)
    select md5('bc-note-' || i)::uuid, ${sectorId('(i % 40)')}, 'to', now() - i * interval '150 seconds', i % 10 = 3,
           case when i % 10 = 3 then now() end
    from generate_series(0, ${NOTES - 1}) i
    union all
    select md5('bc-note-' || i)::uuid, ${sectorId('(40 + i % 10)')}, 'cc', now() - i * interval '150 seconds', false, null
    from generate_series(0, ${NOTES - 1}) i;

    insert into note_reads (document_id, user_id) select md5('bc-note-' || i)::uuid, ${userId('0')} from generate_series(0, ${NOTES - 1}, 80) i;
  `);
  // Memos: every 40th (offset 1) sent by user 0; every 40th (offset 0) addressed TO user 0.
  await trx.raw(`
    insert into documents (id, document_type_id, reference, content, status, official_number, sector_id, created_by,
                           signed_at, numbered_at, sent_to_sign_at, created_at, updated_at, recipients)
    select md5('bc-memo-' || j)::uuid, (select id from document_types where acronym = 'MEMO'),
           'Memo ' || j || ' pedido de ' || (array['materiales', 'vehículo', 'licencia', 'viáticos'])[1 + j % 4],
           '<p>Se pide ' || (array['materiales', 'vehículo', 'licencia', 'viáticos'])[1 + j % 4] || ' para la cuadrilla ' || (j % 53) || '.</p>',
           'signed', 'MEMO-2001-' || lpad(j::text, 8, '0') || '-MVE-BC', ${sectorId('(s.u % 50)')}, ${userId('s.u')},
           t, t, t, t, t, '{"to": [], "cc": [], "bcc": []}'
    from generate_series(0, ${MEMOS - 1}) j
    cross join lateral (select case when j % 40 = 1 then 0 else 2 + j % 998 end as u, now() - j * interval '150 seconds' as t) s;

    insert into memo_recipients (document_id, recipient_user_id, sender_user_id, recipient_type, recipient_sector_id, sender_sector_id,
                                 is_archived, archived_at, opened_at, created_at, updated_at)
    select md5('bc-memo-' || j)::uuid, ${userId('r.u')}, ${userId('s.u')}, 'TO', ${sectorId('(r.u % 50)')}, ${sectorId('(s.u % 50)')},
           j % 10 = 3, case when j % 10 = 3 then now() end, case when j % 3 = 0 then now() end, s.t, s.t
    from generate_series(0, ${MEMOS - 1}) j
    cross join lateral (select case when j % 40 = 1 then 0 else 2 + j % 998 end as u, now() - j * interval '150 seconds' as t) s
    cross join lateral (select case when j % 40 = 0 then 0 else 1 + (j * 7) % 999 end as u) r
    union all
    select md5('bc-memo-' || j)::uuid, ${userId('(500 + j % 499)')}, ${userId('s.u')}, 'CC', ${sectorId('((500 + j % 499) % 50)')}, ${sectorId('(s.u % 50)')},
           false, null, null, s.t, s.t
    from generate_series(0, ${MEMOS - 1}, 2) j
    cross join lateral (select case when j % 40 = 1 then 0 else 2 + j % 998 end as u, now() - j * interval '150 seconds' as t) s
    where (500 + j % 499) <> s.u
    on conflict (document_id, recipient_user_id) do nothing;
  `);
  await trx.raw(`
    insert into activity_events (kind, actor_user_id, entity_type, entity_id, summary, created_at)
    select (array['document_created', 'document_edited', 'document_signed', 'case_created'])[1 + k % 4],
           ${userId('case when k < 5000 then 0 else 1 + k % 999 end')}, 'document', md5('bc-note-' || k)::uuid, 'Evento ' || k,
           now() - k * interval '5 minutes'
    from generate_series(0, 104999) k;
  `);
}

interface Route {
  name: string;
  path: string;
}

const ROUTES: Route[] = [
  { name: 'notes received', path: '/api/v1/notes/received' },
  { name: 'notes sent', path: '/api/v1/notes/sent' },
  { name: 'memos received', path: '/api/v1/memos/received' },
  { name: 'memos sent', path: '/api/v1/memos/sent' },
  { name: 'memos unread-count', path: '/api/v1/memos/unread-count' },
  { name: 'dashboard stats', path: '/api/v1/dashboard/stats' },
];

const p = await startPlatform();
let failed = false;
try {
  const { db, demoTenant, apiUrl } = p.stack;
  const scoped = tenantDb(db, demoTenant);
  const started = performance.now();
  await scoped.transaction(load);
  // The tables at rest, as autovacuum leaves them: statistics and the visibility map (index-only
  // scans). A vacuum that overlaps a transaction older than the load (an autoanalyze started
  // during it) cannot mark the pages all-visible yet, so it is repeated until it could.
  for (const table of [
    'documents',
    'note_recipients',
    'note_reads',
    'memo_recipients',
    'activity_events',
    'users',
    'user_sector_permissions',
  ]) {
    for (let attempt = 0; attempt < 30; attempt++) {
      await db.raw(`vacuum analyze "${demoTenant.schema}".${table}`);
      const { rows } = await db.raw(`select relpages, relallvisible from pg_class where oid = ?::regclass`, [
        `"${demoTenant.schema}".${table}`,
      ]);
      if (rows[0].relallvisible >= rows[0].relpages * 0.9) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  const counts = await scoped.transaction(async (trx) => ({
    notes: (await trx('note_recipients').count<{ n: string }[]>('* as n'))[0]!.n,
    memos: (await trx('memo_recipients').count<{ n: string }[]>('* as n'))[0]!.n,
  }));
  console.log(
    `loaded ${NOTES} notes (${counts.notes} deliveries) and ${MEMOS} memos (${counts.memos} recipients) in ${fmt((performance.now() - started) / 1000)} s`,
  );

  const me = (await scoped.transaction((trx) => trx.raw(`select ${userId('0')} as id`))).rows[0].id as string;
  const headers = { 'X-Tenant-Schema': demoTenant.schema, Authorization: `Bearer ${me}` };
  const get = async (path: string) => {
    const res = await fetch(`${apiUrl}${path}`, { headers });
    const body = (await res.json()) as { data: Record<string, unknown> };
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body.data;
  };
  const sizes = {
    'notes received': (await get('/api/v1/notes/received')).total,
    'notes sent': (await get('/api/v1/notes/sent')).total,
    'memos received': (await get('/api/v1/memos/received')).total,
    'memos sent': (await get('/api/v1/memos/sent')).total,
    'memos unread-count': (await get('/api/v1/memos/unread-count')).unread_count,
  };
  console.log(`measured user: ${JSON.stringify(sizes)}`);

  // Routes take turns, so a burst of load from other processes on the machine hits them alike.
  for (let i = 0; i < 20; i++) for (const route of ROUTES) await get(route.path);
  const latencies = new Map<Route, number[]>(ROUTES.map((r) => [r, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const route of ROUTES) {
      const t0 = performance.now();
      await get(route.path);
      latencies.get(route)!.push(performance.now() - t0);
    }
  }
  const results = ROUTES.map((route) => {
    const sorted = latencies.get(route)!.sort((a, b) => a - b);
    return { route, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  });
  console.log(
    `load average during the run: ${os
      .loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  console.log(`\nroute (${RUNS} sequential requests each, page 1 of 20)   p50 ms   p95 ms`);
  for (const r of results)
    console.log(
      `  ${r.route.name.padEnd(22)} ${fmt(r.p50).padStart(8)} ${fmt(r.p95).padStart(8)}  ${r.p95 <= TARGET_MS ? 'met' : 'MISSED'}`,
    );

  // The slowest route's slowest SQL statement, explained with its real bindings (BENCH_EXPLAIN=all: every route's).
  const slowest = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  for (const r of process.env.BENCH_EXPLAIN === 'all' ? results : [slowest]) {
    const seen = new Map<string, { sql: string; bindings: readonly unknown[]; started: number; ms?: number }>();
    const onQuery = (q: { __knexQueryUid: string; sql: string; bindings?: readonly unknown[] }) =>
      seen.set(q.__knexQueryUid, { sql: q.sql, bindings: q.bindings ?? [], started: performance.now() });
    const onResponse = (_r: unknown, q: { __knexQueryUid: string }) => {
      const entry = seen.get(q.__knexQueryUid);
      if (entry) entry.ms = performance.now() - entry.started;
    };
    db.on('query', onQuery).on('query-response', onResponse);
    await get(r.route.path);
    db.off('query', onQuery).off('query-response', onResponse);
    const statement = [...seen.values()]
      .filter((q) => /^\s*select/i.test(q.sql))
      .sort((a, b) => (b.ms ?? 0) - (a.ms ?? 0))[0]!;
    // knex reports PostgreSQL's $n placeholders; raw() takes ?, in the same order.
    const sql = statement.sql.replace(/\$\d+/g, '?');
    const plan = await scoped.transaction((trx) =>
      trx.raw(`explain (analyze, buffers) ${sql}`, statement.bindings as Knex.RawBinding[]),
    );
    console.log(
      `\n${r === slowest ? 'slowest: ' : ''}${r.route.name} (p95 ${fmt(r.p95)} ms); its slowest statement (${fmt(statement.ms ?? 0)} ms):\n  ${statement.sql}`,
    );
    console.log(plan.rows.map((row: Record<string, string>) => `  ${row['QUERY PLAN']}`).join('\n'));
  }

  failed = results.some((r) => r.p95 > TARGET_MS);
  console.log(`\ntarget: p95 ≤ ${TARGET_MS} ms on every route → ${failed ? 'MISSED' : 'met'}`);
} finally {
  await p.stop();
}
process.exit(failed ? 1 : 0);
