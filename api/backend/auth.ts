/**
 * Backend authentication: X-Tenant-Schema names the tenant; the caller is identified by a bearer
 * RS256 JWT from the identity provider (its email must be a user of the tenant), or, with
 * TESTING_MODE on (never in production), by the testing credentials. A valid token of a user
 * without `auth_id` links the token's `sub` (onboarding) and tells the provisioning workflow.
 */
import type { RequestHandler } from 'express';
import {
  authenticateIdentity,
  authenticateTestingMode,
  BACKEND_AUTH_MESSAGES,
  resolveBackendTenant,
  tenantsOfActiveUser,
} from '../../domain/authentication.js';
import { bearerToken, sendBackend } from '../http.js';
import { unauthorized } from '../../domain/errors.js';
import type { ApiDeps } from '../deps.js';
import { userProvisioning } from '../temporal/user-provisioning.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /api/v1/auth/tenants`: the municipalities where the token's email is an active user — the
 * only backend call without X-Tenant-Schema, so the desk asks once which municipalities to offer
 * instead of trying every one (and the platform's list of municipalities is not published).
 */
export function tenantsOfToken(deps: ApiDeps): RequestHandler {
  return async (req, res) => {
    const bearer = bearerToken(req.get('authorization'));
    if (!bearer) throw unauthorized(BACKEND_AUTH_MESSAGES.missingToken);
    const token = await deps.tokens.verify(bearer);
    const tenants = await tenantsOfActiveUser(deps, token.email);
    sendBackend(res, { tenants: tenants.map((t) => ({ schema: t.schema, name: t.displayName, city: t.city })) });
  };
}

export function backendAuth(deps: ApiDeps): RequestHandler {
  const provisioning = userProvisioning(deps);
  return async (req, res, next) => {
    const tenant = await resolveBackendTenant(deps, req.get('x-tenant-schema'));
    const bearer = bearerToken(req.get('authorization'));
    if (deps.config.testingMode && !(bearer && !UUID.test(bearer))) {
      const ctx = await authenticateTestingMode(deps, tenant, {
        bearer,
        apiKey: req.get('x-api-key'),
        userId: req.get('x-user-id'),
        testingApiKey: deps.config.testingApiKey,
      });
      if (ctx) {
        res.locals.ctx = ctx;
        return next();
      }
    }
    if (!bearer) throw unauthorized(BACKEND_AUTH_MESSAGES.missingToken);
    const token = await deps.tokens.verify(bearer);
    const { ctx, linked } = await authenticateIdentity(deps, tenant, {
      sub: token.sub,
      email: token.email,
      emailVerified: token.emailVerified,
    });
    if (linked) await provisioning.firstLogin(tenant.schema, ctx.user.email, token.sub);
    res.locals.ctx = ctx;
    next();
  };
}
