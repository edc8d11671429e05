/**
 * Times the extractive summarizer on a document of `argv[2]` pages, in a process of its own (the
 * test stack's threads would count in this process's CPU time). Prints JSON: CPU and wall
 * milliseconds per summary.
 */
import { ExtractiveSummarizer } from '../../domain/summaries/index.js';
import { pagesOfText } from './pages.js';

const pages = Number(process.argv[2] ?? 10);
const runs = Number(process.argv[3] ?? 50);
const text = pagesOfText(pages);
const summarizer = new ExtractiveSummarizer();
// Warm-up: the stem cache and the JIT, as in a worker that has been running a while.
for (let i = 0; i < 30; i++) await summarizer.summarize({ kind: 'case', text });
const wall: number[] = [];
const cpu = process.cpuUsage();
for (let i = 0; i < runs; i++) {
  const t = process.hrtime.bigint();
  await summarizer.summarize({ kind: 'case', text });
  wall.push(Number(process.hrtime.bigint() - t) / 1e6);
}
const used = process.cpuUsage(cpu);
wall.sort((a, b) => a - b);
const q = (p: number) => wall[Math.min(wall.length - 1, Math.floor(p * wall.length))]!;
process.stdout.write(
  `${JSON.stringify({ pages, words: text.split(/\s+/).length, cpuMs: (used.user + used.system) / 1000 / runs, p50: q(0.5), p95: q(0.95) })}\n`,
);
