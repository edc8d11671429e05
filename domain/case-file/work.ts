/** Whether a tenant's case-file run has anything to do: two index-only probes, cheap on every commit. */
import type { TenantDb } from '../../db/tenancy.js';

export async function caseFileHasWork(db: TenantDb): Promise<boolean> {
  return db.transaction(async (trx) => {
    const { rows } = await trx.raw<{ rows: { work: boolean }[] }>(
      `select exists (select 1 from case_documents where not foliated)
           or exists (select 1 from case_index_versions where signed_at is null) as work`,
    );
    return rows[0]?.work ?? false;
  });
}
