/**
 * Number counters. `allocateNumber` must run inside the transaction that inserts the numbered
 * row: the upsert takes a row lock on (kind, year, scope) until that transaction ends, so
 * concurrent allocations queue instead of colliding, and a rolled-back insert releases nothing
 * that another transaction has seen. Within a committed history numbers are never reused.
 */
import type { Tx } from './tenancy.js';

export async function allocateNumber(trx: Tx, kind: string, year: number, scope = ''): Promise<number> {
  const result = await trx.raw<{ rows: { last_value: number }[] }>(
    `insert into number_counters (kind, year, scope, last_value)
     values (?, ?, ?, 1)
     on conflict (kind, year, scope)
     do update set last_value = number_counters.last_value + 1, updated_at = now()
     returning last_value`,
    [kind, year, scope],
  );
  return result.rows[0]!.last_value;
}
