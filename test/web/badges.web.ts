/**
 * Every badge of the desk is read whole ("VÁLIDA", "FIRMADO", "PENDIENTE", "VENCIDO"…): at 1280
 * and 1920 px wide, on each screen that shows badges, no badge is cut with an ellipsis, shrunk
 * below its text or clipped by the cell or panel that holds it. Fixtures are made through the
 * HTTP APIs: a signed document (its signers and the validation of its PDF), one waiting for
 * signatures past its deadline, a case, a note.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { tenantDb } from '../../db/tenancy.js';
import { createCase } from '../support/cases.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { sendNote, signAll, startSigning } from '../support/communications.js';
import { getStack } from '../support/hooks.js';
import { assertAccessible, deskRun, LUCIA, MARTIN, screenshot, type DeskUser } from './support.js';

interface BadgeProblem {
  text: string;
  problem: string;
}

/**
 * Each visible badge on the page: its text and what, if anything, cuts it — overflow of the badge
 * or of its label (scrollWidth over clientWidth), an ellipsis, text outside the badge, or an
 * ancestor that clips it.
 */
async function badgesOn(page: Page): Promise<{ texts: string[]; problems: BadgeProblem[] }> {
  // No named functions inside: the test runner's transpiler would wrap them in a helper the page lacks.
  return page.evaluate(() => {
    type Rect = { left: number; right: number; width: number; height: number };
    type El = {
      scrollWidth: number;
      clientWidth: number;
      textContent: string | null;
      innerText: string;
      parentElement: El | null;
      querySelector(s: string): El | null;
      getBoundingClientRect(): Rect;
    };
    const g = globalThis as unknown as {
      document: {
        querySelectorAll(s: string): Iterable<El>;
        createRange(): { selectNodeContents(e: El): void; getBoundingClientRect(): Rect };
      };
      getComputedStyle(e: El): { overflowX: string; textOverflow: string; visibility: string; display: string };
    };
    const texts: string[] = [];
    const problems: { text: string; problem: string }[] = [];
    for (const root of g.document.querySelectorAll('.mantine-Badge-root')) {
      const box = root.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || g.getComputedStyle(root).visibility === 'hidden') continue;
      const label = root.querySelector('.mantine-Badge-label') ?? root;
      const text = (root.textContent ?? '').trim();
      texts.push(text);
      if (root.scrollWidth > root.clientWidth)
        problems.push({ text, problem: `badge scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}` });
      if (label.scrollWidth > label.clientWidth)
        problems.push({ text, problem: `label scrollWidth ${label.scrollWidth} > clientWidth ${label.clientWidth}` });
      if (g.getComputedStyle(label).textOverflow === 'ellipsis' && label.scrollWidth > label.clientWidth)
        problems.push({ text, problem: 'cut with an ellipsis' });
      if (label.innerText.trim().toLowerCase() !== (label.textContent ?? '').trim().toLowerCase())
        problems.push({ text, problem: `shown as "${label.innerText}"` });
      const range = g.document.createRange();
      range.selectNodeContents(label);
      const inked = range.getBoundingClientRect();
      if (inked.left < box.left - 0.5 || inked.right > box.right + 0.5)
        problems.push({
          text,
          problem: `text ${inked.left}–${inked.right} outside the badge ${box.left}–${box.right}`,
        });
      for (let a = root.parentElement; a; a = a.parentElement) {
        if (g.getComputedStyle(a).overflowX === 'visible') continue;
        const clip = a.getBoundingClientRect();
        if (clip.width === 0) continue;
        if (inked.left < clip.left - 0.5 || inked.right > clip.right + 0.5) {
          problems.push({
            text,
            problem: `clipped by an ancestor (overflow-x ${g.getComputedStyle(a).overflowX}, ${clip.left}–${clip.right})`,
          });
          break;
        }
      }
    }
    return { texts, problems };
  });
}

describe('the municipal desk: badges are never cut (browser)', function () {
  this.timeout(300_000);
  const run = deskRun('expediente-desk-badges-');
  const session = (user: DeskUser) => run.session(user);
  const stamp = Date.now();

  /** The fixtures, made once through the APIs. */
  let fixtures: Promise<{ signed: string; waiting: string; caseId: string; caseNumber: string }> | undefined;
  const made = () =>
    (fixtures ??= (async () => {
      // Signed by Lucía, numbered by Martín: "Firmado" twice, "Válida" twice.
      const signed = await prepareIntegrationDraft('intendente', ['directora-obras', 'intendente'], {
        reference: `Insignias firmado ${stamp}`,
      });
      await startSigning(signed, 'intendente');
      assert.equal((await signAll(signed, ['directora-obras', 'intendente'])).status, 'signed');
      // Waiting for both, past its deadline: "En firma", "Pendiente" twice, "Vencido" in Lucía's pending lists.
      const waiting = await prepareIntegrationDraft('intendente', ['directora-obras', 'intendente'], {
        reference: `Insignias pendiente ${stamp}`,
      });
      await startSigning(waiting, 'intendente');
      await tenantDb(getStack().db, getStack().demoTenant).transaction((trx) =>
        trx('documents')
          .where({ id: waiting })
          .update({ signing_due_at: new Date(Date.now() - 3_600_000) }),
      );
      const created = await createCase('intendente', { reference: `Insignias expediente ${stamp}` });
      await sendNote('intendente', { to: ['DOP'] }, { reference: `Insignias nota ${stamp}` });
      return { signed, waiting, caseId: created.case_id, caseNumber: created.case_number };
    })());

  /** Opens `path` at each width, waits for `ready`, and finds every badge whole. */
  async function checkScreen(
    user: DeskUser,
    name: string,
    path: string,
    ready: (page: Page) => Promise<unknown>,
    expected: RegExp[] = [],
  ): Promise<void> {
    const { page } = await session(user);
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 1080 });
      await page.goto(`${run.desk}${path}`);
      await ready(page);
      const { texts, problems } = await badgesOn(page);
      for (const e of expected)
        assert.ok(
          texts.some((t) => e.test(t)),
          `${name} at ${width} px shows a badge ${e}: ${texts.join(', ')}`,
        );
      assert.deepEqual(problems, [], `${name} at ${width} px: badges cut`);
      await screenshot(page, run.shots, `${name.replace(/\W+/g, '-').toLowerCase()}-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  it('a signed document: its status, the signers table and the validation of its PDF', async () => {
    const { signed } = await made();
    await checkScreen(
      MARTIN,
      'Documento firmado',
      `/documentos/${signed}`,
      async (page) => {
        const validation = page.getByTestId('signature-validation');
        await validation.getByText('Documento auténtico').waitFor({ timeout: 60_000 });
        assert.equal(
          await validation
            .getByRole('row')
            .filter({ has: page.getByText('Válida', { exact: true }) })
            .count(),
          2,
        );
      },
      [/^Válida$/i, /^Firmado$/i, /^Informe$/i],
    );
    const { page } = await session(MARTIN);
    await page.goto(`${run.desk}/documentos/${signed}`);
    await page.getByTestId('signature-validation').getByText('Documento auténtico').waitFor({ timeout: 60_000 });
    await assertAccessible(page, 'Documento firmado (insignias)');
  });

  it('a document waiting for signatures past its deadline: Pendiente and Vencido', async () => {
    const { waiting } = await made();
    await checkScreen(
      LUCIA,
      'Documento en firma',
      `/documentos/${waiting}`,
      (page) => page.getByTestId('signing-deadline').getByText('Vencido').waitFor(),
      [/^Pendiente$/i, /^En firma$/i, /^Vencido$/i],
    );
  });

  it('the pending lists: Inicio and Documentos → Pendientes de firma', async () => {
    const { waiting } = await made();
    await checkScreen(
      LUCIA,
      'Inicio',
      '/',
      (page) => page.locator(`tr[data-document-id="${waiting}"]`).getByText('Vencido').waitFor(),
      [/^Vencido$/i],
    );
    await checkScreen(
      LUCIA,
      'Pendientes de firma',
      '/documentos?vista=pendientes',
      (page) =>
        page
          .getByRole('row')
          .filter({ hasText: `Insignias pendiente ${stamp}` })
          .getByText('Vencido')
          .waitFor(),
      [/^Vencido$/i],
    );
  });

  it('the documents list', async () => {
    await made();
    await checkScreen(
      MARTIN,
      'Documentos',
      '/documentos',
      (page) =>
        page
          .getByRole('row')
          .filter({ hasText: `Insignias firmado ${stamp}` })
          .waitFor(),
      [/^Firmado$/i, /^En firma$/i],
    );
  });

  it('a case and the cases list', async () => {
    const { caseId, caseNumber } = await made();
    await checkScreen(
      MARTIN,
      'Expediente',
      `/expedientes/${caseId}`,
      (page) =>
        page
          .getByRole('link', { name: /^CAEX-\d{4}-/ })
          .first()
          .waitFor({ timeout: 90_000 }),
      [/^Activo$/i, /^Firmado$/i],
    );
    await checkScreen(
      MARTIN,
      'Expedientes',
      '/expedientes',
      (page) => page.getByRole('link', { name: caseNumber }).waitFor(),
      [/^Activo$/i],
    );
  });

  it('notes, users and the calendar', async () => {
    await made();
    await checkScreen(
      LUCIA,
      'Notas',
      '/notas',
      (page) =>
        page
          .getByRole('row')
          .filter({ hasText: `Insignias nota ${stamp}` })
          .getByText('Sin leer')
          .waitFor(),
      [/^Sin leer$/i],
    );
    await checkScreen(MARTIN, 'Usuarios', '/usuarios', (page) =>
      page.getByRole('cell', { name: 'Carlos Gómez' }).waitFor(),
    );
    await checkScreen(
      MARTIN,
      'Calendario',
      '/calendario',
      (page) => page.getByText('Feriado nacional').first().waitFor(),
      [/^Feriado nacional$/i],
    );
  });

  it('Inicio on a phone (390 px): its cards take the whole width, nothing scrolls sideways', async () => {
    const { waiting } = await made();
    const { page } = await session(LUCIA);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${run.desk}/`);
      await page.locator(`tr[data-document-id="${waiting}"]`).first().waitFor();
      const widths = await page.evaluate(() => {
        const g = globalThis as unknown as {
          document: {
            documentElement: { scrollWidth: number; clientWidth: number };
            querySelector(s: string): { getBoundingClientRect(): { width: number } } | null;
            querySelectorAll(s: string): Iterable<{
              textContent: string | null;
              closest(s: string): { getBoundingClientRect(): { width: number } } | null;
            }>;
          };
        };
        const main = g.document.querySelector('main')!.getBoundingClientRect().width;
        const cards = [...g.document.querySelectorAll('h2')]
          .filter((h) => /Pendientes de mi firma|Actividad reciente/.test(h.textContent ?? ''))
          .map((h) => h.closest('.mantine-Card-root')!.getBoundingClientRect().width);
        return {
          main,
          cards,
          overflow: g.document.documentElement.scrollWidth - g.document.documentElement.clientWidth,
        };
      });
      assert.equal(widths.cards.length, 2);
      for (const w of widths.cards)
        assert.ok(w >= widths.main - 40, `a card ${w} px wide in a main of ${widths.main} px`);
      assert.ok(widths.overflow <= 0, `the page scrolls ${widths.overflow} px sideways`);
      await screenshot(page, run.shots, 'inicio-390');
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  });
});
