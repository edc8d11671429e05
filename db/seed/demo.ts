/**
 * Seeds the demo tenant. Idempotent: rows are inserted only when missing (by their stable id),
 * never overwritten, so running it on every `npm start` keeps whatever users changed.
 */
import type { Db } from '../connection.js';
import { authorizeKeyUsers, createApiKey, findApiKey, hasApiKeyNamed, type NewTenant } from '../control.js';
import { tenantDb, type Tenant } from '../tenancy.js';
import { createTenant } from '../tenants.js';
import {
  CASE_TEMPLATES,
  DEMO_API_KEY_NAME,
  DEMO_TENANT,
  DEPARTMENTS,
  REGISTRY_FAMILIES,
  SEALS,
  SECTORS,
  USERS,
  demoId,
} from './demo-data.js';

export interface SeedResult {
  tenant: Tenant;
  /** The plaintext key, only when this run created it (it cannot be shown again). */
  createdApiKey?: string;
}

/** `tenant`: another municipality given the same demo people and catalogs (benchmarks of many tenants). */
export async function seedDemo(db: Db, options: { apiKey?: string; tenant?: NewTenant } = {}): Promise<SeedResult> {
  const { tenant } = await createTenant(db, options.tenant ?? DEMO_TENANT);
  await tenantDb(db, tenant).transaction(async (trx) => {
    const insert = (table: string, rows: object[]) =>
      rows.length ? trx(table).insert(rows).onConflict('id').ignore() : undefined;

    await insert(
      'departments',
      DEPARTMENTS.map((d) => ({ id: demoId('department', d.acronym), name: d.name, acronym: d.acronym })),
    );
    await insert(
      'sectors',
      SECTORS.map((s) => ({
        id: demoId('sector', s.acronym),
        name: s.name,
        acronym: s.acronym,
        department_id: demoId('department', s.department),
      })),
    );
    await insert(
      'seals',
      SEALS.map((name) => ({ id: demoId('seal', name), name })),
    );
    await insert(
      'users',
      USERS.map((u) => ({
        id: demoId('user', u.key),
        full_name: u.fullName,
        email: u.email,
        role: u.role,
        is_admin: u.isAdmin,
        cuit: u.cuit,
        default_seal_id: demoId('seal', u.seal),
      })),
    );
    await trx('user_sector_permissions')
      .insert(
        USERS.flatMap((u) =>
          u.sectors.map((s) => ({
            user_id: demoId('user', u.key),
            sector_id: demoId('sector', s.acronym),
            can_view: true,
            can_edit: s.canEdit,
            is_primary: s.isPrimary,
          })),
        ),
      )
      .onConflict(['user_id', 'sector_id'])
      .ignore();
    await insert(
      'case_templates',
      CASE_TEMPLATES.map((t) => ({
        id: demoId('case-template', t.acronym),
        acronym: t.acronym,
        name: t.name,
        description: t.description,
        filing_department_id: demoId('department', t.department),
      })),
    );
    await insert(
      'registry_families',
      REGISTRY_FAMILIES.map((f) => ({
        id: demoId('registry-family', f.code),
        code: f.code,
        name: f.name,
        description: f.description,
        data_schema: JSON.stringify(f.dataSchema),
        allowed_states: [...f.allowedStates],
      })),
    );
    await trx('registry_family_permissions')
      .insert(
        REGISTRY_FAMILIES.flatMap((f) =>
          Object.entries(f.permissions).map(([acronym, p]) => ({
            family_id: demoId('registry-family', f.code),
            sector_id: demoId('sector', acronym),
            can_create: p.create,
            can_edit: p.edit,
            can_view: p.view,
            can_verify: p.verify,
          })),
        ),
      )
      .onConflict(['family_id', 'sector_id'])
      .ignore();
  });

  const userIds = USERS.map((u) => demoId('user', u.key));
  if (options.apiKey) {
    // A configured key (DEMO_API_KEY): make sure it exists and covers the demo users.
    const existing = await findApiKey(db, options.apiKey);
    if (existing) {
      await authorizeKeyUsers(db, existing.id, userIds);
      return { tenant };
    }
    await createApiKey(db, {
      tenantId: tenant.id,
      name: `${DEMO_API_KEY_NAME}-configured`,
      userIds,
      key: options.apiKey,
    });
    return { tenant };
  }
  if (await hasApiKeyNamed(db, tenant.id, DEMO_API_KEY_NAME)) return { tenant };
  const { key } = await createApiKey(db, { tenantId: tenant.id, name: DEMO_API_KEY_NAME, userIds });
  return { tenant, createdApiKey: key };
}
