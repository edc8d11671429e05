/**
 * The OpenID provider for development and tests, built on panva's certified `oidc-provider`.
 * It stands in for the production identity provider (Auth0) and keeps Auth0's paths where the
 * platform or its clients see them:
 *
 *   /.well-known/openid-configuration   discovery
 *   /.well-known/jwks.json              RS256 public keys (persisted under the data folder)
 *   /authorize                          authorization code + PKCE (S256 required for public clients)
 *   /oauth/token                        code, refresh_token and client_credentials grants;
 *                                       also accepts JSON bodies and Auth0's `audience` parameter
 *   /oidc/register                      open dynamic client registration
 *   (an https client_id)                Client ID Metadata Document, fetched from that URL (MCP clients)
 *   /userinfo, /oauth/revoke, /oidc/logout
 *   /interaction/:uid                   login (email + password) and consent pages
 *   /api/v2/…                           the Auth0 Management API subset (management.ts)
 *   /lo/reset?ticket=…                  password-change ticket page (tickets.ts)
 *   /dev/accounts                       admin-key protected account seeding (admin.ts)
 *   /health
 *
 * Access tokens for the API audience (and the management audience) are RS256 JWTs carrying
 * `sub`, `email`, `email_verified`, `scope`, `client_id`; a request without `resource`/`audience`
 * gets the configured API audience.
 */
import { mkdir } from 'node:fs/promises';
import http, { type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createLocalJWKSet } from 'jose';
import Provider, {
  errors,
  type ClientMetadata,
  type Configuration,
  type JWKS,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { createLogger, type Logger } from '../../lib/log.js';
import { AccountStore, type StoredUser } from './accounts.js';
import { adminRoutes, seedAccounts, type SeedAccount } from './admin.js';
import { FileAdapterStore } from './file-adapter.js';
import { interactionRoutes } from './interactions.js';
import { loadOrCreateKeys, publicJwk } from './keys.js';
import { MANAGEMENT_SCOPES, managementRoutes } from './management.js';
import { esc, layout, messagePage } from './pages.js';
import { ticketRoutes } from './tickets.js';

export type { SeedAccount } from './admin.js';
export { DATABASE_CONNECTION } from './accounts.js';

export interface OidcProviderOptions {
  /** Port to listen on; 0 or absent picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Issuer URL; default `http://<host>:<port>` (127.0.0.1 when binding 0.0.0.0). Must match how clients reach the provider. */
  issuer?: string;
  /** Keys, accounts and provider state live here; created when missing. */
  dataDir: string;
  /** The API audience (resource indicator) user access tokens are issued for by default. */
  audience: string;
  /** Further resource indicators accepted with the same scopes (e.g. the MCP server's resource URI). */
  extraAudiences?: string[];
  /** The front end: a public client (no secret), authorization code + PKCE S256, refresh tokens. */
  frontendClientId: string;
  frontendRedirectUris: string[];
  frontendPostLogoutRedirectUris?: string[];
  /** The front end's login route, linked after a password is set through a ticket bound to it (Auth0's "Application Login URI"). */
  frontendLoginUri?: string;
  /** The machine-to-machine client: client credentials for the API and the management audience. */
  m2mClientId: string;
  m2mClientSecret: string;
  /** Enables `/dev/accounts` with header `X-Admin-Key: <adminKey>`. */
  adminKey?: string;
  /** Accounts created at start when missing (same email and connection). */
  accounts?: SeedAccount[];
  /** Offers the simulated social login on the login page (default true). */
  socialLogin?: boolean;
  /** Lifetime of API access tokens; default 3600 s. */
  accessTokenTtlSec?: number;
  /** Lifetime of management API tokens; default 86400 s (Auth0's). */
  managementTokenTtlSec?: number;
  /** Refuses an issuer that is plain http on a non-loopback host unless set (containers on a private network). */
  allowInsecureIssuer?: boolean;
  /**
   * Client ID Metadata Documents whose client_id names a loopback host (https://127.0.0.1:<port>/…)
   * are fetched over plain http on that host (default true): tests serve them there. The provider
   * never runs in production, and other hosts are always fetched over https through the SSRF guard.
   */
  allowLoopbackClientIds?: boolean;
  log?: Logger;
}

export interface RunningOidcProvider {
  issuer: string;
  /** Where the server listens (equals the issuer unless one was given). */
  url: string;
  jwksUri: string;
  /** Audience of management API tokens: `<issuer>/api/v2/`. */
  managementAudience: string;
  close(): Promise<void>;
}

const USER_SCOPES = 'openid profile email offline_access';
const DAY = 24 * 60 * 60;

function claimsOf(user: StoredUser): Record<string, unknown> {
  return {
    sub: user.user_id,
    email: user.email,
    email_verified: user.email_verified,
    name: user.name,
    nickname: user.nickname,
    ...(user.given_name ? { given_name: user.given_name } : {}),
    ...(user.family_name ? { family_name: user.family_name } : {}),
    updated_at: Math.floor(Date.parse(user.updated_at) / 1000),
  };
}

/** Client ID Metadata Documents: kept at most an hour, at least a minute (their Cache-Control decides in between). */
const CIMD_CACHE_SEC = { min: 60, max: 3600 };
/** Their size limit; a client's metadata is a few hundred bytes. */
const CIMD_MAX_BYTES = 5 * 1024;

/**
 * The logout confirmation form of oidc-provider (`op.logoutForm`, carrying its xsrf value), with
 * `logout=yes` (end the whole session, not only this client's) and posted as the page loads.
 */
function autoLogoutPage(form: string): string {
  const yes = form
    .replace('<form ', '<form data-form="logout" ')
    .replace(
      '</form>',
      '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Cerrar sesión</button></noscript></form>',
    );
  return layout(
    'Cerrando sesión',
    `<h1>Cerrando sesión…</h1>${yes}<script>document.getElementById('op.logoutForm').submit();</script>`,
  );
}

const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);

function checkOptions(o: OidcProviderOptions): void {
  const absolute = (label: string, value: string) => {
    if (!URL.canParse(value)) throw new Error(`${label} must be an absolute URL: ${value}`);
  };
  absolute('audience', o.audience);
  for (const a of o.extraAudiences ?? []) absolute('extra audience', a);
  for (const uri of o.frontendRedirectUris) absolute('front-end redirect URI', uri);
  for (const uri of o.frontendPostLogoutRedirectUris ?? []) absolute('front-end post-logout redirect URI', uri);
  if (o.frontendLoginUri) absolute('front-end login URI', o.frontendLoginUri);
  if (!o.frontendClientId || !o.m2mClientId || !o.m2mClientSecret)
    throw new Error('front-end client id, M2M client id and M2M client secret are required');
  if (o.frontendClientId === o.m2mClientId) throw new Error('the front-end and M2M clients need different ids');
  if (!o.frontendRedirectUris.length) throw new Error('at least one front-end redirect URI is required');
}

/**
 * Replays a request whose body was read (and rewritten) here into oidc-provider: a readable with
 * the original request's line, headers and socket, and the new body.
 */
function replayRequest(req: IncomingMessage, body: Buffer, contentType: string | undefined): IncomingMessage {
  const replay = new Readable({ read() {} });
  replay.push(body);
  replay.push(null);
  const headers: http.IncomingHttpHeaders = { ...req.headers, 'content-length': String(body.length) };
  delete headers['transfer-encoding'];
  if (contentType) headers['content-type'] = contentType;
  else delete headers['content-type'];
  return Object.assign(replay, {
    method: req.method,
    url: req.url,
    headers,
    rawHeaders: Object.entries(headers).flatMap(([k, v]) =>
      Array.isArray(v) ? v.flatMap((x) => [k, x]) : v === undefined ? [] : [k, v],
    ),
    httpVersion: req.httpVersion,
    httpVersionMajor: req.httpVersionMajor,
    httpVersionMinor: req.httpVersionMinor,
    socket: req.socket,
    connection: req.socket,
    complete: true,
    aborted: false,
    trailers: {},
  }) as unknown as IncomingMessage;
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<RunningOidcProvider> {
  checkOptions(options);
  const log = options.log ?? createLogger('info');
  const host = options.host ?? '127.0.0.1';
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });

  const keys = await loadOrCreateKeys(path.join(dataDir, 'keys.json'));
  const accounts = await AccountStore.open(path.join(dataDir, 'accounts.json'));
  await seedAccounts(accounts, options.accounts ?? [], log);
  const store = await FileAdapterStore.open(path.join(dataDir, 'provider-store.json'));

  // Listen first: with port 0 the issuer (which names the port) is only known afterwards.
  const server: Server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
  const issuer = (options.issuer ?? url).replace(/\/+$/, '');
  try {
    const parsed = new URL(issuer);
    if (parsed.protocol !== 'https:' && !isLoopback(parsed.hostname) && !options.allowInsecureIssuer) {
      throw new Error(
        `issuer ${issuer} is plain http on a non-loopback host; use https or allow it explicitly for a private development network`,
      );
    }
  } catch (err) {
    server.close();
    throw err;
  }

  const managementAudience = `${issuer}/api/v2/`;
  const allowLoopbackClientIds = options.allowLoopbackClientIds ?? true;
  const apiAudiences = new Set([options.audience, ...(options.extraAudiences ?? [])]);
  const accessTokenTtl = options.accessTokenTtlSec ?? 3600;
  const managementTokenTtl = options.managementTokenTtlSec ?? DAY;
  const firstParty = new Set([options.frontendClientId, options.m2mClientId]);
  // The only origins a browser may call the client-authenticated endpoints from ("null", the
  // origin of custom-scheme redirect URIs and sandboxed pages, names no one).
  const frontendOrigins = new Set(
    options.frontendRedirectUris.map((uri) => new URL(uri).origin).filter((o) => o !== 'null'),
  );

  const clients: ClientMetadata[] = [
    {
      client_id: options.frontendClientId,
      client_name: 'expediente',
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: options.frontendRedirectUris,
      post_logout_redirect_uris: options.frontendPostLogoutRedirectUris ?? [],
    },
    {
      client_id: options.m2mClientId,
      client_secret: options.m2mClientSecret,
      client_name: 'expediente (machine to machine)',
      // Auth0's machine-to-machine applications post their secret in the body.
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
    },
  ];

  const configuration: Configuration = {
    adapter: (name: string) => store.adapterFor(name),
    clients,
    jwks: { keys: keys.signing as JWKS['keys'] },
    cookies: { keys: keys.cookieKeys },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    // Authorization code only (no implicit or hybrid responses), as recommended for browser apps.
    responseTypes: ['code'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'nickname', 'given_name', 'family_name', 'updated_at'],
    },
    // Like Auth0, the ID token of the code flow carries the profile and email claims.
    conformIdTokenClaims: false,
    extraParams: ['audience'],
    async findAccount(_ctx, sub) {
      const user = accounts.findById(sub);
      if (!user) return undefined;
      return { accountId: sub, claims: () => claimsOf(accounts.findById(sub) ?? user) as { sub: string } };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind === 'AccessToken' && token.accountId) {
        const user = accounts.findById(token.accountId);
        return user ? { email: user.email, email_verified: user.email_verified } : undefined;
      }
      return token.kind === 'ClientCredentials' ? { gty: 'client-credentials' } : undefined;
    },
    // Outgoing fetches (Client ID Metadata Documents): oidc-provider adds a 2.5 s timeout, an SSRF
    // guard refusing special-use addresses, no redirects and the body limit below. A loopback
    // client_id (tests) is fetched over http with no guard, only when allowed.
    fetch: (url, init) => {
      const target = new URL(url);
      if (allowLoopbackClientIds && target.protocol === 'https:' && isLoopback(target.hostname)) {
        const { dispatcher: _guard, ...rest } = init as RequestInit & { dispatcher?: unknown };
        target.protocol = 'http:';
        return globalThis.fetch(target, rest);
      }
      return globalThis.fetch(url, init);
    },
    fetchResponseBodyLimits: { 'client_id metadata document': CIMD_MAX_BYTES },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      // MCP clients with no prior relationship name themselves by an https URL serving their
      // metadata (the MCP authorization spec's preferred registration); open DCR stays the fallback.
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        allowFetch: async (_ctx, clientId) => !isLoopback(new URL(clientId).hostname) || allowLoopbackClientIds,
        cacheDuration: CIMD_CACHE_SEC,
      },
      clientCredentials: { enabled: true },
      // A client revokes its own tokens only (the desk its refresh token when it logs out); another
      // client's token is left alone and the answer is the same 200 (RFC 7009).
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // A logout that names the signed-in account with an ID token this provider issued (the
        // desk's "Salir") ends the whole provider session at once: the page posts the confirmation
        // itself, so no "¿Desea cerrar la sesión?" is left on a shared computer. Without such a
        // hint (or for another account) a page could log anyone out, so the user is asked.
        logoutSource(ctx, form) {
          ctx.type = 'html';
          const hinted = ctx.oidc.entities.IdTokenHint?.payload.sub;
          const account = ctx.oidc.session?.accountId;
          if (typeof hinted === 'string' && hinted === account) {
            log.info('logout by id_token_hint', { client_id: ctx.oidc.client?.clientId, sub: account });
            ctx.body = autoLogoutPage(form);
            return;
          }
          ctx.body = layout(
            'Cerrar sesión',
            `<h1>Cerrar sesión</h1><p>¿Desea cerrar la sesión?</p>${form.replace('<form ', '<form data-form="logout" ')}<button type="submit" form="op.logoutForm" name="logout" value="yes">Cerrar sesión</button> <button type="submit" form="op.logoutForm">No</button>`,
          );
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = messagePage('Sesión cerrada', 'La sesión fue cerrada.');
        },
      },
      resourceIndicators: {
        enabled: true,
        // No resource (or Auth0's `audience`) means the platform's API, as with an Auth0 default audience.
        defaultResource(ctx, _client, oneOf) {
          if (oneOf) return oneOf.includes(options.audience) ? options.audience : oneOf;
          const requested = ctx.oidc.params?.audience;
          return typeof requested === 'string' && requested ? requested : options.audience;
        },
        // The token endpoint keeps the granted API audience even with `openid`: a JWT for the API, not an opaque userinfo token.
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator, client) {
          if (apiAudiences.has(indicator)) {
            return {
              scope: USER_SCOPES,
              audience: indicator,
              accessTokenTTL: accessTokenTtl,
              accessTokenFormat: 'jwt',
              jwt: { sign: { alg: 'RS256' } },
            };
          }
          if (indicator === managementAudience && client.clientId === options.m2mClientId) {
            return {
              scope: MANAGEMENT_SCOPES.join(' '),
              audience: managementAudience,
              accessTokenTTL: managementTokenTtl,
              accessTokenFormat: 'jwt',
              jwt: { sign: { alg: 'RS256' } },
            };
          }
          throw new errors.InvalidTarget(`resource ${indicator} is not available to client ${client.clientId}`);
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      jwks: '/.well-known/jwks.json',
      registration: '/oidc/register',
      userinfo: '/userinfo',
      revocation: '/oauth/revoke',
      end_session: '/oidc/logout',
    },
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? accessTokenTtl,
      ClientCredentials: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * DAY,
      Grant: 365 * DAY,
      RefreshToken: 30 * DAY,
      DeviceCode: 600,
      BackchannelAuthenticationRequest: 600,
    },
    clientBasedCORS(_ctx: KoaContextWithOIDC, origin: string, client) {
      // A front-end origin, and one of this client's own: the M2M client never gets browser access.
      return (
        frontendOrigins.has(origin) && (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin)
      );
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = layout(
        'Error',
        `<h1>Error</h1><p data-error="${esc(out.error)}">${esc(out.error)}: ${esc(out.error_description ?? '')}</p>`,
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx, err) => log.error('oidc server error', { err }));
  provider.on('grant.error', (_ctx, err) =>
    log.info('token request refused', {
      error: (err as { error?: string }).error,
      description: (err as { error_description?: string }).error_description,
    }),
  );
  provider.on('authorization.error', (_ctx, err) =>
    log.info('authorization refused', { error: err.error, description: err.error_description }),
  );
  provider.on('registration_create.success', (_ctx, client) =>
    log.info('client registered', { client_id: client.clientId, name: client.clientName }),
  );
  provider.on('authorization.accepted', (ctx) => {
    const client = ctx.oidc.client;
    if (client?.clientId.startsWith('https://'))
      log.info('client by metadata document', { client_id: client.clientId, name: client.clientName });
  });
  const providerCallback = provider.callback();
  const toProvider = (req: IncomingMessage, res: http.ServerResponse) => {
    void providerCallback(req, res);
  };

  const jwks = createLocalJWKSet({ keys: keys.signing.map(publicJwk) });
  const app = express();
  app.disable('x-powered-by');

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', issuer });
  });

  // oidc-provider answers every preflight with the caller's Origin, and so does any error raised
  // before the client is known; clientBasedCORS alone only covers requests that name a client.
  // Other origins are refused before the provider runs, so a cross-site form post cannot spend a
  // code or rotate a refresh token either. Requests without Origin (servers, curl) are unaffected.
  app.use(['/oauth/token', '/oauth/revoke'], (req: Request, res: Response, next: NextFunction) => {
    const origin = req.get('origin');
    if (origin === undefined || frontendOrigins.has(origin)) {
      next();
      return;
    }
    res.vary('Origin');
    res.status(400).json({ error: 'invalid_request', error_description: `origin ${origin} is not allowed` });
  });

  // Auth0 accepts JSON bodies and `audience` at its token endpoint, and grants a client all the
  // scopes it may have when it asks for none; oidc-provider speaks RFC 8707 `resource` over forms.
  app.post('/oauth/token', express.raw({ type: () => true, limit: '56kb' }), (req: Request, res: Response) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const type = (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    let params: URLSearchParams | undefined;
    if (type === 'application/json') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        res.status(400).json({ error: 'invalid_request', error_description: 'failed to parse the request body' });
        return;
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        res.status(400).json({ error: 'invalid_request', error_description: 'the request body must be a JSON object' });
        return;
      }
      params = new URLSearchParams();
      for (const [key, value] of Object.entries(parsed)) {
        for (const v of Array.isArray(value) ? value : [value]) {
          if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') params.append(key, String(v));
        }
      }
    } else if (type === 'application/x-www-form-urlencoded') {
      params = new URLSearchParams(raw.toString('utf8'));
    }
    if (!params) {
      toProvider(replayRequest(req, raw, req.get('content-type')), res);
      return;
    }
    const audience = params.get('audience');
    params.delete('audience');
    if (audience && !params.has('resource')) params.set('resource', audience);
    if (
      params.get('grant_type') === 'client_credentials' &&
      !params.get('scope') &&
      params.get('resource') === managementAudience
    ) {
      params.set('scope', MANAGEMENT_SCOPES.join(' '));
    }
    toProvider(replayRequest(req, Buffer.from(params.toString()), 'application/x-www-form-urlencoded'), res);
  });

  // OpenID Connect ignores offline_access unless the request asks for consent; Auth0 does not.
  // Adding `consent` keeps Auth0's behaviour and still has the user approve offline access for
  // third-party clients (first-party consent is recorded without a page).
  app.get('/authorize', (req, _res, next) => {
    const query = new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1));
    const scopes = (query.get('scope') ?? '').split(' ');
    const prompts = (query.get('prompt') ?? '').split(' ').filter(Boolean);
    if (
      req.url.includes('?') &&
      scopes.includes('offline_access') &&
      !prompts.includes('consent') &&
      !prompts.includes('none')
    ) {
      query.set('prompt', [...prompts, 'consent'].join(' '));
      req.url = `${req.path}?${query.toString()}`;
    }
    next();
  });

  app.use('/api/v2', managementRoutes({ issuer, audience: managementAudience, keys: jwks, accounts, provider, log }));
  app.use(
    interactionRoutes({
      provider,
      accounts,
      firstPartyClientIds: firstParty,
      socialLogin: options.socialLogin ?? true,
      log,
    }),
  );
  app.use(
    ticketRoutes({
      accounts,
      loginUriFor: (clientId) => (clientId === options.frontendClientId ? options.frontendLoginUri : undefined),
      log,
    }),
  );
  if (options.adminKey) app.use('/dev', adminRoutes({ accounts, adminKey: options.adminKey, log }));
  app.use(toProvider);
  // Body-size and parse failures of the routes above; anything else is ours and logged.
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const status = (err as { status?: number }).status;
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ error: 'invalid_request', error_description: (err as Error).message });
      return;
    }
    log.error('request failed', { err });
    res.status(500).json({ error: 'server_error', error_description: 'unexpected error' });
  });

  server.on('request', app);
  log.info('oidc provider listening', {
    issuer,
    url,
    audience: options.audience,
    frontend_client_id: options.frontendClientId,
    m2m_client_id: options.m2mClientId,
    data_dir: dataDir,
  });

  let closing: Promise<void> | undefined;
  return {
    issuer,
    url,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    managementAudience,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 2_000).unref();
        });
        await Promise.all([accounts.close(), store.close()]);
      })();
      return closing;
    },
  };
}
