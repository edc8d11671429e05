/**
 * The desk shows the API's refusals in proper Spanish while the API keeps the spec's wording: a
 * file named .pdf that is not a PDF, imported from the desk, reads "El archivo no es un PDF
 * válido" on screen; the same upload to the backend API still answers "...PDF valido".
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DOCUMENT_MESSAGES } from '../../domain/documents/messages.js';
import { pdfForm } from '../support/documents.js';
import { asBackend, request } from '../support/http.js';
import { assertAccessible, deskRun, MARTIN } from './support.js';

describe("API refusals in the desk's Spanish (browser)", function () {
  this.timeout(120_000);
  const run = deskRun('expediente-desk-messages-');

  it("importing a file that is not a PDF: the desk says so with its accent, the API keeps the spec's words", async () => {
    const bytes = Buffer.from('Esto es texto, no un PDF.\n');
    const file = path.join(run.shots, 'escrito.pdf');
    writeFileSync(file, bytes);

    const api = await request('/api/v1/documents/import', {
      method: 'POST',
      headers: asBackend('intendente'),
      form: pdfForm(
        { document_type_acronym: 'INF', reference: 'Escrito que no es PDF' },
        { bytes, name: 'escrito.pdf' },
      ),
    });
    assert.equal(api.status, 400, api.text);
    assert.equal(api.body.message, DOCUMENT_MESSAGES.pdfInvalid);
    assert.equal(DOCUMENT_MESSAGES.pdfInvalid, 'El archivo no es un PDF valido');

    const { page } = await run.session(MARTIN);
    await page.goto(`${run.desk}/documentos/nuevo`);
    await page.locator('label', { hasText: 'Importar un PDF' }).click();
    await page.getByLabel('Referencia').fill('Escrito que no es PDF');
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('button', { name: 'Importar borrador' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'No se pudo importar el PDF' });
    await alert.waitFor();
    assert.equal(
      (await alert.innerText()).replace(/\s+/g, ' ').trim(),
      'No se pudo importar el PDF El archivo no es un PDF válido',
    );
    assert.ok(page.url().endsWith('/documentos/nuevo'), 'still on the form');
    await assertAccessible(page, 'Importación rechazada');
  });
});
