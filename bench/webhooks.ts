/**
 * `npm run bench:webhooks`: how soon a committed change reaches a webhook receiver, and how many
 * events per second one subscription sustains. The whole path is real: the outbox row committed
 * with its change, NOTIFY at commit, the worker's relay, WebhookDeliveryWorkflow on Temporal, the
 * delivery activity signing and POSTing to a receiver on loopback that verifies every signature
 * with the Standard Webhooks library. Lag is measured from the commit's return to the receipt.
 * Sizes: BENCH_WEBHOOK_LAG_EVENTS (300, one every 50 ms), BENCH_WEBHOOK_BURST (2000, 8 writers).
 */
import { randomUUID } from 'node:crypto';
import { tenantDb } from '../db/tenancy.js';
import { EVENT_TYPES } from '../domain/webhooks/catalog.js';
import { emitEvent } from '../domain/webhooks/outbox.js';
import { newWebhookSecret } from '../domain/webhooks/secrets.js';
import { startTestStack } from '../test/support/stack.js';
import { startTestReceiver } from '../test/support/webhook-receiver.js';
import { fmt, reportTargets, runConcurrently, summarize } from './_stats.js';

const LAG_EVENTS = Number(process.env.BENCH_WEBHOOK_LAG_EVENTS ?? 300);
const BURST = Number(process.env.BENCH_WEBHOOK_BURST ?? 2000);

const stack = await startTestStack();
const receiver = await startTestReceiver();
try {
  const scoped = tenantDb(stack.db, stack.demoTenant);
  const secret = newWebhookSecret();
  receiver.secrets.push(secret);
  await scoped.transaction(async (trx) => {
    const [{ max }] = (await trx.raw('select coalesce(max(position), 0) as max from webhook_events')).rows;
    await trx('webhook_subscriptions').insert({
      url: receiver.url,
      event_types: EVENT_TYPES,
      secret_enc: stack.services.webhookSecrets.seal(secret),
      delivered_position: max,
    });
  });
  const receivedAt = new Map<string, number>();
  const answer = receiver.answer;
  receiver.answer = (r) => {
    receivedAt.set(r.body.data.document_id, performance.now());
    return answer(r);
  };
  /** One change: its event committed in its own transaction; resolves with the commit's time. */
  const change = async (documentId: string) => {
    await scoped.transaction((trx) =>
      emitEvent(
        trx,
        'document.created',
        { kind: 'document', id: documentId },
        { document_id: documentId, document_type: 'IF', created_by_user_id: randomUUID() },
      ),
    );
    return performance.now();
  };
  const waitFor = async (ids: string[], timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    while (ids.some((id) => !receivedAt.has(id))) {
      if (Date.now() > until) throw new Error(`${ids.filter((id) => !receivedAt.has(id)).length} events not received`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  // Warm-up: the first delivery starts the subscription's run.
  const warm = randomUUID();
  await change(warm);
  await waitFor([warm], 30_000);

  const lags: number[] = [];
  const lagIds: string[] = [];
  for (let i = 0; i < LAG_EVENTS; i++) {
    const id = randomUUID();
    lagIds.push(id);
    const committed = await change(id);
    void waitFor([id], 60_000).then(() => lags.push(receivedAt.get(id)! - committed));
    await new Promise((r) => setTimeout(r, 50));
  }
  await waitFor(lagIds, 60_000);
  await new Promise((r) => setTimeout(r, 50));
  const lag = summarize(lags);

  const burstIds = Array.from({ length: BURST }, () => randomUUID());
  const started = performance.now();
  await runConcurrently(BURST, 8, async (i) => {
    await change(burstIds[i]!);
  });
  await waitFor(burstIds, 300_000);
  const burstSeconds = (performance.now() - started) / 1000;
  const bad = receiver.received.filter((r) => r.verifiedWith !== 0).length;

  console.log(
    `webhooks: ${LAG_EVENTS} changes one every 50 ms, then ${BURST} from 8 writers at once; receiver on loopback verifying every signature`,
  );
  console.log(`  lag commit → receipt   p50 ${fmt(lag.p50)} ms   p99 ${fmt(lag.p99)} ms   max ${fmt(lag.max)} ms`);
  console.log(
    `  burst                  ${BURST} events delivered in ${fmt(burstSeconds, 2)} s = ${fmt(BURST / burstSeconds, 0)} events/s sustained (in order, one subscription)`,
  );
  console.log(`  signatures that did not verify: ${bad}`);
  const ok = reportTargets('targets (issue 36)', [
    { line: `delivery lag p50 ≤ 200 ms (${fmt(lag.p50)} ms)`, met: lag.p50 <= 200 },
    { line: `every signature verifies (${bad} did not)`, met: bad === 0 },
  ]);
  process.exitCode = ok ? 0 : 1;
} finally {
  await receiver.close();
  await stack.stop();
}
