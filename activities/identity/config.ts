/**
 * Identity-provider adapter configuration from the environment:
 *
 *   AUTH0_DOMAIN              Auth0 tenant domain (production), or
 *   IDP_BASE_URL              full base URL of a compatible provider (the development one)
 *   AUTH0_MGMT_CLIENT_ID      machine-to-machine application authorized for the Management API
 *   AUTH0_MGMT_CLIENT_SECRET
 *   AUTH0_MGMT_AUDIENCE       default `<base URL>/api/v2/`
 *   AUTH0_FRONTEND_CLIENT_ID  the front end's client id (tickets are bound to it)
 *   AUTH0_DB_CONNECTION       default `Username-Password-Authentication`
 *   AUTH0_TICKET_TTL_SEC      default 432000 (5 days)
 *
 * Outside production, missing values fall back to the development provider's defaults
 * (dev/oidc/config.ts); in production every value but the defaulted ones is required.
 */
import type { Auth0ManagementOptions } from './auth0-management.js';

/** Same values as the development provider's defaults (checked by a test). */
export const DEV_IDP_DEFAULTS = {
  baseUrl: 'http://127.0.0.1:3400',
  clientId: 'expediente-m2m',
  clientSecret: 'dev-m2m-secret',
  frontendClientId: 'expediente-web',
} as const;

export class IdentityConfigError extends Error {
  override name = 'IdentityConfigError';
}

export function auth0ManagementOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Auth0ManagementOptions {
  const production = env.APP_ENV === 'production';
  const value = (name: string, fallback?: string): string => {
    const v = env[name]?.trim();
    if (v) return v;
    if (fallback !== undefined && !production) return fallback;
    throw new IdentityConfigError(`${name} is required`);
  };
  const domain = env.AUTH0_DOMAIN?.trim();
  const baseUrl = env.IDP_BASE_URL?.trim();
  if (domain && baseUrl) throw new IdentityConfigError('set either AUTH0_DOMAIN or IDP_BASE_URL, not both');
  if (!domain && !baseUrl && production) throw new IdentityConfigError('AUTH0_DOMAIN (or IDP_BASE_URL) is required');
  let ticketTtlSec: number | undefined;
  if (env.AUTH0_TICKET_TTL_SEC) {
    ticketTtlSec = Number(env.AUTH0_TICKET_TTL_SEC);
    if (!Number.isInteger(ticketTtlSec) || ticketTtlSec <= 0)
      throw new IdentityConfigError(`AUTH0_TICKET_TTL_SEC must be a positive integer: ${env.AUTH0_TICKET_TTL_SEC}`);
  }
  return {
    ...(domain ? { domain } : { baseUrl: baseUrl || DEV_IDP_DEFAULTS.baseUrl }),
    clientId: value('AUTH0_MGMT_CLIENT_ID', DEV_IDP_DEFAULTS.clientId),
    clientSecret: value('AUTH0_MGMT_CLIENT_SECRET', DEV_IDP_DEFAULTS.clientSecret),
    ...(env.AUTH0_MGMT_AUDIENCE?.trim() ? { audience: env.AUTH0_MGMT_AUDIENCE.trim() } : {}),
    frontendClientId: value('AUTH0_FRONTEND_CLIENT_ID', DEV_IDP_DEFAULTS.frontendClientId),
    ...(env.AUTH0_DB_CONNECTION?.trim() ? { connection: env.AUTH0_DB_CONNECTION.trim() } : {}),
    ...(ticketTtlSec ? { ticketTtlSec } : {}),
  };
}
