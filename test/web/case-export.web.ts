/**
 * "Exportar expediente" on the case screen, in a real browser against the real stack: the export
 * runs with its progress shown, then the complete PDF and the BagIt package are offered with
 * their SHA-256, and both links download what they say.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createCaseBackend, template } from '../support/cases.js';
import { assertAccessible, deskRun, LUCIA, screenshot } from './support.js';

describe('the case export on the desk (browser)', function () {
  this.timeout(240_000);
  const run = deskRun('expediente-desk-case-export-');

  it('exports the case file and offers the complete PDF and the BagIt package with their SHA-256', async () => {
    const created = await createCaseBackend('directora-obras', {
      case_template_id: template('PEROB'),
      reference: `Obra para exportar ${Date.now()}`,
    });
    const { page } = await run.session(LUCIA);
    await page.goto(`${run.desk}/expedientes/${created.case.case_id}`);
    await page.getByRole('heading', { name: created.case.case_number }).waitFor();

    const box = page.getByTestId('case-export');
    await box.getByRole('button', { name: 'Exportar expediente' }).click();
    const pdfLink = box.getByRole('link', { name: 'Expediente completo (PDF)' });
    await pdfLink.waitFor({ timeout: 90_000 });
    await box.getByText(/exportación lista/).waitFor();
    const shaTexts = await box.getByText(/^SHA-256 [0-9a-f]{64}$/).allTextContents();
    assert.equal(shaTexts.length, 2);
    const pdf = Buffer.from(await (await fetch((await pdfLink.getAttribute('href'))!)).arrayBuffer());
    const zipped = await fetch((await box.getByRole('link', { name: 'Paquete BagIt (ZIP)' }).getAttribute('href'))!);
    assert.equal(zipped.headers.get('content-type'), 'application/zip');
    assert.match(zipped.headers.get('content-disposition') ?? '', /^attachment; filename="expediente-.+\.zip"$/);
    const zip = Buffer.from(await zipped.arrayBuffer());
    const sha = (b: Buffer) => `SHA-256 ${createHash('sha256').update(b).digest('hex')}`;
    assert.deepEqual(shaTexts, [sha(pdf), sha(zip)]);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.equal(zip.subarray(0, 2).toString(), 'PK');
    await assertAccessible(page, 'Expediente: exportación');
    await screenshot(page, run.shots, 'expediente-exportacion');
  });
});
