/**
 * `npm run bench:web`: the desk's weight and speed. Builds web/dist when stale and prints the gzip
 * size of the JavaScript the first page loads (the entry and its module preloads), the CSS, and
 * the largest lazy chunks; then, on the real stack with Chromium and a morning's content
 * (_desk-content.ts), logs in through the provider's page as Lucía Fernández, times Inicio →
 * Documentos inside the app, and loads each of the five main screens (Inicio, Documentos,
 * Expedientes, Notas, Memos) WEB_RUNS times from a fresh navigation: first contentful paint and
 * time to interactive (the screen's own rows shown and its search box enabled), p50 and p95.
 *
 * Targets: initial JS ≤ 300 kB gzip; every main screen interactive ≤ 1 s (p50), and Documentos
 * after login ≤ 1 s. Exits 1 when missed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { loginAs } from '../test/web/support.js';
import { ensureWebBuild, WEB_DIST } from '../web/build.js';
import { LUCIA, seedDeskContent, startDeskStack, stopDeskStack } from './_desk-content.js';
import { mainScreens } from './_desk-screens.js';
import { percentile } from './_stats.js';

const RUNS = Number(process.env.WEB_RUNS ?? 10);
const INITIAL_JS_TARGET_KB = 300;
const TTI_TARGET_MS = 1000;

const p50p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function bundleSizes() {
  const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const css = [...html.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1]!);
  const all = readdirSync(path.join(WEB_DIST, 'assets'))
    .filter((f) => f.endsWith('.js') || f.endsWith('.mjs'))
    .map((f) => `assets/${f}`);
  const sizeOf = (files: string[]) => files.reduce((n, f) => n + gz(path.join(WEB_DIST, f)), 0);
  const lazy = all
    .filter((f) => !initial.includes(f))
    .map((f) => ({ f, raw: statSync(path.join(WEB_DIST, f)).size, gz: gz(path.join(WEB_DIST, f)) }))
    .sort((a, b) => b.gz - a.gz);
  return { initialJs: sizeOf(initial), initialFiles: initial.length, css: sizeOf(css), totalJs: sizeOf(all), lazy };
}

async function main(): Promise<void> {
  if (await ensureWebBuild((l) => process.stdout.write(`  web: ${l}\n`))) process.stdout.write('built web/dist\n');
  const sizes = bundleSizes();
  process.stdout.write(`\nbundle (gzip -9)\n`);
  process.stdout.write(
    `  initial JS       ${kb(sizes.initialJs)} in ${sizes.initialFiles} file(s)  (target ≤ ${INITIAL_JS_TARGET_KB} kB)\n`,
  );
  process.stdout.write(`  CSS              ${kb(sizes.css)}\n`);
  process.stdout.write(`  all JS           ${kb(sizes.totalJs)} (lazy chunks load with their screens)\n`);
  for (const c of sizes.lazy.slice(0, 5)) process.stdout.write(`    ${c.f.padEnd(48)} ${kb(c.gz)}\n`);

  const stack = await startDeskStack();
  const browser = await chromium.launch({ executablePath: stack.config.chromiumPath, args: ['--no-sandbox'] });
  let failed = sizes.initialJs / 1024 > INITIAL_JS_TARGET_KB;
  try {
    const desk = stack.apiUrl;
    // A full first page of documents besides the morning's notes, memos and cases.
    const content = await seedDeskContent({ drafts: 25 });
    const loginAt = Date.now();
    const { context, page } = await loginAs(browser, desk, LUCIA);
    page.setDefaultTimeout(30_000);
    const loginMs = Date.now() - loginAt;
    const screens = mainScreens(content, LUCIA.name);

    // In the app: Inicio → Documentos by its link, right after login.
    let started = Date.now();
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Documentos' }).click();
    await screens.find((sc) => sc.name === 'Documentos')!.ready(page);
    const firstNav = Date.now() - started;

    // Fresh navigations (a full page load, the session kept): first contentful paint from the
    // browser's paint timing, time to interactive until the screen's data and controls are there.
    const rows: { name: string; fcp: ReturnType<typeof p50p95>; tti: ReturnType<typeof p50p95> }[] = [];
    for (const screen of screens) {
      const fcp: number[] = [];
      const tti: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        started = Date.now();
        await page.goto(`${desk}${screen.path}`);
        await screen.ready(page);
        tti.push(Date.now() - started);
        fcp.push(
          await page.evaluate(() => {
            const perf = (
              globalThis as unknown as { performance: { getEntriesByName(n: string): { startTime: number }[] } }
            ).performance;
            return Math.round(perf.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
          }),
        );
      }
      rows.push({ name: screen.name, fcp: p50p95(fcp), tti: p50p95(tti) });
    }
    await context.close();

    process.stdout.write(`\nmain screens, fresh navigation (Chromium, local stack, ${RUNS} runs each)\n`);
    process.stdout.write(`  login through the provider's page → Inicio   ${loginMs} ms\n`);
    process.stdout.write(
      `  Inicio → Documentos (in the app, after login) ${firstNav} ms  (target ≤ ${TTI_TARGET_MS} ms)\n`,
    );
    process.stdout.write(
      `  ${'screen'.padEnd(12)} ${'first contentful paint'.padEnd(26)} time to interactive  (target p50 ≤ ${TTI_TARGET_MS} ms)\n`,
    );
    for (const r of rows) {
      const missed = r.tti.p50 > TTI_TARGET_MS;
      process.stdout.write(
        `  ${r.name.padEnd(12)} ${`p50 ${r.fcp.p50} ms, p95 ${r.fcp.p95} ms`.padEnd(26)} p50 ${r.tti.p50} ms, p95 ${r.tti.p95} ms${missed ? '  MISSED' : ''}\n`,
      );
      if (missed) failed = true;
    }
    if (firstNav > TTI_TARGET_MS) failed = true;
  } finally {
    await browser.close();
    await stopDeskStack();
  }
  process.stdout.write(failed ? '\ntargets missed\n' : '\ntargets met\n');
  process.exit(failed ? 1 : 0);
}

main().catch((err: Error) => {
  process.stderr.write(`${err.stack ?? err.message}\n`);
  process.exit(1);
});
