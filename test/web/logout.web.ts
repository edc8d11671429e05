/**
 * Logging out of the desk on a shared computer: "Salir" ends the provider's session as well
 * (RP-initiated logout with the ID token as hint, no confirmation page), and the next login asks
 * for credentials again (`prompt=login`), even when a provider session survived the logout.
 */
import assert from 'node:assert/strict';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { getStack } from '../support/hooks.js';
import { deskRun, LUCIA, logOut, loginAs, MARIA_JOSE, MARTIN, submitProviderLogin } from './support.js';

/** Main-frame navigations (redirects included) of a page, as `METHOD url`, with form bodies. */
function recordNavigations(page: Page): { method: string; url: URL; body: string }[] {
  const seen: { method: string; url: URL; body: string }[] = [];
  page.on('request', (r: Request) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame())
      seen.push({ method: r.method(), url: new URL(r.url()), body: r.postData() ?? '' });
  });
  return seen;
}

/**
 * What the provider answers the desk's client at its authorization endpoint with `prompt=none`
 * and this browser context's cookies: `code` while its session lives, `login_required` once it is gone.
 */
async function silentAuthorization(context: BrowserContext): Promise<URLSearchParams> {
  const { idp, apiUrl } = getStack();
  const url = new URL(`${idp.issuer}/authorize`);
  url.search = new URLSearchParams({
    client_id: idp.frontendClientId,
    response_type: 'code',
    redirect_uri: `${apiUrl}/callback`,
    scope: 'openid',
    prompt: 'none',
    state: 'probe',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  }).toString();
  const res = await context.request.get(url.href, { maxRedirects: 0 });
  assert.ok(
    [302, 303].includes(res.status()),
    `authorize answered ${res.status()}: ${(await res.text()).slice(0, 300)}`,
  );
  const location = new URL(res.headers().location ?? '', idp.issuer);
  assert.equal(location.origin + location.pathname, `${apiUrl}/callback`);
  return location.searchParams;
}

describe('logging out of the desk (browser)', function () {
  this.timeout(180_000);
  const run = deskRun('expediente-logout-');

  it('"Salir" ends the provider session without a question, and the next person logs in as themselves', async () => {
    const { idp } = getStack();
    const { context, page } = run.keep(await loginAs(run.browser, run.desk, MARTIN));
    assert.ok(
      (await silentAuthorization(context)).get('code'),
      'logged in: the provider session answers prompt=none with a code',
    );

    const refreshToken = await page.evaluate(() => {
      const store = (
        globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } & Record<string, unknown> }
      ).sessionStorage;
      const key = Object.keys(store).find((k) => k.startsWith('oidc.user:'));
      return key ? (JSON.parse(store.getItem(key)!) as { refresh_token?: string }).refresh_token : undefined;
    });
    assert.ok(refreshToken, 'the desk holds a refresh token');

    const navigations = recordNavigations(page);
    const providerPages: string[] = [];
    page.on('response', (r) => {
      if (r.request().isNavigationRequest() && r.url().startsWith(idp.issuer) && r.status() === 200) {
        r.text().then(
          (body) => providerPages.push(body),
          () => undefined,
        );
      }
    });
    await logOut(page, run.desk, MARTIN);
    await page.getByText('¿Desea cerrar la sesión?').waitFor({ state: 'detached', timeout: 1_000 });

    // Desk → end_session with the ID token and the desk as return address → confirmed by the page
    // itself (the test clicks nothing there) → back on the desk.
    const logoutGet = navigations.find((n) => n.method === 'GET' && n.url.href.startsWith(`${idp.issuer}/oidc/logout`));
    assert.ok(
      logoutGet,
      `the desk went to the end_session endpoint: ${navigations.map((n) => `${n.method} ${n.url.href}`).join(' | ')}`,
    );
    assert.ok(logoutGet.url.searchParams.get('id_token_hint'), 'with the ID token from the login as hint');
    assert.equal(logoutGet.url.searchParams.get('post_logout_redirect_uri'), `${run.desk}/`);
    const confirm = navigations.find(
      (n) => n.method === 'POST' && n.url.href.startsWith(`${idp.issuer}/oidc/logout/confirm`),
    );
    assert.ok(confirm, 'the logout page confirmed itself');
    assert.match(confirm.body, /(^|&)logout=yes(&|$)/, 'ending the whole provider session');
    const last = navigations.at(-1)!;
    assert.equal(last.url.href, `${run.desk}/`);
    assert.deepEqual(
      providerPages.filter((body) => body.includes('¿Desea cerrar la sesión?')),
      [],
      'no confirmation question on the way',
    );

    // The provider's session is gone: a silent authorization now needs a login.
    assert.equal((await silentAuthorization(context)).get('error'), 'login_required');

    // The refresh token (offline access outlives the provider session) was revoked on the way out.
    const refresh = await fetch(`${idp.issuer}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: idp.frontendClientId,
        refresh_token: refreshToken,
      }),
    });
    assert.equal(refresh.status, 400);
    assert.equal(((await refresh.json()) as { error: string }).error, 'invalid_grant');

    // The next login asks for credentials again, and may be someone else.
    const authorizations: URL[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest() && r.url().startsWith(`${idp.issuer}/authorize`))
        authorizations.push(new URL(r.url()));
    });
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.locator('form[data-form="login"] #password').waitFor();
    assert.equal(authorizations.length, 1);
    assert.deepEqual(
      authorizations[0]!.searchParams
        .get('prompt')
        ?.split(' ')
        .filter((p) => p !== 'consent'),
      ['login'],
    );
    await submitProviderLogin(page, run.desk, LUCIA);
    await page.getByRole('heading', { name: `Hola, ${LUCIA.name}` }).waitFor();
    await page.getByRole('button', { name: `Cuenta de ${LUCIA.name}` }).waitFor();
    // That login consumed the mark: the one after it is an ordinary one again.
    assert.equal(
      await page.evaluate(() =>
        (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
          'expediente.logged-out',
        ),
      ),
      null,
    );
  });

  it('after a logout whose provider end never happened, the next login still asks for credentials', async () => {
    const { idp } = getStack();
    const { context, page } = run.keep(await loginAs(run.browser, run.desk, MARTIN));
    // The end_session request does not get through (network, a closed tab): only the desk's session ends.
    await page.route(`${idp.issuer}/oidc/logout**`, (route) => route.abort());
    await page.getByRole('button', { name: `Cuenta de ${MARTIN.name}` }).click();
    await Promise.all([
      page.waitForEvent('requestfailed', (r) => r.url().startsWith(`${idp.issuer}/oidc/logout`)),
      page.getByRole('menuitem', { name: 'Salir' }).click(),
    ]);
    await page.unroute(`${idp.issuer}/oidc/logout**`);
    // (The desk revoked its refresh token, and with it the grant: a silent request would need
    // consent again, but not a login.)
    assert.notEqual(
      (await silentAuthorization(context)).get('error'),
      'login_required',
      'the provider session survived',
    );

    await page.goto(`${run.desk}/`);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    // prompt=login: the provider's form, not Martín's surviving session.
    await page.locator('form[data-form="login"] #password').waitFor();
    await submitProviderLogin(page, run.desk, MARIA_JOSE);
    await page.getByRole('heading', { name: `Hola, ${MARIA_JOSE.name}` }).waitFor();

    // Without a logout in between, a new tab of the same browser reuses the provider session as before.
    const other = await context.newPage();
    await other.goto(`${run.desk}/`);
    await other.getByRole('button', { name: 'Ingresar' }).click();
    await other.getByRole('heading', { name: `Hola, ${MARIA_JOSE.name}` }).waitFor();
    await other.close();
  });
});
