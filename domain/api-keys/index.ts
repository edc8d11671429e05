/** Integration API keys: lifecycle, expiry check and usage recording. */
export { cliActor, userActor, type ApiKeyActor } from './actor.js';
export { expiringApiKeys, DEFAULT_EXPIRY_WINDOW_DAYS, type ExpiringItem } from './expiring.js';
export {
  API_KEY_MESSAGES,
  createKey,
  keyAudit,
  listKeys,
  revokeKey,
  rotateKey,
  type ApiKeyAuditView,
  type ApiKeyScope,
} from './lifecycle.js';
export { apiKeyUsageRecorder, flushApiKeyUsage } from './usage.js';
export { stateOf, viewOf, type ApiKeyState, type ApiKeyView } from './view.js';
