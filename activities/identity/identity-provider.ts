/**
 * What user provisioning needs from the identity provider, independent of which one it is. The
 * production implementation speaks the Auth0 Management API (auth0-management.ts); the
 * development provider (dev/oidc) serves the same API, so the same adapter runs in tests.
 *
 * Error contract (for Temporal activities): transport failures, timeouts, 429 and 5xx are thrown
 * as plain `Error`s, which Temporal retries; a 4xx is an `IdentityProviderError` (status and the
 * provider's message), which retrying cannot fix; a 409 on user creation is the subclass
 * `IdentityUserExistsError`, so the caller can treat it as "already exists". Their `name`s can be
 * listed in a retry policy's `nonRetryableErrorTypes`.
 */

/** How an account signs in: a password of our database connection, a social provider, or anything else (enterprise, passwordless). */
export type IdentityAccountKind = 'password' | 'social' | 'other';

/** Invitation state kept in the account's app_metadata under `invitation`. */
export type InvitationStatus = 'pending' | 'accepted' | 'expired';

export const INVITATION_METADATA_KEY = 'invitation';

export interface IdentityAccount {
  /** The provider's user id (`auth0|…`, `google-oauth2|…`): what access tokens carry as `sub`. */
  userId: string;
  email: string;
  emailVerified: boolean;
  kind: IdentityAccountKind;
  /** `auth0`, `google-oauth2`, … */
  provider: string;
  connection: string;
  invitation: InvitationStatus | null;
  appMetadata: Record<string, unknown>;
}

export interface CreatePasswordUserInput {
  email: string;
  name?: string;
  /** Extra app_metadata (e.g. the tenant that invited the user); the invitation flag is added. */
  appMetadata?: Record<string, unknown>;
}

export interface PasswordChangeTicketInput {
  userId: string;
  /** Default 432000 s (5 days). */
  ttlSec?: number;
  /**
   * Where to send the user after the password is set. The identity provider refuses it together
   * with a client id, so a ticket with a result URL is not bound to the front-end client.
   */
  resultUrl?: string;
}

export interface PasswordChangeTicket {
  url: string;
  /** Computed from the request time and the ttl (the provider does not return it). */
  expiresAt: Date;
}

export interface IdentityProvider {
  /** Every account with this email, across connections (a password and a social account may share it). */
  findUsersByEmail(email: string): Promise<IdentityAccount[]>;
  /** null when the user does not exist. */
  getUser(userId: string): Promise<IdentityAccount | null>;
  /**
   * A database-connection user with a random password nobody knows, the email marked verified,
   * no verification mail, and the invitation flag set to `pending`.
   * Throws `IdentityUserExistsError` when the email already has a password account.
   */
  createPasswordUser(input: CreatePasswordUserInput): Promise<IdentityAccount>;
  /** A link where the user sets a password (bound to the front-end client unless `resultUrl` is given). */
  createPasswordChangeTicket(input: PasswordChangeTicketInput): Promise<PasswordChangeTicket>;
  /** Sets the invitation flag, or removes it with null. */
  setInvitationStatus(userId: string, status: InvitationStatus | null): Promise<IdentityAccount>;
}

/** A 4xx answer from the identity provider: retrying the same request will not help. */
export class IdentityProviderError extends Error {
  override name = 'IdentityProviderError';
  constructor(
    message: string,
    readonly status: number,
    /** The provider's own error code (`inexistent_user`, `invalid_body`, `invalid_client`, …). */
    readonly errorCode?: string,
    /** `METHOD /path` of the failed call. */
    readonly operation?: string,
  ) {
    super(message);
  }
}

/** The email already has an account in the password connection (409 on create). */
export class IdentityUserExistsError extends IdentityProviderError {
  override name = 'IdentityUserExistsError';
  constructor(
    readonly email: string,
    message = 'The user already exists.',
  ) {
    super(message, 409, 'user_exists', 'POST /api/v2/users');
  }
}
