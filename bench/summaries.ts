/**
 * `npm run bench:summaries`: the summaries' two costs.
 *
 *   extractive   time of the offline summarizer per document of 1, 10 and 50 pages (≈ 500 words
 *                a page, made of the test fixtures: a municipal ordinance and an inspection
 *                report), after a warm-up, in this process before the stack starts: p50/p95 wall
 *                and CPU per summary. Target: ≤ 5 ms for 10 pages.
 *   end to end   records created through integration REST one after another (200 ms apart), each
 *                polled every 25 ms until its `resume` appears: how long creation took to answer,
 *                and the delay from creation to resume (p50/p95) — the quiet period
 *                (SUMMARY_DEBOUNCE_MS) plus the workflow, the activity and the write.
 *
 * Exits 1 when the extractive target is missed.
 */
import { ExtractiveSummarizer } from '../domain/summaries/index.js';
import { pagesOfText } from '../test/summaries/pages.js';
import { expect, startPlatform } from './_platform.js';
import { fmt, percentile } from './_stats.js';

const TARGET_MS = 5;
const RUNS = Number(process.env.SUMMARIES_RUNS ?? 50);
const RECORDS = Number(process.env.SUMMARIES_RECORDS ?? 20);
const CALLER = 'agente-obras';

interface Timing {
  pages: number;
  words: number;
  p50: number;
  p95: number;
  cpu: number;
}

async function timeExtractive(pages: number): Promise<Timing> {
  const text = pagesOfText(pages);
  const summarizer = new ExtractiveSummarizer();
  for (let i = 0; i < 30; i++) await summarizer.summarize({ kind: 'case', text });
  const wall: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await summarizer.summarize({ kind: 'case', text });
    wall.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  wall.sort((a, b) => a - b);
  return {
    pages,
    words: text.split(/\s+/).length,
    p50: percentile(wall, 50),
    p95: percentile(wall, 95),
    cpu: (used.user + used.system) / 1000 / RUNS,
  };
}

const timings: Timing[] = [];
for (const pages of [1, 10, 50]) timings.push(await timeExtractive(pages));
console.log(`extractive summarizer (${RUNS} runs each after a warm-up)`);
console.log(`  ${'document'.padEnd(22)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'CPU ms'.padStart(7)}`);
for (const t of timings)
  console.log(
    `  ${`${t.pages} pages (${t.words} words)`.padEnd(22)} ${fmt(t.p50, 2).padStart(7)} ${fmt(t.p95, 2).padStart(7)} ${fmt(t.cpu, 2).padStart(7)}`,
  );
const ten = timings.find((t) => t.pages === 10)!;
const failed = ten.p50 > TARGET_MS;
console.log(`  target: 10 pages ≤ ${TARGET_MS} ms → ${failed ? 'MISSED' : 'met'}`);

const p = await startPlatform();
try {
  const debounceMs = p.stack.config.ai.debounceMs;
  const answered: number[] = [];
  const delays: number[] = [];
  const waits: Promise<void>[] = [];
  for (let i = 0; i < RECORDS; i++) {
    const started = performance.now();
    const created = expect(
      await p.call('POST', '/api/v1/records', CALLER, {
        registry_code: 'ARQ',
        display_name: `Arq. Banco de Pruebas ${i}`,
        data: {
          matricula: `MP-${9000 + i}`,
          titulo: {
            value: 'Arquitecto, Universidad Nacional de Córdoba',
            notes: 'Título verificado por el colegio profesional',
          },
        },
      }),
      200,
    ) as { id: string };
    answered.push(performance.now() - started);
    waits.push(
      (async () => {
        for (;;) {
          const detail = expect(await p.call('GET', `/api/v1/records/${created.id}`, CALLER), 200) as {
            resume: string | null;
          };
          if (detail.resume) break;
          if (performance.now() - started > debounceMs + 60_000) throw new Error(`no resume for record ${created.id}`);
          await new Promise((r) => setTimeout(r, 25));
        }
        delays.push(performance.now() - started);
      })(),
    );
    await new Promise((r) => setTimeout(r, 200));
  }
  await Promise.all(waits);
  answered.sort((a, b) => a - b);
  delays.sort((a, b) => a - b);
  console.log(
    `\nend to end on the stack (${RECORDS} records, quiet period SUMMARY_DEBOUNCE_MS = ${debounceMs} ms, extractive provider)`,
  );
  console.log(`  ${'line'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
  console.log(
    `  ${'creation answered (resume null)'.padEnd(40)} ${fmt(percentile(answered, 50)).padStart(8)} ${fmt(percentile(answered, 95)).padStart(8)}`,
  );
  console.log(
    `  ${'creation → resume'.padEnd(40)} ${fmt(percentile(delays, 50)).padStart(8)} ${fmt(percentile(delays, 95)).padStart(8)}`,
  );
  console.log(
    `  ${'  of which after the quiet period'.padEnd(40)} ${fmt(percentile(delays, 50) - debounceMs).padStart(8)} ${fmt(percentile(delays, 95) - debounceMs).padStart(8)}`,
  );
} finally {
  await p.stop();
}
process.exit(failed ? 1 : 0);
