/**
 * `npm run bench:processes`: the same signing and case-creation load with 1 and 2 worker
 * processes and 1 and 2 API processes (API_PROCESSES, node:cluster), all on one PostgreSQL,
 * Temporal and signing service. Prints throughput and p99 per configuration and checks that no
 * official or case number was issued twice.
 *
 * On this 2-core machine the processes compete for the same cores as PostgreSQL, Temporal,
 * Chromium and the signer, so the gain is bounded; the figures say how much.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort } from '../dev/ports.js';
import { waitForHttpOk } from '../dev/wait.js';
import { tenantDb } from '../db/tenancy.js';
import { startTestStack, type TestStack } from '../test/support/stack.js';
import { template, user } from './_platform.js';
import { fmt, runConcurrently, summarize } from './_stats.js';

const SIGNINGS = Number(process.env.BENCH_SIGNINGS ?? 40);
const CASES = Number(process.env.BENCH_CASES ?? 30);
const CONCURRENCY = 10;
const SIGNERS = ['directora-obras', 'jefa-mesa', 'intendente'];
const HTML = '<h1>Dictamen</h1><p>Se dictamina favorablemente sobre la obra de calle Güemes 123.</p>';

function spawnProcess(entry: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, stdio: 'ignore' });
}

async function startProcesses(stack: TestStack, workers: number, apis: number, taskQueue: string): Promise<{ apiUrl: string; children: ChildProcess[] }> {
  const common = {
    APP_ENV: 'test', DATABASE_URL: stack.databaseUrl, TEMPORAL_ADDRESS: stack.temporalAddress, TEMPORAL_TASK_QUEUE: taskQueue,
    DATA_DIR: stack.config.dataDir, SIGNER_URL: stack.signer.url, SIGNER_API_KEY: stack.config.signer.apiKey, OIDC_ISSUER: stack.idp.issuer,
  };
  const children: ChildProcess[] = [];
  for (let i = 0; i < workers; i++) {
    const [health, sdk] = [await freePort(), await freePort()];
    const child = spawnProcess('worker/main.ts', { ...common, WORKER_HEALTH_PORT: String(health), WORKER_SDK_METRICS_PORT: String(sdk) });
    children.push(child);
    await waitForHttpOk(`http://127.0.0.1:${health}/health`, 120_000, () => child.exitCode === null);
  }
  const port = await freePort();
  const api = spawnProcess('api/main.ts', { ...common, API_PORT: String(port), API_PUBLIC_URL: `http://127.0.0.1:${port}`, API_PROCESSES: String(apis) });
  children.push(api);
  const apiUrl = `http://127.0.0.1:${port}`;
  await waitForHttpOk(`${apiUrl}/health`, 120_000, () => api.exitCode === null);
  return { apiUrl, children };
}

async function stopAll(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map((c) => new Promise((resolve) => {
      if (c.exitCode !== null) return resolve(undefined);
      c.once('exit', resolve);
      c.kill('SIGTERM');
    })),
  );
}

function caller(stack: TestStack, apiUrl: string) {
  return async (method: string, path: string, userKey: string, json?: unknown, expected = 200): Promise<any> => {
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: { 'X-API-Key': stack.demoApiKey, 'X-User-ID': user(userKey), ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    });
    const text = await res.text();
    if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : undefined;
  };
}

interface Row {
  workers: number;
  apis: number;
  signingsPerMin: number;
  signP99: number;
  casesPerSec: number;
  caseP99: number;
  duplicates: number;
}

async function measure(stack: TestStack, workers: number, apis: number): Promise<Row> {
  const taskQueue = `bench-processes-${randomBytes(3).toString('hex')}`;
  const { apiUrl, children } = await startProcesses(stack, workers, apis, taskQueue);
  const call = caller(stack, apiUrl);
  const signLatencies: number[] = [];
  const caseLatencies: number[] = [];
  const documentIds: string[] = [];
  const caseIds: string[] = [];
  try {
    const signing = async (i: number) => {
      const { document_id: id } = await call('POST', '/api/v1/documents', 'agente-obras', { document_type_acronym: 'DICT', reference: `Dictamen ${i}` }, 201);
      await call('PATCH', `/api/v1/documents/${id}`, 'agente-obras', { content: HTML, signers: SIGNERS.map(user) });
      await call('POST', `/api/v1/documents/${id}/start-signing`, 'agente-obras');
      for (const signer of SIGNERS) {
        const started = performance.now();
        await call('POST', `/api/v1/documents/${id}/sign`, signer);
        signLatencies.push(performance.now() - started);
      }
      documentIds.push(id);
    };
    const creation = async (i: number) => {
      const started = performance.now();
      const body = await call('POST', '/api/v1/cases', i % 2 ? 'agente-mesa' : 'jefa-mesa', { case_template_id: template('HABCOM'), reference: `Habilitación ${i}` }, 201);
      caseLatencies.push(performance.now() - started);
      caseIds.push(body.case_id);
    };
    await signing(-1);
    await creation(-1);
    signLatencies.length = caseLatencies.length = 0;
    const signSeconds = await runConcurrently(SIGNINGS, CONCURRENCY, signing);
    const caseSeconds = await runConcurrently(CASES, CONCURRENCY, creation);
    const duplicates = await tenantDb(stack.db, stack.demoTenant).transaction(async (trx) => {
      const numbers = await trx('documents').whereIn('id', documentIds).pluck('official_number');
      const caseNumbers = await trx('cases').whereIn('id', caseIds).pluck('case_number');
      return numbers.length - new Set(numbers).size + caseNumbers.length - new Set(caseNumbers).size + (numbers.includes(null) ? 1 : 0);
    });
    return {
      workers, apis,
      signingsPerMin: (SIGNINGS / signSeconds) * 60,
      signP99: summarize(signLatencies).p99,
      casesPerSec: CASES / caseSeconds,
      caseP99: summarize(caseLatencies).p99,
      duplicates,
    };
  } finally {
    await stopAll(children);
  }
}

const stack = await startTestStack();
const rows: Row[] = [];
try {
  for (const [workers, apis] of [[1, 1], [2, 1], [1, 2], [2, 2]]) {
    const row = await measure(stack, workers, apis);
    rows.push(row);
    console.log(
      `workers ${workers}, API processes ${apis}: ${fmt(row.signingsPerMin)} 3-signer signings/min (sign p99 ${fmt(row.signP99)} ms), ` +
        `${fmt(row.casesPerSec, 2)} cases/s (p99 ${fmt(row.caseP99)} ms), duplicate numbers ${row.duplicates}`,
    );
  }
  const base = rows[0];
  for (const row of rows.slice(1)) {
    console.log(`  vs 1+1: workers ${row.workers} + API ${row.apis}: signings ×${fmt(row.signingsPerMin / base.signingsPerMin, 2)}, cases ×${fmt(row.casesPerSec / base.casesPerSec, 2)}`);
  }
} finally {
  await stack.stop();
}
process.exit(rows.some((r) => r.duplicates > 0) ? 1 : 0);
