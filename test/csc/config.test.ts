/**
 * The remote signing service's settings on both sides: the platform's client (config/index.ts)
 * and the development service (signer/csc/config.ts). Outside production both default to what
 * `npm start` runs; in production neither takes a development secret.
 */
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../config/index.js';
import { CscConfigError, loadCscServiceConfig } from '../../signer/csc/config.js';

describe('remote signing service configuration', () => {
  it('development: the local service on CSC_PORT with its development credentials, enrolment included', () => {
    const csc = loadConfig({ APP_ENV: 'development' }).csc;
    assert.deepEqual(csc, {
      url: 'http://127.0.0.1:3500',
      clientId: 'expediente',
      clientSecret: 'dev-csc-secret',
      enrolmentUrl: 'http://127.0.0.1:3500',
      adminToken: 'dev-csc-admin-token',
      timeoutMs: 15_000,
    });
    assert.equal(loadConfig({ CSC_PORT: '3999' }).csc.url, 'http://127.0.0.1:3999');
    const service = loadCscServiceConfig({ DATA_DIR: '/tmp/x' });
    assert.deepEqual(
      [service.port, service.clientId, service.clientSecret, service.adminToken, service.dataDir],
      [3500, csc.clientId, csc.clientSecret, csc.adminToken, '/tmp/x/csc'],
    );
    assert.deepEqual([service.otpTtlSeconds, service.otpMaxAttempts], [300, 3]);
    // A provider named by CSC_URL is not enrolled at unless an enrolment URL is given too.
    assert.equal(loadConfig({ CSC_URL: 'https://csc.example.org' }).csc.enrolmentUrl, undefined);
    assert.throws(() => loadConfig({ CSC_URL: 'ftp://x' }), ConfigError);
  });

  it('production: no remote signing service unless configured, never the development secrets', () => {
    const none = loadConfig({ APP_ENV: 'production' }).csc;
    assert.equal(none.url, undefined);
    assert.equal(none.enrolmentUrl, undefined);
    assert.equal(none.adminToken, undefined);
    assert.equal(none.clientSecret, '');
    assert.throws(
      () => loadConfig({ APP_ENV: 'production', CSC_URL: 'https://csc.example.org' }),
      /CSC_CLIENT_ID and CSC_CLIENT_SECRET are required/,
    );
    const provider = loadConfig({
      APP_ENV: 'production',
      CSC_URL: 'https://csc.example.org',
      CSC_CLIENT_ID: 'muni',
      CSC_CLIENT_SECRET: 's3cret',
    }).csc;
    assert.deepEqual(
      [provider.url, provider.clientId, provider.clientSecret, provider.enrolmentUrl],
      ['https://csc.example.org', 'muni', 's3cret', undefined],
    );

    assert.throws(
      () => loadCscServiceConfig({ APP_ENV: 'production', CSC_KEYS_KEY: 'a'.repeat(64), CSC_ADMIN_TOKEN: 't' }),
      /CSC_CLIENT_SECRET is required in production/,
    );
    assert.throws(
      () => loadCscServiceConfig({ APP_ENV: 'production', CSC_KEYS_KEY: 'a'.repeat(64), CSC_CLIENT_SECRET: 's' }),
      /CSC_ADMIN_TOKEN is required in production/,
    );
    assert.throws(
      () => loadCscServiceConfig({ APP_ENV: 'production', CSC_CLIENT_SECRET: 's', CSC_ADMIN_TOKEN: 't' }),
      /CSC_KEYS_KEY is required/,
    );
    assert.throws(() => loadCscServiceConfig({ CSC_KEYS_KEY: 'too-short' }), CscConfigError);
    assert.throws(() => loadCscServiceConfig({ CSC_OTP_TTL_SECONDS: '0' }), CscConfigError);
  });
});
