/**
 * `npm run audit:verify`: walks a tenant's audit chain from its first event, recomputing every
 * hash, and checks every anchor's time-stamp. The first problem is named by its position and event
 * id: an entry edited (its hash no longer matches its content), a gap (an entry deleted: positions
 * are consecutive), a broken link (the next entry's prev_hash is not the hash before it), an entry
 * outside the chain (positioned with no hash), or an anchor whose hash, token or authority does
 * not hold.
 */
import type { TenantDb } from '../../db/tenancy.js';
import { checkTimestamp, parseSignedData } from '../verification/cms.js';
import type { TrustAnchors } from '../verification/trust.js';
import { relayCommittedEvents } from '../webhooks/relay.js';
import { chainHash, GENESIS, OCCURRED_SQL } from './chain.js';

export interface ChainProblem {
  position: string;
  eventId: string | null;
  kind: 'edited' | 'missing' | 'link' | 'unchained' | 'anchor';
  message: string;
}

export interface ChainReport {
  ok: boolean;
  entries: number;
  head: { position: string; hash: string } | null;
  anchors: { position: string; timestampedAt: string; authority: string | null; valid: boolean }[];
  /** The first problem along the chain, then the anchors' (each anchor is checked on its own). */
  problems: ChainProblem[];
}

const BATCH = 5000;

interface Row {
  position: string;
  id: string;
  type: string;
  subject: string;
  data: unknown;
  occurred: string;
  prev_hash: string | null;
  hash: string | null;
}

export async function verifyChain(db: TenantDb, trust: TrustAnchors): Promise<ChainReport> {
  await relayCommittedEvents(db);
  const problems: ChainProblem[] = [];
  const hashAt = new Map<string, string>();
  let prev = GENESIS;
  let expected: bigint | null = null;
  let entries = 0;
  let head: ChainReport['head'] = null;
  let after = 0n;
  walk: for (;;) {
    const rows: Row[] = (
      await db.transaction((trx) =>
        trx.raw(
          `select position, id, type, subject, data, ${OCCURRED_SQL} as occurred, prev_hash, hash from webhook_events
        where position > ? order by position limit ?`,
          [String(after), BATCH],
        ),
      )
    ).rows;
    if (!rows.length) break;
    for (const row of rows) {
      // int8 arrives as a number or a string depending on the pool's parsers: one form everywhere.
      row.position = String(row.position);
      after = BigInt(row.position);
      if (row.hash === null) {
        // Positioned before the chain existed (tenant migration 020): only at its start.
        if (entries === 0) continue;
        problems.push({
          position: row.position,
          eventId: row.id,
          kind: 'unchained',
          message: `la entrada ${row.position} (${row.id}) no tiene hash: no pertenece a la cadena`,
        });
        break walk;
      }
      if (expected !== null && BigInt(row.position) !== expected) {
        problems.push({
          position: String(expected),
          eventId: null,
          kind: 'missing',
          message: `falta la entrada ${expected}${BigInt(row.position) - expected > 1n ? ` (y hasta la ${BigInt(row.position) - 1n})` : ''}: fue borrada`,
        });
        break walk;
      }
      if (row.prev_hash !== prev) {
        problems.push({
          position: row.position,
          eventId: row.id,
          kind: 'link',
          message: `la entrada ${row.position} (${row.id}) no encadena con la anterior`,
        });
        break walk;
      }
      const recomputed = chainHash(prev, row);
      if (recomputed !== row.hash) {
        problems.push({
          position: row.position,
          eventId: row.id,
          kind: 'edited',
          message: `la entrada ${row.position} (${row.id}, ${row.type}) fue modificada: su contenido no coincide con su hash`,
        });
        break walk;
      }
      prev = row.hash;
      expected = BigInt(row.position) + 1n;
      entries++;
      head = { position: row.position, hash: row.hash };
      hashAt.set(row.position, row.hash);
    }
  }

  const anchorRows: { position: string; hash: string; timestamp_token: Buffer; timestamped_at: Date }[] =
    await db.transaction((trx) =>
      trx('audit_anchors').orderBy('position').select('position', 'hash', 'timestamp_token', 'timestamped_at'),
    );
  const anchors: ChainReport['anchors'] = [];
  const chainBroken = problems.length > 0;
  for (const a of anchorRows) {
    a.position = String(a.position);
    const check = checkTimestamp(parseSignedData(a.timestamp_token), () => Buffer.from(a.hash, 'hex'));
    const trusted = check.certificate
      ? trust.check(check.certificate, check.certificates, new Date(check.time ?? a.timestamped_at))
      : null;
    const valid = check.valid && Boolean(trusted?.trusted);
    anchors.push({
      position: a.position,
      timestampedAt: check.time ?? a.timestamped_at.toISOString(),
      authority: check.authority,
      valid,
    });
    if (!valid) {
      problems.push({
        position: a.position,
        eventId: null,
        kind: 'anchor',
        message: `el sello de tiempo de la entrada ${a.position} no es válido: ${[...check.problems, trusted?.problem].filter(Boolean).join('; ') || 'autoridad no confiable'}`,
      });
    } else if (!chainBroken && hashAt.get(a.position) !== a.hash) {
      problems.push({
        position: a.position,
        eventId: null,
        kind: 'anchor',
        message: `la entrada ${a.position} no tiene el hash que se selló el ${a.timestamped_at.toISOString()}`,
      });
    }
  }
  return { ok: problems.length === 0, entries, head, anchors, problems };
}
