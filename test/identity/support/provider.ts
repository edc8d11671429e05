/**
 * The development OpenID provider for a test suite: in-process, on a free port, with a throwaway
 * data folder. Its log lines join the test log buffer (printed under a failing test).
 *
 *   const idp = await startTestOidcProvider({ accounts: [{ email, password }] });
 *   after(() => idp.stop());
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startOidcProvider, type OidcProviderOptions, type RunningOidcProvider } from '../../../dev/oidc/provider.js';
import { createLogger, type Logger } from '../../../lib/log.js';
import { logBuffer } from '../../support/stack.js';

export const TEST_OIDC = {
  audience: 'https://api.expediente.test',
  frontendClientId: 'test-web',
  redirectUri: 'http://127.0.0.1:5999/callback',
  frontendLoginUri: 'http://127.0.0.1:5999/login',
  m2mClientId: 'test-m2m',
  m2mClientSecret: 'test-m2m-secret',
  adminKey: 'test-oidc-admin-key',
} as const;

export interface TestOidcProvider extends RunningOidcProvider {
  options: OidcProviderOptions;
  dataDir: string;
  /** Stops the provider and removes its data folder. */
  stop(): Promise<void>;
}

export function oidcTestLogger(): Logger {
  const live = process.env.TEST_LOG as 'debug' | 'info' | undefined;
  if (live) return createLogger(live, (line) => process.stderr.write(`      oidc ${line}\n`));
  return createLogger('info', (line) => {
    logBuffer.push(`oidc ${line}`);
    if (logBuffer.length > 200) logBuffer.shift();
  });
}

export async function startTestOidcProvider(overrides: Partial<OidcProviderOptions> = {}): Promise<TestOidcProvider> {
  const dataDir = overrides.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'expediente-oidc-')));
  const options: OidcProviderOptions = {
    audience: TEST_OIDC.audience,
    frontendClientId: TEST_OIDC.frontendClientId,
    frontendRedirectUris: [TEST_OIDC.redirectUri],
    frontendLoginUri: TEST_OIDC.frontendLoginUri,
    m2mClientId: TEST_OIDC.m2mClientId,
    m2mClientSecret: TEST_OIDC.m2mClientSecret,
    adminKey: TEST_OIDC.adminKey,
    log: oidcTestLogger(),
    ...overrides,
    dataDir,
  };
  const running = await startOidcProvider(options);
  return {
    ...running,
    options,
    dataDir,
    async stop() {
      await running.close();
      if (!overrides.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
