/**
 * The case file's index on the case screen, in a real browser against the real stack: the
 * foliated documents with their folios, the signed index PDF of the version shown, and "Anular"
 * for an editor of the owner sector, after which the entry stays, marked, in a new signed version.
 */
import assert from 'node:assert/strict';
import { createCaseBackend, template } from '../support/cases.js';
import { asBackend, request } from '../support/http.js';
import { until } from '../support/until.js';
import { officialDocument } from '../records/support.js';
import { assertAccessible, deskRun, LUCIA, screenshot } from './support.js';

describe('the case file index on the desk (browser)', function () {
  this.timeout(240_000);
  const run = deskRun('expediente-desk-case-index-');
  const stamp = Date.now();

  it('lists the foliated documents with the signed index PDF and annuls one with its reason', async () => {
    const created = await createCaseBackend('directora-obras', {
      case_template_id: template('PEROB'),
      reference: `Obra foliada ${stamp}`,
    });
    const official = await officialDocument('directora-obras', `Informe foliado ${stamp}`);
    const linked = await request(`/api/v1/cases/${created.case.case_id}/link-document`, {
      method: 'POST',
      headers: asBackend('directora-obras'),
      json: { document_id: official.id },
    });
    assert.equal(linked.status, 200, linked.text);
    const { page } = await run.session(LUCIA);
    await page.goto(`${run.desk}/expedientes/${created.case.case_id}`);
    await page.getByRole('heading', { name: created.case.case_number }).waitFor();

    const index = page.getByTestId('case-index');
    const entries = index.getByTestId('index-entry');
    await entries.filter({ hasText: official.number }).waitFor();
    assert.equal(await entries.count(), 2);
    await entries.first().getByRole('link', { name: created.cover.official_number }).waitFor();
    // Signed in the background: the screen looks again until the link to the signed PDF is there.
    const pdfLink = index.getByRole('link', { name: /Índice firmado, versión \d+ \(PDF\)/ });
    await pdfLink.waitFor({ timeout: 60_000 });
    const pdf = await fetch((await pdfLink.getAttribute('href'))!);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    await assertAccessible(page, 'Expediente: índice');
    await screenshot(page, run.shots, 'expediente-indice');

    const version = Number((await pdfLink.textContent())!.match(/versión (\d+)/)![1]);
    await entries.filter({ hasText: official.number }).getByRole('button', { name: 'Anular' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anular fojas' });
    await dialog.getByRole('textbox', { name: 'Motivo de la anulación' }).fill('Vinculado por error');
    await dialog.getByRole('button', { name: 'Anular' }).click();
    await page.getByText(`Fojas anuladas: índice versión ${version + 1}`).waitFor();
    await entries.filter({ hasText: official.number }).getByText('Anulado: Vinculado por error').waitFor();
    assert.equal(await entries.count(), 2);
    await index
      .getByRole('link', { name: `Índice firmado, versión ${version + 1} (PDF)` })
      .waitFor({ timeout: 60_000 });

    // An earlier version is still there to look at, as it was.
    await until('the earlier version listed', async () =>
      (await index.getByRole('textbox', { name: 'Versión del índice' }).count()) ? true : undefined,
    );
  });
});
