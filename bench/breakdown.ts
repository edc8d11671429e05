/**
 * `npm run bench:breakdown`: where the milliseconds of one sign update and one case creation go,
 * on the real stack (the figures behind docs/performance.md).
 *
 * For each operation, after a warm-up, it takes the median of several runs of:
 *   - the HTTP round trip as an integration caller sees it;
 *   - the SQL statements the API and the worker sent (count and time, grouped by statement);
 *   - the workflow's history: each workflow task (scheduled → started → completed) and each
 *     activity (scheduled → started → completed), from the Temporal server's own timestamps;
 *   - the signing service's answer time (its Server-Timing header when it gives one, else the
 *     client's view of the request), on a minimal page and on the document as rendered;
 *   - Temporal alone: the same update shape with nothing in it, a local activity or an activity
 *     that only waits (bench/_floor-workflows.ts), the floor under the sign update's figure.
 */
import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { Knex } from 'knex';
import { expect, startPlatform, template, user, type Platform } from './_platform.js';
import { fmt } from './_stats.js';
import { signPdf } from '../activities/signing-service.js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { FLOOR_ACTIVITY_MS, floorDone, floorStep, type FloorStep } from './_floor-workflows.js';

const CONTENT = '<h1>Informe técnico</h1><p>Se deja constancia de la inspección realizada.</p>';
const SIGNERS = ['directora-obras', 'jefa-mesa', 'intendente'];
const RUNS = 15;

interface Sample {
  total: number;
  queries: Map<string, { n: number; ms: number }>;
  events: Map<string, number>;
}

/** Records every statement the shared knex instance runs (API and worker run in this process). */
function sqlRecorder(db: Knex) {
  const started = new Map<string, { sql: string; at: number }>();
  let current: Map<string, { n: number; ms: number }> | undefined;
  db.on('query', (q: { __knexQueryUid: string; sql: string }) =>
    started.set(q.__knexQueryUid, { sql: q.sql, at: performance.now() }),
  );
  const done = (_r: unknown, q: { __knexQueryUid: string }) => {
    const s = started.get(q.__knexQueryUid);
    started.delete(q.__knexQueryUid);
    if (!s || !current) return;
    const key = normalize(s.sql);
    const entry = current.get(key) ?? { n: 0, ms: 0 };
    entry.n += 1;
    entry.ms += performance.now() - s.at;
    current.set(key, entry);
  };
  db.on('query-response', done);
  db.on('query-error', (err: unknown, q: { __knexQueryUid: string }) => done(err, q));
  return {
    start() {
      current = new Map();
    },
    stop() {
      const c = current!;
      current = undefined;
      return c;
    },
  };
}

function normalize(sql: string): string {
  return sql
    .replace(/\s+/g, ' ')
    .replace(/\$\d+/g, '?')
    .replace(/in \([?, ]+\)/gi, 'in (…)')
    .slice(0, 110);
}

/** Durations between the history events of the given workflow after `since` (server clock). */
async function historyPhases(
  p: Platform,
  workflowId: string,
  sinceEventId: number,
): Promise<{ phases: Map<string, number>; lastEventId: number }> {
  const handle = p.stack.client.workflow.getHandle(workflowId);
  const history = await handle.fetchHistory();
  const phases = new Map<string, number>();
  const at = (e: any) => Number(e.eventTime.seconds) * 1000 + e.eventTime.nanos / 1e6;
  const events = history.events!.filter((e) => Number(e.eventId) > sinceEventId);
  const byId = new Map<number, any>();
  for (const e of history.events!) byId.set(Number(e.eventId), e);
  let wft = 0;
  let act = 0;
  for (const e of events) {
    if (e.workflowTaskCompletedEventAttributes) {
      const a = e.workflowTaskCompletedEventAttributes;
      const scheduled = byId.get(Number(a.scheduledEventId));
      const started = byId.get(Number(a.startedEventId));
      wft += 1;
      phases.set(`workflow task ${wft}: queued (scheduled → started)`, at(started) - at(scheduled));
      phases.set(`workflow task ${wft}: worker (started → completed)`, at(e) - at(started));
    } else if (e.activityTaskCompletedEventAttributes) {
      const a = e.activityTaskCompletedEventAttributes;
      const scheduled = byId.get(Number(a.scheduledEventId));
      const started = byId.get(Number(a.startedEventId));
      act += 1;
      const name = scheduled.activityTaskScheduledEventAttributes.activityType.name;
      phases.set(`activity ${act} ${name}: queued`, at(started) - at(scheduled));
      phases.set(`activity ${act} ${name}: run`, at(e) - at(started));
    }
  }
  return { phases, lastEventId: Number(history.events!.at(-1)!.eventId) };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function report(title: string, samples: Sample[]): void {
  console.log(`\n${title} (median of ${samples.length})`);
  console.log(
    `  HTTP round trip                                  ${fmt(median(samples.map((s) => s.total))).padStart(7)} ms`,
  );
  const keys = new Set(samples.flatMap((s) => [...s.events.keys()]));
  for (const k of keys)
    console.log(`  ${k.padEnd(48)} ${fmt(median(samples.map((s) => s.events.get(k) ?? 0))).padStart(7)} ms`);
  const sql = new Map<string, { n: number[]; ms: number[] }>();
  for (const s of samples)
    for (const [k, v] of s.queries) {
      const e = sql.get(k) ?? { n: [], ms: [] };
      e.n.push(v.n);
      e.ms.push(v.ms);
      sql.set(k, e);
    }
  const totalN = median(samples.map((s) => [...s.queries.values()].reduce((a, v) => a + v.n, 0)));
  const totalMs = median(samples.map((s) => [...s.queries.values()].reduce((a, v) => a + v.ms, 0)));
  console.log(`  SQL: ${totalN} statements, ${fmt(totalMs)} ms summed (they overlap with the phases above)`);
  const rows = [...sql.entries()].map(([k, v]) => ({
    k,
    n: v.n.reduce((a, b) => a + b, 0) / samples.length,
    ms: v.ms.reduce((a, b) => a + b, 0) / samples.length,
  }));
  for (const r of rows.sort((a, b) => b.ms - a.ms).slice(0, 25))
    console.log(`    ${fmt(r.n).padStart(5)} × ${fmt(r.ms, 2).padStart(6)} ms  ${r.k}`);
}

async function prepared(p: Platform): Promise<string> {
  const created = expect(
    await p.call('POST', '/api/v1/documents', 'agente-obras', { document_type_acronym: 'INF', reference: 'Informe' }),
    201,
  );
  const id = created.document_id as string;
  expect(
    await p.call('PATCH', `/api/v1/documents/${id}`, 'agente-obras', { content: CONTENT, signers: SIGNERS.map(user) }),
    200,
  );
  expect(await p.call('POST', `/api/v1/documents/${id}/start-signing`, 'agente-obras'), 200);
  return id;
}

/**
 * What Temporal itself costs an update on this stack: the sign update's shape (an update whose
 * handler awaits one activity) around an activity that only waits, next to an update that awaits
 * nothing and one that awaits a local activity, on a workflow and worker of their own.
 */
async function temporalFloor(p: Platform): Promise<void> {
  const connection = await NativeConnection.connect({ address: p.stack.temporalAddress });
  const taskQueue = `floor-${Date.now()}`;
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowsPath: fileURLToPath(new URL('./_floor-workflows.ts', import.meta.url)),
    activities: { wait: () => new Promise<void>((resolve) => setTimeout(resolve, FLOOR_ACTIVITY_MS)) },
  });
  const running = worker.run();
  try {
    const handle = await p.stack.client.workflow.start('floorWorkflow', { taskQueue, workflowId: taskQueue });
    let since = 0;
    for (const step of ['no activity', 'one local activity', 'one activity'] satisfies FloorStep[]) {
      const samples: Sample[] = [];
      for (let i = 0; i < 40; i++) {
        const t0 = performance.now();
        await handle.executeUpdate(floorStep, { args: [step] });
        const total = performance.now() - t0;
        const h = await historyPhases(p, taskQueue, since);
        since = h.lastEventId;
        if (i >= 10) samples.push({ total, queries: new Map(), events: h.phases });
      }
      const waited = step === 'no activity' ? 0 : FLOOR_ACTIVITY_MS;
      console.log(
        `\nTemporal alone: an update awaiting ${step}${waited ? ` that only waits ${waited} ms` : ''} (median of ${samples.length})`,
      );
      console.log(
        `  round trip ${fmt(median(samples.map((x) => x.total))).padStart(6)} ms; Temporal's share ${fmt(median(samples.map((x) => x.total)) - waited)} ms`,
      );
      for (const k of new Set(samples.flatMap((x) => [...x.events.keys()]))) {
        console.log(`  ${k.padEnd(48)} ${fmt(median(samples.map((x) => x.events.get(k) ?? 0))).padStart(7)} ms`);
      }
    }
    await handle.executeUpdate(floorDone);
  } finally {
    worker.shutdown();
    await running;
    await connection.close();
  }
}

const p = await startPlatform();
try {
  const sql = sqlRecorder(p.stack.db);
  const tenant = p.stack.demoTenant.schema;
  for (let i = 0; i < 3; i++) {
    const id = await prepared(p);
    for (const s of SIGNERS) expect(await p.call('POST', `/api/v1/documents/${id}/sign`, s), 200);
  }
  const first: Sample[] = [];
  const last: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    const id = await prepared(p);
    const workflowId = `document-signing/${tenant}/${id}`;
    let since = (await historyPhases(p, workflowId, 0)).lastEventId;
    for (const [n, s] of SIGNERS.entries()) {
      sql.start();
      const t0 = performance.now();
      expect(await p.call('POST', `/api/v1/documents/${id}/sign`, s), 200);
      const total = performance.now() - t0;
      const queries = sql.stop();
      const h = await historyPhases(p, workflowId, since);
      since = h.lastEventId;
      if (n === 0) first.push({ total, queries, events: h.phases });
      if (n === SIGNERS.length - 1) last.push({ total, queries, events: h.phases });
    }
  }
  // The PDF the first signer of a document signs, as the platform rendered it.
  const renderedId = await prepared(p);
  const rendered = await p.stack.db
    .withSchema(tenant)
    .table('document_files')
    .where({ document_id: renderedId })
    .orderBy('revision', 'desc')
    .first<{ storage_key: string }>('storage_key');
  const renderedPdf = (await p.stack.services.storage.get(rendered!.storage_key))!;
  report('sign update of a common signer (B-LT signature)', first);
  report('sign update of the numerator (number, stamp, B-LTA signature, officialization)', last);

  const cases: Sample[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    sql.start();
    const t0 = performance.now();
    const body = expect(
      await p.call('POST', '/api/v1/cases', 'jefa-mesa', {
        case_template_id: template('HABCOM'),
        reference: `Habilitación ${i}`,
      }),
      201,
    );
    const total = performance.now() - t0;
    const queries = sql.stop();
    const workflows = await p.stack.client.workflow.list({
      query: `WorkflowType = 'caseCreationWorkflow' AND CaseNumber = '${body.case_number}'`,
    });
    let events = new Map<string, number>();
    for await (const w of workflows) events = (await historyPhases(p, w.workflowId, 0)).phases;
    if (i >= 3) cases.push({ total, queries, events });
  }
  report('case creation with its signed cover', cases);

  // The signing service alone, as the signing activity calls it, on a one-page document.
  const page = await PDFDocument.create();
  const font = await page.embedFont(StandardFonts.Helvetica);
  const sheet = page.addPage([612, 792]);
  sheet.drawText('Informe tecnico', { font, x: 72, y: 720 });
  sheet.drawText('##FIN_TEXTO##', { font, x: 72, y: 690, size: 1 }); // where the document text ends
  const pdf = Buffer.from(await page.save());
  const signerConfig = p.stack.config.signer;
  const signer = { name: 'Ana Pérez', seal: 'Directora', department: 'Obras', entity: 'Municipalidad' };
  for (const [title, input] of [
    ['a minimal page', pdf],
    [`the document as rendered (${fmt(renderedPdf.length / 1024)} KB)`, renderedPdf],
  ] as const) {
    console.log(`\nsigning service alone, ${title} (median of 15)`);
    for (const level of ['B-T', 'B-LT', 'B-LTA'] as const) {
      const times: number[] = [];
      for (let i = 0; i < 18; i++) {
        const t0 = performance.now();
        await signPdf(signerConfig, { pdf: input, fileName: 'a.pdf', tenantId: tenant, signer, padesLevel: level });
        if (i >= 3) times.push(performance.now() - t0);
      }
      console.log(`  ${level.padEnd(6)} ${fmt(median(times)).padStart(7)} ms`);
    }
  }
  await temporalFloor(p);
} finally {
  await p.stop();
}
process.exit(0);
