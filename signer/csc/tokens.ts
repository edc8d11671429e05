/**
 * Self-contained signed tokens: the service access token (auth/login) and the SAD
 * (credentials/authorize). Each is `base64url(JSON claims).base64url(HMAC-SHA256)` under its own
 * key derived from the keys key, so both outlive a restart of the service (a signing activity
 * retried after the service came back still signs with the SAD it holds) and nothing about
 * them needs storing. A SAD names its credential, the exact hashes it covers and when it expires.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

export interface AccessClaims {
  /** The client (auth/login user name). */
  sub: string;
  /** Expiry, Unix milliseconds. */
  exp: number;
}

export interface SadClaims {
  /** credentialID. */
  cid: string;
  /** The base64 hashes it covers (SCAL2), in the order authorised. */
  hashes: string[];
  numSignatures: number;
  exp: number;
  /** Makes two SADs for the same hashes differ. */
  jti: string;
}

export class TokenSigner<T extends { exp: number }> {
  private readonly key: Buffer;

  constructor(keysKey: Buffer, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', keysKey, Buffer.alloc(0), `expediente-csc ${purpose}`, 32));
  }

  sign(claims: T): string {
    const body = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of an authentic token, `expired` when its time is up, undefined when forged or malformed. */
  verify(token: string, now: number): { claims: T; expired: boolean } | undefined {
    const dot = token.indexOf('.');
    if (dot <= 0 || token.length > 64 * 1024) return undefined;
    const body = token.slice(0, dot);
    // The MAC's text, not its decoded bytes: base64url's last character carries two bits no
    // decoder reads, so a token with that character changed would decode to the same MAC.
    const given = Buffer.from(token.slice(dot + 1), 'utf8');
    const expected = Buffer.from(this.mac(body), 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
      if (typeof claims.exp !== 'number') return undefined;
      return { claims, expired: now >= claims.exp };
    } catch {
      return undefined;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

export const newJti = () => randomBytes(12).toString('base64url');
