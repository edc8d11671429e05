export * from './identity-provider.js';
export {
  Auth0ManagementProvider,
  DATABASE_CONNECTION,
  DEFAULT_TICKET_TTL_SEC,
  MANAGEMENT_TOKEN_CACHE_MS,
  generatePassword,
  type Auth0ManagementOptions,
} from './auth0-management.js';
export { DEV_IDP_DEFAULTS, IdentityConfigError, auth0ManagementOptionsFromEnv } from './config.js';
