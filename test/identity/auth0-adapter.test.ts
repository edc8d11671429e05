/**
 * `Auth0ManagementProvider` against the development provider over real HTTP: management token
 * caching (23 h cap, earlier refresh for short-lived tokens, one fetch for concurrent callers,
 * renewal after a 401), social vs password detection, user creation, tickets, the invitation
 * flag, and the error contract (plain errors for transport/5xx, typed errors for 4xx).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Auth0ManagementProvider,
  DEV_IDP_DEFAULTS,
  IdentityConfigError,
  IdentityProviderError,
  IdentityUserExistsError,
  auth0ManagementOptionsFromEnv,
  generatePassword,
  type Auth0ManagementOptions,
} from '../../activities/identity/index.js';
import { OIDC_DEFAULTS } from '../../dev/oidc/config.js';
import { freePort } from '../../dev/ports.js';
import { Browser } from './support/browser.js';
import { loginWithPassword } from './support/login.js';
import { startTestOidcProvider, TEST_OIDC, type TestOidcProvider } from './support/provider.js';

const HOUR = 60 * 60 * 1000;
const SOCIAL = {
  email: 'sol@example.org',
  connection: 'google-oauth2',
  user_id: 'google-oauth2|111222333444555666777',
};

/** fetch that counts token requests, plus a settable clock. */
function instrumented(idp: TestOidcProvider, extra: Partial<Auth0ManagementOptions> = {}) {
  const counts = { token: 0, calls: 0 };
  let now = Date.now();
  const adapter = new Auth0ManagementProvider({
    baseUrl: idp.issuer,
    clientId: TEST_OIDC.m2mClientId,
    clientSecret: TEST_OIDC.m2mClientSecret,
    frontendClientId: TEST_OIDC.frontendClientId,
    fetch: (input, init) => {
      if (String(input).endsWith('/oauth/token')) counts.token++;
      else counts.calls++;
      return fetch(input, init);
    },
    now: () => now,
    ...extra,
  });
  return { adapter, counts, advance: (ms: number) => (now += ms) };
}

describe('Auth0 Management adapter', () => {
  let idp: TestOidcProvider;
  let seq = 0;
  const email = (prefix: string) => `${prefix}.${Date.now()}.${++seq}@example.org`;

  before(async () => {
    idp = await startTestOidcProvider({ accounts: [SOCIAL] });
  });
  after(() => idp?.stop());

  describe('management token', () => {
    it('is fetched once for concurrent callers and reused for 23 hours', async () => {
      const { adapter, counts, advance } = instrumented(idp);
      const results = await Promise.all(Array.from({ length: 8 }, () => adapter.findUsersByEmail(SOCIAL.email)));
      assert.equal(counts.token, 1);
      assert.equal(counts.calls, 8);
      for (const r of results) assert.equal(r.length, 1);
      advance(23 * HOUR - 1000);
      await adapter.findUsersByEmail(SOCIAL.email);
      assert.equal(counts.token, 1, 'still cached just before 23 h');
      advance(2000);
      await adapter.findUsersByEmail(SOCIAL.email);
      assert.equal(counts.token, 2, 'refetched after 23 h');
    });

    it('is refreshed early when the server issues shorter-lived tokens', async () => {
      const shortLived = await startTestOidcProvider({ managementTokenTtlSec: 600 });
      try {
        const { adapter, counts, advance } = instrumented(shortLived);
        await adapter.findUsersByEmail('a@example.org');
        advance(500_000);
        await adapter.findUsersByEmail('a@example.org');
        assert.equal(counts.token, 1);
        advance(45_000); // 545 s: inside the last minute of the 600 s token
        await adapter.findUsersByEmail('a@example.org');
        assert.equal(counts.token, 2);
      } finally {
        await shortLived.stop();
      }
    });

    it('is renewed once when the server rejects the cached one (401), and the call succeeds', async () => {
      // exp is counted in whole seconds from a truncated iat, so a token of TTL n lives between
      // n − 1 and n seconds: 2 s leaves the renewed one at least a second for the retried call.
      const shortLived = await startTestOidcProvider({ managementTokenTtlSec: 2 });
      try {
        // A frozen clock: the adapter believes its token is fresh; the server knows it expired.
        const { adapter, counts } = instrumented(shortLived, { now: () => 0 });
        await adapter.findUsersByEmail('a@example.org');
        await new Promise((r) => setTimeout(r, 2_100));
        assert.deepEqual(await adapter.findUsersByEmail('a@example.org'), []);
        assert.equal(counts.token, 2);
      } finally {
        await shortLived.stop();
      }
    });

    it('reports wrong client credentials as a typed 4xx error', async () => {
      const { adapter } = instrumented(idp, { clientSecret: 'wrong' });
      await assert.rejects(adapter.findUsersByEmail('a@example.org'), (err: unknown) => {
        assert.ok(err instanceof IdentityProviderError);
        assert.equal(err.status, 401);
        assert.equal(err.errorCode, 'invalid_client');
        assert.equal(err.operation, 'POST /oauth/token');
        return true;
      });
    });
  });

  describe('users and tickets', () => {
    it('tells social accounts from password accounts', async () => {
      const { adapter } = instrumented(idp);
      const [social] = await adapter.findUsersByEmail(SOCIAL.email.toUpperCase());
      assert.deepEqual(
        {
          userId: social!.userId,
          kind: social!.kind,
          provider: social!.provider,
          connection: social!.connection,
          invitation: social!.invitation,
        },
        {
          userId: SOCIAL.user_id,
          kind: 'social',
          provider: 'google-oauth2',
          connection: 'google-oauth2',
          invitation: null,
        },
      );
      const created = await adapter.createPasswordUser({ email: SOCIAL.email });
      const both = await adapter.findUsersByEmail(SOCIAL.email);
      assert.deepEqual(both.map((a) => a.kind).sort(), ['password', 'social']);
      assert.equal(both.find((a) => a.kind === 'password')!.userId, created.userId);
    });

    it('creates an invited password user (verified email, random password, invitation flag) and reports 409 as already existing', async () => {
      const { adapter } = instrumented(idp);
      const address = email('invited');
      const user = await adapter.createPasswordUser({
        email: address,
        name: 'Inés Invitada',
        appMetadata: { tenant: 'demo' },
      });
      assert.match(user.userId, /^auth0\|/);
      assert.equal(user.kind, 'password');
      assert.equal(user.emailVerified, true);
      assert.equal(user.invitation, 'pending');
      assert.deepEqual(user.appMetadata, { tenant: 'demo', invitation: 'pending' });
      assert.deepEqual(await adapter.getUser(user.userId), user);

      await assert.rejects(adapter.createPasswordUser({ email: address.toUpperCase() }), (err: unknown) => {
        assert.ok(err instanceof IdentityUserExistsError);
        assert.ok(err instanceof IdentityProviderError);
        assert.equal(err.status, 409);
        assert.equal(err.name, 'IdentityUserExistsError');
        return true;
      });
    });

    it('creates a ticket bound to the front end (5 days by default) that sets a password the user can log in with', async () => {
      const { adapter } = instrumented(idp);
      const user = await adapter.createPasswordUser({ email: email('ticket') });
      const before = Date.now();
      const ticket = await adapter.createPasswordChangeTicket({ userId: user.userId });
      assert.ok(ticket.url.startsWith(`${idp.issuer}/lo/reset?ticket=`));
      assert.ok(Math.abs(ticket.expiresAt.getTime() - (before + 432_000_000)) < 5_000);

      const browser = new Browser();
      const form = await browser.navigate(ticket.url);
      assert.equal(form.status, 200);
      const done = await browser.submit(form, 'set-password', {
        password: 'Chosen-Pass-7',
        password_confirmation: 'Chosen-Pass-7',
      });
      assert.equal(done.status, 200);
      assert.ok(
        done.html.includes(TEST_OIDC.frontendLoginUri),
        'bound to the front-end client: links to its login route',
      );
      const tokens = await loginWithPassword({
        issuer: idp.issuer,
        clientId: TEST_OIDC.frontendClientId,
        redirectUri: TEST_OIDC.redirectUri,
        email: user.email,
        password: 'Chosen-Pass-7',
      });
      assert.equal(tokens.claims?.sub, user.userId);
    });

    it('passes a configured short ttl through', async () => {
      const { adapter } = instrumented(idp, { ticketTtlSec: 1 });
      const user = await adapter.createPasswordUser({ email: email('short') });
      const ticket = await adapter.createPasswordChangeTicket({ userId: user.userId });
      const browser = new Browser();
      assert.equal((await browser.navigate(ticket.url)).status, 200);
      await new Promise((r) => setTimeout(r, 1_050));
      assert.equal((await browser.navigate(ticket.url)).status, 410);
      await assert.rejects(adapter.createPasswordChangeTicket({ userId: user.userId, ttlSec: 0 }), RangeError);
    });

    it('sends the user to a result URL instead of the front end when one is given', async () => {
      const { adapter } = instrumented(idp);
      const user = await adapter.createPasswordUser({ email: email('result') });
      const ticket = await adapter.createPasswordChangeTicket({
        userId: user.userId,
        resultUrl: 'http://127.0.0.1:5999/activated',
      });
      const browser = new Browser();
      const form = await browser.navigate(ticket.url);
      const done = await browser.submit(
        form,
        'set-password',
        { password: 'Chosen-Pass-7', password_confirmation: 'Chosen-Pass-7' },
        'http://127.0.0.1:5999/',
      );
      assert.equal(new URL(done.stoppedAt!).pathname, '/activated');
    });

    it('updates and clears the invitation flag, keeping other app_metadata', async () => {
      const { adapter } = instrumented(idp);
      const user = await adapter.createPasswordUser({ email: email('flag'), appMetadata: { tenant: 'demo' } });
      const accepted = await adapter.setInvitationStatus(user.userId, 'accepted');
      assert.equal(accepted.invitation, 'accepted');
      const cleared = await adapter.setInvitationStatus(user.userId, null);
      assert.equal(cleared.invitation, null);
      assert.deepEqual(cleared.appMetadata, { tenant: 'demo' });
    });

    it('answers an unknown user with null on read and a typed 404 elsewhere', async () => {
      const { adapter } = instrumented(idp);
      assert.equal(await adapter.getUser('auth0|000000000000000000000000'), null);
      await assert.rejects(
        adapter.createPasswordChangeTicket({ userId: 'auth0|000000000000000000000000' }),
        (err: unknown) => {
          assert.ok(err instanceof IdentityProviderError);
          assert.equal(err.status, 404);
          assert.equal(err.message, 'The user does not exist.');
          assert.equal(err.errorCode, 'inexistent_user');
          return true;
        },
      );
      await assert.rejects(
        adapter.setInvitationStatus('auth0|000000000000000000000000', 'expired'),
        (err: IdentityProviderError) => err.status === 404,
      );
    });
  });

  describe('failures that retrying can fix', () => {
    it('throws plain errors for an unreachable provider and for 5xx/429 answers', async () => {
      const closedPort = await freePort();
      const unreachable = new Auth0ManagementProvider({
        baseUrl: `http://127.0.0.1:${closedPort}`,
        clientId: 'a',
        clientSecret: 'b',
        frontendClientId: 'c',
        timeoutMs: 2_000,
      });
      await assert.rejects(
        unreachable.findUsersByEmail('a@example.org'),
        (err: Error) => !(err instanceof IdentityProviderError) && /unreachable/.test(err.message),
      );

      let status = 503;
      const failing = http.createServer((req, res) => {
        if (req.url === '/oauth/token') {
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ access_token: 't', token_type: 'Bearer', expires_in: 86400 }));
          return;
        }
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ statusCode: status, error: 'Service Unavailable', message: 'try later' }));
      });
      await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
      try {
        const adapter = new Auth0ManagementProvider({
          baseUrl: `http://127.0.0.1:${(failing.address() as AddressInfo).port}`,
          clientId: 'a',
          clientSecret: 'b',
          frontendClientId: 'c',
        });
        await assert.rejects(
          adapter.createPasswordUser({ email: 'a@example.org' }),
          (err: Error) => !(err instanceof IdentityProviderError) && /503 try later/.test(err.message),
        );
        status = 429;
        await assert.rejects(
          adapter.findUsersByEmail('a@example.org'),
          (err: Error) => !(err instanceof IdentityProviderError) && /429/.test(err.message),
        );
      } finally {
        await new Promise((r) => failing.close(r));
      }
    });
  });

  describe('configuration', () => {
    it('defaults to the development provider outside production and requires values in production', () => {
      assert.deepEqual(auth0ManagementOptionsFromEnv({}), {
        baseUrl: `http://127.0.0.1:${OIDC_DEFAULTS.port}`,
        clientId: OIDC_DEFAULTS.m2mClientId,
        clientSecret: OIDC_DEFAULTS.m2mClientSecret,
        frontendClientId: OIDC_DEFAULTS.frontendClientId,
      });
      assert.equal(DEV_IDP_DEFAULTS.baseUrl, `http://127.0.0.1:${OIDC_DEFAULTS.port}`);
      const prod = auth0ManagementOptionsFromEnv({
        APP_ENV: 'production',
        AUTH0_DOMAIN: 'muni.eu.auth0.com',
        AUTH0_MGMT_CLIENT_ID: 'id',
        AUTH0_MGMT_CLIENT_SECRET: 'secret',
        AUTH0_FRONTEND_CLIENT_ID: 'web',
        AUTH0_TICKET_TTL_SEC: '3600',
      });
      assert.equal(new Auth0ManagementProvider(prod).audience, 'https://muni.eu.auth0.com/api/v2/');
      assert.equal(prod.ticketTtlSec, 3600);
      assert.throws(
        () => auth0ManagementOptionsFromEnv({ APP_ENV: 'production', AUTH0_DOMAIN: 'muni.eu.auth0.com' }),
        IdentityConfigError,
      );
      assert.throws(() => auth0ManagementOptionsFromEnv({ AUTH0_TICKET_TTL_SEC: '0' }), /AUTH0_TICKET_TTL_SEC/);
    });

    it('generates passwords that satisfy strict password policies', () => {
      const seen = new Set<string>();
      for (let i = 0; i < 50; i++) {
        const p = generatePassword();
        assert.ok(p.length >= 40 && p.length <= 72);
        for (const cls of [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/]) assert.match(p, cls);
        seen.add(p);
      }
      assert.equal(seen.size, 50);
    });
  });
});
