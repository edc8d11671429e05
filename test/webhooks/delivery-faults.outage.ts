/**
 * Webhooks under faults, end to end: while documents go through 3-signer rounds (about 200 events),
 * the receiver — a separate Python program that verifies with the Standard Webhooks library from
 * PyPI, processes each webhook-id once and answers 500 to half the deliveries — is killed with
 * SIGKILL and restarted, a worker is killed and replaced, and the API process is killed and
 * restarted. Afterwards every committed event has been processed exactly once, in order per
 * subject, nothing was processed that was not committed, and every signature verified.
 * Size: WEBHOOK_FAULT_EVENTS (default 200).
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { tenantDb } from '../../db/tenancy.js';
import { freePort } from '../../dev/ports.js';
import { waitForHttpOk } from '../../dev/wait.js';
import { EVENT_TYPES, isWebhookEventType } from '../../domain/webhooks/catalog.js';
import { webhookIdOf } from '../../domain/webhooks/delivery.js';
import { newWebhookSecret } from '../../domain/webhooks/secrets.js';
import { runMany, signOneDocument } from '../faults/support/load.js';
import { startFaultWorld, type FaultWorld } from '../faults/support/world.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { getStack } from '../support/hooks.js';

const EVENTS = Number(process.env.WEBHOOK_FAULT_EVENTS ?? 200);
/** Each document's round is six events: created, sent to sign, three signatures, officialized. */
const DOCUMENTS = Math.ceil(EVENTS / 6);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Longer than a pass lost with its worker takes to be retried (WEBHOOK_TIMEOUT_MS + 30 s of heartbeat). */
const STALL_MS = 60_000;

interface Processed {
  n: number;
  webhook_id: string;
  type: string;
}

function receiverRows(dbFile: string): { processed: Processed[]; answers: Record<string, number>; repeats: number } {
  const script = `import sqlite3, json, sys
db = sqlite3.connect(sys.argv[1])
processed = [dict(n=n, webhook_id=w, type=t) for n, w, t in db.execute("select n, webhook_id, type from processed order by n")]
answers = dict(db.execute("select status, count(*) from answers group by status").fetchall())
repeats = db.execute("select count(*) from answers where repeat = 1").fetchone()[0]
print(json.dumps(dict(processed=processed, answers=answers, repeats=repeats)))`;
  return JSON.parse(execFileSync('python3', ['-c', script, dbFile], { encoding: 'utf8' }));
}

describe('webhooks under faults: receiver, worker and API killed during the load', function () {
  this.timeout(900_000);
  let world: FaultWorld;
  let dir: string;
  let api: ApiProcess;
  let receiver: ChildProcess | undefined;
  let receiverPort: number;
  let secret: string;
  // No idle poll to hide a wake-up the relay failed to send: it would show as a stall.
  const webhookEnv = {
    WEBHOOK_RETRY_INITIAL_MS: '100',
    WEBHOOK_RETRY_MAX_MS: '1000',
    WEBHOOK_TIMEOUT_MS: '3000',
    WEBHOOK_IDLE_POLL_SECONDS: '3600',
  };

  async function startReceiver() {
    receiver = spawn(
      'python3',
      [
        'test/webhooks/receiver.py',
        '--port',
        String(receiverPort),
        '--db',
        path.join(dir, 'received.sqlite'),
        '--secret',
        secret,
        '--fail-ratio',
        '0.5',
      ],
      { stdio: 'ignore' },
    );
    await waitForHttpOk(`http://127.0.0.1:${receiverPort}/health`, 30_000, () => receiver?.exitCode === null);
  }

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'expediente-webhook-faults-'));
    world = await startFaultWorld();
    receiverPort = await freePort();
    secret = newWebhookSecret();
    await startReceiver();
    const scoped = tenantDb(world.db, getStack().demoTenant);
    await scoped.transaction(async (trx) => {
      const [{ max }] = (await trx.raw('select coalesce(max(position), 0) as max from webhook_events')).rows;
      await trx('webhook_subscriptions').insert({
        url: `http://127.0.0.1:${receiverPort}/webhooks`,
        event_types: EVENT_TYPES,
        secret_enc: getStack().services.webhookSecrets.seal(secret),
        delivered_position: max,
      });
    });
    for (let i = 0; i < 2; i++) await world.startWorker(webhookEnv);
    api = await startApiProcess({
      port: await freePort(),
      taskQueue: world.taskQueue,
      databaseUrl: world.databaseUrl,
      temporalAddress: world.temporal.url,
    });
  });

  after(async () => {
    api?.kill('SIGKILL');
    receiver?.kill('SIGKILL');
    await world?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it(`every committed event reaches the receiver once and in order per subject (${DOCUMENTS} documents, about ${DOCUMENTS * 6} events)`, async () => {
    let finished = false;
    const load = runMany(DOCUMENTS, 6, (n) => signOneDocument(api.url, n)).finally(() => {
      finished = true;
    });
    const faults: string[] = [];
    const damage = (async () => {
      await pause(3_000);
      receiver!.kill('SIGKILL');
      faults.push(`receiver killed while ${finished ? 'idle' : 'loaded'}`);
      await pause(2_000);
      await startReceiver();
      await pause(3_000);
      const victim = world.workers.find((w) => w.exitCode === null && w.signalCode === null)!;
      victim.kill('SIGKILL');
      faults.push(`worker killed while ${finished ? 'idle' : 'loaded'}`);
      await world.startWorker(webhookEnv);
      await pause(3_000);
      const port = Number(new URL(api.url).port);
      api.kill('SIGKILL');
      faults.push(`API killed while ${finished ? 'idle' : 'loaded'}`);
      await pause(1_000);
      api = await startApiProcess({
        port,
        taskQueue: world.taskQueue,
        databaseUrl: world.databaseUrl,
        temporalAddress: world.temporal.url,
      });
    })();
    const [result] = await Promise.all([load, damage]);
    assert.deepEqual(result.failures.slice(0, 3), [], `${result.failures.length} documents failed`);

    const scoped = tenantDb(world.db, getStack().demoTenant);
    const committed = async () =>
      scoped.transaction(async (trx) => {
        const sub = await trx('webhook_subscriptions').first('delivered_position', 'status');
        const rows = await trx('webhook_events')
          .whereNotNull('position')
          .orderBy('position')
          .select('id', 'type', 'subject', 'position');
        const unpositioned = await trx('webhook_events').whereNull('position').count<{ n: string }[]>('* as n');
        return { sub, rows, unpositioned: Number(unpositioned[0].n) };
      });
    // Liveness, not speed: half the deliveries are refused and each refusal backs off, so the drain
    // takes as long as the machine needs; what must not happen is the cursor standing still.
    const started = Date.now();
    let final: Awaited<ReturnType<typeof committed>> | undefined;
    for (let seen = '', movedAt = started; !final; await pause(250)) {
      const c = await committed();
      const last = c.rows.at(-1)?.position;
      if (c.unpositioned === 0 && last && String(c.sub.delivered_position) === String(last)) final = c;
      else if (String(c.sub.delivered_position) !== seen)
        [seen, movedAt] = [String(c.sub.delivered_position), Date.now()];
      else if (Date.now() - movedAt > STALL_MS) {
        assert.fail(
          `delivery stood still for ${STALL_MS / 1000} s: ${c.unpositioned} rows without a position, delivered up to ${seen} of ${last}, subscription ${c.sub.status}`,
        );
      }
    }
    const drainMs = Date.now() - started;

    // Audit-only events (a draft's edits) share the outbox and are never delivered.
    const expected = final.rows
      .filter((r) => isWebhookEventType(r.type))
      .map((r) => ({ ...r, webhookId: webhookIdOf(r.id) }));
    const got = receiverRows(path.join(dir, 'received.sqlite'));
    const processedIds = got.processed.map((p) => p.webhook_id);
    const expectedIds = new Set(expected.map((e) => e.webhookId));
    const lost = expected.filter((e) => !processedIds.includes(e.webhookId));
    const invented = processedIds.filter((id) => !expectedIds.has(id));
    const twice = processedIds.length - new Set(processedIds).size;
    // Per subject, the order processed must be the order committed (positions).
    const orderOf = new Map(processedIds.map((id, i) => [id, i]));
    const bySubject = new Map<string, number[]>();
    for (const e of expected)
      bySubject.set(e.subject, [...(bySubject.get(e.subject) ?? []), orderOf.get(e.webhookId) ?? -1]);
    const outOfOrder = [...bySubject.values()].filter((seq) => seq.some((v, i) => i > 0 && v < seq[i - 1])).length;

    const table = {
      'events committed': expected.length,
      'processed by the receiver': got.processed.length,
      lost: lost.length,
      invented: invented.length,
      'processed twice': twice,
      'subjects out of order': outOfOrder,
      'answered 500': got.answers['500'] ?? 0,
      'repeats answered (already processed)': got.repeats,
      'bad signatures (401)': got.answers['401'] ?? 0,
      'drain after load (ms)': drainMs,
    };
    process.stdout.write(
      `\n      ${faults.join('; ')}\n${Object.entries(table)
        .map(([k, v]) => `      | ${k.padEnd(38)} | ${String(v).padStart(6)} |`)
        .join('\n')}\n`,
    );

    assert.ok(
      faults.every((f) => f.endsWith('loaded')),
      `every fault must hit a loaded system: ${faults.join('; ')}`,
    );
    assert.ok(expected.length >= DOCUMENTS * 6, `${expected.length} events for ${DOCUMENTS} documents`);
    assert.equal(
      lost.length,
      0,
      `lost: ${lost
        .slice(0, 3)
        .map((e) => e.type)
        .join(', ')}`,
    );
    assert.equal(invented.length, 0);
    assert.equal(twice, 0);
    assert.equal(outOfOrder, 0);
    assert.equal(got.answers['401'] ?? 0, 0, 'every signature verifies');
    assert.ok((got.answers['500'] ?? 0) > 20, 'the receiver refused about half the deliveries');
  });
});
