/**
 * Temporary signed URLs for stored files: `<base>/files/<key>?expires=<unix s>&signature=<hex>`,
 * the signature an HMAC-SHA256 over key and expiry. The API verifies both before serving a byte;
 * an expired or altered URL is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertObjectKey } from './object-store.js';

export const FILE_URL_TTL_SECONDS = 600;

export type UrlCheck = 'ok' | 'expired' | 'invalid';

export interface SignedUrl {
  url: string;
  expiresIn: number;
  expiresAt: string;
}

/** The one path a key is served under: each segment percent-encoded, `/` only between segments. */
export function canonicalFilePath(key: string): string {
  return `/files/${assertObjectKey(key).split('/').map(encodeURIComponent).join('/')}`;
}

/** The one query a signed URL carries, in the order sign() writes it; anything else is refused. */
export const CANONICAL_QUERY = /^expires=([^&]*)&signature=([^&]*)$/;

export class FileUrlSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly baseUrl: string,
    private readonly ttlSeconds = FILE_URL_TTL_SECONDS,
  ) {}

  private mac(key: string, expires: number): Buffer {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest();
  }

  sign(key: string, now = Date.now()): SignedUrl {
    const expires = Math.floor(now / 1000) + this.ttlSeconds;
    return {
      url: `${this.baseUrl}${canonicalFilePath(key)}?expires=${expires}&signature=${this.mac(key, expires).toString('hex')}`,
      expiresIn: this.ttlSeconds,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  verify(key: string, expiresRaw: unknown, signatureRaw: unknown, now = Date.now()): UrlCheck {
    // Only the form sign() writes: no leading zeros, lowercase hex.
    if (typeof expiresRaw !== 'string' || !/^[1-9]\d{0,11}$/.test(expiresRaw)) return 'invalid';
    if (typeof signatureRaw !== 'string' || !/^[0-9a-f]{64}$/.test(signatureRaw)) return 'invalid';
    const expires = Number(expiresRaw);
    const expected = this.mac(key, expires);
    if (!timingSafeEqual(expected, Buffer.from(signatureRaw, 'hex'))) return 'invalid';
    return expires * 1000 < now ? 'expired' : 'ok';
  }
}
