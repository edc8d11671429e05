/**
 * The development OpenID provider over real HTTP: discovery, JWKS, authorization code + PKCE
 * through the login page, refresh tokens, dynamic client registration and client credentials.
 * Tokens are checked with `jose` against the provider's published JWKS.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import { OIDC_DEFAULTS } from '../../dev/oidc/config.js';
import { freePort } from '../../dev/ports.js';
import { Browser, findForm } from './support/browser.js';
import {
  clientConfig,
  clientCredentialsToken,
  exchangeCode,
  loginWithPassword,
  startAuthorization,
  USER_SCOPES,
} from './support/login.js';
import { startTestOidcProvider, TEST_OIDC, type TestOidcProvider } from './support/provider.js';

const ANA = { email: 'ana.perez@example.org', password: 'Ana-pass-2026' };
const GUS = { email: 'gus@example.org', connection: 'google-oauth2', user_id: 'google-oauth2|109876543210987654321' };

describe('development OpenID provider', () => {
  let idp: TestOidcProvider;
  let anaId: string;

  const verify = async (token: string, audience: string = TEST_OIDC.audience): Promise<JWTPayload> =>
    (
      await jwtVerify(token, createRemoteJWKSet(new URL(idp.jwksUri)), {
        issuer: idp.issuer,
        audience,
        algorithms: ['RS256'],
      })
    ).payload;

  before(async () => {
    idp = await startTestOidcProvider({ accounts: [ANA, GUS] });
    const res = await fetch(`${idp.issuer}/dev/accounts`, { headers: { 'x-admin-key': TEST_OIDC.adminKey } });
    anaId = ((await res.json()) as { email: string; user_id: string }[]).find((u) => u.email === ANA.email)!.user_id;
  });
  after(() => idp?.stop());

  describe('discovery and keys', () => {
    it('publishes the OpenID configuration with Auth0-style endpoints, S256 PKCE and the platform scopes', async () => {
      const res = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
      assert.equal(res.status, 200);
      const doc = (await res.json()) as Record<string, unknown>;
      assert.equal(doc.issuer, idp.issuer);
      assert.equal(doc.authorization_endpoint, `${idp.issuer}/authorize`);
      assert.equal(doc.token_endpoint, `${idp.issuer}/oauth/token`);
      assert.equal(doc.jwks_uri, `${idp.issuer}/.well-known/jwks.json`);
      assert.equal(doc.registration_endpoint, `${idp.issuer}/oidc/register`);
      assert.deepEqual(doc.code_challenge_methods_supported, ['S256']);
      assert.deepEqual(doc.response_types_supported, ['code']);
      for (const scope of USER_SCOPES.split(' ')) assert.ok((doc.scopes_supported as string[]).includes(scope), scope);
      for (const grant of ['authorization_code', 'refresh_token', 'client_credentials'])
        assert.ok((doc.grant_types_supported as string[]).includes(grant), grant);
    });

    it('serves RS256 public keys with a kid and no private parts', async () => {
      const res = await fetch(idp.jwksUri);
      assert.equal(res.status, 200);
      const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
      assert.ok(keys.length >= 1);
      for (const key of keys) {
        assert.equal(key.kty, 'RSA');
        assert.equal(key.alg, 'RS256');
        assert.equal(key.use, 'sig');
        assert.ok(typeof key.kid === 'string' && key.kid.length > 10);
        for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi'])
          assert.equal(key[secret], undefined, `public key must not carry ${secret}`);
      }
    });
  });

  describe('authorization code + PKCE', () => {
    it('logs a user in through the password page and issues an RS256 JWT access token for the API', async () => {
      const tokens = await loginWithPassword({
        issuer: idp.issuer,
        clientId: TEST_OIDC.frontendClientId,
        redirectUri: TEST_OIDC.redirectUri,
        ...ANA,
      });
      const header = decodeProtectedHeader(tokens.accessToken);
      assert.equal(header.alg, 'RS256');
      const jwks = (await (await fetch(idp.jwksUri)).json()) as { keys: { kid: string }[] };
      assert.ok(
        jwks.keys.some((k) => k.kid === header.kid),
        'token kid is published',
      );
      const claims = await verify(tokens.accessToken);
      assert.equal(claims.sub, anaId);
      assert.match(anaId, /^auth0\|[0-9a-f]{24}$/);
      assert.equal(claims.email, ANA.email);
      assert.equal(claims.client_id, TEST_OIDC.frontendClientId);
      assert.deepEqual(String(claims.scope).split(' ').sort(), USER_SCOPES.split(' ').sort());
      assert.ok(claims.exp! - claims.iat! === 3600);
      // The ID token (validated by openid-client) carries the profile and email too.
      assert.equal(tokens.claims?.sub, anaId);
      assert.equal(tokens.claims?.email, ANA.email);
      assert.ok(tokens.refreshToken, 'offline_access yields a refresh token');
    });

    it('accepts Auth0 clients that name the API with `audience` and other configured resources', async () => {
      const extra = await startTestOidcProvider({ accounts: [ANA], extraAudiences: ['http://127.0.0.1:3999/mcp'] });
      try {
        const viaResource = await loginWithPassword({
          issuer: extra.issuer,
          clientId: TEST_OIDC.frontendClientId,
          redirectUri: TEST_OIDC.redirectUri,
          ...ANA,
          resource: 'http://127.0.0.1:3999/mcp',
        });
        const jwks = createRemoteJWKSet(new URL(extra.jwksUri));
        const payload = (
          await jwtVerify(viaResource.accessToken, jwks, {
            issuer: extra.issuer,
            audience: 'http://127.0.0.1:3999/mcp',
          })
        ).payload;
        assert.equal(payload.email, ANA.email);
        const viaAudience = await loginWithPassword({
          issuer: extra.issuer,
          clientId: TEST_OIDC.frontendClientId,
          redirectUri: TEST_OIDC.redirectUri,
          ...ANA,
          extraParams: { audience: 'http://127.0.0.1:3999/mcp' },
        });
        assert.deepEqual(
          (await jwtVerify(viaAudience.accessToken, jwks, { issuer: extra.issuer })).payload.aud,
          'http://127.0.0.1:3999/mcp',
        );
      } finally {
        await extra.stop();
      }
    });

    it('refuses a wrong password and a social account on the password form, with the form shown again', async () => {
      const wrong = await startAuthorization({
        issuer: idp.issuer,
        clientId: TEST_OIDC.frontendClientId,
        redirectUri: TEST_OIDC.redirectUri,
      });
      let page = await wrong.browser.submit(
        wrong.page,
        'login',
        { email: ANA.email, password: 'Not-the-password-1' },
        TEST_OIDC.redirectUri,
      );
      assert.equal(page.status, 401);
      assert.match(page.html, /Email o contraseña incorrectos/);
      assert.ok(findForm(page.html, 'login'));
      page = await wrong.browser.submit(
        page,
        'login',
        { email: GUS.email, password: 'Whatever-123' },
        TEST_OIDC.redirectUri,
      );
      assert.equal(page.status, 401);
      assert.match(page.html, /google-oauth2/);
      // The same interaction still completes with the right password.
      page = await wrong.browser.submit(page, 'login', ANA, TEST_OIDC.redirectUri);
      assert.ok(page.stoppedAt, 'reached the callback');
      const tokens = await exchangeCode(wrong.config, page.stoppedAt, wrong);
      assert.equal((await verify(tokens.accessToken)).sub, anaId);
    });

    it('logs a social account in through the simulated social login (development only)', async () => {
      const flow = await startAuthorization({
        issuer: idp.issuer,
        clientId: TEST_OIDC.frontendClientId,
        redirectUri: TEST_OIDC.redirectUri,
      });
      const page = await flow.browser.submit(flow.page, 'social', { email: GUS.email }, TEST_OIDC.redirectUri);
      assert.ok(page.stoppedAt);
      const claims = await verify((await exchangeCode(flow.config, page.stoppedAt, flow)).accessToken);
      assert.equal(claims.sub, GUS.user_id);
      assert.equal(claims.email, GUS.email);
    });

    it('requires S256 PKCE from the public front-end client', async () => {
      const authorize = async (extra: Record<string, string>) => {
        const url = new URL(`${idp.issuer}/authorize`);
        const params = {
          client_id: TEST_OIDC.frontendClientId,
          redirect_uri: TEST_OIDC.redirectUri,
          response_type: 'code',
          scope: 'openid',
          state: 's1',
          ...extra,
        };
        for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
        const res = await fetch(url, { redirect: 'manual' });
        assert.equal(res.status, 303);
        return new URL(res.headers.get('location')!);
      };
      const missing = await authorize({});
      assert.ok(missing.href.startsWith(TEST_OIDC.redirectUri));
      assert.equal(missing.searchParams.get('error'), 'invalid_request');
      assert.match(missing.searchParams.get('error_description')!, /PKCE/);
      const plain = await authorize({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' });
      assert.equal(plain.searchParams.get('error'), 'invalid_request');
    });

    it('refuses the code exchange with a wrong code_verifier, and an unregistered redirect URI outright', async () => {
      const flow = await startAuthorization({
        issuer: idp.issuer,
        clientId: TEST_OIDC.frontendClientId,
        redirectUri: TEST_OIDC.redirectUri,
      });
      const page = await flow.browser.submit(flow.page, 'login', ANA, TEST_OIDC.redirectUri);
      const code = new URL(page.stoppedAt!).searchParams.get('code')!;
      const res = await fetch(`${idp.issuer}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: TEST_OIDC.redirectUri,
          client_id: TEST_OIDC.frontendClientId,
          code_verifier: oidc.randomPKCECodeVerifier(),
        }),
      });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { error: string }).error, 'invalid_grant');

      const bad = new URL(`${idp.issuer}/authorize`);
      for (const [k, v] of Object.entries({
        client_id: TEST_OIDC.frontendClientId,
        redirect_uri: 'http://evil.example/cb',
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      })) {
        bad.searchParams.set(k, v);
      }
      const refused = await fetch(bad, { redirect: 'manual' });
      assert.equal(refused.status, 400, 'an unknown redirect URI is never redirected to');
      assert.match(await refused.text(), /redirect_uri/);
    });

    it('turns the refresh token into a new API access token and rotates it', async () => {
      const tokens = await loginWithPassword({
        issuer: idp.issuer,
        clientId: TEST_OIDC.frontendClientId,
        redirectUri: TEST_OIDC.redirectUri,
        ...ANA,
      });
      const refreshed = await oidc.refreshTokenGrant(tokens.config, tokens.refreshToken!);
      const claims = await verify(refreshed.access_token);
      assert.equal(claims.sub, anaId);
      assert.equal(claims.email, ANA.email);
      assert.notEqual(refreshed.access_token, tokens.accessToken);
      assert.ok(
        refreshed.refresh_token && refreshed.refresh_token !== tokens.refreshToken,
        'public clients get a rotated refresh token',
      );
      await assert.rejects(
        oidc.refreshTokenGrant(tokens.config, tokens.refreshToken!),
        (err: oidc.ResponseBodyError) => err.error === 'invalid_grant',
      );
    });
  });

  describe('pages and bad input', () => {
    it('answers an interaction without its browser cookie with a page, not an error', async () => {
      const flow = await startAuthorization({
        issuer: idp.issuer,
        clientId: TEST_OIDC.frontendClientId,
        redirectUri: TEST_OIDC.redirectUri,
      });
      const stranger = new Browser();
      const page = await stranger.request(flow.page.url);
      assert.equal(page.status, 400);
      assert.match(page.html, /Sesión vencida/);
      const post = await stranger.request(`${flow.page.url}/login`, { form: ANA });
      assert.equal(post.status, 400);
      const empty = await flow.browser.submit(flow.page, 'login', { email: '', password: '' });
      assert.equal(empty.status, 400);
      assert.match(empty.html, /Ingrese email y contraseña/);
    });

    it('refuses oversized and malformed token requests with 4xx', async () => {
      const big = await fetch(`${idp.issuer}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=client_credentials&x=${'a'.repeat(70_000)}`,
      });
      assert.equal(big.status, 413);
      const noType = await fetch(`${idp.issuer}/oauth/token`, {
        method: 'POST',
        body: 'grant_type=client_credentials',
      });
      assert.equal(noType.status, 400);
      const array = await fetch(`${idp.issuer}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '[1]',
      });
      assert.equal(array.status, 400);
    });
  });

  describe('dynamic client registration', () => {
    it('registers a public client openly; its users approve it on a consent page', async () => {
      const res = await fetch(`${idp.issuer}/oidc/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_name: 'Asistente MCP',
          redirect_uris: ['http://127.0.0.1:6111/oauth/callback'],
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        }),
      });
      assert.equal(res.status, 201);
      const client = (await res.json()) as { client_id: string; client_secret?: string };
      assert.ok(client.client_id);
      assert.equal(client.client_secret, undefined);

      const base = {
        issuer: idp.issuer,
        clientId: client.client_id,
        redirectUri: 'http://127.0.0.1:6111/oauth/callback',
      };
      const flow = await startAuthorization(base);
      const consent = await flow.browser.submit(flow.page, 'login', ANA, base.redirectUri);
      assert.equal(consent.status, 200);
      assert.ok(findForm(consent.html, 'consent'), 'third-party clients get a consent page');
      assert.match(consent.html, /Asistente MCP/);
      const done = await flow.browser.submit(consent, 'consent', {}, base.redirectUri);
      const claims = await verify((await exchangeCode(flow.config, done.stoppedAt!, flow)).accessToken);
      assert.equal(claims.client_id, client.client_id);
      assert.equal(claims.email, ANA.email);

      await assert.rejects(loginWithPassword({ ...base, ...ANA, approveConsent: false }), /access_denied/);
    });

    it('refuses an invalid registration with a client metadata error', async () => {
      const res = await fetch(`${idp.issuer}/oidc/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: ['not a url'] }),
      });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { error: string }).error, 'invalid_redirect_uri');
    });
  });

  describe('client credentials', () => {
    it('gives the machine-to-machine client an API token (default audience) and a management token', async () => {
      const api = await clientCredentialsToken({
        issuer: idp.issuer,
        clientId: TEST_OIDC.m2mClientId,
        clientSecret: TEST_OIDC.m2mClientSecret,
      });
      assert.equal(api.token_type, 'Bearer');
      const apiClaims = await verify(api.access_token);
      assert.equal(apiClaims.sub, TEST_OIDC.m2mClientId);
      assert.equal(apiClaims.email, undefined);

      const mgmt = await clientCredentialsToken({
        issuer: idp.issuer,
        clientId: TEST_OIDC.m2mClientId,
        clientSecret: TEST_OIDC.m2mClientSecret,
        audience: idp.managementAudience,
      });
      assert.equal(mgmt.expires_in, 86400);
      assert.ok(mgmt.scope?.split(' ').includes('create:user_tickets'));
      const mgmtClaims = await verify(mgmt.access_token, idp.managementAudience);
      assert.equal(mgmtClaims.gty, 'client-credentials');
      await assert.rejects(verify(mgmt.access_token), /aud/, 'a management token is not an API token');
    });

    it('accepts form bodies too, and refuses a wrong secret, other clients and unknown audiences', async () => {
      const post = (body: Record<string, string>) =>
        fetch(`${idp.issuer}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(body),
        });
      const ok = await post({
        grant_type: 'client_credentials',
        client_id: TEST_OIDC.m2mClientId,
        client_secret: TEST_OIDC.m2mClientSecret,
        audience: idp.managementAudience,
        scope: 'read:users',
      });
      assert.equal(ok.status, 200);
      assert.equal(((await ok.json()) as { scope: string }).scope, 'read:users');

      const wrongSecret = await post({
        grant_type: 'client_credentials',
        client_id: TEST_OIDC.m2mClientId,
        client_secret: 'nope',
      });
      assert.equal(wrongSecret.status, 401);
      assert.equal(((await wrongSecret.json()) as { error: string }).error, 'invalid_client');

      const frontend = await post({ grant_type: 'client_credentials', client_id: TEST_OIDC.frontendClientId });
      assert.equal(frontend.status, 400);
      assert.match(
        ((await frontend.json()) as { error_description: string }).error_description,
        /grant type is not allowed/,
      );

      const unknownAudience = await post({
        grant_type: 'client_credentials',
        client_id: TEST_OIDC.m2mClientId,
        client_secret: TEST_OIDC.m2mClientSecret,
        audience: 'https://elsewhere.example/',
      });
      assert.equal(unknownAudience.status, 400);
      assert.equal(((await unknownAudience.json()) as { error: string }).error, 'invalid_target');

      const badJson = await fetch(`${idp.issuer}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"grant_type":',
      });
      assert.equal(badJson.status, 400);
      assert.equal(((await badJson.json()) as { error: string }).error, 'invalid_request');
    });

    it('never gives the management audience to the front end or registered clients', async () => {
      const reg = await fetch(`${idp.issuer}/oidc/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          redirect_uris: [],
          grant_types: ['client_credentials'],
          response_types: [],
          token_endpoint_auth_method: 'client_secret_post',
        }),
      });
      assert.equal(reg.status, 201);
      const client = (await reg.json()) as { client_id: string; client_secret: string };
      await assert.rejects(
        clientCredentialsToken({
          issuer: idp.issuer,
          clientId: client.client_id,
          clientSecret: client.client_secret,
          audience: idp.managementAudience,
        }),
        /invalid_target/,
      );
      const config = await clientConfig(idp.issuer, client.client_id, client.client_secret);
      const apiToken = await oidc.clientCredentialsGrant(config, { resource: TEST_OIDC.audience });
      assert.equal((await verify(apiToken.access_token)).client_id, client.client_id);
    });
  });

  describe('CORS on the client-authenticated endpoints', () => {
    const FRONT_END = new URL(TEST_OIDC.redirectUri).origin;
    const preflight = (endpoint: string, origin: string) =>
      fetch(`${idp.issuer}${endpoint}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const token = (origin: string, body: Record<string, string>) =>
      fetch(`${idp.issuer}/oauth/token`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
      });
    const refresh = (origin: string, refreshToken: string) =>
      token(origin, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: TEST_OIDC.frontendClientId,
      });

    it("answers the front end's origin (from its redirect URIs) and never reflects another", async () => {
      const tokens = await loginWithPassword({
        issuer: idp.issuer,
        clientId: TEST_OIDC.frontendClientId,
        redirectUri: TEST_OIDC.redirectUri,
        ...ANA,
      });
      const allowed = await preflight('/oauth/token', FRONT_END);
      assert.equal(allowed.status, 204);
      assert.equal(allowed.headers.get('access-control-allow-origin'), FRONT_END);

      for (const origin of ['https://evil.example', 'http://127.0.0.1:6111', 'null']) {
        for (const endpoint of ['/oauth/token', '/oauth/revoke']) {
          const pre = await preflight(endpoint, origin);
          assert.equal(pre.headers.get('access-control-allow-origin'), null, `${endpoint} preflight from ${origin}`);
        }
        const post = await refresh(origin, tokens.refreshToken!);
        assert.equal(post.status, 400, origin);
        assert.equal(post.headers.get('access-control-allow-origin'), null, origin);
        assert.equal(((await post.json()) as { error: string }).error, 'invalid_request');
        // An error raised before any client is named used to carry the caller's origin too.
        const anonymous = await token(origin, { grant_type: 'authorization_code', code: 'x' });
        assert.equal(anonymous.headers.get('access-control-allow-origin'), null, `no client, ${origin}`);
      }

      // The front end's origin does not lend browser access to the machine-to-machine client.
      const m2m = await token(FRONT_END, {
        grant_type: 'client_credentials',
        client_id: TEST_OIDC.m2mClientId,
        client_secret: TEST_OIDC.m2mClientSecret,
      });
      assert.equal(m2m.status, 400);
      assert.equal(m2m.headers.get('access-control-allow-origin'), null);

      // The refused requests did not spend the refresh token: the front end still can.
      const ok = await refresh(FRONT_END, tokens.refreshToken!);
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get('access-control-allow-origin'), FRONT_END);
      assert.equal((await verify(((await ok.json()) as { access_token: string }).access_token)).sub, anaId);
    });
  });
});

describe('development OpenID provider restarts', () => {
  it('keeps its signing keys, accounts and refresh tokens in the data folder', async () => {
    const first = await startTestOidcProvider({ accounts: [ANA] });
    const dataDir = first.dataDir;
    let second: TestOidcProvider | undefined;
    try {
      const tokens = await loginWithPassword({
        issuer: first.issuer,
        clientId: TEST_OIDC.frontendClientId,
        redirectUri: TEST_OIDC.redirectUri,
        ...ANA,
      });
      const port = Number(new URL(first.issuer).port);
      await first.close();
      second = await startTestOidcProvider({ dataDir, port });
      assert.equal(second.issuer, first.issuer);
      const { payload } = await jwtVerify(tokens.accessToken, createRemoteJWKSet(new URL(second.jwksUri)), {
        issuer: second.issuer,
        audience: TEST_OIDC.audience,
      });
      assert.equal(payload.email, ANA.email);
      const config = await oidc.discovery(new URL(second.issuer), TEST_OIDC.frontendClientId, undefined, oidc.None(), {
        execute: [oidc.allowInsecureRequests],
      });
      const refreshed = await oidc.refreshTokenGrant(config, tokens.refreshToken!);
      assert.ok(refreshed.access_token);
      // The seeded account is still there: logging in again works without seeding.
      await loginWithPassword({
        issuer: second.issuer,
        clientId: TEST_OIDC.frontendClientId,
        redirectUri: TEST_OIDC.redirectUri,
        ...ANA,
      });
    } finally {
      await second?.close();
      await first.stop();
    }
  });
});

describe('development OpenID provider process', () => {
  const run = (env: NodeJS.ProcessEnv) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'dev/oidc/main.ts'], {
      env: { ...process.env, APP_ENV: 'development', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, exited, output: () => output };
  };

  it('runs from the environment with its defaults, keeps keys private on disk, and exits 0 on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'expediente-oidc-proc-'));
    const port = await freePort();
    const proc = run({ OIDC_PORT: String(port), OIDC_DATA_DIR: dataDir, OIDC_SEED_ACCOUNTS: JSON.stringify([ANA]) });
    try {
      const issuer = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        const up = await fetch(`${issuer}/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (i > 150) assert.fail(`provider did not start:\n${proc.output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const tokens = await loginWithPassword({
        issuer,
        clientId: OIDC_DEFAULTS.frontendClientId,
        redirectUri: OIDC_DEFAULTS.frontendRedirectUris[0],
        ...ANA,
      });
      const { payload } = await jwtVerify(
        tokens.accessToken,
        createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)),
        { issuer, audience: OIDC_DEFAULTS.audience },
      );
      assert.equal(payload.email, ANA.email);
      const keyFile = path.join(dataDir, 'keys.json');
      assert.equal((await stat(keyFile)).mode & 0o077, 0, 'keys.json is readable by its owner only');
      assert.ok(JSON.parse(await readFile(keyFile, 'utf8')).signing[0].d, 'the private key is kept for the next start');
      proc.child.kill('SIGTERM');
      assert.equal(await proc.exited, 0);
      assert.match(proc.output(), /oidc provider stopping signal=SIGTERM/);
    } finally {
      if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start in production', async () => {
    const proc = run({ APP_ENV: 'production', OIDC_PORT: '0' });
    assert.equal(await proc.exited, 1);
    assert.match(proc.output(), /does not run with APP_ENV=production/);
  });
});
