/**
 * `npm run bench:cases`: creating a case end to end over HTTP against the real stack, including
 * its CAEX cover drawn, signed at the platform's level (B-LTA by default; local TSA and
 * revocation responders), numbered and linked; in both topologies of bench/_platform.ts.
 *
 *   sequential   p50/p99 of one creation
 *   concurrency  creations per second with 10 at once
 *
 * Targets (p50 on the 2-core machine, production topology), each printed with the figure measured
 * before the hot-path work: one creation ≤ 60 ms, ≥ 25 creations/s at concurrency 10. Exits 1
 * when one is missed.
 */
import { expect, startPlatform, template, type Platform, type Topology } from './_platform.js';
import { cpuPerOperation, cpuSnapshot, reportCpu } from './_cpu.js';
import { fmt, reportTargets, runConcurrently, summarize } from './_stats.js';

async function createCase(p: Platform, i: number): Promise<void> {
  expect(
    await p.call('POST', '/api/v1/cases', i % 2 ? 'agente-mesa' : 'jefa-mesa', {
      case_template_id: template('HABCOM'),
      reference: `Habilitación comercial ${i}`,
    }),
    201,
  );
}

async function measure(topology: Topology) {
  const p = await startPlatform(topology);
  try {
    for (let i = 0; i < 3; i++) await createCase(p, i);
    const latencies: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      await createCase(p, i);
      latencies.push(performance.now() - started);
    }
    const s = summarize(latencies);
    const total = 60;
    const cpuBefore = cpuSnapshot();
    const seconds = await runConcurrently(total, 10, (i) => createCase(p, i));
    const cpu = cpuPerOperation(cpuBefore, cpuSnapshot(), total, p.roles);
    console.log(
      `${topology}: create case with signed cover, sequential (30): p50 ${fmt(s.p50)} ms   p99 ${fmt(s.p99)} ms`,
    );
    console.log(`  concurrency 10: ${total} cases in ${fmt(seconds)} s = ${fmt(total / seconds, 2)} creations/s`);
    reportCpu('creation', cpu, 's');
    return { p50: s.p50, rate: total / seconds };
  } finally {
    await p.stop();
  }
}

await measure('in-process');
const m = await measure('processes');
// Before: the figures measured on this machine when the hot-path targets were set (PAdES-B-T then).
const targets = [
  { line: `creation p50 ≤ 60 ms: ${fmt(m.p50)} ms (before: 156 ms)`, met: m.p50 <= 60 },
  { line: `≥ 25 creations/s at concurrency 10: ${fmt(m.rate, 2)}/s (before: 9.9/s)`, met: m.rate >= 25 },
];
process.exit(reportTargets('targets (production topology)', targets) ? 0 : 1);
