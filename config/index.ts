/**
 * Typed configuration read once from the environment. Every process (dev orchestrator, API,
 * worker, signer, CLIs, tests) goes through `loadConfig`, so a variable means the same thing
 * everywhere and its default is written down in exactly one place (mirrored in README).
 */
import path from 'node:path';

/** Database the embedded PostgreSQL server creates and the CLIs default to. */
export const EMBEDDED_DATABASE_NAME = 'expediente';

export interface WebhookConfig {
  /** 32 bytes (hex or base64) that encrypt subscription secrets; required in production, else kept under DATA_DIR. */
  secretsKey: string | undefined;
  /** One delivery attempt's whole time: connect, send, answer. */
  timeoutMs: number;
  /** Back-off after a failed delivery: from this, doubling, up to retryMaxMs, for giveUpMs in all. */
  retryInitialMs: number;
  retryMaxMs: number;
  giveUpMs: number;
  /** A delivery run with nothing to do looks again after this long (a wake-up can be missed while no worker listens). */
  idlePollMs: number;
}

export type AppEnv = 'development' | 'test' | 'production';

export interface CscConfig {
  /** Base URL (the API is under `<url>/csc/v2/`); undefined: no personal signatures (production without CSC_URL). */
  url: string | undefined;
  /** Service authorisation: auth/login with these as HTTP Basic client credentials. */
  clientId: string;
  clientSecret: string;
  /** The development provider's enrolment and revocation (not CSC); undefined for a real provider. */
  enrolmentUrl: string | undefined;
  adminToken: string | undefined;
  /** One request's whole time. */
  timeoutMs: number;
}

/** What `npm start` runs the development remote signing service with (signer/csc/config.ts reads the same variables). */
export const CSC_DEV_DEFAULTS = {
  port: 3500,
  clientId: 'expediente',
  clientSecret: 'dev-csc-secret',
  adminToken: 'dev-csc-admin-token',
} as const;

export interface Config {
  appEnv: AppEnv;
  /** Folder for embedded data (Postgres cluster, Temporal SQLite file, stored PDFs). */
  dataDir: string;
  /** Interface the HTTP servers bind to. */
  host: string;
  api: {
    port: number;
    /** Largest JSON body; sized so the longest allowed document content always fits. */
    bodyLimit: string;
    publicUrl: string;
    /** Browser origins allowed to call the backend (CORS); none by default. */
    corsOrigins: string[];
    /** API processes sharing the port (node:cluster); 1 runs the API in this process. */
    processes: number;
  };
  signer: {
    port: number;
    /** The first of `urls` (health checks and logs name it). */
    url: string;
    /**
     * Every copy of the signing service (SIGNER_URL, comma-separated): each request starts at the
     * next one in turn and moves on to another when one cannot be reached.
     */
    urls: string[];
    apiKey: string;
    /**
     * PAdES level of the signature that makes a document official (the numerator's, and the
     * automatic signature of covers and reports); earlier signatures of a round are B-LT when it
     * is B-LT or B-LTA (each adds its own validation data), B-T when it is B-T.
     */
    padesLevel: PadesLevel;
  };
  /** Lifetime and rotation of integration API keys, and how often their last use is written. */
  apiKeys: ApiKeyConfig;
  /** Port of the local time-stamping authority `npm start` runs for the signing service. */
  tsaPort: number;
  /**
   * The worker's own liveness endpoint (for container health checks and `npm start`), which also
   * serves `/metrics`; the Temporal SDK's Prometheus exporter listens on loopback at
   * `sdkMetricsPort` (0: off; unset: a free port the worker picks and logs, so two workers on one
   * machine never collide — only the worker's own /metrics reads it).
   */
  worker: { healthPort: number; sdkMetricsPort: number | undefined };
  /**
   * When set, `/metrics` of the API, worker and signing service answers only
   * `Authorization: Bearer <token>`. Unset: open to loopback callers outside production, not
   * served (404) in production.
   */
  metricsToken: string | undefined;
  /** Unset means: start the embedded PostgreSQL server. */
  databaseUrl: string | undefined;
  embeddedPostgresPort: number;
  temporal: {
    /** Unset means: start the Temporal CLI dev server. */
    address: string | undefined;
    port: number;
    uiPort: number;
    uiUrl: string | undefined;
    namespace: string;
    taskQueue: string;
    cliPath: string | undefined;
  };
  /** Time zone that decides the year in official numbers (municipal calendar). */
  timeZone: string;
  /** When deadline reminders and the escalation go out (domain/deadlines/schedule.ts), in business days. */
  deadlines: {
    reminderHour: number;
    beforeDays: number;
    everyDays: number;
    escalateAfterDays: number;
    maxOverdueReminders: number;
  };
  /** Headless Chromium used to render document HTML to PDF. */
  chromiumPath: string;
  /** Where PDFs are stored: DATA_DIR/objects, or an S3-compatible bucket (STORAGE_DRIVER=s3). */
  storage: StorageConfig;
  files: {
    /** HMAC key of temporary file URLs; required in production, else persisted under DATA_DIR. */
    urlSecret: string | undefined;
  };
  /** How long a request waits for a workflow (signing, case creation) before answering 202. */
  workflowWaitMs: number;
  /** The identity provider whose RS256 access tokens the backend accepts. */
  oidc: {
    issuer: string;
    /** Unset: taken from the issuer's discovery document. */
    jwksUrl: string | undefined;
    /** Accepted `aud` values. */
    audiences: string[];
    /** Port of the development provider `npm start` runs (when the issuer is local). */
    port: number;
  };
  /** The MCP server (POST /mcp) as an OAuth 2.0 protected resource. */
  mcp: {
    /** Its resource URI (RFC 8707/9728): MCP_RESOURCE_URI, default `<API_PUBLIC_URL>/mcp`. */
    resource: string;
    /** The production resource URL, also accepted as token audience (MCP_PRODUCTION_RESOURCE_URL). */
    productionResource: string | undefined;
  };
  /** Outgoing mail (activation emails). The development SMTP catcher listens on 1025. */
  smtp: {
    host: string;
    port: number;
    secure: boolean;
    user: string | undefined;
    password: string | undefined;
    from: string;
  };
  /** Web UI and API of the development SMTP catcher `npm start` runs. */
  maildevWebPort: number;
  /** Lifetime of a password-change (activation) ticket, in seconds. */
  invitationTtlSeconds: number;
  /** Public verification of official documents (GET /verificar, /api/v1/public/verify). */
  verification: {
    /** PEM files of the roots every tenant's signatures must chain to. */
    trustAnchorFiles: string[];
    /** Extra roots per tenant schema (VERIFY_TRUST_ANCHORS_<SCHEMA>). */
    tenantTrustAnchorFiles: Record<string, string[]>;
    /** Requests per minute and client address on the public routes. */
    rateLimitPerMinute: number;
  };
  /** Summaries of records, cases and memos (domain/summaries/): an OpenAI-compatible server, or offline. */
  ai: AiConfig;
  /**
   * Archive time-stamp renewal (PAdES-B-LTA): a daily run renews the official documents whose
   * newest document time-stamp's authority certificate expires within `renewalWindowDays`.
   */
  archive: { renewalWindowDays: number; renewalHour: number };
  /** E-mail notifications: the local hour (APP_TIMEZONE) of each user's daily digest. */
  notifications: { digestHour: number };
  /** The audit chain (domain/audit/): the local hour (APP_TIMEZONE) of its daily RFC 3161 anchor. */
  audit: { anchorHour: number };
  /** Webhooks (domain/webhooks/): their secrets' encryption key and how deliveries are timed and retried. */
  webhooks: WebhookConfig;
  /** The remote signing service (CSC API v2) of personal signatures: the development one `npm start` runs, or a provider's. */
  csc: CscConfig;
  testingMode: boolean;
  testingApiKey: string | undefined;
  demoApiKey: string | undefined;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

type Env = Record<string, string | undefined>;

/** PAdES baseline levels the signing service produces (`pades_level`). */
export const PADES_LEVELS = ['B-T', 'B-LT', 'B-LTA'] as const;
export type PadesLevel = (typeof PADES_LEVELS)[number];

export class ConfigError extends Error {}

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new ConfigError(`${name} must be an integer port number, got "${raw}"`);
  }
  return value;
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function count(env: Env, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max)
    throw new ConfigError(`${name} must be a whole number from 0 to ${max}, got "${raw}"`);
  return value;
}

function hourOfDay(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 23)
    throw new ConfigError(`${name} must be an hour from 0 to 23, got "${raw}"`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** A comma-separated list; unset or blank is empty. */
function list(env: Env, name: string): string[] {
  return (nonEmpty(env, name) ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

function nonEmpty(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

export interface ApiKeyConfig {
  /** Lifetime of a new or rotated key when none is asked for. */
  defaultDays: number;
  /** Longest lifetime anyone may ask for. */
  maxDays: number;
  /** How long a rotated key's previous secret keeps working when no overlap is asked for. */
  rotationOverlapHours: number;
  /** Uses are batched in memory and `last_used_at` written this often (and at shutdown). */
  usageFlushSeconds: number;
}

function apiKeyConfig(env: Env): ApiKeyConfig {
  const defaultDays = positiveInt(env, 'API_KEY_DEFAULT_DAYS', 365);
  const maxDays = positiveInt(env, 'API_KEY_MAX_DAYS', 730);
  if (defaultDays > maxDays)
    throw new ConfigError(`API_KEY_DEFAULT_DAYS (${defaultDays}) must not exceed API_KEY_MAX_DAYS (${maxDays})`);
  return {
    defaultDays,
    maxDays,
    rotationOverlapHours: positiveInt(env, 'API_KEY_ROTATION_OVERLAP_HOURS', 24),
    usageFlushSeconds: positiveInt(env, 'API_KEY_USAGE_FLUSH_SECONDS', 30),
  };
}

export interface AiConfig {
  /** OpenAI-compatible chat completions base URL (e.g. http://127.0.0.1:11434/v1); unset: the offline extractive summarizer. */
  baseUrl: string | undefined;
  /** The model asked for; required with AI_BASE_URL. */
  model: string | undefined;
  /** Sent as `Authorization: Bearer <key>` when set (local servers usually need none). */
  apiKey: string | undefined;
  /** One request's limit; below the summary activity's own 2-minute limit. */
  timeoutMs: number;
  /** Quiet time after the last change before a summary run (bursts of edits make one summary). */
  debounceMs: number;
}

/** The summary activity gives up on an attempt after 2 minutes, so a provider request must end sooner. */
const AI_TIMEOUT_MAX_MS = 100_000;

function aiConfig(env: Env): AiConfig {
  const baseUrl = nonEmpty(env, 'AI_BASE_URL');
  const model = nonEmpty(env, 'AI_MODEL');
  if (baseUrl) {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new ConfigError(`AI_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new ConfigError(`AI_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
    if (!model) throw new ConfigError('AI_MODEL is required when AI_BASE_URL is set');
  }
  const timeoutMs = positiveInt(env, 'AI_TIMEOUT_MS', 30_000);
  if (timeoutMs > AI_TIMEOUT_MAX_MS)
    throw new ConfigError(`AI_TIMEOUT_MS must be at most ${AI_TIMEOUT_MAX_MS}, got "${timeoutMs}"`);
  return {
    baseUrl,
    model,
    apiKey: nonEmpty(env, 'AI_API_KEY'),
    timeoutMs,
    debounceMs: positiveInt(env, 'SUMMARY_DEBOUNCE_MS', 5_000),
  };
}

export type StorageConfig =
  | { driver: 'filesystem' }
  | {
      driver: 's3';
      bucket: string;
      /** Prefix inside the bucket (empty for the whole bucket). */
      prefix: string;
      region: string;
      /** Unset for AWS itself; the service's URL for MinIO and the like. */
      endpoint: string | undefined;
      /** Path-style URLs (`endpoint/bucket/key`), which MinIO and most S3-compatible services need. */
      forcePathStyle: boolean;
      /** Unset: the SDK's default chain (environment, profile, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

function storageConfig(env: Env): StorageConfig {
  const driver = oneOf(env, 'STORAGE_DRIVER', ['filesystem', 's3'] as const, 'filesystem');
  if (driver === 'filesystem') return { driver };
  const bucket = nonEmpty(env, 'S3_BUCKET');
  if (!bucket) throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3');
  const accessKeyId = nonEmpty(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = nonEmpty(env, 'S3_SECRET_ACCESS_KEY');
  const endpoint = nonEmpty(env, 'S3_ENDPOINT');
  return {
    driver,
    bucket,
    prefix: nonEmpty(env, 'S3_PREFIX') ?? '',
    region: nonEmpty(env, 'S3_REGION') ?? 'us-east-1',
    endpoint,
    // MinIO and most S3-compatible services want path-style URLs; AWS itself virtual-hosted ones.
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/**
 * Outside production the development service on CSC_PORT with its public development secrets.
 * In production nothing is assumed: without CSC_URL there is no remote signing service, and with
 * it the client credentials must be given; enrolment only when its URL and token are given.
 */
function cscConfig(env: Env, appEnv: AppEnv, localHost: string): CscConfig {
  const timeoutMs = positiveInt(env, 'CSC_TIMEOUT_MS', 15_000);
  const given = nonEmpty(env, 'CSC_URL');
  if (given) {
    let url: URL;
    try {
      url = new URL(given);
    } catch {
      throw new ConfigError(`CSC_URL must be an http(s) URL, got "${given}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new ConfigError(`CSC_URL must be an http(s) URL, got "${given}"`);
  }
  if (appEnv === 'production') {
    const clientId = nonEmpty(env, 'CSC_CLIENT_ID');
    const clientSecret = nonEmpty(env, 'CSC_CLIENT_SECRET');
    if (given && (!clientId || !clientSecret))
      throw new ConfigError('CSC_CLIENT_ID and CSC_CLIENT_SECRET are required in production when CSC_URL is set');
    const enrolmentUrl = nonEmpty(env, 'CSC_ENROLMENT_URL');
    const adminToken = nonEmpty(env, 'CSC_ADMIN_TOKEN');
    return {
      url: given,
      clientId: clientId ?? '',
      clientSecret: clientSecret ?? '',
      enrolmentUrl: enrolmentUrl && adminToken ? enrolmentUrl : undefined,
      adminToken: enrolmentUrl && adminToken ? adminToken : undefined,
      timeoutMs,
    };
  }
  const url = given ?? `http://${localHost}:${int(env, 'CSC_PORT', CSC_DEV_DEFAULTS.port)}`;
  return {
    url,
    clientId: nonEmpty(env, 'CSC_CLIENT_ID') ?? CSC_DEV_DEFAULTS.clientId,
    clientSecret: nonEmpty(env, 'CSC_CLIENT_SECRET') ?? CSC_DEV_DEFAULTS.clientSecret,
    // A provider named by CSC_URL enrols by itself unless an enrolment URL is given too.
    enrolmentUrl: nonEmpty(env, 'CSC_ENROLMENT_URL') ?? (given ? undefined : url),
    adminToken: nonEmpty(env, 'CSC_ADMIN_TOKEN') ?? CSC_DEV_DEFAULTS.adminToken,
    timeoutMs,
  };
}

export function loadConfig(env: Env = process.env): Config {
  const appEnv = oneOf(env, 'APP_ENV', ['development', 'test', 'production'] as const, 'development');
  const host = nonEmpty(env, 'HOST') ?? '127.0.0.1';
  const apiPort = int(env, 'API_PORT', 3000);
  const signerPort = int(env, 'SIGNER_PORT', 3100);
  const temporalPort = int(env, 'TEMPORAL_PORT', 7233);
  const localHost = host === '0.0.0.0' ? '127.0.0.1' : host;
  const signerUrls = list(env, 'SIGNER_URL');
  if (!signerUrls.length) signerUrls.push(`http://${localHost}:${signerPort}`);
  return {
    appEnv,
    dataDir: path.resolve(nonEmpty(env, 'DATA_DIR') ?? '.data'),
    host,
    api: {
      port: apiPort,
      bodyLimit: nonEmpty(env, 'API_BODY_LIMIT') ?? '8mb',
      publicUrl: nonEmpty(env, 'API_PUBLIC_URL') ?? `http://${localHost}:${apiPort}`,
      corsOrigins: list(env, 'API_CORS_ORIGINS'),
      processes: positiveInt(env, 'API_PROCESSES', 1),
    },
    signer: {
      port: signerPort,
      url: signerUrls[0]!,
      urls: signerUrls,
      apiKey: nonEmpty(env, 'SIGNER_API_KEY') ?? 'dev-signer-key',
      padesLevel: oneOf(env, 'SIGNING_PADES_LEVEL', PADES_LEVELS, 'B-LTA'),
    },
    apiKeys: apiKeyConfig(env),
    tsaPort: int(env, 'TSA_PORT', 3300),
    worker: {
      healthPort: int(env, 'WORKER_HEALTH_PORT', 3200),
      sdkMetricsPort:
        nonEmpty(env, 'WORKER_SDK_METRICS_PORT') === undefined ? undefined : int(env, 'WORKER_SDK_METRICS_PORT', 0),
    },
    metricsToken: nonEmpty(env, 'METRICS_TOKEN'),
    databaseUrl: nonEmpty(env, 'DATABASE_URL'),
    embeddedPostgresPort: int(env, 'EMBEDDED_PG_PORT', 5433),
    temporal: {
      address: nonEmpty(env, 'TEMPORAL_ADDRESS'),
      port: temporalPort,
      uiPort: int(env, 'TEMPORAL_UI_PORT', 8233),
      uiUrl: nonEmpty(env, 'TEMPORAL_UI_URL'),
      namespace: nonEmpty(env, 'TEMPORAL_NAMESPACE') ?? 'default',
      taskQueue: nonEmpty(env, 'TEMPORAL_TASK_QUEUE') ?? 'expediente',
      cliPath: nonEmpty(env, 'TEMPORAL_CLI'),
    },
    timeZone: nonEmpty(env, 'APP_TIMEZONE') ?? 'America/Argentina/Buenos_Aires',
    deadlines: {
      reminderHour: hourOfDay(env, 'DEADLINE_REMINDER_HOUR', 9),
      beforeDays: count(env, 'DEADLINE_REMINDER_BEFORE_DAYS', 2, 30),
      everyDays: count(env, 'DEADLINE_REMINDER_EVERY_DAYS', 2, 30),
      escalateAfterDays: positiveInt(env, 'DEADLINE_ESCALATE_AFTER_DAYS', 3),
      maxOverdueReminders: count(env, 'DEADLINE_MAX_OVERDUE_REMINDERS', 10, 100),
    },
    chromiumPath: nonEmpty(env, 'CHROMIUM_PATH') ?? '/usr/bin/chromium',
    storage: storageConfig(env),
    files: { urlSecret: nonEmpty(env, 'FILE_URL_SECRET') },
    workflowWaitMs: positiveInt(env, 'WORKFLOW_WAIT_MS', 30_000),
    oidc: {
      issuer: nonEmpty(env, 'OIDC_ISSUER') ?? `http://127.0.0.1:${int(env, 'OIDC_PORT', 3400)}`,
      jwksUrl: nonEmpty(env, 'OIDC_JWKS_URL'),
      audiences: nonEmpty(env, 'OIDC_AUDIENCE') ? list(env, 'OIDC_AUDIENCE') : ['https://api.expediente.local'],
      port: int(env, 'OIDC_PORT', 3400),
    },
    mcp: {
      resource:
        nonEmpty(env, 'MCP_RESOURCE_URI') ??
        `${(nonEmpty(env, 'API_PUBLIC_URL') ?? `http://${localHost}:${apiPort}`).replace(/\/+$/, '')}/mcp`,
      productionResource: nonEmpty(env, 'MCP_PRODUCTION_RESOURCE_URL'),
    },
    smtp: {
      host: nonEmpty(env, 'SMTP_HOST') ?? '127.0.0.1',
      port: int(env, 'SMTP_PORT', 1025),
      secure: bool(env, 'SMTP_SECURE', false),
      user: nonEmpty(env, 'SMTP_USER'),
      password: nonEmpty(env, 'SMTP_PASSWORD'),
      from: nonEmpty(env, 'MAIL_FROM') ?? 'Expediente <no-responder@expediente.local>',
    },
    maildevWebPort: int(env, 'MAILDEV_WEB_PORT', 1080),
    invitationTtlSeconds: positiveInt(env, 'INVITATION_TTL_SECONDS', 432_000),
    verification: {
      // Outside production the development root (created by the signing service's dev PKI) is trusted.
      trustAnchorFiles: nonEmpty(env, 'VERIFY_TRUST_ANCHORS')
        ? list(env, 'VERIFY_TRUST_ANCHORS')
        : appEnv === 'production'
          ? []
          : [path.join(path.resolve(nonEmpty(env, 'DATA_DIR') ?? '.data'), 'pki', 'ca.pem')],
      tenantTrustAnchorFiles: Object.fromEntries(
        Object.keys(env)
          .filter((k) => k.startsWith('VERIFY_TRUST_ANCHORS_'))
          .map((k) => [k.slice('VERIFY_TRUST_ANCHORS_'.length).toLowerCase(), list(env, k)]),
      ),
      rateLimitPerMinute: positiveInt(env, 'PUBLIC_VERIFY_RATE_LIMIT', 30),
    },
    ai: aiConfig(env),
    archive: {
      renewalWindowDays: positiveInt(env, 'ARCHIVE_RENEWAL_WINDOW_DAYS', 365),
      renewalHour: hourOfDay(env, 'ARCHIVE_RENEWAL_HOUR', 3),
    },
    notifications: { digestHour: hourOfDay(env, 'NOTIFICATION_DIGEST_HOUR', 8) },
    audit: { anchorHour: hourOfDay(env, 'AUDIT_ANCHOR_HOUR', 2) },
    webhooks: {
      secretsKey: nonEmpty(env, 'WEBHOOK_SECRETS_KEY'),
      timeoutMs: positiveInt(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
      retryInitialMs: positiveInt(env, 'WEBHOOK_RETRY_INITIAL_MS', 5_000),
      retryMaxMs: positiveInt(env, 'WEBHOOK_RETRY_MAX_MS', 3_600_000),
      giveUpMs: positiveInt(env, 'WEBHOOK_GIVE_UP_SECONDS', 72 * 3600) * 1000,
      idlePollMs: positiveInt(env, 'WEBHOOK_IDLE_POLL_SECONDS', 300) * 1000,
    },
    csc: cscConfig(env, appEnv, localHost),
    // Testing mode is never honoured in production, whatever the flag says (see docs/decisions.md).
    testingMode: appEnv !== 'production' && bool(env, 'TESTING_MODE', false),
    testingApiKey: nonEmpty(env, 'TESTING_API_KEY'),
    demoApiKey: nonEmpty(env, 'DEMO_API_KEY'),
    logLevel: oneOf(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info'),
  };
}
