/**
 * Writes parsed onboarding rows into one tenant, in one transaction: departments and sectors
 * matched by acronym, seals by name, users by email (case-insensitive). A re-run updates what
 * exists instead of adding duplicates; a user's sector permissions become exactly the CSV's.
 * Users are created without an identity-provider account (auth_id) and without an invitation:
 * they are linked on their first sign-in with that email, or invited from the administration.
 */
import type { Tx } from '../../db/tenancy.js';
import type { Problem, SectorRow, UserRow } from './parse.js';
import {
  permissionsChangedEvents,
  userChangeEvents,
  userCreatedEvent,
  type SectorPermission,
} from '../audit/user-events.js';
import { emitEvents } from '../webhooks/outbox.js';

export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

export interface ImportSummary {
  departments: Counts;
  sectors: Counts;
  users: Counts;
  seals_created: number;
}

const counts = (): Counts => ({ created: 0, updated: 0, unchanged: 0 });

/** Inserts or updates one row matched on `match`; says which. */
async function upsert(
  trx: Tx,
  table: string,
  match: { column: string; value: string; caseInsensitive?: boolean },
  values: Record<string, unknown>,
  tally: Counts,
): Promise<string> {
  const query = trx(table);
  const existing = await (match.caseInsensitive
    ? query.whereRaw(`lower(${match.column}) = lower(?)`, [match.value])
    : query.where(match.column, match.value)
  ).first();
  if (!existing) {
    const [row] = await trx(table).insert(values).returning<{ id: string }[]>('id');
    tally.created++;
    return row!.id;
  }
  const changed = Object.entries(values).some(([k, v]) => (existing as Record<string, unknown>)[k] !== v);
  if (changed) {
    await trx(table)
      .where('id', existing.id)
      .update({ ...values, ...(table === 'users' ? { updated_at: trx.fn.now() } : {}) });
    tally.updated++;
  } else tally.unchanged++;
  return existing.id as string;
}

export async function applyImport(
  trx: Tx,
  sectors: SectorRow[],
  users: UserRow[],
  usersFile: string,
): Promise<{ summary: ImportSummary; problems: Problem[] }> {
  const summary: ImportSummary = { departments: counts(), sectors: counts(), users: counts(), seals_created: 0 };
  const problems: Problem[] = [];

  const departmentIds = new Map<string, string>();
  for (const s of sectors) {
    if (departmentIds.has(s.departmentAcronym)) continue;
    departmentIds.set(
      s.departmentAcronym,
      await upsert(
        trx,
        'departments',
        { column: 'acronym', value: s.departmentAcronym },
        { acronym: s.departmentAcronym, name: s.departmentName, is_active: true },
        summary.departments,
      ),
    );
  }
  for (const s of sectors) {
    await upsert(
      trx,
      'sectors',
      { column: 'acronym', value: s.acronym },
      { acronym: s.acronym, name: s.name, department_id: departmentIds.get(s.departmentAcronym), is_active: true },
      summary.sectors,
    );
  }

  // Users may name sectors from this import or ones the municipality already has.
  const sectorIds = new Map<string, string>(
    (await trx('sectors').where('is_active', true).select<{ id: string; acronym: string }[]>('id', 'acronym')).map(
      (r) => [r.acronym, r.id],
    ),
  );
  const sealIds = new Map<string, string>(
    (await trx('seals').select<{ id: string; name: string }[]>('id', 'name')).map((r) => [r.name, r.id]),
  );

  for (const u of users) {
    const unknown = u.sectors.filter((s) => !sectorIds.has(s.acronym)).map((s) => s.acronym);
    if (unknown.length) {
      problems.push({
        file: usersFile,
        line: u.line,
        message: `unknown sector(s): ${unknown.join(', ')} (not in the sectors file nor active in the municipality)`,
      });
      continue;
    }
    let sealId: string | null = null;
    if (u.seal) {
      sealId = sealIds.get(u.seal) ?? null;
      if (!sealId) {
        const [row] = await trx('seals').insert({ name: u.seal }).returning<{ id: string }[]>('id');
        sealId = row!.id;
        sealIds.set(u.seal, sealId);
        summary.seals_created++;
      }
    }
    const before = { ...summary.users };
    const values = {
      email: u.email,
      full_name: u.fullName,
      role: u.role,
      cuit: u.cuit,
      is_admin: u.isAdmin,
      default_seal_id: sealId,
      is_active: true,
    };
    const previous = await trx('users')
      .whereRaw('lower(email) = lower(?)', [u.email])
      .first<Record<string, unknown> | undefined>(Object.keys(values));
    const id = await upsert(
      trx,
      'users',
      { column: 'email', value: u.email, caseInsensitive: true },
      values,
      summary.users,
    );
    // The audit trail: the console acts, so no user is named.
    await emitEvents(trx, ...(previous ? userChangeEvents(id, previous, values, null) : [userCreatedEvent(id, null)]));
    const wanted = u.sectors.map((s) => ({
      user_id: id,
      sector_id: sectorIds.get(s.acronym)!,
      can_view: true,
      can_edit: s.canEdit,
      is_primary: s.isPrimary,
    }));
    const current = await trx('user_sector_permissions')
      .where('user_id', id)
      .orderBy('sector_id')
      .select<SectorPermission[]>('user_id', 'sector_id', 'can_view', 'can_edit', 'is_primary');
    const key = (rows: object[]) =>
      JSON.stringify(rows.map((r) => JSON.stringify(r, ['sector_id', 'can_view', 'can_edit', 'is_primary'])).sort());
    if (key(current) !== key(wanted)) {
      await trx('user_sector_permissions').where('user_id', id).delete();
      await trx('user_sector_permissions').insert(wanted);
      if (previous) await emitEvents(trx, ...permissionsChangedEvents(id, current, wanted, null));
      // Same row, new permissions: an update, not an unchanged user.
      if (summary.users.unchanged > before.unchanged) {
        summary.users.unchanged--;
        summary.users.updated++;
      }
    }
  }
  return { summary, problems };
}
