/**
 * The signing service's configuration, read once from the environment. Names follow the
 * signing-service spec (ENVIRONMENT, API_KEY, CERTS_DIR, TSA_URL, FALLBACK_TO_VISUAL); the rest
 * are this service's own. `test` runs on local defaults (dev PKI under DATA_DIR, local TSA);
 * `prd` refuses to start without an explicit API key, certificates folder and TSA.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { LogLevel } from '../lib/log.js';
import { DEFAULT_PADES_LEVEL, PADES_LEVELS, isPadesLevel, type PadesLevel } from './ltv/levels.js';
import { TENANT_ID_PATTERN } from './tenant.js';
import { assertTimeZone } from './time.js';
import { envInteger, envValue, type Env } from './env.js';

export type SignerEnvironment = 'test' | 'prd';

export interface SignerConfig {
  environment: SignerEnvironment;
  host: string;
  port: number;
  apiKey: string;
  certsDir: string;
  /** JSON file {"<tenant_id>": "<password>"}; undefined when disabled. */
  passwordsFile: string | undefined;
  /** From CERT_PASSWORD_<TENANT_ID> variables. */
  certPasswords: ReadonlyMap<string, string>;
  tsaUrl: string;
  tsaTimeoutMs: number;
  fallbackToVisual: boolean;
  timeZone: string;
  endTextMarker: string;
  processingTimeoutMs: number;
  /** Document worker threads (reading, checking and preparing PDFs off the main thread). */
  pdfWorkers: number;
  /** Longest a document may take in its worker before the request is refused. */
  pdfTimeoutMs: number;
  /** Set when CERTS_DIR was not given in `test`: the dev PKI folder main.ts creates on first start. */
  devPkiDir: string | undefined;
  logLevel: LogLevel;
  /** PADES_LEVEL: the level of a request without `pades_level`. */
  padesLevel: PadesLevel;
  /** PADES_LEVEL_<TENANT_ID>: a tenant's own default (wins over PADES_LEVEL). */
  tenantPadesLevels: ReadonlyMap<string, PadesLevel>;
  /** Fetching OCSP responses, CRLs and issuer certificates for B-LT/B-LTA. */
  revocationTimeoutMs: number;
  /** How long fetched revocation data is reused. */
  revocationCacheMs: number;
  /** OCSP_URL: ask this responder instead of the one named in the certificates. */
  ocspUrl: string | undefined;
  /** When set, `/metrics` answers only `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
}

export class SignerConfigError extends Error {}

export const DEFAULT_END_TEXT_MARKER = '##FIN_TEXTO##';
export const DEFAULT_TIME_ZONE = 'America/Argentina/Buenos_Aires';

const value = envValue;

const integer = (env: Env, key: string, fallback: number, min: number, max: number): number =>
  envInteger(env, key, fallback, { min, max, invalid: (message) => new SignerConfigError(message) });

function bool(env: Env, key: string, fallback: boolean): boolean {
  const raw = value(env, key)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new SignerConfigError(`${key} must be true or false, got "${env[key]}"`);
}

export function loadSignerConfig(env: Env = process.env): SignerConfig {
  const environment = value(env, 'ENVIRONMENT') ?? 'test';
  if (environment !== 'test' && environment !== 'prd')
    throw new SignerConfigError(`ENVIRONMENT must be test or prd, got "${environment}"`);
  const production = environment === 'prd';
  const required = (key: string, devDefault: string): string => {
    const v = value(env, key);
    if (v !== undefined) return v;
    if (production) throw new SignerConfigError(`${key} is required when ENVIRONMENT=prd`);
    return devDefault;
  };

  const dataDir = path.resolve(value(env, 'DATA_DIR') ?? '.data');
  const devPkiDir = value(env, 'CERTS_DIR') === undefined && !production ? path.join(dataDir, 'pki') : undefined;
  const certsDir = path.resolve(required('CERTS_DIR', path.join(dataDir, 'pki', 'certs')));
  const passwordsRaw = env.CERT_PASSWORDS_FILE;
  const passwordsFile =
    passwordsRaw === undefined
      ? path.join(certsDir, 'passwords.json')
      : passwordsRaw.trim()
        ? path.resolve(passwordsRaw.trim())
        : undefined;

  const certPasswords = new Map<string, string>();
  for (const [key, v] of Object.entries(env)) {
    const m = /^CERT_PASSWORD_([A-Z][A-Z0-9_]*)$/.exec(key);
    if (m && v !== undefined && TENANT_ID_PATTERN.test(m[1]!.toLowerCase())) certPasswords.set(m[1]!.toLowerCase(), v);
  }

  // The key may come under the spec's name or the platform's (which the worker sends).
  const apiKey = value(env, 'API_KEY') ?? value(env, 'SIGNER_API_KEY') ?? (production ? undefined : 'dev-signer-key');
  if (!apiKey) throw new SignerConfigError('API_KEY is required when ENVIRONMENT=prd');

  const tsaUrl = required('TSA_URL', `http://127.0.0.1:${integer(env, 'TSA_PORT', 3300, 1, 65535)}`);
  try {
    const u = new URL(tsaUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
  } catch {
    throw new SignerConfigError(`TSA_URL must be an http(s) URL, got "${tsaUrl}"`);
  }

  const level = (key: string, raw: string): PadesLevel => {
    if (!isPadesLevel(raw))
      throw new SignerConfigError(`${key} must be one of ${PADES_LEVELS.join(', ')}, got "${raw}"`);
    return raw;
  };
  const padesLevel = level('PADES_LEVEL', value(env, 'PADES_LEVEL') ?? DEFAULT_PADES_LEVEL);
  const tenantPadesLevels = new Map<string, PadesLevel>();
  for (const [key, v] of Object.entries(env)) {
    const m = /^PADES_LEVEL_([A-Z][A-Z0-9_]*)$/.exec(key);
    if (m && v?.trim() && TENANT_ID_PATTERN.test(m[1]!.toLowerCase()))
      tenantPadesLevels.set(m[1]!.toLowerCase(), level(key, v.trim()));
  }
  const ocspUrl = value(env, 'OCSP_URL');
  if (ocspUrl !== undefined && !/^https?:\/\//.test(ocspUrl))
    throw new SignerConfigError(`OCSP_URL must be an http(s) URL, got "${ocspUrl}"`);

  const timeZone = value(env, 'TIME_ZONE') ?? DEFAULT_TIME_ZONE;
  try {
    assertTimeZone(timeZone);
  } catch {
    throw new SignerConfigError(`TIME_ZONE must be an IANA time zone such as ${DEFAULT_TIME_ZONE}, got "${timeZone}"`);
  }

  const logLevel = value(env, 'LOG_LEVEL') ?? 'info';
  if (!['debug', 'info', 'warn', 'error'].includes(logLevel))
    throw new SignerConfigError(`LOG_LEVEL must be debug, info, warn or error, got "${logLevel}"`);

  return {
    environment,
    host: value(env, 'HOST') ?? '127.0.0.1',
    port: integer(env, 'SIGNER_PORT', 3100, 0, 65535),
    apiKey,
    certsDir,
    passwordsFile,
    certPasswords,
    tsaUrl,
    tsaTimeoutMs: integer(env, 'TSA_TIMEOUT_MS', 15_000, 100, 85_000),
    fallbackToVisual: bool(env, 'FALLBACK_TO_VISUAL', !production),
    timeZone,
    endTextMarker: value(env, 'END_TEXT_MARKER') ?? DEFAULT_END_TEXT_MARKER,
    processingTimeoutMs: integer(env, 'PROCESSING_TIMEOUT_MS', 90_000, 100, 3_600_000),
    // One core is left to the main thread (HTTP, uploads, signatures, time-stamps).
    pdfWorkers: integer(env, 'PDF_WORKERS', Math.min(4, Math.max(1, availableParallelism() - 1)), 1, 64),
    pdfTimeoutMs: integer(env, 'PDF_TIMEOUT_MS', 10_000, 100, 3_600_000),
    devPkiDir,
    metricsToken: value(env, 'METRICS_TOKEN'),
    logLevel: logLevel as LogLevel,
    padesLevel,
    tenantPadesLevels,
    revocationTimeoutMs: integer(env, 'REVOCATION_TIMEOUT_MS', 10_000, 100, 85_000),
    revocationCacheMs: integer(env, 'REVOCATION_CACHE_MS', 60_000, 0, 3_600_000),
    ocspUrl,
  };
}
