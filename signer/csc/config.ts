/**
 * The development remote signing service's configuration (CSC API v2 on the dev PKI), read once
 * from the environment. Its client credentials and admin token are the same variables the
 * platform reads (config/index.ts), so `npm start` needs to set nothing; outside development
 * and tests it refuses to start on the development defaults.
 */
import path from 'node:path';
import type { LogLevel } from '../../lib/log.js';
import { envInteger, envValue, type Env } from '../env.js';

export interface CscServiceConfig {
  host: string;
  port: number;
  /** The service's own files: credentials, encrypted keys, pending codes. */
  dataDir: string;
  /** The dev PKI whose signing CA issues the personal certificates. */
  pkiDir: string;
  /** Service authorisation (auth/login, HTTP Basic): the platform's client. */
  clientId: string;
  clientSecret: string;
  /** Bearer token of the enrolment and revocation calls (/admin/...). */
  adminToken: string;
  /** 32 bytes that encrypt the keys at rest; unset: generated under DATA_DIR/secrets (not in production). */
  keysKey: Buffer | undefined;
  /** Where the one-time codes are e-mailed. */
  smtp: {
    host: string;
    port: number;
    secure: boolean;
    user: string | undefined;
    password: string | undefined;
    from: string;
  };
  /** Lifetime of an e-mailed code and wrong tries before it dies. */
  otpTtlSeconds: number;
  otpMaxAttempts: number;
  /** Lifetime of a SAD (credentials/authorize) and of a service access token (auth/login). */
  sadTtlSeconds: number;
  tokenTtlSeconds: number;
  /** Most hashes (signatures) one authorisation may cover: `multisign`. */
  multisign: number;
  production: boolean;
  logLevel: LogLevel;
}

export const CSC_DEFAULTS = {
  port: 3500,
  clientId: 'expediente',
  clientSecret: 'dev-csc-secret',
  adminToken: 'dev-csc-admin-token',
  otpTtlSeconds: 300,
  otpMaxAttempts: 3,
  sadTtlSeconds: 600,
  tokenTtlSeconds: 3600,
  multisign: 50,
} as const;

export class CscConfigError extends Error {}

const value = envValue;

const integer = (env: Env, key: string, fallback: number, min: number, max: number): number =>
  envInteger(env, key, fallback, { min, max, invalid: (message) => new CscConfigError(message) });

/** 32 bytes as 64 hex characters or base64 (like WEBHOOK_SECRETS_KEY). */
export function parseKeysKey(raw: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new CscConfigError('CSC_KEYS_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

export function loadCscServiceConfig(env: Env = process.env): CscServiceConfig {
  const production = value(env, 'APP_ENV') === 'production';
  const dataDir = path.resolve(value(env, 'DATA_DIR') ?? '.data');
  const secret = (key: string, fallback: string) => {
    const given = value(env, key);
    if (given) return given;
    if (production) throw new CscConfigError(`${key} is required in production (the development default is public)`);
    return fallback;
  };
  const keysKey = value(env, 'CSC_KEYS_KEY');
  if (production && !keysKey) throw new CscConfigError('CSC_KEYS_KEY is required in production');
  const smtpHost = value(env, 'SMTP_HOST') ?? '127.0.0.1';
  return {
    host: value(env, 'HOST') ?? '127.0.0.1',
    port: integer(env, 'CSC_PORT', CSC_DEFAULTS.port, 0, 65535),
    dataDir: path.join(dataDir, 'csc'),
    pkiDir: path.resolve(value(env, 'CSC_PKI_DIR') ?? value(env, 'TSA_PKI_DIR') ?? path.join(dataDir, 'pki')),
    clientId: value(env, 'CSC_CLIENT_ID') ?? CSC_DEFAULTS.clientId,
    clientSecret: secret('CSC_CLIENT_SECRET', CSC_DEFAULTS.clientSecret),
    adminToken: secret('CSC_ADMIN_TOKEN', CSC_DEFAULTS.adminToken),
    keysKey: keysKey ? parseKeysKey(keysKey) : undefined,
    smtp: {
      host: smtpHost,
      port: integer(env, 'SMTP_PORT', 1025, 1, 65535),
      secure: ['true', '1', 'yes'].includes((value(env, 'SMTP_SECURE') ?? '').toLowerCase()),
      user: value(env, 'SMTP_USER'),
      password: value(env, 'SMTP_PASSWORD'),
      from: value(env, 'CSC_MAIL_FROM') ?? value(env, 'MAIL_FROM') ?? 'Expediente <no-responder@expediente.local>',
    },
    otpTtlSeconds: integer(env, 'CSC_OTP_TTL_SECONDS', CSC_DEFAULTS.otpTtlSeconds, 1, 3600),
    otpMaxAttempts: integer(env, 'CSC_OTP_MAX_ATTEMPTS', CSC_DEFAULTS.otpMaxAttempts, 1, 10),
    sadTtlSeconds: integer(env, 'CSC_SAD_TTL_SECONDS', CSC_DEFAULTS.sadTtlSeconds, 1, 3600),
    tokenTtlSeconds: integer(env, 'CSC_TOKEN_TTL_SECONDS', CSC_DEFAULTS.tokenTtlSeconds, 60, 86_400),
    multisign: integer(env, 'CSC_MULTISIGN', CSC_DEFAULTS.multisign, 1, 1000),
    production,
    logLevel: (['debug', 'info', 'warn', 'error'] as const).find((l) => l === value(env, 'LOG_LEVEL')) ?? 'info',
  };
}
