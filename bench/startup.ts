/**
 * `npm run bench:startup`: how fast each process starts and how much memory it holds idle, as
 * production runs it (compiled JavaScript from `npm run build`, the worker on its prebuilt
 * workflow bundle) and, for reference, as `npm start` runs it in development (TypeScript through
 * tsx). Each process is spawned on the benchmark stack's PostgreSQL and Temporal; the time is from
 * spawn to its first healthy `/health`, RSS is read from /proc 2 s later.
 *
 * Targets (compiled): start ≤ 1 s each; the signing service ≤ 120 MB RSS idle. Exits 1 when missed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../dev/ports.js';
import { waitForHttpOk } from '../dev/wait.js';
import { startTestStack, type TestStack } from '../test/support/stack.js';
import { nodeFlags } from './_signer-services.js';
import { fmt, summarize } from './_stats.js';

const RUNS = Number(process.env.STARTUP_RUNS ?? 5);
const START_TARGET_MS = 1000;
const SIGNER_RSS_TARGET_MB = 120;

interface ProcessSpec {
  name: string;
  entry: string;
  /** Environment for one start: its ports, and the URL whose 200 means it is up. */
  env(stack: TestStack): Promise<{ env: Record<string, string>; health: string }>;
}

const PROCESSES: ProcessSpec[] = [
  {
    name: 'API',
    entry: 'api/main',
    async env(stack) {
      const port = await freePort();
      return {
        env: { ...platformEnv(stack), API_PORT: String(port), API_PUBLIC_URL: `http://127.0.0.1:${port}` },
        health: `http://127.0.0.1:${port}/health`,
      };
    },
  },
  {
    name: 'worker',
    entry: 'worker/main',
    async env(stack) {
      const [health, sdk] = [await freePort(), await freePort()];
      return {
        env: {
          ...platformEnv(stack),
          WORKER_HEALTH_PORT: String(health),
          WORKER_SDK_METRICS_PORT: String(sdk),
          TEMPORAL_TASK_QUEUE: `startup-${health}`,
        },
        health: `http://127.0.0.1:${health}/health`,
      };
    },
  },
  {
    name: 'signing service',
    entry: 'signer/main',
    async env(stack) {
      const port = await freePort();
      return {
        env: {
          ENVIRONMENT: 'test',
          SIGNER_PORT: String(port),
          API_KEY: 'startup-bench',
          CERTS_DIR: stack.pki.certsDir,
          TSA_URL: 'http://127.0.0.1:9',
          DATA_DIR: stack.config.dataDir,
        },
        health: `http://127.0.0.1:${port}/health`,
      };
    },
  },
  {
    name: 'time-stamping authority (dev)',
    entry: 'signer/tsa/main',
    async env(stack) {
      const port = await freePort();
      return {
        env: { TSA_PORT: String(port), TSA_PKI_DIR: path.dirname(stack.pki.certsDir) },
        health: `http://127.0.0.1:${port}/health`,
      };
    },
  },
];

function platformEnv(stack: TestStack): Record<string, string> {
  return {
    APP_ENV: 'test',
    DATABASE_URL: stack.databaseUrl,
    TEMPORAL_ADDRESS: stack.temporalAddress,
    DATA_DIR: stack.config.dataDir,
    SIGNER_URL: stack.signer.url,
    SIGNER_API_KEY: stack.config.signer.apiKey,
    OIDC_ISSUER: stack.idp.issuer,
  };
}

type Mode = 'compiled' | 'tsx';

function command(mode: Mode, entry: string): string[] {
  return [
    ...nodeFlags(entry),
    ...(mode === 'compiled' ? [path.join('dist', `${entry}.js`)] : ['--import', 'tsx', `${entry}.ts`]),
  ];
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

async function startOnce(stack: TestStack, spec: ProcessSpec, mode: Mode): Promise<{ ms: number; rss: number }> {
  const { env, health } = await spec.env(stack);
  const started = performance.now();
  const child = spawn(process.execPath, command(mode, spec.entry), {
    env: { ...process.env, ...env, HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    await waitForHttpOk(health, 60_000, () => child.exitCode === null, 10);
    const ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, 2000));
    return { ms, rss: rssMb(child.pid!) };
  } finally {
    await stop(child);
  }
}

const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('npm run build failed');

const stack = await startTestStack();
let failed = false;
try {
  console.log(`\nprocess start to first healthy /health, median of ${RUNS} starts; RSS 2 s after (MB)`);
  console.log(
    `  ${'process'.padEnd(32)}${'compiled ms'.padStart(12)}${'RSS'.padStart(7)}${'tsx ms'.padStart(9)}${'RSS'.padStart(7)}   target`,
  );
  for (const spec of PROCESSES) {
    const figures: Record<Mode, { ms: number[]; rss: number[] }> = {
      compiled: { ms: [], rss: [] },
      tsx: { ms: [], rss: [] },
    };
    for (const mode of ['compiled', 'tsx'] as const) {
      await startOnce(stack, spec, mode); // warm-up: file cache
      for (let i = 0; i < RUNS; i++) {
        const { ms, rss } = await startOnce(stack, spec, mode);
        figures[mode].ms.push(ms);
        figures[mode].rss.push(rss);
      }
    }
    const c = { ms: summarize(figures.compiled.ms).p50, rss: summarize(figures.compiled.rss).p50 };
    const t = { ms: summarize(figures.tsx.ms).p50, rss: summarize(figures.tsx.rss).p50 };
    const rssTarget = spec.entry === 'signer/main' ? SIGNER_RSS_TARGET_MB : Infinity;
    const met = c.ms <= START_TARGET_MS && c.rss <= rssTarget;
    if (!met) failed = true;
    const target = `start ≤ ${START_TARGET_MS} ms${rssTarget < Infinity ? `, RSS ≤ ${rssTarget} MB` : ''} → ${met ? 'PASS' : 'MISSED'}`;
    console.log(
      `  ${spec.name.padEnd(32)}${fmt(c.ms, 0).padStart(12)}${fmt(c.rss, 0).padStart(7)}${fmt(t.ms, 0).padStart(9)}${fmt(t.rss, 0).padStart(7)}   ${target}`,
    );
  }
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
