/**
 * Environment configuration of the development OpenID provider (documented in
 * docs/identity-provider.md). Every variable has a development default.
 */
import path from 'node:path';
import type { OidcProviderOptions, SeedAccount } from './provider.js';

export const OIDC_DEFAULTS = {
  port: 3400,
  audience: 'https://api.expediente.local',
  frontendClientId: 'expediente-web',
  // The desk as the API serves it (port 3000) and from the Vite dev server (5173).
  frontendRedirectUris: [
    'http://127.0.0.1:3000/callback',
    'http://localhost:3000/callback',
    'http://127.0.0.1:5173/callback',
    'http://localhost:5173/callback',
  ],
  frontendPostLogoutRedirectUris: [
    'http://127.0.0.1:3000/',
    'http://localhost:3000/',
    'http://127.0.0.1:5173/',
    'http://localhost:5173/',
  ],
  m2mClientId: 'expediente-m2m',
  m2mClientSecret: 'dev-m2m-secret',
  adminKey: 'dev-oidc-admin-key',
  // The MCP server's resource URI as the API serves it (port 3000), so MCP clients get tokens for it.
  extraAudiences: ['http://127.0.0.1:3000/mcp', 'http://localhost:3000/mcp'],
} as const;

export class OidcConfigError extends Error {}

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new OidcConfigError(`${name} must be an integer >= ${min}: ${raw}`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new OidcConfigError(`${name} must be true or false: ${raw}`);
}

export function oidcOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): OidcProviderOptions {
  if ((env.APP_ENV ?? 'development') === 'production')
    throw new OidcConfigError('the development OpenID provider does not run with APP_ENV=production');
  let accounts: SeedAccount[] = [];
  if (env.OIDC_SEED_ACCOUNTS) {
    try {
      accounts = JSON.parse(env.OIDC_SEED_ACCOUNTS) as SeedAccount[];
    } catch {
      throw new OidcConfigError('OIDC_SEED_ACCOUNTS must be a JSON array of accounts');
    }
    if (!Array.isArray(accounts)) throw new OidcConfigError('OIDC_SEED_ACCOUNTS must be a JSON array of accounts');
  }
  const adminKey = env.OIDC_ADMIN_KEY ?? OIDC_DEFAULTS.adminKey;
  return {
    port: integer(env, 'OIDC_PORT', OIDC_DEFAULTS.port, 0),
    host: env.HOST || '127.0.0.1',
    ...(env.OIDC_ISSUER ? { issuer: env.OIDC_ISSUER } : {}),
    dataDir: env.OIDC_DATA_DIR || path.join(env.DATA_DIR || '.data', 'oidc'),
    audience: env.OIDC_AUDIENCE || OIDC_DEFAULTS.audience,
    extraAudiences: list(env.OIDC_EXTRA_AUDIENCES) ?? [...OIDC_DEFAULTS.extraAudiences],
    allowLoopbackClientIds: flag(env, 'OIDC_CIMD_ALLOW_LOOPBACK', true),
    frontendClientId: env.OIDC_FRONTEND_CLIENT_ID || OIDC_DEFAULTS.frontendClientId,
    frontendRedirectUris: list(env.OIDC_FRONTEND_REDIRECT_URIS) ?? [...OIDC_DEFAULTS.frontendRedirectUris],
    frontendPostLogoutRedirectUris: list(env.OIDC_FRONTEND_LOGOUT_URIS) ?? [
      ...OIDC_DEFAULTS.frontendPostLogoutRedirectUris,
    ],
    ...(env.OIDC_FRONTEND_LOGIN_URI ? { frontendLoginUri: env.OIDC_FRONTEND_LOGIN_URI } : {}),
    m2mClientId: env.OIDC_M2M_CLIENT_ID || OIDC_DEFAULTS.m2mClientId,
    m2mClientSecret: env.OIDC_M2M_CLIENT_SECRET || OIDC_DEFAULTS.m2mClientSecret,
    // An empty OIDC_ADMIN_KEY turns the admin route off.
    ...(adminKey ? { adminKey } : {}),
    accounts,
    socialLogin: flag(env, 'OIDC_SOCIAL_LOGIN', true),
    accessTokenTtlSec: integer(env, 'OIDC_ACCESS_TOKEN_TTL', 3600, 1),
    managementTokenTtlSec: integer(env, 'OIDC_MGMT_TOKEN_TTL', 86_400, 1),
    allowInsecureIssuer: flag(env, 'OIDC_ALLOW_INSECURE_ISSUER', false),
  };
}
