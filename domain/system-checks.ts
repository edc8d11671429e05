/** System check: the end-to-end probe (API/CLI → Temporal → worker → activity → tenant schema). */
import { pingDb, type Db } from '../db/connection.js';
import type { TenantDb } from '../db/tenancy.js';

export interface SystemCheckRow {
  id: string;
  workflow_id: string;
  checked_at: string;
}

/** Idempotent per workflow run: a retried activity finds the row it already wrote. */
export async function recordSystemCheck(db: TenantDb, workflowId: string): Promise<SystemCheckRow> {
  return db.transaction(async (trx) => {
    await trx('system_checks').insert({ workflow_id: workflowId }).onConflict('workflow_id').ignore();
    const row = await trx('system_checks')
      .where({ workflow_id: workflowId })
      .first<SystemCheckRow>('id', 'workflow_id', 'checked_at');
    return { ...row, checked_at: new Date(row.checked_at).toISOString() };
  });
}

/** The database answers (for health checks). */
export async function checkDatabase(db: Db): Promise<void> {
  await pingDb(db);
}
