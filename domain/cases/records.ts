/** Case rows with their template and owner (administrative) sector, inside a tenant transaction. */
import type { Knex } from 'knex';
import type { Tx } from '../../db/tenancy.js';

export type CaseStatus = 'active' | 'inactive' | 'archived';

export interface CaseRow {
  id: string;
  case_number: string;
  reference: string;
  status: CaseStatus;
  template_id: string;
  template_name: string;
  template_acronym: string;
  owner_sector_id: string;
  owner_sector_name: string;
  owner_sector_acronym: string;
  owner_department: string | null;
  responsible_user_id: string | null;
  created_by: string;
  creator_name: string;
  short_ai_summary: string | null;
  created_at: Date;
  last_modified_at: Date;
}

/** Base query over finished cases (a case being created is invisible until its cover is signed). */
export function casesQuery(trx: Tx): Knex.QueryBuilder {
  return trx('cases as c')
    .join('case_templates as ct', 'ct.id', 'c.template_id')
    .join('sectors as os', 'os.id', 'c.owner_sector_id')
    .leftJoin('departments as od', 'od.id', 'os.department_id')
    .join('users as cu', 'cu.id', 'c.created_by')
    .where('c.is_ready', true);
}

export const CASE_COLUMNS = [
  'c.id',
  'c.case_number',
  'c.reference',
  'c.status',
  'c.template_id',
  'c.owner_sector_id',
  'c.responsible_user_id',
  'c.created_by',
  'c.short_ai_summary',
  'c.created_at',
  'c.last_modified_at',
  'ct.name as template_name',
  'ct.acronym as template_acronym',
  'os.name as owner_sector_name',
  'os.acronym as owner_sector_acronym',
  'od.name as owner_department',
  'cu.full_name as creator_name',
] as const;

export interface MovementRow {
  id: string;
  case_id: string;
  movement_type: 'creation' | 'transfer' | 'assignment';
  from_sector_id: string | null;
  from_acronym: string | null;
  to_sector_id: string;
  to_acronym: string;
  to_name: string;
  assigned_user_id: string | null;
  assigned_user_name: string | null;
  reason: string | null;
  status: 'active' | 'closed';
  created_by_name: string;
  created_at: Date;
  closed_at: Date | null;
  close_reason: string | null;
  due_at: Date | null;
  deadline_ended_at: Date | null;
}

export function movementsQuery(trx: Tx): Knex.QueryBuilder {
  return trx('case_movements as m')
    .leftJoin('sectors as fs', 'fs.id', 'm.from_sector_id')
    .join('sectors as ts', 'ts.id', 'm.to_sector_id')
    .leftJoin('users as au', 'au.id', 'm.assigned_user_id')
    .join('users as mu', 'mu.id', 'm.created_by')
    .select(
      'm.id',
      'm.case_id',
      'm.movement_type',
      'm.from_sector_id',
      'fs.acronym as from_acronym',
      'm.to_sector_id',
      'ts.acronym as to_acronym',
      'ts.name as to_name',
      'm.assigned_user_id',
      'au.full_name as assigned_user_name',
      'm.reason',
      'm.status',
      'mu.full_name as created_by_name',
      'm.created_at',
      'm.closed_at',
      'm.close_reason',
      'm.due_at',
      'm.deadline_ended_at',
    );
}

export async function activeAssignments(trx: Tx, caseId: string): Promise<MovementRow[]> {
  return (await activeAssignmentsByCase(trx, [caseId])).get(caseId) ?? [];
}

/** Active assignments of several cases, by case id, in one query. */
export async function activeAssignmentsByCase(trx: Tx, caseIds: string[]): Promise<Map<string, MovementRow[]>> {
  const byCase = new Map<string, MovementRow[]>();
  if (!caseIds.length) return byCase;
  const rows: MovementRow[] = await movementsQuery(trx)
    .whereIn('m.case_id', caseIds)
    .andWhere({ 'm.movement_type': 'assignment', 'm.status': 'active' })
    .orderBy('m.created_at');
  for (const row of rows) byCase.set(row.case_id, [...(byCase.get(row.case_id) ?? []), row]);
  return byCase;
}
