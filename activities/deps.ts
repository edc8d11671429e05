/** What activities are built from; the worker creates these once per process. */
import { ApplicationFailure } from '@temporalio/common';
import type { Config } from '../config/index.js';
import type { Db } from '../db/connection.js';
import { findTenantBySchema } from '../db/control.js';
import { tenantDb, type Tenant, type TenantDb } from '../db/tenancy.js';
import { contextForUser } from '../domain/authentication.js';
import type { DomainContext } from '../domain/context.js';
import { isAppError } from '../domain/errors.js';
import type { DomainServices } from '../domain/services.js';
import type { Logger } from '../lib/log.js';
import type { IdentityProvider } from './identity/index.js';
import type { Mailer } from './mailer.js';
import { appFailure } from '../contract/failures.js';

export interface ActivityDeps {
  db: Db;
  services: DomainServices;
  config: Config;
  log: Logger;
  /** The identity provider's management API (user provisioning). */
  identity: IdentityProvider;
  mailer: Mailer;
}

/** A tenant that does not exist will not appear by retrying: fail the activity for good. */
export async function requireTenant(deps: ActivityDeps, schema: string): Promise<Tenant> {
  const tenant = await findTenantBySchema(deps.db, schema);
  if (!tenant) throw ApplicationFailure.nonRetryable(`unknown tenant "${schema}"`, 'UnknownTenant');
  return tenant;
}

export async function requireTenantDb(deps: ActivityDeps, schema: string): Promise<TenantDb> {
  return tenantDb(deps.db, await requireTenant(deps, schema));
}

/**
 * Runs a domain step on behalf of a user of a tenant. Domain errors (AppError) become
 * non-retryable failures carrying their HTTP status; anything else is retried by Temporal.
 */
export async function asUser<T>(deps: ActivityDeps, schema: string, userId: string, step: (ctx: DomainContext) => Promise<T>): Promise<T> {
  try {
    const ctx = await contextForUser(deps, await requireTenant(deps, schema), userId);
    return await step(ctx);
  } catch (err) {
    if (isAppError(err)) throw appFailure(err.status, err.message);
    // PostgreSQL data exceptions (class 22: invalid text, out-of-range values) repeat forever if retried.
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) throw appFailure(400, `Dato invalido: ${(err as Error).message.split(' - ').pop()}`);
    throw err;
  }
}
