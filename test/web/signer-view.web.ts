/**
 * What a signer sees under "Documento a firmar" is the file the signature covers: the stored
 * revision, with no BORRADOR watermark, every page as wide as the viewer at most (never cut at the
 * right edge), with zoom and page navigation that work from the keyboard and pass axe.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { createIntegrationDraft } from '../support/documents.js';
import { startSigning } from '../support/communications.js';
import { asIntegration, demoUser, request } from '../support/http.js';
import { pdfInfo, pdfText } from '../support/pdf-tools.js';
import { assertAccessible, deskRun, LUCIA, screenshot } from './support.js';

/** Enough paragraphs for the rendered document to run over two pages or more. */
/**
 * A locator's box, waiting while it has none: a page's canvas is replaced by a new one once it is
 * redrawn (after a zoom or a resize), and Playwright gives no box for the one just detached.
 */
async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  for (const started = Date.now(); Date.now() - started < 10_000; ) {
    const box = await locator.boundingBox();
    if (box) return box;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${locator} has no box after 10 s`);
}

function longHtml(tag: string): string {
  const paragraphs = Array.from(
    { length: 60 },
    (_, i) =>
      `<p>Párrafo ${i + 1} del informe ${tag}: la obra de la calle Güemes avanza según el plan aprobado, con los controles de calidad y seguridad previstos en la normativa municipal vigente.</p>`,
  );
  return `<h1>Informe extenso ${tag}</h1>${paragraphs.join('')}`;
}

describe('the signer sees the exact file to be signed (browser)', function () {
  this.timeout(240_000);
  const run = deskRun('expediente-signer-view-');

  it('shows the stored revision without a watermark, fitted to the viewer, with zoom and page navigation', async () => {
    const tag = String(Date.now());
    const reference = `Informe a firmar ${tag}`;
    const id = await createIntegrationDraft('intendente', { reference });
    const saved = await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers: asIntegration('intendente'),
      json: { content: longHtml(tag), signers: ['directora-obras', 'intendente'].map(demoUser) },
    });
    assert.equal(saved.status, 200, saved.text);
    await startSigning(id, 'intendente');

    // Lucía signs first.
    const { page } = await run.session(LUCIA);
    await page.goto(`${run.desk}/documentos/${id}`);
    await page.getByRole('heading', { name: 'Documento a firmar' }).waitFor();
    await page.getByText('Es exactamente el archivo que su firma cubrirá.').waitFor();
    const viewer = page.getByTestId('pdf-viewer');
    const canvases = page.locator('[data-testid="pdf-pages"] canvas');
    await canvases.first().waitFor();
    const indicator = page.getByTestId('pdf-page-indicator');
    await indicator.and(page.getByRole('group', { name: /^Página 1 de \d+$/ })).waitFor();
    const total = Number(/de (\d+)$/.exec((await indicator.getAttribute('aria-label'))!)![1]);
    assert.ok(total >= 2, `the long document has two pages or more, not ${total}`);
    assert.equal(await canvases.count(), total, 'one canvas per page');

    // The file the desk shows (the viewer's own download) carries no BORRADOR watermark.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Descargar PDF' }).click(),
    ]);
    const file = path.join(run.shots, `a-firmar-${tag}.pdf`);
    await download.saveAs(file);
    const pdf = readFileSync(file);
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(Number(pdfInfo(pdf).Pages), total, 'the viewer shows every page of the file');
    const text = pdfText(pdf);
    assert.match(text, new RegExp(`Informe extenso ${tag}`), 'it is this document');
    assert.doesNotMatch(text, /BORRADOR/i, 'no draft watermark on the file to be signed');

    // Every page fits the viewer's width: nothing cut at the right edge.
    const fits = async (label: string) => {
      const box = await boxOf(viewer);
      for (let i = 0; i < total; i++) {
        const c = await boxOf(canvases.nth(i));
        assert.ok(
          c.width <= box.width + 0.5,
          `${label}: page ${i + 1} is ${c.width}px wide in a viewer of ${box.width}px`,
        );
        assert.ok(
          c.x >= box.x - 0.5 && c.x + c.width <= box.x + box.width + 0.5,
          `${label}: page ${i + 1} lies within the viewer`,
        );
      }
      // Drawn for the screen's pixel density, not blurred up from a smaller bitmap.
      const sharp = await canvases
        .first()
        .evaluate(
          (c) =>
            (c as unknown as { width: number; clientWidth: number }).width >=
            (c as unknown as { clientWidth: number }).clientWidth - 1,
        );
      assert.ok(sharp, `${label}: the canvas bitmap is at least as wide as it is shown`);
    };
    await fits('at 1366 px');
    await page.setViewportSize({ width: 900, height: 900 });
    await page.waitForTimeout(300);
    await fits('at 900 px');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.waitForTimeout(300);
    await fits('back at 1366 px');

    // Zoom: Acercar makes the pages larger and says so; Ajustar al ancho brings them back.
    const zoom = page.getByTestId('pdf-zoom');
    assert.equal((await zoom.innerText()).trim(), '100 %');
    const before = (await boxOf(canvases.first())).width;
    await page.getByRole('button', { name: 'Acercar' }).click();
    await zoom.filter({ hasText: '125 %' }).waitFor();
    const zoomedIn = (await boxOf(canvases.first())).width;
    assert.ok(zoomedIn > before * 1.2, `zoomed in the page grows (${before} → ${zoomedIn})`);
    await page.getByRole('button', { name: 'Alejar' }).click();
    await page.getByRole('button', { name: 'Alejar' }).click();
    await zoom.filter({ hasText: '75 %' }).waitFor();
    assert.ok((await boxOf(canvases.first())).width < before, 'zoomed out the page shrinks');
    await page.getByRole('button', { name: 'Ajustar al ancho' }).click();
    await zoom.filter({ hasText: '100 %' }).waitFor();
    assert.ok(Math.abs((await boxOf(canvases.first())).width - before) < 1, 'fitted to the width again');
    await fits('after fitting to the width');

    // Pages: Página siguiente scrolls to page 2; the number typed takes one to that page.
    await page.getByRole('button', { name: 'Página siguiente' }).click();
    await page.getByRole('group', { name: `Página 2 de ${total}` }).waitFor();
    const second = await boxOf(canvases.nth(1));
    const area = await boxOf(viewer);
    assert.ok(second.y >= area.y - 1 && second.y < area.y + area.height / 2, 'page 2 is at the top of the viewer');
    await page.getByRole('button', { name: 'Página anterior' }).click();
    await page.getByRole('group', { name: `Página 1 de ${total}` }).waitFor();
    // From the keyboard: the page field, Enter.
    const field = page.getByRole('textbox', { name: /Ir a la página/ });
    await field.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(String(total));
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: `Página ${total} de ${total}` }).waitFor();
    assert.equal(await field.inputValue(), String(total));
    // And the zoom buttons from the keyboard.
    await page.getByRole('button', { name: 'Acercar' }).focus();
    await page.keyboard.press('Enter');
    await zoom.filter({ hasText: '125 %' }).waitFor();
    await page.getByRole('button', { name: 'Ajustar al ancho' }).focus();
    await page.keyboard.press('Space');
    await zoom.filter({ hasText: '100 %' }).waitFor();
    // A change of zoom keeps the page being read in view.
    await page.waitForTimeout(300);
    await page.getByRole('group', { name: `Página ${total} de ${total}` }).waitFor();

    await assertAccessible(page, 'Documento a firmar');
    await screenshot(page, run.shots, 'documento-a-firmar');
  });
});
