/**
 * Who is acting, for which tenant: built once per request by the API (API key, JWT or testing
 * mode) or per activity by the worker, then passed to every domain operation.
 */
import type { Db } from '../db/connection.js';
import type { Tenant, TenantDb } from '../db/tenancy.js';
import { forbidden } from './errors.js';
import type { DomainServices } from './services.js';

export type Role = 'director' | 'empleado';

export interface SectorAccess {
  sectorId: string;
  name: string;
  acronym: string;
  canView: boolean;
  canEdit: boolean;
  isPrimary: boolean;
}

export interface ActingUser {
  id: string;
  fullName: string;
  email: string;
  role: Role;
  authId: string | null;
  isAdmin: boolean;
  /** Every sector the user belongs to, primary first. */
  sectors: SectorAccess[];
}

/** The shared handles every context is built from: the pool and the process-wide services. */
export interface Platform {
  db: Db;
  services: DomainServices;
}

export interface DomainContext {
  tenant: Tenant;
  db: TenantDb;
  services: DomainServices;
  /** Null only for a system read: the few integration reads the spec lets a caller make without X-User-ID. */
  user: ActingUser | null;
}

/**
 * The context of an operation done on someone's behalf. Each interface narrows to it once, where it
 * builds the context (X-User-ID, a session, an MCP token, a workflow's input); what takes it reads
 * `ctx.user` without checking again.
 */
export interface UserContext extends DomainContext {
  user: ActingUser;
}

/** Whether the context acts for a user (every one but a system read's). */
export function hasUser(ctx: DomainContext): ctx is UserContext {
  return ctx.user !== null;
}

/**
 * The acting user, who must be one of the municipality's administrators; `task` completes the
 * refusal "Solo un administrador puede …" (403), the same sentence on every interface.
 */
export function requireAdministrator(user: ActingUser, task: string): ActingUser {
  if (!user.isAdmin) throw forbidden(`Solo un administrador puede ${task}`);
  return user;
}

export function primarySector(user: ActingUser): SectorAccess | undefined {
  return user.sectors.find((s) => s.isPrimary) ?? user.sectors[0];
}
