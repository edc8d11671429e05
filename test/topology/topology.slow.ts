/**
 * The topology suite (`npm run test:topology`): the platform as a province would deploy it (see
 * support/deployment.ts: a real Temporal server on PostgreSQL, MinIO, two of every process) under
 * load while, one after the other, a worker, an API process and a signing service are killed with
 * SIGKILL (and started again, as a supervisor would), the Temporal server restarts and PostgreSQL
 * restarts. Then every document and case is checked in the database and in S3: nothing lost, no
 * number or signature twice, and every answer a client saw was its answer, a 202 it could follow,
 * the documented 503 while a dependency was down, or a 502 from the balancer for a request whose
 * API process died under it (which the client retried).
 *
 * Sizes: TOPOLOGY_SIGNINGS (default 100 three-signer rounds) and TOPOLOGY_CASES (30).
 */
import assert from 'node:assert/strict';
import {
  assertNothingLost,
  checkCases,
  checkDocuments,
  createOneCase,
  printTable,
  runMany,
  signOneDocument,
  type Outcome,
} from '../faults/support/load.js';
import { request, asIntegration } from '../support/http.js';
import { startDeployment, type Deployment, type NodeService } from './support/deployment.js';

const SIGNINGS = Number(process.env.TOPOLOGY_SIGNINGS ?? 100);
const CASES = Number(process.env.TOPOLOGY_CASES ?? 30);
const CONCURRENCY = 10;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface FaultRow {
  fault: string;
  atS: number;
  downMs: number;
  backMs: number;
}

describe('topology: a production-shaped deployment under faults', function () {
  this.timeout(1_800_000);
  let deployment: Deployment;
  const outcomes: Outcome[] = [];
  const faults: FaultRow[] = [];

  before(async function () {
    this.timeout(1_200_000);
    const started = Date.now();
    deployment = await startDeployment((line) => console.log(`      ${line}`));
    console.log(
      `      deployment up in ${Math.round((Date.now() - started) / 1000)} s: Temporal server ${deployment.temporal.address}, ` +
        `${deployment.apis.length} APIs, ${deployment.workers.length} workers, ${deployment.signers.length} signing services`,
    );
  });
  after(async () => {
    if (faults.length) {
      const lines = [
        ['fault', 'at', 'down', 'back in'],
        ...faults.map((f) => [f.fault, `${f.atS} s`, `${f.downMs} ms`, `${f.backMs} ms`]),
      ];
      const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
      for (const line of lines) process.stdout.write(`      ${line.map((c, i) => c.padEnd(widths[i]!)).join('  ')}\n`);
    }
    if (outcomes.length) printTable(outcomes);
    await deployment?.close();
  });

  it('serves through both API processes on the real Temporal server', async () => {
    for (const api of deployment.apis) {
      const res = await request('/api/v1/documents/search', { headers: asIntegration(), baseUrl: api.url });
      assert.equal(res.status, 200, `${api.name}: ${res.text.slice(0, 200)}`);
    }
    const health = await request('/health', { baseUrl: deployment.apis[0]!.url });
    assert.equal(health.status, 200, health.text);
  });

  it(`${SIGNINGS} three-signer rounds and ${CASES} cases while processes are killed and Temporal and PostgreSQL restart`, async () => {
    const base = deployment.balancer.url;
    let finished = false;
    const loadStarted = Date.now();
    const load = Promise.all([
      runMany(SIGNINGS, CONCURRENCY, (n) => signOneDocument(base, n)),
      runMany(CASES, Math.ceil(CONCURRENCY / 2), (n) => createOneCase(base, n)),
    ]).finally(() => (finished = true));

    const at = () => Math.round((Date.now() - loadStarted) / 1000);
    /** Takes one component down with `down`, waits, brings it back with `up`, and records it. */
    const fault = async (name: string, down: () => Promise<void>, up: () => Promise<void>) => {
      await pause(5_000);
      assert.ok(!finished, `the load finished before "${name}"`);
      const atS = at();
      console.log(`      ${new Date().toISOString()} ${name}`);
      const t0 = Date.now();
      await down();
      await pause(3_000);
      const t1 = Date.now();
      await up();
      faults.push({ fault: name, atS, downMs: Date.now() - t0, backMs: Date.now() - t1 });
    };
    const killed = (service: NodeService) => [() => service.kill(), () => service.start()] as const;

    const injected = (async () => {
      await fault('worker-1 SIGKILL', ...killed(deployment.workers[0]!));
      await fault('api-1 SIGKILL', ...killed(deployment.apis[0]!));
      await fault('signer-1 SIGKILL', ...killed(deployment.signers[0]!));
      await fault(
        'Temporal server restart',
        () => deployment.temporal.stop(),
        () => deployment.temporal.start(),
      );
      await fault(
        'PostgreSQL restart',
        () => deployment.postgres.stop(),
        () => deployment.postgres.start(),
      );
    })();
    await Promise.all([load, injected]);
    const [docs, created] = await load;
    const loadS = at();

    const rows = [
      await checkDocuments(deployment.db, 'topology, all faults', SIGNINGS, docs.ids, deployment.storage),
      await checkCases(deployment.db, 'topology, all faults', CASES, created.ids),
    ];
    outcomes.push(...rows);
    // Both copies of the signing service signed (each counts since its last start).
    const signedBy = await Promise.all(
      deployment.signers.map(async (signer) => {
        const metrics = await (await fetch(`${signer.url}/metrics`)).text();
        return [
          ...metrics.matchAll(/^expediente_signer_signatures_total\{[^}]*outcome="signed"[^}]*\} (\d+)/gm),
        ].reduce((sum, m) => sum + Number(m[1]), 0);
      }),
    );
    const statuses = Object.fromEntries([...deployment.balancer.statuses].sort(([a], [b]) => a - b));
    console.log(
      `      load of ${SIGNINGS} rounds + ${CASES} cases took ${loadS} s; answers seen by clients: ${JSON.stringify(statuses)}; ` +
        `${deployment.balancer.cut} requests cut by the API kill and retried; signatures by signing service since its last start: ${signedBy.join(' / ')}`,
    );

    assertNothingLost(rows, [...docs.failures, ...created.failures]);
    // Every answer: the operation's own, a 202 to follow, a 4xx the client caused (409 while a
    // signature is in flight), the documented 503, or the balancer's 502 for a cut request.
    if (deployment.balancer.errors.length) {
      for (const api of deployment.apis)
        for (const line of (await deployment.errorLines(api)).slice(-10))
          console.log(`      ${api.name}: ${line.slice(0, 1500)}`);
    }
    assert.deepEqual(deployment.balancer.errors, [], 'no 500 or other server error reached a client');
    assert.equal(
      deployment.balancer.statuses.get(502) ?? 0,
      deployment.balancer.cut,
      'every 502 was a request cut by the API kill',
    );
    for (const [i, signed] of signedBy.entries())
      assert.ok(signed > 0, `${deployment.signers[i]!.name} signed nothing: the workers do not spread the signatures`);
  });
});
