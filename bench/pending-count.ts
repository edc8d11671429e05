/**
 * `npm run bench:pending`: the dashboard's "pending signatures" count at 1,000,000 documents, as the
 * platform computes it (`countPendingSignatures`: SQL selects each candidate's facts — the user's
 * pending signer row and the document's unsigned common signers — and the signing rules'
 * `maySignNow` decides) against the single SQL count it replaced, which wrote the numerator's rule
 * as a NOT EXISTS. Same data, same process, the two interleaved; for the demo users with the most
 * pending signer rows. Both must agree, and the count should stay within 2× of the old one.
 */
import type { Knex } from 'knex';
import { tenantDb, type Tx } from '../db/tenancy.js';
import { loadActiveUserById } from '../domain/acting-user.js';
import type { ActingUser } from '../domain/context.js';
import { ACCESS_KIND } from '../domain/documents/access.js';
import { countPendingSignatures } from '../domain/documents/reads.js';
import { startTestStack } from '../test/support/stack.js';
import { growScaleData } from './_scale-data.js';
import { fmt, percentile } from './_stats.js';

const RUNS = Number(process.env.PENDING_RUNS ?? 200);
const SIZE = { documents: 1_000_000, cases: 200_000 };
const TARGET_RATIO = 2;

/** The count before the rules decided it: one statement, the numerator's turn as NOT EXISTS. */
async function countBefore(trx: Tx, user: ActingUser): Promise<number> {
  const [row] = await trx('documents as d')
    .whereNull('d.deleted_at')
    .join('document_access as a', (j) => j.on('a.document_id', 'd.id').andOn('a.key', trx.raw('?', [user.id])))
    .join('document_signers as me', (j) => j.on('me.document_id', 'd.id').andOn('me.user_id', trx.raw('?', [user.id])))
    .where('a.status', 'sent_to_sign')
    .andWhereRaw(`a.kinds & ${ACCESS_KIND.signer} <> 0`)
    .andWhere('d.status', 'sent_to_sign')
    .andWhere('me.status', 'pending')
    .andWhere((w: Knex.QueryBuilder) =>
      w
        .where('me.is_numerator', false)
        .orWhereNotExists(
          trx('document_signers as o')
            .whereRaw('o.document_id = d.id')
            .andWhere('o.is_numerator', false)
            .andWhereNot('o.status', 'signed'),
        ),
    )
    .count<{ n: string }[]>('* as n');
  return Number(row!.n);
}

const stack = await startTestStack();
let failed = false;
try {
  const started = performance.now();
  await growScaleData(stack.db, stack.demoTenant, { documents: 0, cases: 0 }, SIZE, (l) =>
    process.stdout.write(`  loaded ${l}\r`),
  );
  await stack.db.raw('vacuum analyze');
  console.log(
    `\nloaded ${SIZE.documents.toLocaleString('en')} documents in ${fmt((performance.now() - started) / 1000, 0)} s`,
  );
  const db = tenantDb(stack.db, stack.demoTenant);
  const busiest = await db.transaction((trx) =>
    trx('document_signers as s')
      .join('documents as d', 'd.id', 's.document_id')
      .where('d.status', 'sent_to_sign')
      .andWhere('s.status', 'pending')
      .groupBy('s.user_id')
      .orderByRaw('count(*) desc')
      .limit(5)
      .select<{ user_id: string; rows: number }[]>('s.user_id', trx.raw('count(*)::int as rows')),
  );
  console.log(
    `\n  ${'user (pending signer rows)'.padEnd(28)} ${'count'.padStart(6)} ${'before p50/p95 ms'.padStart(18)} ${'now p50/p95 ms'.padStart(16)} ${'p50 ×'.padStart(6)}  now ≤ ${TARGET_RATIO}× before`,
  );
  for (const { user_id, rows } of busiest) {
    const user = (await db.transaction((trx) => loadActiveUserById(trx, user_id)))!;
    const before: number[] = [];
    const now: number[] = [];
    let counts: [number, number] = [0, 0];
    for (let i = 0; i < RUNS + 10; i++) {
      const t0 = performance.now();
      const a = await db.transaction((trx) => countBefore(trx, user));
      const t1 = performance.now();
      const b = await db.transaction((trx) => countPendingSignatures(trx, user));
      const t2 = performance.now();
      counts = [a, b];
      if (i < 10) continue; // warm-up
      before.push(t1 - t0);
      now.push(t2 - t1);
    }
    before.sort((x, y) => x - y);
    now.sort((x, y) => x - y);
    const ratio = percentile(now, 50) / percentile(before, 50);
    const agree = counts[0] === counts[1];
    failed ||= !agree || ratio > TARGET_RATIO;
    console.log(
      `  ${`${user.fullName.slice(0, 18)} (${rows})`.padEnd(28)} ${(agree ? String(counts[1]) : `${counts[0]}≠${counts[1]}`).padStart(6)} ${`${fmt(percentile(before, 50))} / ${fmt(percentile(before, 95))}`.padStart(18)} ${`${fmt(percentile(now, 50))} / ${fmt(percentile(now, 95))}`.padStart(16)} ${fmt(ratio, 2).padStart(6)}  ${agree && ratio <= TARGET_RATIO ? 'PASS' : 'FAIL'}`,
    );
  }
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
