/**
 * Tokens from the development OpenID provider the way a browser app gets them: authorization
 * code + PKCE (S256), driven over HTTP through the real login page (and the consent page for
 * third-party clients), then the code exchange. The protocol side (authorization URL, state,
 * PKCE, code exchange, ID token validation) is done by `openid-client`, a certified relying party.
 *
 *   const tokens = await loginWithPassword({ issuer, clientId, redirectUri, email, password });
 *   fetch(api, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
 */
import * as oidc from 'openid-client';
import { Browser, findForm, type Page } from './browser.js';

export const USER_SCOPES = 'openid profile email offline_access';

export interface PasswordLoginOptions {
  issuer: string;
  clientId: string;
  redirectUri: string;
  email: string;
  password: string;
  /** Default `openid profile email offline_access`. */
  scope?: string;
  /** Resource indicator (API audience); the provider defaults to its configured API audience. */
  resource?: string;
  /** For confidential (e.g. dynamically registered) clients. */
  clientSecret?: string;
  /** Approve the consent page if one is shown (third-party clients); default true. */
  approveConsent?: boolean;
  /** More authorization request parameters (e.g. Auth0's `audience`, `login_hint`). */
  extraParams?: Record<string, string>;
}

export interface LoginTokens {
  accessToken: string;
  idToken?: string;
  refreshToken?: string;
  expiresIn?: number;
  scope?: string;
  /** ID token claims, validated by openid-client. */
  claims?: oidc.IDToken;
  config: oidc.Configuration;
}

export class LoginRefusedError extends Error {
  constructor(
    message: string,
    readonly page: Page,
  ) {
    super(message);
    this.name = 'LoginRefusedError';
  }
}

const configs = new Map<string, Promise<oidc.Configuration>>();

/** Discovery for a client, over plain http (the development provider runs on loopback). */
export function clientConfig(issuer: string, clientId: string, clientSecret?: string): Promise<oidc.Configuration> {
  const key = `${issuer} ${clientId} ${clientSecret ?? ''}`;
  let config = configs.get(key);
  if (!config) {
    const auth = clientSecret ? oidc.ClientSecretPost(clientSecret) : oidc.None();
    config = oidc.discovery(
      new URL(issuer),
      clientId,
      clientSecret ? { client_secret: clientSecret } : undefined,
      auth,
      { execute: [oidc.allowInsecureRequests] },
    );
    config.catch(() => configs.delete(key));
    configs.set(key, config);
  }
  return config;
}

/** Runs the authorization request up to the page the browser lands on (normally the login form). */
export async function startAuthorization(options: Omit<PasswordLoginOptions, 'email' | 'password'>): Promise<{
  browser: Browser;
  page: Page;
  verifier: string;
  state: string;
  config: oidc.Configuration;
}> {
  const config = await clientConfig(options.issuer, options.clientId, options.clientSecret);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: options.redirectUri,
    scope: options.scope ?? USER_SCOPES,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...(options.resource ? { resource: options.resource } : {}),
    ...options.extraParams,
  });
  const browser = new Browser();
  const page = await browser.navigate(url.href, { stopAt: options.redirectUri });
  return { browser, page, verifier, state, config };
}

/** Exchanges the code in the callback URL (with the PKCE verifier and the expected state). */
export async function exchangeCode(
  config: oidc.Configuration,
  callbackUrl: string,
  checks: { verifier: string; state: string; resource?: string },
): Promise<LoginTokens> {
  const tokens = await oidc.authorizationCodeGrant(
    config,
    new URL(callbackUrl),
    { pkceCodeVerifier: checks.verifier, expectedState: checks.state, idTokenExpected: true },
    checks.resource ? { resource: checks.resource } : undefined,
  );
  return {
    accessToken: tokens.access_token,
    ...(tokens.id_token ? { idToken: tokens.id_token } : {}),
    ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
    ...(tokens.expires_in !== undefined ? { expiresIn: tokens.expires_in } : {}),
    ...(tokens.scope ? { scope: tokens.scope } : {}),
    ...(tokens.claims() ? { claims: tokens.claims()! } : {}),
    config,
  };
}

/** The full login: authorize → login form → (consent) → callback → token exchange. */
export async function loginWithPassword(options: PasswordLoginOptions): Promise<LoginTokens> {
  const { browser, page: loginPage, verifier, state, config } = await startAuthorization(options);
  if (!findForm(loginPage.html, 'login'))
    throw new LoginRefusedError(`no login form after authorize (status ${loginPage.status})`, loginPage);
  let page = await browser.submit(
    loginPage,
    'login',
    { email: options.email, password: options.password },
    options.redirectUri,
  );
  if (!page.stoppedAt && findForm(page.html, 'consent')) {
    page = await browser.submit(page, options.approveConsent === false ? 'deny' : 'consent', {}, options.redirectUri);
  }
  if (!page.stoppedAt) throw new LoginRefusedError(`login did not reach the callback (status ${page.status})`, page);
  const callback = new URL(page.stoppedAt);
  if (callback.searchParams.has('error')) {
    throw new LoginRefusedError(
      `authorization error: ${callback.searchParams.get('error')} ${callback.searchParams.get('error_description') ?? ''}`.trim(),
      page,
    );
  }
  return exchangeCode(config, page.stoppedAt, {
    verifier,
    state,
    ...(options.resource ? { resource: options.resource } : {}),
  });
}

/** A machine-to-machine token, requested the way Auth0 clients do (JSON body with `audience`). */
export async function clientCredentialsToken(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  audience?: string;
  scope?: string;
}): Promise<{
  access_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}> {
  const res = await fetch(`${options.issuer}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
      ...(options.audience ? { audience: options.audience } : {}),
      ...(options.scope ? { scope: options.scope } : {}),
    }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`client credentials refused: ${res.status} ${JSON.stringify(body)}`);
  return body as { access_token: string; token_type: string; expires_in: number; scope?: string };
}
