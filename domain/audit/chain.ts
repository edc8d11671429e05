/**
 * The audit trail's hash chain. Every state change is an outbox event (webhook_events); when the
 * relay gives an event its position it also gives it `hash` = SHA-256 of the previous event's hash
 * and the event's canonical JSON (RFC 8785: position, id, type, subject, time to the microsecond,
 * data). Editing any of those in a row changes its hash; deleting a row leaves the next one's
 * `prev_hash` pointing at nothing; a row inserted by hand has no place in the chain. The first
 * event of a tenant chains from the empty string.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

export interface ChainedFields {
  position: string;
  id: string;
  type: string;
  subject: string;
  /** occurred_at in UTC to the microsecond (OCCURRED_SQL), as PostgreSQL keeps it. */
  occurred: string;
  data: unknown;
}

/** occurred_at as hashed: UTC, microseconds, independent of the session's time zone. */
export const OCCURRED_SQL = `to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const GENESIS = '';

export function chainHash(prevHash: string, e: ChainedFields): string {
  const body = canonicalize({
    position: String(e.position),
    id: e.id,
    type: e.type,
    subject: e.subject,
    occurred_at: e.occurred,
    data: e.data,
  });
  return createHash('sha256').update(`${prevHash}\n${body}`).digest('hex');
}
