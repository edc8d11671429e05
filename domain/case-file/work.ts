/** Whether a tenant's case-file run has anything to do: two index-only probes, cheap on every commit. */
import type { TenantCondition } from '../../db/across-tenants.js';
import type { TenantDb } from '../../db/tenancy.js';

/** Links to foliate or index versions to sign (also asked of many tenants at once by the relay's sweep). */
export const caseFileWork: TenantCondition = (table) =>
  `exists (select 1 from ${table('case_documents')} where not foliated) or exists (select 1 from ${table('case_index_versions')} where signed_at is null)`;

export async function caseFileHasWork(db: TenantDb): Promise<boolean> {
  return db.transaction(async (trx) => {
    const { rows } = await trx.raw<{ rows: { work: boolean }[] }>(`select ${caseFileWork((name) => name)} as work`);
    return rows[0]?.work ?? false;
  });
}
