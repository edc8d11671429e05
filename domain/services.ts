/**
 * Process-wide services the domain needs besides the database: file storage, signed file URLs
 * and the PDF renderer. Created once per process (API, worker, tests) from the configuration.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config/index.js';
import { ChromiumRenderer } from './rendering/chromium-renderer.js';
import { LayoutRenderer } from './rendering/layout-renderer.js';
import type { PdfRenderer } from './rendering/pdf-renderer.js';
import { FileObjectStore, type ObjectStore } from './storage/object-store.js';
import { FileUrlSigner } from './storage/signed-urls.js';
import { SecretBox } from './webhooks/secrets.js';
import type { UrlPolicy } from './webhooks/url-policy.js';

export interface DomainServices {
  storage: ObjectStore;
  urls: FileUrlSigner;
  renderer: PdfRenderer;
  /** Time zone of the municipal calendar (year of official numbers). */
  timeZone: string;
  /** The API's public address (verification links printed on official documents). */
  publicUrl: string;
  /** Encrypts webhook subscriptions' signing secrets. */
  webhookSecrets: SecretBox;
  /** Where webhooks may go (production: https and public addresses only). */
  webhookUrls: UrlPolicy;
}

/** The configured key, else (outside production) a random key kept under DATA_DIR so every process agrees. */
async function processKey(config: Config, variable: string, fileName: string): Promise<Buffer> {
  if (config.appEnv === 'production') throw new Error(`${variable} is required in production`);
  const file = path.join(config.dataDir, 'secrets', fileName);
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  } catch {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const secret = randomBytes(32);
    await writeFile(file, secret.toString('hex'), { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  }
}

/** The AWS SDK is loaded only by a process that stores in S3 (it costs ~0.25 s and ~20 MB at start). */
async function s3Store(storage: Extract<Config['storage'], { driver: 's3' }>): Promise<ObjectStore> {
  const { S3ObjectStore } = await import('./storage/s3-object-store.js');
  return new S3ObjectStore(storage);
}

/** FILE_URL_SECRET as its UTF-8 bytes. */
async function fileUrlSecret(config: Config): Promise<Buffer> {
  if (config.files.urlSecret) return Buffer.from(config.files.urlSecret, 'utf8');
  return processKey(config, 'FILE_URL_SECRET', 'file-url.key');
}

/** WEBHOOK_SECRETS_KEY: 32 bytes as hex (64 characters) or base64. */
async function webhookSecretsKey(config: Config): Promise<Buffer> {
  const given = config.webhooks.secretsKey;
  if (!given) return processKey(config, 'WEBHOOK_SECRETS_KEY', 'webhook-secrets.key');
  const key = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64');
  if (key.length !== 32) throw new Error('WEBHOOK_SECRETS_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

export async function createDomainServices(config: Config): Promise<DomainServices> {
  return {
    storage:
      config.storage.driver === 's3'
        ? await s3Store(config.storage)
        : new FileObjectStore(path.join(config.dataDir, 'objects')),
    urls: new FileUrlSigner(await fileUrlSecret(config), config.api.publicUrl),
    renderer: new LayoutRenderer(new ChromiumRenderer(config.chromiumPath)),
    timeZone: config.timeZone,
    publicUrl: config.api.publicUrl,
    webhookSecrets: new SecretBox(await webhookSecretsKey(config)),
    webhookUrls: { production: config.appEnv === 'production' },
  };
}
