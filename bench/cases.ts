/**
 * `npm run bench:cases`: creating a case end to end over HTTP against the real stack, including
 * its CAEX cover rendered, PAdES-B-T signed (local TSA), numbered and linked.
 *
 *   sequential   p50/p99 of one creation
 *   concurrency  creations per second with 10 at once
 *
 * Target: p50 ≤ 400 ms. Exits 1 when missed.
 */
import { expect, startPlatform, template, type Platform } from './_platform.js';
import { fmt, runConcurrently, summarize } from './_stats.js';

async function createCase(p: Platform, i: number): Promise<void> {
  expect(await p.call('POST', '/api/v1/cases', i % 2 ? 'agente-mesa' : 'jefa-mesa', { case_template_id: template('HABCOM'), reference: `Habilitación comercial ${i}` }), 201);
}

const p = await startPlatform();
let failed = false;
try {
  for (let i = 0; i < 3; i++) await createCase(p, i);
  const latencies: number[] = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    await createCase(p, i);
    latencies.push(performance.now() - started);
  }
  const s = summarize(latencies);
  console.log(`create case with signed cover, sequential (30): p50 ${fmt(s.p50)} ms   p99 ${fmt(s.p99)} ms`);
  const total = 60;
  const seconds = await runConcurrently(total, 10, (i) => createCase(p, i));
  console.log(`concurrency 10: ${total} cases in ${fmt(seconds)} s = ${fmt(total / seconds, 2)} creations/s`);
  const target = 400;
  console.log(`target: p50 ≤ ${target} ms → ${s.p50 <= target ? 'met' : 'MISSED'}`);
  failed = s.p50 > target;
} finally {
  await p.stop();
}
process.exit(failed ? 1 : 0);
