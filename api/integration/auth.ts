/** Integration REST authentication: X-API-Key + X-User-ID, resolved to a DomainContext. */
import type { RequestHandler } from 'express';
import { hashApiKey } from '../../db/control.js';
import { apiKeyUsageRecorder } from '../../domain/api-keys/usage.js';
import { authenticateApiKey } from '../../domain/authentication.js';
import type { ApiDeps } from '../deps.js';

export function integrationAuth(
  deps: ApiDeps,
  options: { userRequired: boolean } = { userRequired: true },
): RequestHandler {
  // Key validity is read from the database on every request (no cache), so a revocation holds
  // from the next request; only `last_used_at` is batched.
  const usage = apiKeyUsageRecorder(deps.db, deps.config.apiKeys.usageFlushSeconds * 1000, (err) =>
    deps.log.warn('api key usage not recorded; will retry', {
      error: err instanceof Error ? err.message : String(err),
    }),
  );
  return async (req, res, next) => {
    const apiKey = req.get('x-api-key');
    const ctx = await authenticateApiKey(deps, {
      apiKey,
      userId: req.get('x-user-id'),
      userRequired: options.userRequired,
    });
    res.locals.ctx = ctx;
    const systemRead = ctx.user === null;
    usage.record(hashApiKey(apiKey!), new Date(), { systemRead });
    // Each system read is logged (what was read, by which key); the key's counters are its audit.
    if (systemRead)
      deps.log.info('api key system read', {
        tenant: ctx.tenant.schema,
        key_prefix: apiKey!.slice(0, 8),
        method: req.method,
        path: req.originalUrl.split('?')[0],
      });
    next();
  };
}
