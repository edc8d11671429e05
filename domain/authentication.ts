/**
 * Building a DomainContext from credentials. Integration REST: API key + X-User-ID, in the
 * spec's order and with its four messages verbatim. Backend: X-Tenant-Schema plus, for now,
 * the testing-mode credentials (JWT verification is added on top of the same tenant layer).
 */
import { userUpdatedEvent } from './audit/user-events.js';
import { emitEvents } from './webhooks/outbox.js';
import { tenantsMatching } from '../db/across-tenants.js';
import { findApiKeyAccess, findTenantBySchema, listTenants } from '../db/control.js';
import { isValidTenantSchemaName } from '../db/identifiers.js';
import { constantTimeEqual } from '../lib/secrets.js';
import { tenantDb, type Tenant } from '../db/tenancy.js';
import {
  activeUserWithEmail,
  isDeactivatedUser,
  isUuid,
  loadActiveUserByEmail,
  loadActiveUserById,
  loadFirstActiveUser,
} from './acting-user.js';
import type { ActingUser, DomainContext, Platform, UserContext } from './context.js';
import { badRequest, forbidden, unauthorized } from './errors.js';

export const INTEGRATION_AUTH_MESSAGES = {
  missingKey: 'X-API-Key header requerido',
  missingUser: 'X-User-ID header requerido para REST API',
  invalidKey: 'API Key invalida o expirada',
  userNotAuthorized: 'Usuario no autorizado para esta API Key',
  userDeactivated: 'Usuario dado de baja: ya no puede operar ni firmar',
  malformedUser: 'X-User-ID debe ser un UUID',
} as const;

export interface ApiKeyCredentials {
  apiKey: string | undefined;
  userId: string | undefined;
  /** False on the endpoints where the spec makes X-User-ID optional (system reads). */
  userRequired: boolean;
}

export async function authenticateApiKey(platform: Platform, credentials: ApiKeyCredentials): Promise<DomainContext> {
  const { db, services } = platform;
  const { apiKey, userId, userRequired } = credentials;
  if (!apiKey) throw unauthorized(INTEGRATION_AUTH_MESSAGES.missingKey);
  if (userRequired && !userId) throw unauthorized(INTEGRATION_AUTH_MESSAGES.missingUser);

  // Key, tenant and the user's authorization in one statement; judged in the spec's order.
  const access = await findApiKeyAccess(db, apiKey, userId && isUuid(userId) ? userId : null);
  const expired = access?.key.expiresAt != null && access.key.expiresAt.getTime() <= Date.now();
  if (!access?.key.isActive || expired || !access.tenant) throw unauthorized(INTEGRATION_AUTH_MESSAGES.invalidKey);
  const tenant = access.tenant;

  const scoped = tenantDb(db, tenant);
  if (!userId) {
    // Omitting the user is a system read, allowed only to a key created with that scope; the
    // reads then apply the system rule (domain/documents/access.ts), never "no check".
    if (!access.key.systemRead) throw unauthorized(INTEGRATION_AUTH_MESSAGES.missingUser);
    return { tenant, db: scoped, services, user: null };
  }

  // A malformed header is the caller's mistake (400), told only to a caller with a valid key.
  if (!isUuid(userId)) throw badRequest(INTEGRATION_AUTH_MESSAGES.malformedUser);
  if (!access.userAuthorized) throw unauthorized(INTEGRATION_AUTH_MESSAGES.userNotAuthorized);
  const user = await scoped.transaction(async (trx) => {
    const found = await loadActiveUserById(trx, userId);
    if (!found && (await isDeactivatedUser(trx, userId))) throw unauthorized(INTEGRATION_AUTH_MESSAGES.userDeactivated);
    return found;
  });
  if (!user) throw unauthorized(INTEGRATION_AUTH_MESSAGES.userNotAuthorized);
  return { tenant, db: scoped, services, user };
}

export const BACKEND_AUTH_MESSAGES = {
  missingTenant: 'X-Tenant-Schema header requerido',
  unknownTenant: 'Tenant no encontrado',
  missingToken: 'Authorization required',
  invalidToken: 'Token invalido',
  userNotFound: 'Usuario no encontrado',
  identityMismatch: 'Token invalido: la identidad no corresponde al usuario',
  emailNotVerified: 'Email no verificado por el proveedor de identidad',
} as const;

/** The tenant layer of the backend: the header must name a registered tenant. */
export async function resolveBackendTenant(platform: Platform, schemaHeader: string | undefined): Promise<Tenant> {
  if (!schemaHeader) throw badRequest(BACKEND_AUTH_MESSAGES.missingTenant);
  const tenant = isValidTenantSchemaName(schemaHeader)
    ? await findTenantBySchema(platform.db, schemaHeader)
    : undefined;
  if (!tenant) throw unauthorized(BACKEND_AUTH_MESSAGES.unknownTenant);
  return tenant;
}

export interface TestingModeCredentials {
  bearer: string | undefined;
  apiKey: string | undefined;
  userId: string | undefined;
  testingApiKey: string | undefined;
}

/**
 * Testing mode (TESTING_MODE=true, never in production): `Authorization: Bearer <user uuid>`,
 * `X-User-ID: <user uuid>`, or `X-API-Key: <TESTING_API_KEY>` (first active user).
 * Returns undefined when none of these applies, so a real JWT can still be tried.
 */
export async function authenticateTestingMode(
  platform: Platform,
  tenant: Tenant,
  credentials: TestingModeCredentials,
): Promise<UserContext | undefined> {
  const scoped = tenantDb(platform.db, tenant);
  let load: (() => Promise<ActingUser | undefined>) | undefined;
  if (credentials.bearer && isUuid(credentials.bearer)) {
    const id = credentials.bearer;
    load = () => scoped.transaction((trx) => loadActiveUserById(trx, id));
  } else if (credentials.userId) {
    const id = credentials.userId;
    load = () => scoped.transaction((trx) => loadActiveUserById(trx, id));
  } else if (
    credentials.apiKey &&
    credentials.testingApiKey &&
    constantTimeEqual(credentials.apiKey, credentials.testingApiKey)
  ) {
    load = () => scoped.transaction((trx) => loadFirstActiveUser(trx));
  }
  if (!load) return undefined;
  const user = await load();
  if (!user) throw unauthorized(BACKEND_AUTH_MESSAGES.userNotFound);
  return { tenant, db: scoped, services: platform.services, user };
}

/** A context for work done on a user's behalf outside a request (workflow activities). */
export async function contextForUser(platform: Platform, tenant: Tenant, userId: string): Promise<UserContext> {
  const scoped = tenantDb(platform.db, tenant);
  const user = await scoped.transaction(async (trx) => {
    const found = await loadActiveUserById(trx, userId);
    // Work queued before the user was deactivated (a signature waiting for its code) is refused, and says why.
    if (!found && (await isDeactivatedUser(trx, userId))) throw forbidden(INTEGRATION_AUTH_MESSAGES.userDeactivated);
    return found;
  });
  if (!user) throw unauthorized(BACKEND_AUTH_MESSAGES.userNotFound);
  return { tenant, db: scoped, services: platform.services, user };
}

/**
 * The municipalities where `email` is an active user (a token names a person, not a tenant: MCP,
 * the desk's login): one statement per 250 tenants, not a transaction per tenant.
 */
export async function tenantsOfActiveUser(platform: Platform, email: string): Promise<Tenant[]> {
  return tenantsMatching(platform.db, await listTenants(platform.db), activeUserWithEmail, { email });
}

export interface VerifiedIdentity {
  /** The identity provider's user id (the token's `sub`). */
  sub: string;
  email: string;
  /** Only a provider-verified email may claim a user who has no identity yet. */
  emailVerified: boolean;
}

/**
 * The tenant layer for a verified bearer token: the token's email must be an active user of the
 * tenant. A user without `auth_id` is being onboarded: the first valid token links its `sub`
 * (returned as `linked`, so the caller can tell the provisioning workflow). A user already linked
 * to another identity is refused.
 */
export async function authenticateIdentity(
  platform: Platform,
  tenant: Tenant,
  identity: VerifiedIdentity,
): Promise<{ ctx: UserContext; linked: boolean }> {
  const scoped = tenantDb(platform.db, tenant);
  return scoped.transaction(async (trx) => {
    const user = await loadActiveUserByEmail(trx, identity.email);
    if (!user) throw unauthorized(BACKEND_AUTH_MESSAGES.userNotFound);
    let linked = false;
    if (!user.authId) {
      if (!identity.emailVerified) throw unauthorized(BACKEND_AUTH_MESSAGES.emailNotVerified);
      const taken = await trx('users').where({ auth_id: identity.sub }).first('id');
      if (taken) throw unauthorized(BACKEND_AUTH_MESSAGES.identityMismatch);
      const [after] = await trx('users')
        .where({ id: user.id })
        .whereNull('auth_id')
        .update({
          auth_id: identity.sub,
          // Signing in proves the invitation was used, even after the provisioning run gave up waiting.
          invitation_status: trx.raw("case when invitation_status is null then null else 'accepted' end"),
          updated_at: trx.fn.now(),
        })
        .returning<{ invitation_status: string | null }[]>('invitation_status');
      await emitEvents(
        trx,
        userUpdatedEvent(user.id, after?.invitation_status ? ['auth_id', 'invitation_status'] : ['auth_id'], null),
      );
      user.authId = identity.sub;
      linked = true;
    } else if (user.authId !== identity.sub) {
      throw unauthorized(BACKEND_AUTH_MESSAGES.identityMismatch);
    }
    return { ctx: { tenant, db: scoped, services: platform.services, user }, linked };
  });
}
