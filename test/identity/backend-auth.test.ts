/**
 * Backend bearer authentication against the real development identity provider: tokens from an
 * authorization code + PKCE login are accepted; forged, expired, mis-addressed, unsigned and
 * key-confused tokens are refused; `exp` is required and clocks may differ by 60 s at most; the key
 * set is cached (503 only when none was ever obtained).
 */
import assert from 'node:assert/strict';
import { decodeJwt, SignJWT } from 'jose';
import { tenantDb } from '../../db/tenancy.js';
import { createTenant } from '../../db/tenants.js';
import { getStack } from '../support/hooks.js';
import { demoUser, request } from '../support/http.js';
import {
  ensureAccount,
  forgeToken,
  hs256WithPublicKey,
  providerSigningKey,
  unsignedToken,
  userToken,
  DEMO_ACCOUNT_PASSWORD,
} from '../support/identity.js';
import { newUser } from '../support/users.js';
import { clientCredentialsToken } from './support/login.js';
import { TEST_OIDC } from './support/provider.js';

const LUCIA = 'lucia.fernandez@villaesperanza.gob.ar';
const PASSWORD = DEMO_ACCOUNT_PASSWORD;
const me = (token: string, schema = 'demo', baseUrl?: string) =>
  request('/api/v1/auth/me', {
    headers: { 'X-Tenant-Schema': schema, Authorization: `Bearer ${token}` },
    ...(baseUrl ? { baseUrl } : {}),
  });

describe('backend bearer JWT authentication', function () {
  this.timeout(60_000);
  let token: string;

  before(async () => {
    await createTenant(getStack().db, {
      schema: 'tenant_b',
      municipalityCode: 'TNB',
      displayName: 'Municipalidad B',
      city: 'Ciudad B',
    });
    await ensureAccount(LUCIA, PASSWORD);
    token = await userToken(LUCIA, PASSWORD);
  });

  it('accepts a real RS256 token from a PKCE login, and the first call links the token subject as auth_id', async () => {
    const res = await me(token);
    assert.equal(res.status, 200, res.text);
    const session = res.body.data;
    assert.equal(session.user_id, demoUser('directora-obras'));
    assert.equal(session.email, LUCIA);
    assert.equal(session.full_name, 'Lucía Fernández');
    assert.match(session.auth_id, /^auth0\|/);
    assert.deepEqual(
      session.permissions.map((p: { acronym: string; can_edit: boolean }) => [p.acronym, p.can_edit]),
      [
        ['DOP', true],
        ['MESA', false],
      ],
    );
    const row = await tenantDb(getStack().db, getStack().demoTenant).transaction((trx) =>
      trx('users')
        .where({ id: demoUser('directora-obras') })
        .first(),
    );
    assert.equal(row.auth_id, session.auth_id, 'onboarding stored the sub');

    const cases = await request('/api/v1/cases', {
      headers: { 'X-Tenant-Schema': 'demo', Authorization: `Bearer ${token}` },
    });
    assert.equal(cases.status, 200, 'other backend routes accept it too');
  });

  it("/auth/tenants answers the token's municipalities without X-Tenant-Schema; a bad token is 401", async () => {
    const mine = await request('/api/v1/auth/tenants', { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(mine.status, 200, mine.text);
    assert.deepEqual(
      mine.body.data.tenants,
      [{ schema: 'demo', name: getStack().demoTenant.displayName, city: getStack().demoTenant.city }],
      'demo only, not tenant_b',
    );
    const stranger = await request('/api/v1/auth/tenants', {
      headers: { Authorization: `Bearer ${await forgeToken({ email: 'nadie@example.org' })}` },
    });
    assert.deepEqual([stranger.status, stranger.body.data.tenants], [200, []]);
    for (const bad of [
      unsignedToken(LUCIA),
      await forgeToken({ email: LUCIA, audience: 'https://otra-api.example' }),
    ]) {
      assert.equal(
        (await request('/api/v1/auth/tenants', { headers: { Authorization: `Bearer ${bad}` } })).status,
        401,
      );
    }
  });

  it('refuses expired, wrong-audience, wrong-issuer, tampered, unknown-kid, alg:none and HS256 tokens with 401', async () => {
    const cases: [string, string, RegExp][] = [
      [
        'expired',
        await forgeToken({ email: LUCIA, expiresIn: Math.floor(Date.now() / 1000) - 3600 }),
        /Token expirado/,
      ],
      [
        'wrong audience',
        await forgeToken({ email: LUCIA, audience: 'https://otra-api.example' }),
        /Audience no valido/,
      ],
      ['wrong issuer', await forgeToken({ email: LUCIA, issuer: 'https://impostor.example/' }), /Issuer no valido/],
      ['unknown kid', await forgeToken({ email: LUCIA, unknownKey: true }), /Token invalido/],
      ['alg none', unsignedToken(LUCIA), /Token invalido/],
      ['HS256 with the public key', await hs256WithPublicKey(LUCIA), /Token invalido/],
      [
        'tampered payload',
        token.replace(/^([^.]+)\.([^.]+)\./, (_m, h: string, p: string) => {
          const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
          claims.email = 'martin.alvarez@villaesperanza.gob.ar';
          return `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
        }),
        /Token invalido/,
      ],
      ['garbage', 'not.a.jwt', /Token invalido/],
    ];
    for (const [name, bad, message] of cases) {
      const res = await me(bad);
      assert.equal(res.status, 401, name);
      assert.equal(res.body.success, false, name);
      assert.match(res.body.message, message, name);
    }
  });

  it('requires exp, and allows 60 s of clock skew on exp, nbf and iat but no more', async () => {
    // Signed with the provider's own key and for the identity the login linked: only the times differ.
    const { key, kid } = await providerSigningKey();
    const { idp } = getStack();
    const sub = decodeJwt(token).sub!;
    const now = Math.floor(Date.now() / 1000);
    const signed = (times: { exp?: number; iat?: number; nbf?: number }) =>
      new SignJWT({ email: LUCIA, email_verified: true, sub, iss: idp.issuer, aud: idp.audience, ...times })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
        .sign(key);
    const cases: [string, { exp?: number; iat?: number; nbf?: number }, number, string?][] = [
      ['no exp', { iat: now }, 401, 'Token invalido'],
      ['expired 30 s ago (within the skew)', { iat: now - 600, exp: now - 30 }, 200],
      ['expired 120 s ago', { iat: now - 600, exp: now - 120 }, 401, 'Token expirado'],
      ['issued 30 s in the future (within the skew)', { iat: now + 30, exp: now + 600 }, 200],
      ['issued 5 min in the future', { iat: now + 300, exp: now + 900 }, 401, 'Token invalido'],
      ['valid from 30 s in the future (within the skew)', { iat: now, nbf: now + 30, exp: now + 600 }, 200],
      ['valid only from 5 min in the future', { iat: now, nbf: now + 300, exp: now + 900 }, 401, 'Token invalido'],
    ];
    for (const [name, times, status, message] of cases) {
      const res = await me(await signed(times));
      assert.equal(res.status, status, `${name}: ${res.text}`);
      if (message) assert.equal(res.body.message, message, name);
    }
  });

  it('refuses a valid token whose email is not a user of the tenant, or of another tenant', async () => {
    await ensureAccount('nadie@pruebas.example', PASSWORD);
    const stranger = await me(await userToken('nadie@pruebas.example', PASSWORD));
    assert.deepEqual([stranger.status, stranger.body.message], [401, 'Usuario no encontrado']);
    const otherTenant = await me(token, 'tenant_b');
    assert.deepEqual(
      [otherTenant.status, otherTenant.body.message],
      [401, 'Usuario no encontrado'],
      "tenant A's user with tenant B's schema",
    );
  });

  it('refuses a machine-to-machine token (client credentials): it names no user', async () => {
    const { idp } = getStack();
    const m2m = await clientCredentialsToken({
      issuer: idp.issuer,
      clientId: TEST_OIDC.m2mClientId,
      clientSecret: TEST_OIDC.m2mClientSecret,
      audience: idp.audience,
    });
    const res = await me(m2m.access_token);
    assert.equal(res.status, 401);
    assert.match(res.body.message, /no contiene email/);
  });

  it('an unverified email cannot claim a user who has no identity yet', async () => {
    // A user of its own: any seeded one may have been linked by an earlier suite's login.
    const unlinked = await newUser();
    const res = await me(await forgeToken({ email: unlinked.email, sub: 'auth0|sin-verificar', emailVerified: false }));
    assert.deepEqual([res.status, res.body.message], [401, 'Email no verificado por el proveedor de identidad']);
    const row = await tenantDb(getStack().db, getStack().demoTenant).transaction((trx) =>
      trx('users').where({ id: unlinked.id }).first(),
    );
    assert.equal(row.auth_id, null, 'nothing was linked');
  });

  it('refuses a token for the right email but another identity once the user is linked', async () => {
    const res = await me(await forgeToken({ email: LUCIA, sub: 'google-oauth2|someone-else' }));
    assert.equal(res.status, 401);
    assert.match(res.body.message, /identidad no corresponde/);
  });

  it('identity provider down: a warm key cache keeps serving, an empty one answers 503', async () => {
    const stack = getStack();
    const cold = await stack.extraApi({});
    await stack.idp.stop();
    try {
      const warm = await me(token);
      assert.equal(warm.status, 200, 'the main API fetched the keys earlier');
      const noKeys = await me(token, 'demo', cold.url);
      assert.equal(noKeys.status, 503);
      assert.match(noKeys.body.message, /claves publicas/);
    } finally {
      await stack.idp.start();
      await cold.close();
    }
    const recovered = await stack.extraApi({});
    try {
      assert.equal((await me(token, 'demo', recovered.url)).status, 200);
    } finally {
      await recovered.close();
    }
  });
});
