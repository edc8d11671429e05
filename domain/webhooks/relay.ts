/**
 * The relay: gives committed outbox rows their position (and their link in the audit hash chain,
 * domain/audit/chain.ts), in insertion order, once no
 * transaction that could still insert an earlier row is open. A row's transaction id (txid) below
 * the snapshot's xmin means every transaction that began before it has ended, so no row with a
 * smaller seq can appear later; positions are given under a per-tenant lock and never change, and
 * each subscription reads them with a cursor. Two changes to one subject are serialised by the
 * subject's row lock before either inserts its event, so their seq order is their commit order.
 * A txid at or above the snapshot's xmax cannot be this server's (a restored backup): ready too.
 */
import type { TenantCondition } from '../../db/across-tenants.js';
import type { TenantDb } from '../../db/tenancy.js';
import { chainHash, GENESIS, OCCURRED_SQL } from '../audit/chain.js';

const READY = `(txid < pg_snapshot_xmin(pg_current_snapshot()) or txid >= pg_snapshot_xmax(pg_current_snapshot()))`;

/** The tenant has outbox rows without a position: the relay has work there. */
export const eventsToPosition: TenantCondition = (table) =>
  `exists (select 1 from ${table('webhook_events')} where position is null)`;

/** Positions (and chains) what is ready; returns how many rows still wait for an open transaction. */
export async function positionReadyEvents(
  db: TenantDb,
  limit = 1000,
): Promise<{ positioned: number; waiting: number }> {
  return db.transaction(async (trx) => {
    await trx.raw(`select pg_advisory_xact_lock(hashtext(current_schema() || '/webhook-relay'))`);
    const ready: { seq: string; id: string; type: string; subject: string; data: unknown; occurred: string }[] = (
      await trx.raw(
        `select seq, id, type, subject, data, ${OCCURRED_SQL} as occurred from webhook_events where position is null and ${READY} order by seq limit ?`,
        [limit],
      )
    ).rows;
    if (ready.length) {
      const head = await trx('webhook_events')
        .whereNotNull('position')
        .orderBy('position', 'desc')
        .first<{ position: string; hash: string | null } | undefined>('position', 'hash');
      let position = BigInt(head?.position ?? 0);
      let prev = head?.hash ?? GENESIS;
      const rows = ready.map((e) => {
        position += 1n;
        const hash = chainHash(prev, { ...e, position: String(position) });
        const row = { seq: e.seq, position: String(position), prev, hash };
        prev = hash;
        return row;
      });
      await trx.raw(
        `update webhook_events e set position = v.position, prev_hash = v.prev, hash = v.hash
           from (select unnest(?::bigint[]) as seq, unnest(?::bigint[]) as position, unnest(?::text[]) as prev, unnest(?::text[]) as hash) v
          where e.seq = v.seq`,
        [rows.map((r) => r.seq), rows.map((r) => r.position), rows.map((r) => r.prev), rows.map((r) => r.hash)],
      );
    }
    const [{ waiting }] = (await trx.raw(`select count(*)::int as waiting from webhook_events where position is null`))
      .rows;
    return { positioned: ready.length, waiting };
  });
}

/**
 * Positions everything committed so far. Rows of a transaction still open (or of one that began
 * before it) wait, a few milliseconds in practice; after `maxWaitMs` the caller goes on with what
 * is ready and the rest follows on the next pass. Answers how many rows still wait.
 */
export async function relayCommittedEvents(db: TenantDb, maxWaitMs = 2_000): Promise<{ waiting: number }> {
  const until = Date.now() + maxWaitMs;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    const { waiting } = await positionReadyEvents(db);
    if (!waiting || Date.now() >= until) return { waiting };
    await new Promise((r) => setTimeout(r, pause));
  }
}
