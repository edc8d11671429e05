/** Integration REST authentication: X-API-Key + X-User-ID, resolved to a DomainContext. */
import type { RequestHandler } from 'express';
import { authenticateApiKey } from '../../domain/authentication.js';
import type { ApiDeps } from '../deps.js';

export function integrationAuth(deps: ApiDeps, options: { userRequired: boolean } = { userRequired: true }): RequestHandler {
  return async (req, res, next) => {
    res.locals.ctx = await authenticateApiKey(deps, {
      apiKey: req.get('x-api-key'),
      userId: req.get('x-user-id'),
      userRequired: options.userRequired,
    });
    next();
  };
}
