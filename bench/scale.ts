/**
 * `npm run bench:scale`: lists and searches with a municipality's archive behind them, over HTTP
 * against the real stack. Bulk-loads 100,000 documents and 20,000 cases into the demo tenant
 * (bench/_scale-data.ts), measures, grows to 1,000,000 documents and 200,000 cases, measures again.
 *
 *   each line   p50/p95 of sequential requests (after a warm-up) as one demo user; deep pages both
 *               by number (offset) and by the cursor the page before hands on (keyset)
 *   slowest     EXPLAIN (ANALYZE, BUFFERS) of the slowest statement of the slowest line at 1M
 *   designs     every text line again with the plain design (`useTextSearchDesign('planner')`: one
 *               statement for the page by keyset or offset, one for the count up to 1,001, the
 *               planner choosing between the trigram index and the list's order), beside the
 *               adaptive design the platform runs, same data, same process
 *
 * Target: p95 ≤ 20 ms on every line, at both sizes. Exits 1 when one is missed.
 */
import type { Knex } from 'knex';
import { demoId } from '../db/seed/demo-data.js';
import { tenantDb } from '../db/tenancy.js';
import { startPlatform, user, type Platform } from './_platform.js';
import { growScaleData, type ScaleSize } from './_scale-data.js';
import { getLine, slowestStatement, timeLine, type Line } from './_lines.js';
import { fmt } from './_stats.js';
import { loadActiveUserById } from '../domain/acting-user.js';
import { whereAccessibleTo } from '../domain/documents/access.js';
import { DOCUMENT_TEXT_COLUMNS } from '../domain/documents/reads.js';
import { searchPattern } from '../domain/lists/text-fold.js';
import { anyLike, useTextSearchDesign } from '../domain/lists/text-search.js';

const TARGET_MS = 20;
const RUNS = Number(process.env.SCALE_RUNS ?? 100);
const SIZES: ScaleSize[] = [
  { documents: 100_000, cases: 20_000 },
  { documents: 1_000_000, cases: 200_000 },
];

/** The caller: a director who edits Obras Particulares and reads Mesa de Entradas (the broadest demo user). */
const CALLER = 'directora-obras';

interface DeepCursor {
  page: number;
  cursor: string;
}

/**
 * Where a client that followed next_cursor deep into the list would be: the cursor page 4999
 * hands on, or (a list with fewer pages, as at 100k) that of the deepest page halving finds.
 */
async function deepCursor(p: Platform): Promise<DeepCursor> {
  for (let page = 4999; page >= 1; page = Math.floor(page / 2)) {
    const answer = await getLine(
      p,
      { name: `page ${page}`, path: `/api/v1/documents/search?page=${page}&page_size=20` },
      CALLER,
    );
    if (answer.body.next_cursor) return { page: page + 1, cursor: answer.body.next_cursor };
  }
  throw new Error('the caller sees a single page of documents');
}

function lines(caseId: string, number: string, yearSequence: string, deep: DeepCursor): Line[] {
  const me = user(CALLER);
  const dop = demoId('sector', 'DOP');
  return [
    { name: 'documents search, first page', path: '/api/v1/documents/search?page=1&page_size=20' },
    { name: 'documents search, page 50', path: '/api/v1/documents/search?page=50&page_size=20' },
    { name: 'documents search, deep page 5000', path: '/api/v1/documents/search?page=5000&page_size=20' },
    {
      name: `documents search, page ${deep.page} by cursor`,
      path: `/api/v1/documents/search?page_size=20&cursor=${deep.cursor}`,
    },
    { name: 'documents search, text "Rivadavia"', path: '/api/v1/documents/search?search=Rivadavia' },
    { name: 'documents search, text number', path: `/api/v1/documents/search?search=${number}` },
    {
      name: 'documents search, text "bache en calle Rivadavia"',
      path: '/api/v1/documents/search?search=bache%20en%20calle%20Rivadavia',
    },
    { name: 'documents search, text that matches nothing', path: '/api/v1/documents/search?search=Zapiola' },
    { name: 'documents search, text year-sequence prefix', path: `/api/v1/documents/search?search=${yearSequence}` },
    {
      name: 'documents search, text "Inspección de veredas en calle Belgrano"',
      path: '/api/v1/documents/search?search=Inspecci%C3%B3n%20de%20veredas%20en%20calle%20Belgrano',
    },
    { name: 'documents search, status=pending', path: '/api/v1/documents/search?status=pending' },
    { name: 'documents search, status=sent_to_sign', path: '/api/v1/documents/search?status=sent_to_sign' },
    { name: 'documents search, status=signed', path: '/api/v1/documents/search?status=signed' },
    { name: 'documents search, status=rejected', path: '/api/v1/documents/search?status=rejected' },
    { name: 'documents search, document_type=RESO', path: '/api/v1/documents/search?document_type=RESO' },
    { name: 'documents search, case_id', path: `/api/v1/documents/search?case_id=${caseId}` },
    { name: 'documents search, text + status', path: '/api/v1/documents/search?search=Rivadavia&status=signed' },
    { name: 'pending signatures', path: '/api/v1/documents/pending-signatures' },
    { name: 'cases search (integration), first page', path: '/api/v1/cases/search?page=1' },
    { name: 'cases search (integration), text', path: '/api/v1/cases/search?search=Rivadavia' },
    { name: 'cases search (integration), sector_filter', path: '/api/v1/cases/search?sector_filter=DOP' },
    { name: 'cases list (backend), first page', path: '/api/v1/cases?page=1', backend: true },
    { name: 'cases list (backend), status=active', path: '/api/v1/cases?status=active', backend: true },
    { name: 'cases list (backend), ultimos_30_dias', path: '/api/v1/cases?date_filter=ultimos_30_dias', backend: true },
    { name: 'cases list (backend), trata_filter', path: `/api/v1/cases?trata_filter=${dop}`, backend: true },
    { name: 'cases list (backend), page 100', path: '/api/v1/cases?page=100', backend: true },
    { name: 'user documents, first page', path: `/api/v1/users/${me}/documents`, backend: true },
    {
      name: 'user documents, status=sent_to_sign',
      path: `/api/v1/users/${me}/documents?status=sent_to_sign`,
      backend: true,
    },
    { name: 'user documents, text', path: `/api/v1/users/${me}/documents?search=Rivadavia`, backend: true },
    { name: 'dashboard stats', path: '/api/v1/dashboard/stats', backend: true },
  ];
}

interface Result {
  line: Line;
  p50: number;
  p95: number;
  total: string;
}

/** The total a list answered (and whether exact), for the table. */
function totalOf(body: any): string {
  const data = body?.data ?? body;
  if (typeof data?.total === 'number')
    return `${data.total.toLocaleString('en')}${data.total_exact === false ? ' ~' : ''}`;
  if (Array.isArray(data?.documents)) return `${data.documents.length} rows`;
  return '';
}

async function measure(p: Platform, line: Line): Promise<Result> {
  const t = await timeLine(p, line, CALLER, RUNS, 3);
  return { line, p50: t.p50, p95: t.p95, total: totalOf(t.body) };
}

function printTable(size: ScaleSize, results: Result[]): void {
  console.log(
    `\n${size.documents.toLocaleString('en')} documents, ${size.cases.toLocaleString('en')} cases (as ${CALLER}; ~ = estimated total)`,
  );
  console.log(
    `  ${'line'.padEnd(44)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)}  ${'total'.padEnd(14)} target p95 ≤ ${TARGET_MS} ms`,
  );
  for (const r of results) {
    console.log(
      `  ${r.line.name.padEnd(44)} ${fmt(r.p50).padStart(7)} ${fmt(r.p95).padStart(7)}  ${r.total.padEnd(14)} ${r.p95 <= TARGET_MS ? 'PASS' : 'FAIL'}`,
    );
  }
  console.log(
    `  ${'backend documents list'.padEnd(44)} ${'—'.padStart(7)} ${'—'.padStart(7)}  ${''.padEnd(14)} no such route (spec: backend prefix not shown)`,
  );
}

/**
 * How many documents a documents-search text line really matches for the caller (every match
 * counted, which no request does), to judge both designs' estimated totals; other lines: ''.
 */
async function exactDocumentsTotal(p: Platform, line: Line): Promise<string> {
  const url = new URL(line.path, 'http://bench');
  const text = url.searchParams.get('search');
  if (url.pathname !== '/api/v1/documents/search' || !text) return '';
  const status = url.searchParams.get('status');
  const count = await tenantDb(p.stack.db, p.stack.demoTenant).transaction(async (trx) => {
    const caller = (await loadActiveUserById(trx, user(CALLER)))!;
    const like = anyLike(DOCUMENT_TEXT_COLUMNS, await searchPattern(trx, text));
    const query = trx('documents as d').whereNull('d.deleted_at').andWhereRaw(like.sql, like.bindings);
    if (status) query.andWhere('d.status', status);
    const [row] = await whereAccessibleTo(query, trx, caller).count<{ n: string }[]>('* as n');
    return Number(row!.n);
  });
  return count.toLocaleString('en');
}

/** Each text line measured again with the plain design, beside the adaptive one (a ratio > 1: plain is slower). */
async function compareDesigns(p: Platform, results: Result[]): Promise<void> {
  const text = results.filter((r) => /\btext\b/.test(r.line.name));
  useTextSearchDesign('planner');
  const plain: Result[] = [];
  try {
    for (const r of text) plain.push(await measure(p, r.line));
  } finally {
    useTextSearchDesign('adaptive');
  }
  console.log(
    '\n  text lines, adaptive (as above) against the plain design (trigram index + keyset, count capped at 1,001)',
  );
  console.log(
    `  ${'line'.padEnd(44)} ${'adaptive p50/p95'.padStart(17)} ${'plain p50/p95'.padStart(15)} ${'p95 ×'.padStart(6)}  ${'totals adaptive | plain | all'.padEnd(34)} plain p95 ≤ ${TARGET_MS} ms`,
  );
  for (const [i, a] of text.entries()) {
    const b = plain[i]!;
    const totals = `${a.total} | ${b.total} | ${(await exactDocumentsTotal(p, a.line)) || '—'}`;
    console.log(
      `  ${a.line.name.padEnd(44)} ${`${fmt(a.p50)} / ${fmt(a.p95)}`.padStart(17)} ${`${fmt(b.p50)} / ${fmt(b.p95)}`.padStart(15)} ${fmt(b.p95 / a.p95, 2).padStart(6)}  ${totals.padEnd(34)} ${b.p95 <= TARGET_MS ? 'PASS' : 'FAIL'}`,
    );
  }
}

const p = await startPlatform();
let failed = false;
try {
  const { db, demoTenant } = p.stack;
  let loaded: ScaleSize = { documents: 0, cases: 0 };
  let slowestLine: Result | undefined;
  for (const size of SIZES) {
    const started = performance.now();
    await growScaleData(db, demoTenant, loaded, size, (l) => process.stdout.write(`  loaded ${l}\r`));
    loaded = size;
    // What autovacuum would have done by the time an archive this size is searched.
    await db.raw('vacuum analyze');
    console.log(
      `\nloaded ${size.documents.toLocaleString('en')} documents and ${size.cases.toLocaleString('en')} cases in ${fmt((performance.now() - started) / 1000, 0)} s`,
    );

    const sample = await tenantDb(db, demoTenant).transaction(async (trx) => ({
      caseId: (
        await trx('case_documents')
          .join('cases as c', 'c.id', 'case_documents.case_id')
          .where('c.owner_sector_id', demoId('sector', 'DOP'))
          .first('case_id')
      ).case_id as string,
      number: (
        (await trx('documents').whereNotNull('official_number').orderBy('created_at', 'desc').first('official_number'))
          .official_number as string
      ).split('-')[2]!,
      // "2024-0004": a year and the first digits of a sequence, from a number halfway down the signed ones.
      yearSequence: await (async () => {
        const [, year, sequence] = (
          (
            await trx('documents')
              .whereNotNull('official_number')
              .orderBy('created_at', 'desc')
              .offset(Math.floor(size.documents / 4))
              .first('official_number')
          ).official_number as string
        ).split('-');
        return `${year}-${sequence!.slice(0, 4)}`;
      })(),
    }));
    const results: Result[] = [];
    for (const line of lines(sample.caseId, sample.number, sample.yearSequence, await deepCursor(p)))
      results.push(await measure(p, line));
    printTable(size, results);
    await compareDesigns(p, results);
    failed ||= results.some((r) => r.p95 > TARGET_MS);
    slowestLine = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  }

  // The slowest statement of the slowest line, explained on the loaded database.
  const line = slowestLine!;
  const statement = await slowestStatement(db, async () => {
    await getLine(p, line.line, CALLER);
  });
  console.log(
    `\nslowest line at ${SIZES.at(-1)!.documents.toLocaleString('en')}: ${line.line.name} (p95 ${fmt(line.p95)} ms); its slowest statement (${fmt(statement.ms)} ms):`,
  );
  const plan = await tenantDb(db, demoTenant).transaction((trx) =>
    trx.raw(
      `explain (analyze, buffers) ${statement.sql.replace(/\$\d+/g, '?')}`,
      statement.bindings as Knex.RawBinding[],
    ),
  );
  console.log(plan.rows.map((r: Record<string, string>) => `  ${r['QUERY PLAN']}`).join('\n'));
  console.log(`\ntarget: p95 ≤ ${TARGET_MS} ms on every line → ${failed ? 'MISSED' : 'met'}`);
} finally {
  await p.stop();
}
process.exit(failed ? 1 : 0);
