/**
 * Municipio in the desk: an administrator uploads the municipality's logo, sees it there, and a
 * citizen verifying one of its documents sees it beside the municipality's name on the public
 * page; a file that is not an image is refused with the server's reason.
 */
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { officialDocument } from '../records/support.js';
import { getStack } from '../support/hooks.js';
import { asBackend, request } from '../support/http.js';
import { pngLogo } from '../support/logo.js';
import { assertAccessible, deskRun, MARTIN, screenshot } from './support.js';
import { printedVerificationCodeOf } from '../support/verification-codes.js';

/** The size of the picture an <img> loaded, once it has (the test's own types have no DOM). */
function loadedSize(img: Locator): Promise<{ width: number; height: number }> {
  return img.evaluate(
    (el) =>
      new Promise((resolve) => {
        const image = el as unknown as {
          complete: boolean;
          naturalWidth: number;
          naturalHeight: number;
          addEventListener(type: string, fn: () => void): void;
        };
        // No named functions in here: the test's transpiler would wrap them in a helper the page lacks.
        if (image.complete) resolve({ width: image.naturalWidth, height: image.naturalHeight });
        else image.addEventListener('load', () => resolve({ width: image.naturalWidth, height: image.naturalHeight }));
      }),
  );
}

describe('Municipio: the logo on the public verification page, set in the desk (browser)', function () {
  this.timeout(180_000);
  const run = deskRun('expediente-logo-');
  let code: string;

  before(async () => {
    const doc = await officialDocument('intendente', 'Certificado verificado con logo');
    code = await printedVerificationCodeOf(doc.id);
  });

  after(async () => {
    await request('/api/v1/admin/municipality/logo', { method: 'DELETE', headers: asBackend('intendente') });
  });

  it('an administrator uploads the logo and the public page shows it', async () => {
    const municipality = getStack().demoTenant.displayName;
    const { page, context } = await run.session(MARTIN);
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Municipio' }).click();
    await page.getByRole('heading', { name: 'Municipio', level: 1 }).waitFor();
    await page.getByText('El municipio no tiene logo').waitFor();
    await assertAccessible(page, 'Municipio');

    // Not an image: the server's reason is shown, nothing is stored.
    const input = page.locator('input[type=file]');
    await input.setInputFiles({
      name: 'escudo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await page.getByRole('button', { name: 'Guardar logo' }).click();
    await page.getByRole('alert').filter({ hasText: 'El logo debe ser una imagen PNG o JPEG' }).waitFor();

    await input.setInputFiles({ name: 'escudo.png', mimeType: 'image/png', buffer: pngLogo(160, 80) });
    await page.getByRole('button', { name: 'Guardar logo' }).click();
    await page.getByText('Logo del municipio guardado').waitFor();
    const preview = page.getByRole('img', { name: `Logo actual de ${municipality}` });
    await preview.waitFor();
    assert.deepEqual(await loadedSize(preview), { width: 160, height: 80 }, 'the desk shows the stored logo');
    await page.getByText(/PNG, 160 × 80 píxeles/).waitFor();
    await assertAccessible(page, 'Municipio con logo');
    await screenshot(page, run.shots, 'municipio');

    const citizen = await context.newPage();
    try {
      await citizen.goto(`${run.desk}/verificar/${code}`);
      const logo = citizen.getByRole('img', { name: `Logo de ${municipality}` });
      await logo.waitFor();
      assert.deepEqual(await loadedSize(logo), { width: 160, height: 80 }, 'the public page loads the logo');
      assert.match(await citizen.locator('.municipality').innerText(), new RegExp(municipality));
      await screenshot(citizen, run.shots, 'verificacion-con-logo');
    } finally {
      await citizen.close();
    }

    await page.getByRole('button', { name: 'Quitar logo' }).click();
    await page.getByText('Logo del municipio quitado').waitFor();
    await page.getByText('El municipio no tiene logo').waitFor();
  });
});
