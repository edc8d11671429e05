/**
 * The audit chain's anchors: once a day the chain's head (its newest hash) is time-stamped by an
 * RFC 3161 authority and the token kept (`audit_anchors`). An anchor proves the chain up to it
 * existed at the token's time: rewriting history before it means forging the authority's
 * signature too. A day with no new event adds no anchor.
 */
import type { TenantDb } from '../../db/tenancy.js';
import { relayCommittedEvents } from '../webhooks/relay.js';

export interface ChainHead {
  position: string;
  hash: string;
}

export type AnchorOutcome =
  | { anchored: false; reason: 'empty' | 'unchanged' }
  | { anchored: true; position: string; hash: string; timestampedAt: string };

/** The newest chained event, once everything committed has been positioned. */
export async function chainHead(db: TenantDb): Promise<ChainHead | null> {
  await relayCommittedEvents(db);
  return (
    (await db.transaction((trx) =>
      trx('webhook_events')
        .whereNotNull('hash')
        .orderBy('position', 'desc')
        .first<ChainHead | undefined>('position', 'hash'),
    )) ?? null
  );
}

/**
 * Time-stamps the head unless the newest anchor already covers it. `timestamp` asks the authority
 * (through the signing service) for a token over the head hash. A retry after the row was written
 * finds the head anchored and asks for nothing.
 */
export async function anchorChain(
  db: TenantDb,
  timestamp: (sha256Hex: string) => Promise<{ token: Buffer; genTime: string }>,
): Promise<AnchorOutcome> {
  const head = await chainHead(db);
  if (!head) return { anchored: false, reason: 'empty' };
  const last = await db.transaction((trx) =>
    trx('audit_anchors').orderBy('position', 'desc').first<{ position: string } | undefined>('position'),
  );
  if (last && BigInt(last.position) >= BigInt(head.position)) return { anchored: false, reason: 'unchanged' };
  const { token, genTime } = await timestamp(head.hash);
  await db.transaction((trx) =>
    trx('audit_anchors').insert({
      position: head.position,
      hash: head.hash,
      timestamp_token: token,
      timestamped_at: genTime,
    }),
  );
  return { anchored: true, position: head.position, hash: head.hash, timestampedAt: genTime };
}
