/**
 * `npm run bench:processes`: the same signing and case-creation load with 1 and 2 worker
 * processes and 1 and 2 API processes (API_PROCESSES, node:cluster), all on one PostgreSQL,
 * Temporal and signing service. Prints throughput and p99 per configuration and checks that no
 * official or case number was issued twice.
 *
 * On this 2-core machine the processes compete for the same cores as PostgreSQL, Temporal,
 * Chromium and the signer, so the gain is bounded; the figures say how much.
 */
import { tenantDb } from '../db/tenancy.js';
import { startTestStack, type TestStack } from '../test/support/stack.js';
import { startPlatformProcesses, stopProcesses, template, user } from './_platform.js';
import { fmt, runConcurrently, summarize } from './_stats.js';

const SIGNINGS = Number(process.env.BENCH_SIGNINGS ?? 40);
const CASES = Number(process.env.BENCH_CASES ?? 30);
const CONCURRENCY = 10;
const SIGNERS = ['directora-obras', 'jefa-mesa', 'intendente'];
const HTML = '<h1>Dictamen</h1><p>Se dictamina favorablemente sobre la obra de calle Güemes 123.</p>';

function caller(stack: TestStack, apiUrl: string) {
  return async (method: string, path: string, userKey: string, json?: unknown, expected = 200): Promise<any> => {
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        'X-API-Key': stack.demoApiKey,
        'X-User-ID': user(userKey),
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
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
  // Through tsx, as `npm start` runs them (the figures in the README were taken so).
  const { apiUrl, children } = await startPlatformProcesses(stack, { workers, apis, compiled: false });
  const call = caller(stack, apiUrl);
  const signLatencies: number[] = [];
  const caseLatencies: number[] = [];
  const documentIds: string[] = [];
  const caseIds: string[] = [];
  try {
    const signing = async (i: number) => {
      const { document_id: id } = await call(
        'POST',
        '/api/v1/documents',
        'agente-obras',
        { document_type_acronym: 'DICT', reference: `Dictamen ${i}` },
        201,
      );
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
      const body = await call(
        'POST',
        '/api/v1/cases',
        i % 2 ? 'agente-mesa' : 'jefa-mesa',
        { case_template_id: template('HABCOM'), reference: `Habilitación ${i}` },
        201,
      );
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
      return (
        numbers.length -
        new Set(numbers).size +
        caseNumbers.length -
        new Set(caseNumbers).size +
        (numbers.includes(null) ? 1 : 0)
      );
    });
    return {
      workers,
      apis,
      signingsPerMin: (SIGNINGS / signSeconds) * 60,
      signP99: summarize(signLatencies).p99,
      casesPerSec: CASES / caseSeconds,
      caseP99: summarize(caseLatencies).p99,
      duplicates,
    };
  } finally {
    await stopProcesses(children);
  }
}

const stack = await startTestStack();
const rows: Row[] = [];
try {
  for (const [workers, apis] of [
    [1, 1],
    [2, 1],
    [1, 2],
    [2, 2],
  ]) {
    const row = await measure(stack, workers, apis);
    rows.push(row);
    console.log(
      `workers ${workers}, API processes ${apis}: ${fmt(row.signingsPerMin)} 3-signer signings/min (sign p99 ${fmt(row.signP99)} ms), ` +
        `${fmt(row.casesPerSec, 2)} cases/s (p99 ${fmt(row.caseP99)} ms), duplicate numbers ${row.duplicates}`,
    );
  }
  const base = rows[0];
  for (const row of rows.slice(1)) {
    console.log(
      `  vs 1+1: workers ${row.workers} + API ${row.apis}: signings ×${fmt(row.signingsPerMin / base.signingsPerMin, 2)}, cases ×${fmt(row.casesPerSec / base.casesPerSec, 2)}`,
    );
  }
} finally {
  await stack.stop();
}
process.exit(rows.some((r) => r.duplicates > 0) ? 1 : 0);
