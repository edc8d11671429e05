/**
 * The Auth0 Management API subset of the development provider, over real HTTP: authentication
 * failures, every route with Auth0's shapes and errors, the password-change ticket page (set,
 * expired, used) and the admin-key protected account route.
 */
import assert from 'node:assert/strict';
import { SignJWT, decodeProtectedHeader, generateKeyPair } from 'jose';
import { Browser, findForm } from './support/browser.js';
import { clientCredentialsToken, loginWithPassword, LoginRefusedError } from './support/login.js';
import { startTestOidcProvider, TEST_OIDC, type TestOidcProvider } from './support/provider.js';

const DB = 'Username-Password-Authentication';
const SOCIAL = { email: 'luz@example.org', connection: 'google-oauth2' };

interface Auth0User {
  user_id: string;
  email: string;
  email_verified: boolean;
  identities: { provider: string; user_id: string; connection: string; isSocial: boolean }[];
  app_metadata?: Record<string, unknown>;
  name: string;
}

describe('Auth0 Management API of the development provider', () => {
  let idp: TestOidcProvider;
  let token: string;
  let seq = 0;
  const email = (prefix: string) => `${prefix}.${Date.now()}.${++seq}@example.org`;

  async function api<T = any>(
    method: string,
    path: string,
    body?: unknown,
    bearer: string | null = token,
  ): Promise<{ status: number; body: T }> {
    const res = await fetch(`${idp.issuer}/api/v2${path}`, {
      method,
      headers: {
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  const createUser = (address: string, extra: Record<string, unknown> = {}) =>
    api<Auth0User>('POST', '/users', { email: address, password: 'Initial-Pass-1', connection: DB, ...extra });

  const login = (address: string, password: string) =>
    loginWithPassword({
      issuer: idp.issuer,
      clientId: TEST_OIDC.frontendClientId,
      redirectUri: TEST_OIDC.redirectUri,
      email: address,
      password,
    });

  before(async () => {
    idp = await startTestOidcProvider({ accounts: [SOCIAL] });
    token = (
      await clientCredentialsToken({
        issuer: idp.issuer,
        clientId: TEST_OIDC.m2mClientId,
        clientSecret: TEST_OIDC.m2mClientSecret,
        audience: idp.managementAudience,
      })
    ).access_token;
  });
  after(() => idp?.stop());

  describe('authentication', () => {
    it('answers 401 without a token or with a token that is not a management token', async () => {
      const none = await api('GET', '/users-by-email?email=a@example.org', undefined, null);
      assert.equal(none.status, 401);
      assert.deepEqual(none.body, { statusCode: 401, error: 'Unauthorized', message: 'Missing authentication' });

      const garbage = await api('GET', '/users-by-email?email=a@example.org', undefined, 'not.a.jwt');
      assert.equal(garbage.status, 401);
      assert.equal(garbage.body.message, 'Invalid token');

      const apiToken = (
        await clientCredentialsToken({
          issuer: idp.issuer,
          clientId: TEST_OIDC.m2mClientId,
          clientSecret: TEST_OIDC.m2mClientSecret,
        })
      ).access_token;
      const wrongAudience = await api('GET', '/users-by-email?email=a@example.org', undefined, apiToken);
      assert.equal(wrongAudience.status, 401);
      assert.equal(wrongAudience.body.message, 'Bad audience');

      // Same claims and kid, signed by a key the provider does not have.
      const { privateKey } = await generateKeyPair('RS256');
      const forged = await new SignJWT({ scope: 'read:users', client_id: TEST_OIDC.m2mClientId })
        .setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(token).kid! })
        .setIssuer(idp.issuer)
        .setAudience(idp.managementAudience)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
      const forgedRes = await api('GET', '/users-by-email?email=a@example.org', undefined, forged);
      assert.equal(forgedRes.status, 401);
      assert.equal(forgedRes.body.message, 'Invalid token');
    });

    it('answers 403 when the token lacks the route scope', async () => {
      const readOnly = (
        await clientCredentialsToken({
          issuer: idp.issuer,
          clientId: TEST_OIDC.m2mClientId,
          clientSecret: TEST_OIDC.m2mClientSecret,
          audience: idp.managementAudience,
          scope: 'read:users',
        })
      ).access_token;
      assert.equal((await api('GET', '/users-by-email?email=a@example.org', undefined, readOnly)).status, 200);
      const res = await api(
        'POST',
        '/users',
        { email: email('x'), password: 'Initial-Pass-1', connection: DB },
        readOnly,
      );
      assert.equal(res.status, 403);
      assert.deepEqual(res.body, {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Insufficient scope, expected any of: create:users',
        errorCode: 'insufficient_scope',
      });
    });

    it('answers unknown management routes with an Auth0 404', async () => {
      const res = await api('GET', '/clients');
      assert.equal(res.status, 404);
      assert.equal(res.body.statusCode, 404);
    });
  });

  describe('users', () => {
    it('creates a password user (201) whose password logs in; the same email again is 409', async () => {
      const address = email('Nora');
      const created = await createUser(address, {
        email_verified: true,
        verify_email: false,
        app_metadata: { invitation: 'pending', tenant: 'demo' },
      });
      assert.equal(created.status, 201);
      const user = created.body;
      assert.match(user.user_id, /^auth0\|[0-9a-f]{24}$/);
      assert.equal(user.email, address.toLowerCase());
      assert.equal(user.email_verified, true);
      assert.deepEqual(user.identities, [
        { connection: DB, user_id: user.user_id.slice('auth0|'.length), provider: 'auth0', isSocial: false },
      ]);
      assert.deepEqual(user.app_metadata, { invitation: 'pending', tenant: 'demo' });

      const tokens = await login(address, 'Initial-Pass-1');
      assert.ok(tokens.accessToken);

      const again = await createUser(address.toUpperCase());
      assert.equal(again.status, 409);
      assert.deepEqual(again.body, {
        statusCode: 409,
        error: 'Conflict',
        message: 'The user already exists.',
        errorCode: 'auth0_idp_error',
      });
    });

    it('lets a social account and a password account share an email, told apart by their identities', async () => {
      const created = await createUser(SOCIAL.email);
      assert.equal(created.status, 201, 'a social account does not block the password connection');
      const found = await api<Auth0User[]>(
        'GET',
        `/users-by-email?email=${encodeURIComponent(SOCIAL.email.toUpperCase())}`,
      );
      assert.equal(found.status, 200);
      const byProvider = Object.fromEntries(found.body.map((u) => [u.identities[0]!.provider, u]));
      assert.deepEqual(Object.keys(byProvider).sort(), ['auth0', 'google-oauth2']);
      assert.equal(byProvider['google-oauth2']!.identities[0]!.isSocial, true);
      assert.equal(byProvider['google-oauth2']!.identities[0]!.connection, 'google-oauth2');
      assert.match(byProvider['google-oauth2']!.user_id, /^google-oauth2\|\d+$/);
      assert.equal(byProvider.auth0!.identities[0]!.isSocial, false);

      assert.deepEqual(
        (await api('GET', `/users-by-email?email=${encodeURIComponent('nobody@example.org')}`)).body,
        [],
      );
      const fields = await api<Record<string, unknown>[]>(
        'GET',
        `/users-by-email?email=${encodeURIComponent(SOCIAL.email)}&fields=user_id,email`,
      );
      for (const u of fields.body) assert.deepEqual(Object.keys(u).sort(), ['email', 'user_id']);
    });

    it('validates bodies and queries the way Auth0 does (400 with a message, never 500)', async () => {
      const cases: [unknown, RegExp][] = [
        [{ email: email('v'), password: 'Initial-Pass-1' }, /Missing required property: connection/],
        [{ email: email('v'), password: 'Initial-Pass-1', connection: 'google-oauth2' }, /connection does not exist/],
        [{ email: 'not-an-email', password: 'Initial-Pass-1', connection: DB }, /format email/],
        [{ email: email('v'), connection: DB }, /Missing required property: password/],
        [{ email: email('v'), password: 'weak', connection: DB }, /PasswordStrengthError/],
        [
          { email: email('v'), password: 'Initial-Pass-1', connection: DB, colour: 'blue' },
          /Additional properties not allowed: colour/,
        ],
        [
          { email: email('v'), password: 'Initial-Pass-1', connection: DB, email_verified: 'yes' },
          /Expected type boolean but found type string/,
        ],
        [[1, 2], /Expected type object/],
      ];
      for (const [body, message] of cases) {
        const res = await api('POST', '/users', body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.statusCode, 400);
        assert.match(res.body.message, message);
      }
      const badJson = await api('POST', '/users', '{"email": ');
      assert.equal(badJson.status, 400);
      assert.equal(badJson.body.message, 'Invalid request payload JSON format');
      const noEmail = await api('GET', '/users-by-email');
      assert.equal(noEmail.status, 400);
      assert.equal(noEmail.body.errorCode, 'invalid_query_string');
    });

    it('reads a user by id (404 when unknown) and merges app_metadata on PATCH', async () => {
      const { body: user } = await createUser(email('pat'), {
        app_metadata: { invitation: 'pending', tenant: 'demo' },
      });
      const read = await api<Auth0User>('GET', `/users/${encodeURIComponent(user.user_id)}`);
      assert.equal(read.status, 200);
      assert.equal(read.body.user_id, user.user_id);

      const missing = await api('GET', `/users/${encodeURIComponent('auth0|000000000000000000000000')}`);
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.body, {
        statusCode: 404,
        error: 'Not Found',
        message: 'The user does not exist.',
        errorCode: 'inexistent_user',
      });

      const patched = await api<Auth0User>('PATCH', `/users/${encodeURIComponent(user.user_id)}`, {
        app_metadata: { invitation: 'accepted', sectors: [1] },
      });
      assert.equal(patched.status, 200);
      assert.deepEqual(patched.body.app_metadata, { invitation: 'accepted', tenant: 'demo', sectors: [1] });
      const removed = await api<Auth0User>('PATCH', `/users/${encodeURIComponent(user.user_id)}`, {
        app_metadata: { invitation: null },
      });
      assert.deepEqual(removed.body.app_metadata, { tenant: 'demo', sectors: [1] });
      assert.deepEqual((await api<Auth0User>('GET', `/users/${encodeURIComponent(user.user_id)}`)).body.app_metadata, {
        tenant: 'demo',
        sectors: [1],
      });

      assert.equal((await api('PATCH', `/users/${encodeURIComponent(user.user_id)}`, {})).status, 400);
      assert.equal(
        (await api('PATCH', `/users/${encodeURIComponent(user.user_id)}`, { email: 'x@example.org' })).status,
        400,
      );
      assert.equal(
        (await api('PATCH', `/users/${encodeURIComponent('auth0|000000000000000000000000')}`, { app_metadata: {} }))
          .status,
        404,
      );

      const newPassword = await api('PATCH', `/users/${encodeURIComponent(user.user_id)}`, {
        password: 'Changed-Pass-9',
        connection: DB,
      });
      assert.equal(newPassword.status, 200);
      assert.ok((await login(user.email, 'Changed-Pass-9')).accessToken);
    });
  });

  describe('password-change tickets', () => {
    const ticketFor = (body: Record<string, unknown>) =>
      api<{ ticket: string }>('POST', '/tickets/password-change', body);

    it('sets the password through the ticket page, marks the email verified, and the new password logs in', async () => {
      const { body: user } = await createUser(email('tina'), { email_verified: false });
      const created = await ticketFor({
        user_id: user.user_id,
        client_id: TEST_OIDC.frontendClientId,
        ttl_sec: 300,
        mark_email_as_verified: true,
      });
      assert.equal(created.status, 201);
      assert.match(
        created.body.ticket,
        new RegExp(`^${idp.issuer.replace(/[.]/g, '\\.')}/lo/reset\\?ticket=[A-Za-z0-9_-]{43}#$`),
      );

      const browser = new Browser();
      const form = await browser.navigate(created.body.ticket);
      assert.equal(form.status, 200);
      assert.match(form.html, new RegExp(user.email.replace(/[.]/g, '\\.')));

      const mismatch = await browser.submit(form, 'set-password', {
        password: 'Brand-New-Pass-1',
        password_confirmation: 'Other-Pass-1',
      });
      assert.equal(mismatch.status, 400);
      assert.match(mismatch.html, /no coinciden/);
      const weak = await browser.submit(mismatch, 'set-password', {
        password: 'short',
        password_confirmation: 'short',
      });
      assert.equal(weak.status, 400);
      assert.match(weak.html, /too weak/);

      const done = await browser.submit(weak, 'set-password', {
        password: 'Brand-New-Pass-1',
        password_confirmation: 'Brand-New-Pass-1',
      });
      assert.equal(done.status, 200);
      assert.match(done.html, /Contraseña establecida/);
      assert.ok(
        done.html.includes(`href="${TEST_OIDC.frontendLoginUri}"`),
        'a ticket bound to the front end links to its login route',
      );

      const after = await api<Auth0User>('GET', `/users/${encodeURIComponent(user.user_id)}`);
      assert.equal(after.body.email_verified, true);
      assert.ok((await login(user.email, 'Brand-New-Pass-1')).accessToken);
      await assert.rejects(login(user.email, 'Initial-Pass-1'), LoginRefusedError);

      const reused = await browser.navigate(created.body.ticket);
      assert.equal(reused.status, 410);
      assert.match(reused.html, /ya fue utilizado/);
      assert.equal(findForm(reused.html, 'set-password'), undefined);
      const resubmit = await browser.request(`${idp.issuer}/lo/reset`, {
        form: {
          ticket: new URL(created.body.ticket).searchParams.get('ticket')!,
          password: 'Another-Pass-1',
          password_confirmation: 'Another-Pass-1',
        },
      });
      assert.equal(resubmit.status, 410);
    });

    it('honours a short ttl to the second: the ticket works before and is refused after', async () => {
      const { body: user } = await createUser(email('ttl'));
      const created = await ticketFor({ user_id: user.user_id, client_id: TEST_OIDC.frontendClientId, ttl_sec: 1 });
      const started = Date.now();
      const browser = new Browser();
      const early = await browser.navigate(created.body.ticket);
      assert.equal(early.status, 200);
      await new Promise((r) => setTimeout(r, Math.max(0, 1_050 - (Date.now() - started))));
      const late = await browser.navigate(created.body.ticket);
      assert.equal(late.status, 410);
      assert.match(late.html, /venció/);
      const submit = await browser.submit(early, 'set-password', {
        password: 'Brand-New-Pass-1',
        password_confirmation: 'Brand-New-Pass-1',
      });
      assert.equal(submit.status, 410, 'an expired ticket cannot set the password either');
      await assert.rejects(login(user.email, 'Brand-New-Pass-1'), LoginRefusedError);
    });

    it('redirects to result_url after use, and a newer ticket retires older ones once used', async () => {
      const { body: user } = await createUser(email('res'));
      const first = await ticketFor({
        user_id: user.user_id,
        result_url: 'http://127.0.0.1:5999/activated?from=mail',
        includeEmailInRedirect: true,
      });
      const second = await ticketFor({ user_id: user.user_id, result_url: 'http://127.0.0.1:5999/activated' });
      const browser = new Browser();
      const form = await browser.navigate(second.body.ticket);
      const done = await browser.submit(
        form,
        'set-password',
        { password: 'Brand-New-Pass-1', password_confirmation: 'Brand-New-Pass-1' },
        'http://127.0.0.1:5999/',
      );
      assert.equal(done.status, 303);
      const target = new URL(done.stoppedAt!);
      assert.equal(target.pathname, '/activated');
      assert.equal(target.searchParams.get('success'), 'true');
      assert.equal((await browser.navigate(first.body.ticket)).status, 410);
      assert.equal((await browser.navigate(`${idp.issuer}/lo/reset?ticket=unknown`)).status, 404);
    });

    it('refuses bad ticket requests: missing or unknown user, social user, client_id with result_url, unknown client', async () => {
      const { body: user } = await createUser(email('bad'));
      const social = (
        await api<Auth0User[]>('GET', `/users-by-email?email=${encodeURIComponent(SOCIAL.email)}`)
      ).body.find((u) => u.identities[0]!.isSocial)!;
      const expectations: [Record<string, unknown>, number, RegExp][] = [
        [{ client_id: TEST_OIDC.frontendClientId }, 400, /Missing required property: user_id/],
        [{ user_id: 'auth0|000000000000000000000000' }, 404, /user does not exist/],
        [{ user_id: social.user_id }, 400, /database connections/],
        [
          { user_id: user.user_id, client_id: TEST_OIDC.frontendClientId, result_url: 'http://127.0.0.1:5999/' },
          400,
          /result_url/,
        ],
        [{ user_id: user.user_id, client_id: 'no-such-client' }, 404, /client does not exist/],
        [{ user_id: user.user_id, ttl_sec: -5 }, 400, /minimum 0/],
        [{ user_id: user.user_id, ttl_sec: 1.5 }, 400, /integer/],
        [{ user_id: user.user_id, result_url: 'javascript:alert(1)' }, 400, /absolute-uri/],
      ];
      for (const [body, status, message] of expectations) {
        const res = await api('POST', '/tickets/password-change', body);
        assert.equal(res.status, status, JSON.stringify(body));
        assert.match(res.body.message, message);
      }
    });
  });

  describe('development account route', () => {
    const admin = (body: unknown, key: string | null = TEST_OIDC.adminKey) =>
      fetch(`${idp.issuer}/dev/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { 'x-admin-key': key } : {}) },
        body: JSON.stringify(body),
      });

    it('needs the admin key', async () => {
      assert.equal((await admin({ email: email('k'), connection: 'github' }, null)).status, 401);
      assert.equal((await admin({ email: email('k'), connection: 'github' }, 'wrong')).status, 401);
    });

    it('creates social accounts (which cannot use the password form) and password accounts', async () => {
      const address = email('soc');
      const res = await admin({ email: address, connection: 'github', user_id: 'github|4242' });
      assert.equal(res.status, 201);
      const user = (await res.json()) as Auth0User;
      assert.equal(user.user_id, 'github|4242');
      assert.deepEqual(user.identities[0], {
        connection: 'github',
        user_id: '4242',
        provider: 'github',
        isSocial: true,
      });
      assert.equal((await admin({ email: address, connection: 'github' })).status, 409);
      assert.equal((await admin({ email: address, connection: 'github', password: 'Some-Pass-1' })).status, 400);
      assert.equal((await admin({ email: 'nope', connection: 'github' })).status, 400);
      await assert.rejects(login(address, 'Some-Pass-1'), (err: LoginRefusedError) => /github/.test(err.page.html));

      const pw = email('pw');
      assert.equal((await admin({ email: pw, password: 'Known-Pass-1', name: 'Pía' })).status, 201);
      const tokens = await login(pw, 'Known-Pass-1');
      assert.equal(tokens.claims?.name, 'Pía');
    });
  });
});
