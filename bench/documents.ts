/**
 * `npm run bench:documents`: a document with two common signers and a numerator, end to end over
 * HTTP against the real stack (API → Temporal → worker → signing service with PAdES-B-T and the
 * local TSA → Postgres and the file store).
 *
 *   sequential   p50/p99 of one sign update (each a PAdES signature) and of the whole document
 *   concurrency  complete signings (create → save → start → 3 signatures) per minute with 10 at once
 *
 * Target: p50 of one sign update ≤ 250 ms. Exits 1 when missed.
 */
import { expect, startPlatform, user, type Platform } from './_platform.js';
import { fmt, runConcurrently, summarize } from './_stats.js';

const CONTENT = '<h1>Informe técnico</h1><p>Se deja constancia de la inspección realizada en la obra de la calle Güemes.</p><ul><li>Planos aprobados</li><li>Seguro vigente</li></ul>';
const SIGNERS = ['directora-obras', 'jefa-mesa', 'intendente'];

async function signOne(p: Platform, signLatencies?: number[]): Promise<void> {
  const created = expect(await p.call('POST', '/api/v1/documents', 'agente-obras', { document_type_acronym: 'INF', reference: 'Informe de inspección' }), 201);
  const id = created.document_id as string;
  expect(await p.call('PATCH', `/api/v1/documents/${id}`, 'agente-obras', { content: CONTENT, signers: SIGNERS.map(user) }), 200);
  expect(await p.call('POST', `/api/v1/documents/${id}/start-signing`, 'agente-obras'), 200);
  for (const signer of SIGNERS) {
    const started = performance.now();
    expect(await p.call('POST', `/api/v1/documents/${id}/sign`, signer), 200);
    signLatencies?.push(performance.now() - started);
  }
}

const p = await startPlatform();
let failed = false;
try {
  for (let i = 0; i < 3; i++) await signOne(p); // warm-up: Chromium, workflow bundle, caches

  const signs: number[] = [];
  const totals: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await signOne(p, signs);
    totals.push(performance.now() - started);
  }
  const s = summarize(signs);
  const t = summarize(totals);
  console.log('document with 2 common signers + numerator, sequential (20 documents, 60 signatures):');
  console.log(`  one sign update   p50 ${fmt(s.p50)} ms   p99 ${fmt(s.p99)} ms`);
  console.log(`  whole document    p50 ${fmt(t.p50)} ms   p99 ${fmt(t.p99)} ms   (create, save, start with render, 3 signatures)`);

  const documents = 40;
  const seconds = await runConcurrently(documents, 10, () => signOne(p));
  console.log(`concurrency 10: ${documents} complete signings in ${fmt(seconds)} s = ${fmt((documents / seconds) * 60, 0)} per minute`);

  const target = 250;
  console.log(`target: one sign update p50 ≤ ${target} ms → ${s.p50 <= target ? 'met' : 'MISSED'}`);
  failed = s.p50 > target;
} finally {
  await p.stop();
}
process.exit(failed ? 1 : 0);
