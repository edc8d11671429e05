/**
 * RP-initiated logout at the development provider: a logout that names the signed-in account
 * with an ID token the provider issued ends the whole session with no question (its page posts
 * the confirmation itself) and returns to the registered post-logout URI; any other logout
 * request is asked to confirm. `prompt=login` asks for credentials despite a live session.
 */
import assert from 'node:assert/strict';
import * as oidc from 'openid-client';
import { findForm, type Browser, type Page } from './support/browser.js';
import { exchangeCode, startAuthorization } from './support/login.js';
import { startTestOidcProvider, TEST_OIDC, type TestOidcProvider } from './support/provider.js';

const ANA = { email: 'ana.logout@example.org', password: 'Ana-pass-2026' };
const BETO = { email: 'beto.logout@example.org', password: 'Beto-pass-2026' };
const AFTER_LOGOUT = 'http://127.0.0.1:5999/';
const QUESTION = '¿Desea cerrar la sesión?';

describe('development OpenID provider: logout', () => {
  let idp: TestOidcProvider;

  before(async () => {
    idp = await startTestOidcProvider({ accounts: [ANA, BETO], frontendPostLogoutRedirectUris: [AFTER_LOGOUT] });
  });
  after(() => idp?.stop());

  /** A browser logged in as `who`, with the ID token of that login. */
  async function login(who: {
    email: string;
    password: string;
  }): Promise<{ browser: Browser; idToken: string; sub: string }> {
    const flow = await startAuthorization({
      issuer: idp.issuer,
      clientId: TEST_OIDC.frontendClientId,
      redirectUri: TEST_OIDC.redirectUri,
    });
    const page = await flow.browser.submit(flow.page, 'login', who, TEST_OIDC.redirectUri);
    assert.ok(page.stoppedAt, `login as ${who.email} reached the callback`);
    const tokens = await exchangeCode(flow.config, page.stoppedAt, flow);
    assert.ok(tokens.idToken);
    return { browser: flow.browser, idToken: tokens.idToken, sub: String(tokens.claims?.sub) };
  }

  /** Where a silent (`prompt=none`) authorization of the front end goes with this browser's cookies. */
  async function silent(browser: Browser): Promise<URLSearchParams> {
    const url = new URL(`${idp.issuer}/authorize`);
    url.search = new URLSearchParams({
      client_id: TEST_OIDC.frontendClientId,
      response_type: 'code',
      redirect_uri: TEST_OIDC.redirectUri,
      scope: 'openid',
      prompt: 'none',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    }).toString();
    const page = await browser.navigate(url.href, { stopAt: TEST_OIDC.redirectUri });
    assert.ok(page.stoppedAt, `prompt=none answered with a page (${page.status})`);
    return new URL(page.stoppedAt).searchParams;
  }

  const logoutUrl = (params: Record<string, string>) =>
    `${idp.issuer}/oidc/logout?${new URLSearchParams(params).toString()}`;
  const isAutoSubmitted = (page: Page) => /<script>[^<]*op\.logoutForm[^<]*submit\(\)/.test(page.html);

  it('ends the session at once for an id_token_hint of the signed-in account, back to the registered URI', async () => {
    const ana = await login(ANA);
    assert.ok((await silent(ana.browser)).get('code'), 'the session is live');

    const page = await ana.browser.navigate(
      logoutUrl({ id_token_hint: ana.idToken, post_logout_redirect_uri: AFTER_LOGOUT, state: 'st-1' }),
    );
    assert.equal(page.status, 200);
    assert.ok(!page.html.includes(QUESTION), 'no question');
    assert.ok(isAutoSubmitted(page), 'the page posts its form itself');
    const form = findForm(page.html, 'logout');
    assert.ok(form);
    assert.equal(form.hidden.logout, 'yes', 'the whole provider session, not only this client');
    assert.ok(form.hidden.xsrf);

    // What the page's script does: post the form.
    const done = await ana.browser.submit(page, 'logout', {}, AFTER_LOGOUT);
    assert.ok(done.stoppedAt, `back to the client (${done.status})`);
    const back = new URL(done.stoppedAt);
    assert.equal(back.origin + back.pathname, AFTER_LOGOUT);
    assert.equal(back.searchParams.get('state'), 'st-1');

    assert.equal((await silent(ana.browser)).get('error'), 'login_required');
  });

  it('asks first when the request carries no id_token_hint, or one of another account', async () => {
    const ana = await login(ANA);
    const beto = await login(BETO);
    assert.notEqual(ana.sub, beto.sub);

    const requests: Record<string, string>[] = [
      { client_id: TEST_OIDC.frontendClientId, post_logout_redirect_uri: AFTER_LOGOUT },
      { id_token_hint: beto.idToken, post_logout_redirect_uri: AFTER_LOGOUT },
    ];
    for (const params of requests) {
      const page = await ana.browser.navigate(logoutUrl(params));
      assert.equal(page.status, 200);
      assert.ok(page.html.includes(QUESTION), `asked (${Object.keys(params).join(', ')})`);
      assert.ok(!isAutoSubmitted(page));
      assert.equal(findForm(page.html, 'logout')?.hidden.logout, undefined, "the answer is the user's button");
    }
    assert.ok((await silent(ana.browser)).get('code'), 'nothing was ended without an answer');
  });

  it('refuses an id_token_hint it did not issue and an unregistered post-logout URI', async () => {
    const ana = await login(ANA);
    const [header, payload] = ana.idToken.split('.');
    const forged = await ana.browser.navigate(
      logoutUrl({ id_token_hint: `${header}.${payload}.AAAA`, post_logout_redirect_uri: AFTER_LOGOUT }),
    );
    assert.equal(forged.status, 400);
    assert.ok(!isAutoSubmitted(forged));
    const elsewhere = await ana.browser.navigate(
      logoutUrl({ id_token_hint: ana.idToken, post_logout_redirect_uri: 'https://evil.example/' }),
    );
    assert.equal(elsewhere.status, 400);
    assert.match(elsewhere.html, /post_logout_redirect_uri/);
    assert.ok((await silent(ana.browser)).get('code'), 'still signed in');
  });

  it('asks for credentials on prompt=login even while a session is live', async () => {
    const ana = await login(ANA);
    assert.ok((await silent(ana.browser)).get('code'));
    const url = new URL(`${idp.issuer}/authorize`);
    url.search = new URLSearchParams({
      client_id: TEST_OIDC.frontendClientId,
      response_type: 'code',
      redirect_uri: TEST_OIDC.redirectUri,
      scope: 'openid profile email offline_access',
      prompt: 'login',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    }).toString();
    const page = await ana.browser.navigate(url.href, { stopAt: TEST_OIDC.redirectUri });
    assert.equal(page.stoppedAt, undefined, 'not logged straight in');
    assert.ok(findForm(page.html, 'login'), 'the login form');
  });
});
