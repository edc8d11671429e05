/**
 * The lists decide who may sign now with rules/signing.ts, from one fact SQL computes per row: the
 * document's common signers who have not signed (PENDING_COMMONS_SQL). This holds that SQL to the
 * rule's own `pendingCommons` on every round of up to four signers (each common or numerator,
 * pending, signed or rejected), run in PostgreSQL as the lists run it.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { tenantDb } from '../../db/tenancy.js';
import { PENDING_COMMONS_SQL } from '../../domain/documents/records.js';
import { pendingCommons, type RoundSigner } from '../../rules/signing.js';
import { getStack } from '../support/hooks.js';

const STATUSES = ['pending', 'signed', 'rejected'] as const;

/** Every round of 1..max signers, each signer one of the statuses, common or numerator. */
function rounds(max: number): RoundSigner[][] {
  const kinds = STATUSES.flatMap((status) => [false, true].map((isNumerator) => ({ status, isNumerator })));
  const out: RoundSigner[][] = [];
  const grow = (round: RoundSigner[]) => {
    if (round.length) out.push(round);
    if (round.length === max) return;
    for (const k of kinds) grow([...round, { userId: randomUUID(), ...k }]);
  };
  grow([]);
  return out;
}

describe('PENDING_COMMONS_SQL agrees with the signing rules', function () {
  this.timeout(60_000);

  it('counts the unsigned common signers of every round of up to four signers as pendingCommons does', async () => {
    const all = rounds(4);
    assert.equal(all.length, 6 + 6 ** 2 + 6 ** 3 + 6 ** 4);
    const documents = all.map((signers) => ({ id: randomUUID(), signers }));
    const counted = await tenantDb(getStack().db, getStack().demoTenant).transaction(async (trx) => {
      // The SQL reads document_signers: a temporary table of that name, searched before the
      // tenant's schema, holds these rounds for this transaction only.
      await trx.raw(
        'create temporary table document_signers (document_id uuid, user_id uuid, is_numerator boolean, status text) on commit drop',
      );
      await trx.raw(
        `insert into document_signers
         select * from unnest(?::uuid[], ?::uuid[], ?::boolean[], ?::text[])`,
        [
          documents.flatMap((d) => d.signers.map(() => d.id)),
          documents.flatMap((d) => d.signers.map((s) => s.userId)),
          documents.flatMap((d) => d.signers.map((s) => s.isNumerator)),
          documents.flatMap((d) => d.signers.map((s) => s.status)),
        ],
      );
      const { rows } = await trx.raw<{ rows: { id: string; pending: number }[] }>(
        `select d.id, ${PENDING_COMMONS_SQL} as pending from unnest(?::uuid[]) as d(id)`,
        [documents.map((d) => d.id)],
      );
      return new Map(rows.map((r) => [r.id, r.pending]));
    });
    const disagreements = documents.filter((d) => counted.get(d.id) !== pendingCommons(d.signers));
    assert.deepEqual(
      disagreements.slice(0, 3).map((d) => ({ signers: d.signers, sql: counted.get(d.id) })),
      [],
      `${disagreements.length} of ${documents.length} rounds counted otherwise by SQL`,
    );
  });
});
