/**
 * Verifies the backend's bearer tokens: RS256 JWTs from the identity provider, the key chosen by
 * `kid` from its JWKS, issuer and audience checked. The key set is cached for 30 minutes; when a
 * refresh fails the last good set keeps serving, and only when no set was ever obtained does
 * verification answer 503. A token signed by a key the cache does not know triggers one early
 * refresh (keys rotate), at most once a minute.
 *
 * `exp` is required (a token without one would never expire), and the clocks of the provider and
 * this server may disagree by at most `clockToleranceSec` on `exp`, `nbf` and `iat`: a token
 * issued or valid only further in the future than that is refused.
 */
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { unauthorized, unavailable } from '../../domain/errors.js';
import type { Logger } from '../../lib/log.js';

export const TOKEN_MESSAGES = {
  expired: 'Token expirado',
  audience: 'Audience no valido',
  issuer: 'Issuer no valido',
  invalid: 'Token invalido',
  noEmail: 'Token invalido: no contiene email',
  keysUnavailable: 'No se pudieron obtener las claves publicas del proveedor de identidad',
} as const;

export interface VerifiedToken {
  sub: string;
  email: string;
  /** The provider vouches for the email (`email_verified: true`). */
  emailVerified: boolean;
  claims: JWTPayload;
}

export interface TokenVerifierOptions {
  issuer: string;
  audiences: string[];
  jwksUrl?: string | undefined;
  cacheMs?: number;
  fetchTimeoutMs?: number;
  /** Allowed clock difference with the provider on `exp`/`nbf`/`iat`; default 60 s. */
  clockToleranceSec?: number;
  log: Logger;
}

type KeySet = ReturnType<typeof createLocalJWKSet>;

const THIRTY_MINUTES = 30 * 60 * 1000;
const UNKNOWN_KID_REFRESH_MS = 60_000;
const FAILED_REFRESH_RETRY_MS = 30_000;
const DEFAULT_CLOCK_TOLERANCE_SEC = 60;

export class TokenVerifier {
  private cached: { set: KeySet; fetchedAt: number; retryAt: number } | undefined;
  private inFlight: Promise<KeySet> | undefined;
  private jwksUrl: string | undefined;

  constructor(private readonly options: TokenVerifierOptions) {
    this.jwksUrl = options.jwksUrl;
  }

  private get cacheMs(): number {
    return this.options.cacheMs ?? THIRTY_MINUTES;
  }

  private async fetchJson(url: string): Promise<unknown> {
    const res = await fetch(url, { signal: AbortSignal.timeout(this.options.fetchTimeoutMs ?? 3_000) });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return res.json();
  }

  private async fetchKeySet(): Promise<KeySet> {
    if (!this.jwksUrl) {
      const discovery = (await this.fetchJson(
        `${this.options.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
      )) as { jwks_uri?: string };
      if (!discovery.jwks_uri) throw new Error('the discovery document has no jwks_uri');
      this.jwksUrl = discovery.jwks_uri;
    }
    const jwks = (await this.fetchJson(this.jwksUrl)) as JSONWebKeySet;
    if (!Array.isArray(jwks.keys)) throw new Error('the JWKS has no keys');
    return createLocalJWKSet(jwks);
  }

  /** The key set: cached, refreshed when old (or on demand), the last good one kept on failure. */
  private async keySet(forceRefresh = false): Promise<KeySet> {
    const now = Date.now();
    const cached = this.cached;
    if (cached && !forceRefresh && now - cached.fetchedAt < this.cacheMs) return cached.set;
    if (cached && now < cached.retryAt) return cached.set;
    this.inFlight ??= this.fetchKeySet()
      .then((set) => {
        this.cached = { set, fetchedAt: Date.now(), retryAt: 0 };
        return set;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    try {
      return await this.inFlight;
    } catch (err) {
      if (cached) {
        this.options.log.warn('identity provider keys could not be refreshed; keeping the last good set', {
          error: (err as Error).message,
        });
        cached.retryAt = Date.now() + FAILED_REFRESH_RETRY_MS;
        return cached.set;
      }
      this.options.log.error('identity provider keys unavailable', { error: (err as Error).message });
      throw unavailable(TOKEN_MESSAGES.keysUnavailable);
    }
  }

  /** `audiences` replaces the configured ones for one interface (MCP accepts its resource URIs too). */
  async verify(token: string, options: { audiences?: string[] } = {}): Promise<VerifiedToken> {
    const audiences = options.audiences ?? this.options.audiences;
    let set = await this.keySet();
    let payload: JWTPayload;
    try {
      payload = await this.check(token, set, audiences);
    } catch (err) {
      const stale = this.cached && Date.now() - this.cached.fetchedAt > UNKNOWN_KID_REFRESH_MS;
      if (!(err instanceof joseErrors.JWKSNoMatchingKey) || !stale) throw toHttpError(err);
      set = await this.keySet(true);
      try {
        payload = await this.check(token, set, audiences);
      } catch (again) {
        throw toHttpError(again);
      }
    }
    if (typeof payload.sub !== 'string' || !payload.sub) throw unauthorized(TOKEN_MESSAGES.invalid);
    const email = (payload as { email?: unknown }).email;
    if (typeof email !== 'string' || !email) throw unauthorized(TOKEN_MESSAGES.noEmail);
    return {
      sub: payload.sub,
      email,
      emailVerified: (payload as { email_verified?: unknown }).email_verified === true,
      claims: payload,
    };
  }

  private async check(token: string, set: KeySet, audiences: string[]): Promise<JWTPayload> {
    const tolerance = this.options.clockToleranceSec ?? DEFAULT_CLOCK_TOLERANCE_SEC;
    const { payload } = await jwtVerify(token, set, {
      issuer: this.options.issuer,
      audience: audiences,
      algorithms: ['RS256'],
      requiredClaims: ['exp'],
      clockTolerance: tolerance,
    });
    // jose checks `iat` only together with a maximum token age; a token from the future is not
    // one the provider issued with a sane clock.
    if (payload.iat !== undefined && payload.iat > Math.floor(Date.now() / 1000) + tolerance) {
      throw new joseErrors.JWTClaimValidationFailed(
        '"iat" claim timestamp check failed (it should be in the past)',
        payload,
        'iat',
        'check_failed',
      );
    }
    return payload;
  }
}

function toHttpError(err: unknown) {
  if (err instanceof joseErrors.JWTExpired) return unauthorized(TOKEN_MESSAGES.expired);
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    if (err.claim === 'aud') return unauthorized(TOKEN_MESSAGES.audience);
    if (err.claim === 'iss') return unauthorized(TOKEN_MESSAGES.issuer);
  }
  return unauthorized(TOKEN_MESSAGES.invalid);
}
