/**
 * The development OpenID provider as a process: `node --import tsx dev/oidc/main.ts`.
 * Configuration from the environment (dev/oidc/config.ts); refuses to run with
 * APP_ENV=production. Stops on SIGINT/SIGTERM after flushing its data, exiting 0.
 */
import { createLogger } from '../../lib/log.js';
import { OidcConfigError, oidcOptionsFromEnv } from './config.js';
import { startOidcProvider } from './provider.js';

const level = (['debug', 'info', 'warn', 'error'] as const).find((l) => l === process.env.LOG_LEVEL) ?? 'info';
const log = createLogger(level);
try {
  const running = await startOidcProvider({ ...oidcOptionsFromEnv(), log });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('oidc provider stopping', { signal });
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (err) {
  const configError = err instanceof OidcConfigError;
  log.error(configError ? `configuration error: ${(err as Error).message}` : 'oidc provider failed to start', {
    err: configError ? undefined : err,
  });
  process.exit(1);
}
