/**
 * Backend authentication: X-Tenant-Schema names the tenant; the caller is identified by a bearer
 * JWT or, with TESTING_MODE on (never in production), by the testing credentials.
 */
import type { RequestHandler } from 'express';
import { authenticateTestingMode, BACKEND_AUTH_MESSAGES, resolveBackendTenant } from '../../domain/authentication.js';
import { unauthorized } from '../../domain/errors.js';
import type { ApiDeps } from '../deps.js';

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

export function backendAuth(deps: ApiDeps): RequestHandler {
  return async (req, res, next) => {
    const tenant = await resolveBackendTenant(deps, req.get('x-tenant-schema'));
    const bearer = bearerToken(req.get('authorization'));
    if (deps.config.testingMode) {
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
    // Bearer JWT verification against the identity provider plugs in here.
    throw unauthorized(BACKEND_AUTH_MESSAGES.invalidToken);
  };
}
