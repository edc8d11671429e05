/**
 * The fault suite (`npm run test:faults`): real processes killed and servers restarted while
 * signings and case creations are in flight. Each scenario's load must end with every operation
 * complete, no signature or number twice, no gap in a counter, no half-made case. The table at
 * the end shows attempted / completed / duplicates / lost per scenario.
 *
 * Sizes: FAULT_SIGNINGS (default 100) and FAULT_CASES (50) for the worker-kill scenario, a fifth
 * of each for the others; FAULT_SIGNER_DOWN_S (60) for the signing-service outage.
 */
import assert from 'node:assert/strict';
import { asIntegration, request } from '../support/http.js';
import { checkCases, checkDocuments, createOneCase, printTable, runMany, signOneDocument, type Outcome } from './support/load.js';
import { startFaultWorld, type FaultWorld } from './support/world.js';

const SIGNINGS = Number(process.env.FAULT_SIGNINGS ?? 100);
const CASES = Number(process.env.FAULT_CASES ?? 50);
const SIGNER_DOWN_S = Number(process.env.FAULT_SIGNER_DOWN_S ?? 60);
const CONCURRENCY = 10;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('faults: processes killed and servers restarted mid-flight', function () {
  this.timeout(1_200_000);
  let world: FaultWorld;
  const outcomes: Outcome[] = [];

  before(async () => {
    world = await startFaultWorld();
    await Promise.all([world.startWorker(), world.startWorker()]);
  });
  after(async () => {
    if (outcomes.length) printTable(outcomes);
    await world?.close();
  });

  /** Runs the scenario's load while `fault` does its damage, then checks and records the outcome. */
  async function scenario(name: string, signings: number, cases: number, fault: (done: () => boolean) => Promise<void>) {
    let finished = false;
    const load = Promise.all([
      runMany(signings, CONCURRENCY, (n) => signOneDocument(world.api.url, n)),
      runMany(cases, Math.ceil(CONCURRENCY / 2), (n) => createOneCase(world.api.url, n)),
    ]).finally(() => {
      finished = true;
    });
    await Promise.all([load, fault(() => finished)]);
    const [docs, created] = await load;
    const rows = [await checkDocuments(world.db, name, signings, docs.ids), await checkCases(world.db, name, cases, created.ids)];
    outcomes.push(...rows);
    const failures = [...docs.failures, ...created.failures];
    assert.deepEqual(failures.slice(0, 5), [], `${failures.length} operations failed`);
    for (const row of rows) {
      assert.equal(row.duplicates, 0, `${row.operation}: duplicates (${row.notes})`);
      assert.equal(row.lost, 0, `${row.operation}: lost`);
      assert.equal(row.notes, '', row.operation);
    }
  }

  it('(a) a worker is killed with SIGKILL every few seconds', async () => {
    await scenario('worker SIGKILL', SIGNINGS, CASES, async (done) => {
      let kills = 0;
      while (!done()) {
        await pause(4_000);
        if (done()) break;
        // Kill the oldest live worker, then start a replacement; one stays up meanwhile.
        const victim = world.workers.find((w) => w.exitCode === null && w.signalCode === null);
        victim?.kill('SIGKILL');
        kills++;
        await world.startWorker();
      }
      assert.ok(kills >= 2, `only ${kills} kills: the load finished too soon to prove anything`);
    });
  });

  it('(b) the Temporal server restarts mid-flight', async () => {
    await scenario('Temporal restart', Math.ceil(SIGNINGS / 5), Math.ceil(CASES / 5), async (done) => {
      await pause(3_000);
      assert.ok(!done(), 'the load finished before the fault');
      await world.temporal.stop();
      await pause(3_000);
      await world.temporal.start();
    });
  });

  it('(c) PostgreSQL restarts mid-flight: 503 while it is down, nothing half-written', async () => {
    let downStatus: number | undefined;
    await scenario('PostgreSQL restart', Math.ceil(SIGNINGS / 5), Math.ceil(CASES / 5), async (done) => {
      await pause(3_000);
      assert.ok(!done(), 'the load finished before the fault');
      await world.postgres.stop();
      downStatus = (await request('/api/v1/documents/search', { headers: asIntegration(), baseUrl: world.api.url })).status;
      await pause(3_000);
      await world.postgres.start();
    });
    assert.equal(downStatus, 503);
  });

  it(`(d) the signing service is down for ${SIGNER_DOWN_S} s`, async () => {
    await scenario('signing service down', Math.ceil(SIGNINGS / 5), Math.ceil(CASES / 5), async (done) => {
      await pause(2_000);
      assert.ok(!done(), 'the load finished before the fault');
      await world.signer.stop();
      await pause(SIGNER_DOWN_S * 1000);
      await world.signer.start();
    });
  });

  it('(e) the time-stamping authority is down for a while', async () => {
    await scenario('TSA down', Math.ceil(SIGNINGS / 5), Math.ceil(CASES / 5), async (done) => {
      await pause(2_000);
      assert.ok(!done(), 'the load finished before the fault');
      await world.tsa.stop();
      await pause(15_000);
      await world.tsa.start();
    });
  });
});
