/**
 * The fault suite (`npm run test:faults`): real processes killed and servers restarted while
 * signings and case creations are in flight. Each scenario's load must end with every operation
 * complete, no signature or number twice, no gap in a counter, no half-made case. The table at
 * the end shows attempted / completed / duplicates / lost per scenario.
 *
 * Sizes: FAULT_SIGNINGS (default 100) and FAULT_CASES (50) for the worker-kill scenario, a fifth
 * of each for the others; FAULT_SIGNER_DOWN_S (60) for the signing-service outage; FAULT_BATCH
 * (50) documents in the sign-batch whose workers are killed mid-batch.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { asIntegration, request, type HttpResult } from '../support/http.js';
import {
  assertNothingLost,
  checkBatchSigned,
  checkCases,
  checkDocuments,
  createOneCase,
  numberCounter,
  pendingForSignature,
  printTable,
  runMany,
  signOneDocument,
  type Outcome,
} from './support/load.js';
import { startFaultWorld, type FaultWorld } from './support/world.js';

const SIGNINGS = Number(process.env.FAULT_SIGNINGS ?? 100);
const CASES = Number(process.env.FAULT_CASES ?? 50);
const SIGNER_DOWN_S = Number(process.env.FAULT_SIGNER_DOWN_S ?? 60);
const BATCH = Number(process.env.FAULT_BATCH ?? 50);
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
  async function scenario(
    name: string,
    signings: number,
    cases: number,
    fault: (done: () => boolean) => Promise<void>,
  ) {
    let finished = false;
    const load = Promise.all([
      runMany(signings, CONCURRENCY, (n) => signOneDocument(world.api.url, n)),
      runMany(cases, Math.ceil(CONCURRENCY / 2), (n) => createOneCase(world.api.url, n)),
    ]).finally(() => {
      finished = true;
    });
    await Promise.all([load, fault(() => finished)]);
    const [docs, created] = await load;
    const rows = [
      await checkDocuments(world.db, name, signings, docs.ids),
      await checkCases(world.db, name, cases, created.ids),
    ];
    outcomes.push(...rows);
    assertNothingLost(rows, [...docs.failures, ...created.failures]);
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
      downStatus = (await request('/api/v1/documents/search', { headers: asIntegration(), baseUrl: world.api.url }))
        .status;
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

  it(`(f) every worker is killed with SIGKILL in the middle of a ${BATCH}-document sign-batch`, async () => {
    const name = 'worker SIGKILL mid-batch';
    const signer = 'directora-obras';
    const started = Date.now();
    const prepared = await runMany(BATCH, CONCURRENCY, (n) => pendingForSignature(world.api.url, n, signer));
    assert.deepEqual(prepared.failures.slice(0, 5), [], `${prepared.failures.length} documents could not be prepared`);
    const ids = prepared.ids;
    const counterBefore = (await numberCounter(world.db, 'INF')).value;
    const prepMs = Date.now() - started;

    const key = `lote-faults-${randomUUID()}`;
    const headers = { ...asIntegration(signer), 'Idempotency-Key': key };
    const post = () =>
      request('/api/v1/documents/sign-batch', {
        method: 'POST',
        headers,
        baseUrl: world.api.url,
        json: { document_ids: ids },
      });
    const poll = () =>
      request(`/api/v1/documents/sign-batch/${key}`, { headers: asIntegration(signer), baseUrl: world.api.url });
    const batchStarted = Date.now();
    // The first request waits (up to WORKFLOW_WAIT_MS) while the batch runs; the fault happens meanwhile.
    const first = post().catch((err: Error) => err);

    // Kill once some documents are signed and before all are.
    let doneAtKill = 0;
    for (let deadline = Date.now() + 60_000; ; ) {
      assert.ok(Date.now() < deadline, 'the batch signed nothing within 60 s');
      const res = await poll().catch(() => undefined);
      if (res?.status === 200 || res?.status === 202) {
        doneAtKill = res.body.done as number;
        if (doneAtKill >= 3) break;
      }
      await pause(50);
    }
    const victims = world.workers.filter((w) => w.exitCode === null && w.signalCode === null);
    for (const w of victims) w.kill('SIGKILL');
    const killedAt = Date.now();
    assert.ok(doneAtKill < BATCH, `the batch had finished (${doneAtKill}/${BATCH}) before the kill`);
    await Promise.all(
      victims.map(
        (w) =>
          new Promise((resolve) =>
            w.exitCode !== null || w.signalCode !== null ? resolve(null) : w.once('exit', resolve),
          ),
      ),
    );
    // The replacements, as a supervisor would start them.
    await Promise.all([world.startWorker(), world.startWorker()]);
    const restartMs = Date.now() - killedAt;

    let done: HttpResult | undefined;
    for (let deadline = Date.now() + 90_000; !done; ) {
      assert.ok(Date.now() < deadline, 'the batch did not finish within 90 s of the restart');
      const res = await poll().catch(() => undefined);
      if (res?.status === 200) done = res;
      else await pause(250);
    }
    const batchMs = Date.now() - batchStarted;
    const firstAnswer = await first;
    assert.ok(
      !(firstAnswer instanceof Error),
      `the first request failed: ${firstAnswer instanceof Error ? firstAnswer.message : ''}`,
    );
    assert.ok(
      [200, 202].includes(firstAnswer.status),
      `first request: ${firstAnswer.status} ${firstAnswer.text.slice(0, 200)}`,
    );

    const body = done.body;
    assert.equal(body.status, 'completed');
    assert.equal(body.done, BATCH);
    assert.deepEqual(
      body.outcomes.map((o: { document_id: string }) => o.document_id),
      ids,
      'one outcome per document, in request order',
    );
    const notNumbered = body.outcomes.filter(
      (o: { status: string; document_number: string | null }) => o.status !== 'numbered' || !o.document_number,
    );
    assert.deepEqual(notNumbered.slice(0, 3), [], `${notNumbered.length} documents not numbered`);

    // The same key answers the same outcome for every document, and signs nothing again.
    const again = await post();
    assert.equal(again.status, 200, again.text.slice(0, 300));
    assert.equal(again.body.outcomes.length, BATCH);
    for (const [i, outcome] of (body.outcomes as unknown[]).entries())
      assert.deepEqual(again.body.outcomes[i], outcome, `document ${i}`);
    assert.deepEqual(again.body, body);

    const row = await checkBatchSigned(world.db, name, ids, signer, counterBefore);
    outcomes.push(row);
    console.log(
      `      ${BATCH} prepared in ${prepMs} ms; ${victims.length} workers killed at ${doneAtKill}/${BATCH}, replaced in ${restartMs} ms; ` +
        `batch completed in ${batchMs} ms (first answer ${firstAnswer.status}); scenario ${Date.now() - started} ms`,
    );
    assert.equal(row.duplicates, 0, `duplicates (${row.notes})`);
    assert.equal(row.lost, 0, 'lost');
    assert.equal(row.notes, '');
  });
});
