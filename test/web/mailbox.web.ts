/**
 * Notas and Memos read in a pane beside the list, not in a dialog: the open item is in the address,
 * highlighted in the list and reachable by keyboard; a note names its sectors in full and links its
 * signed PDF as a memo does; "Nueva nota" starts a NOTA draft; axe finds nothing serious and no
 * landmark problem with the pane open.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { sendMemo, sendNote } from '../support/communications.js';
import { asBackend, request } from '../support/http.js';
import { assertAccessible, CARLOS, choose, deskRun, screenshot } from './support.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(
  path.join(path.dirname(require.resolve('axe-core/package.json')), 'axe.min.js'),
  'utf8',
);

/** axe's landmark findings (any impact): every landmark and region rule, moderate ones included. */
async function landmarkFindings(page: Page): Promise<{ id: string; impact: string; targets: string[] }[]> {
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const g = globalThis as unknown as {
      document: unknown;
      axe: {
        run: (
          ctx: unknown,
          opts: unknown,
        ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const r = await g.axe.run(g.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return result.filter((v) => v.id.startsWith('landmark') || v.id === 'region');
}

/** The link's file, fetched as the browser would: a PDF. */
async function assertPdfLink(page: Page, pane: ReturnType<Page['getByRole']>): Promise<void> {
  const link = pane.getByRole('link', { name: 'PDF firmado' });
  await link.waitFor();
  const href = await link.getAttribute('href');
  assert.ok(href, 'the link has an address');
  const res = await page.context().request.get(new URL(href, page.url()).href);
  assert.equal(res.status(), 200, `the signed PDF downloads (${href})`);
  const bytes = await res.body();
  assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-', 'it is a PDF');
}

describe('notes and memos: a reading pane, a new-draft button, full recipient names (browser)', function () {
  this.timeout(240_000);
  const run = deskRun('expediente-mailbox-');
  const tag = randomUUID().slice(0, 8);
  const noteSubject = `Nota a Mesa ${tag}`;
  const memoSubject = `Memo para Carlos ${tag}`;

  before(async () => {
    await sendNote('intendente', { to: ['MESA'] }, { reference: noteSubject });
    await sendMemo('intendente', { to: ['agente-mesa'] }, { reference: memoSubject });
  });

  it('a note opens in the pane: full sector name, signed PDF, kept in the address, no dialog', async () => {
    const { page } = await run.session(CARLOS);
    await page.goto(`${run.desk}/notas`);
    await page.getByRole('heading', { name: 'Notas', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: noteSubject });
    await row.getByText('Sin leer').waitFor();
    const open = row.getByRole('button', { name: noteSubject });
    await open.click();

    const pane = page.getByRole('region', { name: `Nota: ${noteSubject}` });
    await pane.waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog: the note is read in the page');
    await pane.getByText('Para: Mesa de Entradas (MESA)').waitFor();
    await pane.getByText(/De: Martín Álvarez \(Intendencia\)/).waitFor();
    assert.match(page.url(), /\/notas\?id=[0-9a-f-]{36}$/, 'the address names the open note');
    assert.equal(await open.getAttribute('aria-current'), 'true', 'the open note is marked in the list');
    // The pane sits in the page's main landmark.
    assert.equal(
      await page
        .getByRole('main')
        .getByRole('region', { name: `Nota: ${noteSubject}` })
        .count(),
      1,
    );
    await assertPdfLink(page, pane);
    // Opening it marked it read.
    await row.getByText('Sin leer').waitFor({ state: 'detached' });

    await assertAccessible(page, 'Notas con una nota abierta');
    assert.deepEqual(await landmarkFindings(page), [], 'Notas: no landmark findings with the pane open');
    await screenshot(page, run.shots, '01-nota-panel');

    // A reload (or a shared link) opens the same note.
    await page.reload();
    await page
      .getByRole('region', { name: `Nota: ${noteSubject}` })
      .getByText('Para: Mesa de Entradas (MESA)')
      .waitFor();
    // Escape closes the pane and the address follows.
    await page
      .getByRole('region', { name: `Nota: ${noteSubject}` })
      .getByRole('button', { name: 'Cerrar' })
      .focus();
    await page.keyboard.press('Escape');
    await pane.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).search, '');
  });

  it('a memo opens in the pane by keyboard: recipients by full name, signed PDF, no dialog', async () => {
    const { page } = await run.session(CARLOS);
    await page.goto(`${run.desk}/memos`);
    await page.getByRole('heading', { name: 'Memos', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: memoSubject });
    const open = row.getByRole('button', { name: memoSubject });
    await open.focus();
    await page.keyboard.press('Enter');

    const pane = page.getByRole('region', { name: `Memo: ${memoSubject}` });
    await pane.waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog: the memo is read in the page');
    await pane.getByText(/Para: Carlos Gómez/).waitFor();
    assert.match(page.url(), /\/memos\?id=[0-9a-f-]{36}$/);
    assert.equal(await open.getAttribute('aria-current'), 'true');
    // The pane's heading takes the focus, so reading goes on from there.
    assert.equal(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id,
      ),
      'mailbox-pane-title',
    );
    await assertPdfLink(page, pane);
    // Beside the pane the list keeps subject and date, the sender and number under the subject:
    // nothing scrolls sideways at 1280 px.
    await page.setViewportSize({ width: 1280, height: 800 });
    await row.getByText(/Remitente: Martín Álvarez/).waitFor();
    const sideways = await page.evaluate(() => {
      const g = globalThis as unknown as {
        document: { querySelectorAll(s: string): Iterable<{ scrollWidth: number; clientWidth: number }> };
      };
      return [
        ...g.document.querySelectorAll('.mantine-ScrollArea-viewport, .mantine-Table-scrollContainer, main'),
      ].filter((e) => e.scrollWidth > e.clientWidth + 1).length;
    });
    assert.equal(sideways, 0, 'no sideways scroll with the pane open');

    await assertAccessible(page, 'Memos con un memo abierto');
    assert.deepEqual(await landmarkFindings(page), [], 'Memos: no landmark findings with the pane open');
    await screenshot(page, run.shots, '02-memo-panel');
  });

  it('"Nueva nota" starts a NOTA draft from the Notas screen', async () => {
    const { page } = await run.session(CARLOS);
    await page.goto(`${run.desk}/notas`);
    await page.getByRole('button', { name: 'Nueva nota' }).click();
    const form = page.getByRole('form', { name: 'Borrador de nota' });
    await form.waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0);
    const reference = `Nota nueva ${tag}`;
    await form.getByLabel('Referencia').fill(reference);
    await choose(page, 'Para', /Dirección de Rentas/);
    await assertAccessible(page, 'Nueva nota');
    await screenshot(page, run.shots, '03-nueva-nota');
    await form.getByRole('button', { name: 'Crear borrador' }).click();
    await page.waitForURL(/\/documentos\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    const details = await request(`/api/v1/documents/${id}/details`, { headers: asBackend('agente-mesa') });
    assert.equal(details.status, 200, details.text);
    assert.equal(details.body.data.document_type.acronym, 'NOTA');
    assert.equal(details.body.data.reference, reference);

    // Memos has its own button.
    await page.goto(`${run.desk}/memos`);
    await page.getByRole('button', { name: 'Nuevo memo' }).click();
    await page.getByRole('form', { name: 'Borrador de memo' }).waitFor();
  });
});
