/**
 * One question asked of many tenants at once: which of them match a condition on their own
 * tables. One statement per chunk of tenants (UNION ALL of one probe per schema) instead of one
 * transaction per tenant, so a question about 2,300 municipalities takes a handful of round trips
 * and a few pooled connections, not the whole pool for seconds.
 *
 * Read-only and outside any tenant scope: every table is named through `table(name)`, which
 * qualifies it with the tenant's schema (checked, quoted), never through the search_path.
 */
import type { Knex } from 'knex';
import { eachBounded } from '../lib/bounded.js';
import type { Db } from './connection.js';
import { assertTenantSchemaName, quoteIdent } from './identifiers.js';
import type { Tenant } from './tenancy.js';

/** Qualifies one of the tenant's tables: `table('users')` → `"demo"."users"`. */
export type TenantTable = (name: string) => string;

/** A boolean SQL expression over one tenant's tables; may use named bindings (`:email`). */
export type TenantCondition = (table: TenantTable) => string;

/** Schemas per statement: a UNION ALL of this many probes plans in a few milliseconds. */
const CHUNK = 250;

function qualifier(schema: string): TenantTable {
  const s = quoteIdent(assertTenantSchemaName(schema));
  return (name) => `${s}.${quoteIdent(name)}`;
}

/** The tenants (in their given order) whose tables satisfy `condition`; `chunk`: schemas per statement. */
export async function tenantsMatching(
  db: Db | Knex,
  tenants: readonly Tenant[],
  condition: TenantCondition,
  bindings: Record<string, unknown> = {},
  chunk = CHUNK,
): Promise<Tenant[]> {
  const chunks: Tenant[][] = [];
  for (let i = 0; i < tenants.length; i += chunk) chunks.push(tenants.slice(i, i + chunk));
  const matched = new Set<number>();
  // Two statements at a time at most: the rest of the pool stays free for requests.
  await eachBounded(chunks, 2, async (part, c) => {
    const sql = part
      .map((t, j) => `select ${c * chunk + j} as i where ${condition(qualifier(t.schema))}`)
      .join('\nunion all\n');
    const { rows } = await db.raw<{ rows: { i: number }[] }>(sql, bindings);
    for (const r of rows) matched.add(r.i);
  });
  return tenants.filter((_t, i) => matched.has(i));
}
