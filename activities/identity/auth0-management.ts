/**
 * `IdentityProvider` over the Auth0 Management API v2 (plain HTTP, no SDK). Works against a real
 * Auth0 tenant and against the development provider (dev/oidc), which serves the same routes.
 *
 * The management token (client credentials, `audience` = management API) is cached for 23 hours,
 * or less when the server says it expires sooner (refreshed a little before it does), and
 * fetched once for all concurrent callers. A 401 with a cached token drops it and retries once
 * with a fresh one (the token may have been revoked or the keys rotated).
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Logger } from '../../lib/log.js';
import {
  INVITATION_METADATA_KEY,
  IdentityProviderError,
  IdentityUserExistsError,
  type CreatePasswordUserInput,
  type IdentityAccount,
  type IdentityProvider,
  type InvitationStatus,
  type PasswordChangeTicket,
  type PasswordChangeTicketInput,
} from './identity-provider.js';

export const DATABASE_CONNECTION = 'Username-Password-Authentication';
/** Password-change ticket lifetime: 5 days. */
export const DEFAULT_TICKET_TTL_SEC = 432_000;
/** Management tokens are reused for at most 23 hours. */
export const MANAGEMENT_TOKEN_CACHE_MS = 23 * 60 * 60 * 1000;

export interface Auth0ManagementOptions {
  /** Auth0 tenant domain (`example.eu.auth0.com`); the API is at `https://<domain>`. Give this or `baseUrl`. */
  domain?: string;
  /** Full base URL instead of a domain (the development provider: `http://127.0.0.1:3400`). */
  baseUrl?: string;
  /** Machine-to-machine application authorized for the Management API. */
  clientId: string;
  clientSecret: string;
  /** Management API audience; default `<base URL>/api/v2/` (set it when a custom domain is used). */
  audience?: string;
  /** The front end's client id: password-change tickets are bound to it. */
  frontendClientId: string;
  /** Database connection of password users; default `Username-Password-Authentication`. */
  connection?: string;
  /** Default ticket lifetime; 432000 s unless set. */
  ticketTtlSec?: number;
  /** Per-request timeout; default 10 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Clock for the token cache (milliseconds). */
  now?: () => number;
  log?: Logger;
}

interface Auth0Identity {
  provider?: string;
  user_id?: string;
  connection?: string;
  isSocial?: boolean;
}

interface Auth0User {
  user_id?: unknown;
  email?: unknown;
  email_verified?: unknown;
  identities?: Auth0Identity[];
  app_metadata?: Record<string, unknown>;
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*-_=+';

/**
 * A password nobody will know (the user sets their own through the ticket). 240 random bits,
 * plus one character of each class so any Auth0 password policy up to "excellent" accepts it.
 */
export function generatePassword(): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  return randomBytes(30).toString('base64url') + pick(LOWER) + pick(UPPER) + pick(DIGITS) + pick(SYMBOLS);
}

const INVITATION_STATUSES: readonly InvitationStatus[] = ['pending', 'accepted', 'expired'];

function toAccount(user: Auth0User, operation: string): IdentityAccount {
  if (typeof user?.user_id !== 'string' || typeof user.email !== 'string') {
    throw new Error(`identity provider returned a malformed user for ${operation}`);
  }
  const identity = user.identities?.[0];
  const provider = identity?.provider ?? user.user_id.slice(0, user.user_id.indexOf('|'));
  const appMetadata = user.app_metadata && typeof user.app_metadata === 'object' ? user.app_metadata : {};
  const invitation = appMetadata[INVITATION_METADATA_KEY];
  return {
    userId: user.user_id,
    email: user.email,
    emailVerified: user.email_verified === true,
    // Database connections are provider "auth0"; social ones are flagged by Auth0 itself.
    kind: provider === 'auth0' ? 'password' : identity?.isSocial ? 'social' : 'other',
    provider,
    connection: identity?.connection ?? '',
    invitation: INVITATION_STATUSES.includes(invitation as InvitationStatus) ? (invitation as InvitationStatus) : null,
    appMetadata,
  };
}

/** The message and code of an Auth0 error body (Management API or OAuth shape). */
function describe(body: unknown): { message: string; code?: string } {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const message = [b.message, b.error_description, b.error].find((v) => typeof v === 'string' && v) as
      | string
      | undefined;
    const code = [b.errorCode, b.error].find((v) => typeof v === 'string' && v) as string | undefined;
    return { message: message ?? JSON.stringify(body).slice(0, 200), ...(code ? { code } : {}) };
  }
  return { message: String(body ?? '').slice(0, 200) || 'no body' };
}

export class Auth0ManagementProvider implements IdentityProvider {
  readonly baseUrl: string;
  readonly audience: string;
  private readonly options: Auth0ManagementOptions;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private cached: { token: string; refreshAt: number } | undefined;
  private inflight: Promise<string> | undefined;

  constructor(options: Auth0ManagementOptions) {
    if (!options.domain === !options.baseUrl)
      throw new Error('Auth0ManagementProvider needs exactly one of domain and baseUrl');
    if (!options.clientId || !options.clientSecret)
      throw new Error('Auth0ManagementProvider needs the management client id and secret');
    if (!options.frontendClientId) throw new Error('Auth0ManagementProvider needs the front-end client id');
    const base = options.baseUrl ?? `https://${options.domain!.replace(/^https?:\/\//, '')}`;
    if (!URL.canParse(base)) throw new Error(`invalid identity provider address: ${base}`);
    this.baseUrl = base.replace(/\/+$/, '');
    this.audience = options.audience ?? `${this.baseUrl}/api/v2/`;
    this.options = options;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
  }

  async findUsersByEmail(email: string): Promise<IdentityAccount[]> {
    const op = 'GET /api/v2/users-by-email';
    const users = await this.call<Auth0User[]>(
      'GET',
      `/api/v2/users-by-email?email=${encodeURIComponent(email.trim().toLowerCase())}`,
      op,
    );
    if (!Array.isArray(users)) throw new Error(`identity provider returned no list for ${op}`);
    return users.map((u) => toAccount(u, op));
  }

  async getUser(userId: string): Promise<IdentityAccount | null> {
    const op = 'GET /api/v2/users/{id}';
    try {
      return toAccount(await this.call<Auth0User>('GET', `/api/v2/users/${encodeURIComponent(userId)}`, op), op);
    } catch (err) {
      if (err instanceof IdentityProviderError && err.status === 404) return null;
      throw err;
    }
  }

  async createPasswordUser(input: CreatePasswordUserInput): Promise<IdentityAccount> {
    const op = 'POST /api/v2/users';
    const body = {
      email: input.email.trim(),
      password: generatePassword(),
      connection: this.options.connection ?? DATABASE_CONNECTION,
      // The address is the one an administrator entered and the activation link proves it;
      // Auth0's own verification mail would only confuse the invited user.
      email_verified: true,
      verify_email: false,
      app_metadata: { ...input.appMetadata, [INVITATION_METADATA_KEY]: 'pending' satisfies InvitationStatus },
      ...(input.name ? { name: input.name } : {}),
    };
    try {
      return toAccount(await this.call<Auth0User>('POST', '/api/v2/users', op, body), op);
    } catch (err) {
      if (err instanceof IdentityProviderError && err.status === 409)
        throw new IdentityUserExistsError(body.email, err.message);
      throw err;
    }
  }

  async createPasswordChangeTicket(input: PasswordChangeTicketInput): Promise<PasswordChangeTicket> {
    const ttlSec = input.ttlSec ?? this.options.ticketTtlSec ?? DEFAULT_TICKET_TTL_SEC;
    // 0 would silently mean "provider default" to Auth0.
    if (!Number.isInteger(ttlSec) || ttlSec <= 0)
      throw new RangeError(`ticket ttl must be a positive whole number of seconds: ${ttlSec}`);
    const requestedAt = this.now();
    const body = {
      user_id: input.userId,
      ttl_sec: ttlSec,
      mark_email_as_verified: true,
      // Auth0 refuses result_url together with client_id (the client's login route is used then).
      ...(input.resultUrl ? { result_url: input.resultUrl } : { client_id: this.options.frontendClientId }),
    };
    const op = 'POST /api/v2/tickets/password-change';
    const res = await this.call<{ ticket?: unknown }>('POST', '/api/v2/tickets/password-change', op, body);
    if (typeof res?.ticket !== 'string') throw new Error(`identity provider returned no ticket for ${op}`);
    return { url: res.ticket, expiresAt: new Date(requestedAt + ttlSec * 1000) };
  }

  async setInvitationStatus(userId: string, status: InvitationStatus | null): Promise<IdentityAccount> {
    const op = 'PATCH /api/v2/users/{id}';
    // app_metadata updates merge at the top level; null removes the key.
    const user = await this.call<Auth0User>('PATCH', `/api/v2/users/${encodeURIComponent(userId)}`, op, {
      app_metadata: { [INVITATION_METADATA_KEY]: status },
    });
    return toAccount(user, op);
  }

  /** The cached management token, or a fresh one shared by every caller waiting for it. */
  private async managementToken(): Promise<string> {
    if (this.cached && this.now() < this.cached.refreshAt) return this.cached.token;
    this.inflight ??= this.fetchToken().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async fetchToken(): Promise<string> {
    const op = 'POST /oauth/token';
    const fetchedAt = this.now();
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
      audience: this.audience,
    });
    const body = await this.send<{ access_token?: unknown; expires_in?: unknown }>(op, `${this.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    if (typeof body?.access_token !== 'string') throw new Error(`identity provider returned no access token for ${op}`);
    const lifetimeMs =
      typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in * 1000 : MANAGEMENT_TOKEN_CACHE_MS;
    // Refresh a little before expiry (at most a minute, at most a tenth of the lifetime).
    const usableMs = Math.min(MANAGEMENT_TOKEN_CACHE_MS, lifetimeMs - Math.min(60_000, lifetimeMs / 10));
    this.cached = { token: body.access_token, refreshAt: fetchedAt + usableMs };
    this.options.log?.debug('identity provider: management token fetched', {
      expires_in: body.expires_in,
      cached_for_s: Math.round(usableMs / 1000),
    });
    return body.access_token;
  }

  private async call<T>(method: string, path: string, op: string, json?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.managementToken();
      try {
        return await this.send<T>(op, `${this.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
        });
      } catch (err) {
        if (attempt === 0 && err instanceof IdentityProviderError && err.status === 401) {
          if (this.cached?.token === token) this.cached = undefined;
          continue;
        }
        throw err;
      }
    }
  }

  private async send<T>(op: string, url: string, init: RequestInit): Promise<T> {
    let res: Response;
    let text: string;
    try {
      res = await this.fetch(url, { ...init, signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000) });
      text = await res.text();
    } catch (err) {
      throw new Error(`identity provider unreachable (${op}): ${(err as Error).message}`, { cause: err });
    }
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text for the error message
    }
    if (res.ok) {
      if (typeof body === 'string') throw new Error(`identity provider answered ${op} with a non-JSON body`);
      return body as T;
    }
    const { message, code } = describe(body);
    // Rate limits and server failures pass with time: plain errors, so the caller retries.
    if (res.status === 429 || res.status >= 500)
      throw new Error(`identity provider failed (${op}): ${res.status} ${message}`);
    throw new IdentityProviderError(message, res.status, code, op);
  }
}
