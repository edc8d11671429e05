/**
 * `npm run bench:web`: the desk's weight and speed. Builds web/dist when stale and prints the gzip
 * size of the JavaScript the first page loads (the entry and its module preloads), the CSS, and
 * the largest lazy chunks; then, on the real stack with Chromium, logs in through the provider's
 * page and times the documents list until it is interactive (its rows shown and the search box
 * enabled): once by navigating from Inicio right after login, then by reloading /documentos.
 *
 * Targets: initial JS ≤ 300 kB gzip; documents list interactive ≤ 1 s. Exits 1 when missed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { demoId } from '../db/seed/demo-data.js';
import { startTestStack } from '../test/support/stack.js';
import { ensureWebBuild, WEB_DIST } from '../web/build.js';
import { summarize } from './_stats.js';

const RUNS = Number(process.env.WEB_RUNS ?? 10);
const INITIAL_JS_TARGET_KB = 300;
const TTI_TARGET_MS = 1000;
const EMAIL = 'martin.alvarez@villaesperanza.gob.ar';
const PASSWORD = 'Bench-pass-1';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function bundleSizes() {
  const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const css = [...html.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1]!);
  const all = readdirSync(path.join(WEB_DIST, 'assets')).filter((f) => f.endsWith('.js') || f.endsWith('.mjs')).map((f) => `assets/${f}`);
  const sizeOf = (files: string[]) => files.reduce((n, f) => n + gz(path.join(WEB_DIST, f)), 0);
  const lazy = all.filter((f) => !initial.includes(f)).map((f) => ({ f, raw: statSync(path.join(WEB_DIST, f)).size, gz: gz(path.join(WEB_DIST, f)) })).sort((a, b) => b.gz - a.gz);
  return { initialJs: sizeOf(initial), initialFiles: initial.length, css: sizeOf(css), totalJs: sizeOf(all), lazy };
}

async function main(): Promise<void> {
  if (await ensureWebBuild((l) => process.stdout.write(`  web: ${l}\n`))) process.stdout.write('built web/dist\n');
  const sizes = bundleSizes();
  process.stdout.write(`\nbundle (gzip -9)\n`);
  process.stdout.write(`  initial JS       ${kb(sizes.initialJs)} in ${sizes.initialFiles} file(s)  (target ≤ ${INITIAL_JS_TARGET_KB} kB)\n`);
  process.stdout.write(`  CSS              ${kb(sizes.css)}\n`);
  process.stdout.write(`  all JS           ${kb(sizes.totalJs)} (lazy chunks load with their screens)\n`);
  for (const c of sizes.lazy.slice(0, 5)) process.stdout.write(`    ${c.f.padEnd(48)} ${kb(c.gz)}\n`);

  const stack = await startTestStack();
  const browser = await chromium.launch({ executablePath: stack.config.chromiumPath, args: ['--no-sandbox'] });
  let failed = sizes.initialJs / 1024 > INITIAL_JS_TARGET_KB;
  try {
    const desk = stack.apiUrl;
    await fetch(`${stack.idp.url}/dev/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-key': stack.idp.adminKey },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD, email_verified: true }),
    });
    // A full first page of documents (testing-mode bearer: the user's id).
    const martin = demoId('user', 'intendente');
    for (let i = 0; i < 25; i++) {
      const res = await fetch(`${desk}/api/v1/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${martin}`, 'x-tenant-schema': 'demo' },
        body: JSON.stringify({ document_type_acronym: 'INF', reference: `Informe de prueba ${i + 1}` }),
      });
      if (!res.ok) throw new Error(`seeding documents: ${res.status} ${await res.text()}`);
    }

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${desk}/`);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.locator('#email').fill(EMAIL);
    await page.locator('#password').fill(PASSWORD);
    const loginAt = Date.now();
    await page.locator('form[data-form="login"] button[type="submit"]').click();
    await page.getByRole('heading', { name: /^Hola,/ }).waitFor();
    const inicioMs = Date.now() - loginAt;

    const interactive = async () => {
      await page.getByRole('link', { name: 'Informe de prueba 25' }).waitFor();
      await page.getByLabel('Buscar').waitFor({ state: 'visible' });
      await page.getByPlaceholder('Referencia o número').waitFor();
      if (!(await page.getByPlaceholder('Referencia o número').isEnabled())) throw new Error('the search box is disabled');
    };
    let started = Date.now();
    await page.getByRole('link', { name: 'Documentos' }).click();
    await interactive();
    const firstNav = Date.now() - started;

    const reloads: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      started = Date.now();
      await page.goto(`${desk}/documentos`);
      await interactive();
      reloads.push(Date.now() - started);
    }
    const s = summarize(reloads);
    process.stdout.write(`\ndocuments list, time to interactive (Chromium, local stack)\n`);
    process.stdout.write(`  login submitted → Inicio shown            ${inicioMs} ms\n`);
    process.stdout.write(`  Inicio → Documentos (first, after login)  ${firstNav} ms  (target ≤ ${TTI_TARGET_MS} ms)\n`);
    process.stdout.write(`  reload of /documentos (${RUNS} runs)         p50 ${s.p50} ms, p99 ${s.p99} ms, max ${s.max} ms\n`);
    if (firstNav > TTI_TARGET_MS || s.p50 > TTI_TARGET_MS) failed = true;
    await context.close();
  } finally {
    await browser.close();
    await stack.stop();
  }
  process.stdout.write(failed ? '\ntargets missed\n' : '\ntargets met\n');
  process.exit(failed ? 1 : 0);
}

main().catch((err: Error) => {
  process.stderr.write(`${err.stack ?? err.message}\n`);
  process.exit(1);
});
