import assert from 'node:assert/strict';
import { allocateNumber } from '../db/counters.js';
import { tenantDb } from '../db/tenancy.js';
import { formatNumber } from '../domain/numbering.js';
import { getStack } from './support/hooks.js';

describe('number counters', () => {
  const scoped = () => tenantDb(getStack().db, getStack().demoTenant);

  it('50 concurrent allocations, each in its own transaction with an insert, get 50 distinct consecutive numbers', async () => {
    const db = scoped();
    const numbers = await Promise.all(
      Array.from({ length: 50 }, () =>
        db.transaction(async (trx) => {
          const n = await allocateNumber(trx, 'TEST', 2026);
          await trx('system_checks').insert({ workflow_id: `counter-test-${n}` });
          return n;
        }),
      ),
    );
    assert.equal(new Set(numbers).size, 50);
    assert.deepEqual(
      [...numbers].sort((x, y) => x - y),
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it('counters are independent per kind, year and scope', async () => {
    const db = scoped();
    const got = await db.transaction(async (trx) => [
      await allocateNumber(trx, 'RLM', 2026, 'ARQ'),
      await allocateNumber(trx, 'RLM', 2026, 'LUM'),
      await allocateNumber(trx, 'RLM', 2027, 'ARQ'),
      await allocateNumber(trx, 'RLM', 2026, 'ARQ'),
    ]);
    assert.deepEqual(got, [1, 1, 1, 2]);
  });

  it('a number whose transaction fails is not consumed, and a committed one is never handed out again', async () => {
    const db = scoped();
    const committed = await db.transaction((trx) => allocateNumber(trx, 'ROLLBACK', 2026));
    await assert.rejects(
      db.transaction(async (trx) => {
        await allocateNumber(trx, 'ROLLBACK', 2026);
        throw new Error('insert failed');
      }),
    );
    const next = await db.transaction((trx) => allocateNumber(trx, 'ROLLBACK', 2026));
    assert.equal(committed, 1);
    assert.equal(next, 2);
  });

  it('formats numbers with an 8-digit sequence', () => {
    assert.equal(formatNumber('EE', 2026, 42, 'MVE', 'MESA'), 'EE-2026-00000042-MVE-MESA');
  });
});
