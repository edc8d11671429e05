/** What activities are built from; the worker creates these once per process. */
import { ApplicationFailure } from '@temporalio/common';
import type { Config } from '../config/index.js';
import type { Db } from '../db/connection.js';
import { findTenantBySchema } from '../db/control.js';
import { tenantDb, type Tenant, type TenantDb } from '../db/tenancy.js';
import { contextForUser } from '../domain/authentication.js';
import type { UserContext } from '../domain/context.js';
import { isAppError } from '../domain/errors.js';
import type { DomainServices } from '../domain/services.js';
import type { Logger } from '../lib/log.js';
import type { IdentityProvider } from './identity/index.js';
import type { Mailer } from './mailer.js';
import type { CscClient } from './csc/client.js';
import { appFailure } from '../contract/failures.js';

export interface ActivityDeps {
  db: Db;
  services: DomainServices;
  config: Config;
  log: Logger;
  /** The identity provider's management API (user provisioning). */
  identity: IdentityProvider;
  mailer: Mailer;
  /** The remote signing service (CSC API v2) holding the users' personal certificates. */
  remoteSigning: CscClient;
}

/**
 * How long an activity reuses the tenant and the acting user (with their sectors) that an earlier
 * activity of this worker read. A case creation runs nine steps as one user within a fraction of a
 * second, and each would otherwise read them again (five round trips to PostgreSQL). A user
 * deactivated or moved meanwhile is seen at most this much later; the API checked them when the
 * request was made, and a failure is never reused.
 */
export const CONTEXT_REUSE_MS = 2_000;

interface Reused<T> {
  value: Promise<T>;
  until: number;
}

/** Per worker (per `ActivityDeps`): what was read, keyed by tenant schema or `schema/user id`. */
const reuse = new WeakMap<
  ActivityDeps,
  { tenants: Map<string, Reused<Tenant>>; users: Map<string, Reused<UserContext>> }
>();

function reused<T>(cache: Map<string, Reused<T>>, key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.value;
  // Expired entries go when the map grows: a worker serves a bounded set of users at a time.
  if (cache.size >= 1000) for (const [k, v] of cache) if (v.until <= now) cache.delete(k);
  const value = load();
  const entry = { value, until: now + CONTEXT_REUSE_MS };
  cache.set(key, entry);
  value.catch(() => cache.get(key) === entry && cache.delete(key));
  return value;
}

function reuseOf(deps: ActivityDeps) {
  let r = reuse.get(deps);
  if (!r) reuse.set(deps, (r = { tenants: new Map(), users: new Map() }));
  return r;
}

/** A tenant that does not exist will not appear by retrying: fail the activity for good. */
export function requireTenant(deps: ActivityDeps, schema: string): Promise<Tenant> {
  return reused(reuseOf(deps).tenants, schema, async () => {
    const tenant = await findTenantBySchema(deps.db, schema);
    if (!tenant) throw ApplicationFailure.nonRetryable(`unknown tenant "${schema}"`, 'UnknownTenant');
    return tenant;
  });
}

/** The domain context of `userId` in tenant `schema`, reused for CONTEXT_REUSE_MS. */
function contextOf(deps: ActivityDeps, schema: string, userId: string): Promise<UserContext> {
  return reused(reuseOf(deps).users, `${schema}/${userId}`, async () =>
    contextForUser(deps, await requireTenant(deps, schema), userId),
  );
}

export async function requireTenantDb(deps: ActivityDeps, schema: string): Promise<TenantDb> {
  return tenantDb(deps.db, await requireTenant(deps, schema));
}

/**
 * Runs a domain step on behalf of a user of a tenant. Domain errors (AppError) become
 * non-retryable failures carrying their HTTP status; anything else is retried by Temporal.
 */
export async function asUser<T>(
  deps: ActivityDeps,
  schema: string,
  userId: string,
  step: (ctx: UserContext) => Promise<T>,
): Promise<T> {
  try {
    const ctx = await contextOf(deps, schema, userId);
    return await step(ctx);
  } catch (err) {
    if (isAppError(err)) throw appFailure(err.status, err.message);
    // PostgreSQL data exceptions (class 22: invalid text, out-of-range values) repeat forever if retried.
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22'))
      throw appFailure(400, `Dato invalido: ${(err as Error).message.split(' - ').pop()}`);
    throw err;
  }
}
