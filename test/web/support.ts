/** Driving the desk in Chromium: login through the provider's page, axe checks, screenshots. */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { ensureWebBuild } from '../../web/build.js';
import { getStack } from '../support/hooks.js';
import { ensureAccount, DEMO_ACCOUNT_PASSWORD } from '../support/identity.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(
  path.join(path.dirname(require.resolve('axe-core/package.json')), 'axe.min.js'),
  'utf8',
);

export const PASSWORD = DEMO_ACCOUNT_PASSWORD;

export interface DeskUser {
  email: string;
  name: string;
}

export const MARTIN: DeskUser = { email: 'martin.alvarez@villaesperanza.gob.ar', name: 'Martín Álvarez' };
export const LUCIA: DeskUser = { email: 'lucia.fernandez@villaesperanza.gob.ar', name: 'Lucía Fernández' };
export const CARLOS: DeskUser = { email: 'carlos.gomez@villaesperanza.gob.ar', name: 'Carlos Gómez' };
export const MARIA_JOSE: DeskUser = { email: 'mariajose.nunez@villaesperanza.gob.ar', name: 'María José Núñez' };
/** A user a suite made (newUser) as the desk greets them. */
export const deskUserOf = (user: { email: string; fullName: string }): DeskUser => ({
  email: user.email,
  name: user.fullName,
});

export interface DeskSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and CSP violations seen so far. */
  errors: string[];
}

/**
 * A fresh browser context logged in as `user` through the provider's login page, on Inicio;
 * `contextOptions` override the defaults (another time zone or locale, say).
 */
export function loginAs(
  browser: Browser,
  deskUrl: string,
  user: DeskUser,
  contextOptions: BrowserContextOptions = {},
): Promise<DeskSession> {
  return loginTo(
    browser,
    deskUrl,
    user,
    (page) => page.getByRole('heading', { name: `Hola, ${user.name}` }).waitFor(),
    contextOptions,
  );
}

/**
 * Logs in through the provider's page and waits for `arrived`: where the desk lands (Inicio, or
 * the municipality chooser for a user of several).
 */
export async function loginTo(
  browser: Browser,
  deskUrl: string,
  user: DeskUser,
  arrived: (page: Page) => Promise<unknown>,
  contextOptions: BrowserContextOptions = {},
): Promise<DeskSession> {
  await ensureAccount(user.email, PASSWORD);
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'es-AR',
    acceptDownloads: true,
    reducedMotion: 'reduce',
    ...contextOptions,
  });
  // CSP violations with what caused them (the console line alone does not say).
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => {
      const t = e.target && e.target.outerHTML ? e.target.outerHTML.slice(0, 160) : '';
      console.error('CSP violation (Content Security Policy): ' + e.violatedDirective + ' ' + e.sourceFile + ':' + e.lineNumber + ' sample=' + e.sample + ' on ' + t);
    });`,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  await page.goto(`${deskUrl}/`);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await submitProviderLogin(page, deskUrl, user);
  try {
    await page.waitForURL((url) => url.href.startsWith(deskUrl) && !url.pathname.startsWith('/callback'));
    await arrived(page);
  } catch (err) {
    const text = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    throw new Error(
      `login as ${user.email} did not arrive (${page.url()}): ${(err as Error).message}\npage: ${text.slice(0, 500)}\nbrowser errors: ${errors.join(' | ')}`,
    );
  }
  return { context, page, errors };
}

/** On the way out of the desk to the provider: its login form, filled in and sent as `user`. */
export async function submitProviderLogin(page: Page, deskUrl: string, user: DeskUser): Promise<void> {
  await ensureAccount(user.email, PASSWORD);
  await page.waitForURL((url) => !url.href.startsWith(deskUrl));
  await page.locator('#email').fill(user.email);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('form[data-form="login"] button[type="submit"]').click();
}

/**
 * "Salir" from the account menu of `user`: the desk ends its session and the provider's (no
 * confirmation page), and the desk's login screen comes back.
 */
export async function logOut(page: Page, deskUrl: string, user: DeskUser): Promise<void> {
  await page.getByRole('button', { name: `Cuenta de ${user.name}` }).click();
  await page.getByRole('menuitem', { name: 'Salir' }).click();
  await page.getByRole('button', { name: 'Ingresar' }).waitFor();
  assert.ok(page.url().startsWith(deskUrl), `back on the desk after logging out, not ${page.url()}`);
}

/** axe-core on the current page: no serious or critical violation. */
export async function assertAccessible(page: Page, screen: string): Promise<void> {
  // Contrast is measured on what is shown: wait for fades and transitions to end.
  // (Polled with evaluate: waitForFunction would eval a string, which the page's CSP refuses.)
  for (let i = 0; i < 50; i++) {
    const settled = await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document;
      return doc.getAnimations().every((a) => a.playState !== 'running');
    });
    if (settled) break;
    await page.waitForTimeout(100);
  }
  // Evaluated through the DevTools protocol, so the page's CSP (no inline scripts) still holds.
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const g = globalThis as unknown as {
      document: unknown;
      axe: {
        run: (
          ctx: unknown,
          opts: unknown,
        ) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const r = await g.axe.run(g.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  const serious = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(serious, [], `${screen}: serious accessibility violations`);
}

export async function screenshot(page: Page, dir: string, name: string): Promise<void> {
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Picks an option of a Mantine Select/MultiSelect by typing and choosing it. */
export async function choose(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  const input = page.getByRole('textbox', { name: label }).or(page.getByLabel(label)).first();
  // A re-render of the screen (a query refetched) may close the list under the pointer: open it again.
  for (let attempt = 1; ; attempt++) {
    await input.click();
    // Searchable selects filter as one types; the others are read-only and only open.
    if (await input.isEditable()) await input.fill(typeof option === 'string' ? option.slice(0, 4) : '');
    try {
      await page.getByRole('option', { name: option }).first().click({ timeout: 5_000 });
      break;
    } catch (err) {
      if (attempt === 3) throw err;
      await page.keyboard.press('Escape');
    }
  }
  // A multi-select keeps its list open for more choices: leave the field to close it.
  if (
    await page
      .getByRole('listbox')
      .first()
      .isVisible()
      .catch(() => false)
  )
    await page.keyboard.press('Tab');
}

/** What a describe block driving the desk shares: the browser, the desk's URL, a screenshot folder and the logged-in users. */
export interface DeskRun {
  readonly browser: Browser;
  readonly desk: string;
  readonly shots: string;
  /** One logged-in context per user, reused by the block's tests. */
  session(user: DeskUser): Promise<DeskSession>;
  /** A context made another way (loginTo), closed with the block's. */
  keep(session: DeskSession): DeskSession;
}

/**
 * Registers the mocha hooks of a describe block driving the desk: the bundle built when stale,
 * Chromium launched, contexts and browser closed after, browser errors printed under a failure.
 */
export function deskRun(shotsPrefix: string): DeskRun {
  let browser: Browser | undefined;
  let desk = '';
  let shots = '';
  const sessions: DeskSession[] = [];
  const byUser = new Map<string, DeskSession>();
  before(async () => {
    // The API serves web/dist: build it when missing or older than web/src.
    await ensureWebBuild((line) => process.stderr.write(`      web: ${line}\n`));
    desk = getStack().apiUrl;
    browser = await chromium.launch({ executablePath: getStack().config.chromiumPath, args: ['--no-sandbox'] });
    shots = mkdtempSync(path.join(os.tmpdir(), shotsPrefix));
    process.stderr.write(`      screenshots: ${shots}\n`);
  });
  after(async () => {
    for (const s of sessions) await s.context.close();
    await browser?.close();
  });
  afterEach(function () {
    if (this.currentTest?.state !== 'failed') return;
    for (const s of sessions)
      if (s.errors.length) process.stderr.write(`      browser errors: ${s.errors.join('\n        ')}\n`);
  });
  const keep = (session: DeskSession) => {
    sessions.push(session);
    return session;
  };
  return {
    get browser() {
      if (!browser) throw new Error("the browser starts in the block's before hook");
      return browser;
    },
    get desk() {
      return desk;
    },
    get shots() {
      return shots;
    },
    async session(user) {
      let s = byUser.get(user.email);
      if (!s) {
        s = keep(await loginAs(this.browser, desk, user));
        byUser.set(user.email, s);
      }
      return s;
    },
    keep,
  };
}

/** On a draft's page: its author alone signs and numbers it; the official number once it is signed. */
export async function signAlone(page: Page, author: string | RegExp): Promise<string> {
  await choose(page, 'Agregar firmante', author);
  await page.getByRole('button', { name: 'Agregar', exact: true }).click();
  await page.getByRole('button', { name: 'Guardar firmantes' }).click();
  await page.getByText('Firmantes guardados').waitFor();
  await page.getByRole('button', { name: 'Iniciar firma' }).click();
  await page.getByRole('button', { name: 'Firmar y numerar' }).click();
  const number = page.getByTestId('official-number');
  await number.waitFor({ timeout: 60_000 });
  return (await number.textContent())!.trim();
}
