/**
 * People of the demo municipality made for one suite. A suite that changes a user (links an
 * identity, sets a signature mode, moves sectors, deactivates) does it to one of these, so the
 * seeded users stay as every later suite of the run expects them.
 */
import { randomUUID } from 'node:crypto';
import { createApiKey } from '../../db/control.js';
import { demoId, type SEALS } from '../../db/seed/demo-data.js';
import { tenantDb } from '../../db/tenancy.js';
import { getStack } from './hooks.js';
import { demoSector } from './http.js';

export interface NewUserOptions {
  fullName?: string;
  role?: 'director' | 'empleado';
  isAdmin?: boolean;
  cuit?: string;
  /** An identity already linked (a user who has activated the account). */
  authId?: string;
  /** Sectors by acronym, the first one primary, read-only unless `canEdit`; by default DOP, editing. */
  sectors?: { acronym: string; canEdit?: boolean }[];
  /** One of the demo seals, as the user's default. */
  seal?: (typeof SEALS)[number];
  /** Also an API key of its own, for the integration interface. */
  apiKey?: boolean;
}

export interface NewUser {
  id: string;
  /** Unique in the run (a fresh address at pruebas.example). */
  email: string;
  fullName: string;
  /** Backend headers in testing mode. */
  backend: Record<string, string>;
  /** Integration headers with its own key (only with `apiKey`). */
  integration: Record<string, string>;
}

export async function newUser(options: NewUserOptions = {}): Promise<NewUser> {
  const { db, demoTenant } = getStack();
  const id = randomUUID();
  const fullName = options.fullName ?? 'Persona de Prueba';
  const email = `usuario.${id.slice(0, 8)}@pruebas.example`;
  const sectors = options.sectors ?? [{ acronym: 'DOP', canEdit: true }];
  await tenantDb(db, demoTenant).transaction(async (trx) => {
    await trx('users').insert({
      id,
      full_name: fullName,
      email,
      role: options.role ?? 'empleado',
      is_admin: options.isAdmin ?? false,
      cuit: options.cuit ?? null,
      auth_id: options.authId ?? null,
      default_seal_id: options.seal ? demoId('seal', options.seal) : null,
    });
    if (sectors.length)
      await trx('user_sector_permissions').insert(
        sectors.map((s, i) => ({
          user_id: id,
          sector_id: demoSector(s.acronym),
          can_view: true,
          can_edit: s.canEdit ?? false,
          is_primary: i === 0,
        })),
      );
  });
  let integration: Record<string, string> = {};
  if (options.apiKey) {
    const { key } = await createApiKey(db, { tenantId: demoTenant.id, name: `prueba-${id}`, userIds: [id] });
    integration = { 'X-API-Key': key, 'X-User-ID': id };
  }
  return { id, email, fullName, backend: { 'X-Tenant-Schema': 'demo', Authorization: `Bearer ${id}` }, integration };
}
