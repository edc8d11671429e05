/**
 * Personal signatures in the desk: an administrator sets a user to sign with their own
 * certificate (Usuarios, seen in Firma); her batch from Inicio is authorised with one e-mailed code;
 * from a document's screen the code dialog opens, a wrong code is refused with the
 * server's words, a new code is sent, and the code read from MailDev signs; the signers' table then
 * says "Firma personal · <her name>". An administrator also gives a user "de baja" after confirming.
 */
import assert from 'node:assert/strict';
import { tenantDb } from '../../db/tenancy.js';
import { startSigning } from '../support/communications.js';
import { newSigningCode } from '../support/csc.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { getStack } from '../support/hooks.js';
import { asBackend, demoSector, request } from '../support/http.js';
import { until } from '../support/until.js';
import { newUser, type NewUser } from '../support/users.js';
import { assertAccessible, choose, deskRun, deskUserOf, MARTIN, screenshot } from './support.js';

describe('Personal signatures: the code dialog, how each signature was made, and their administration (browser)', function () {
  this.timeout(240_000);
  const run = deskRun('expediente-personal-signatures-');

  /**
   * The signer set to personal is one of the suite's own: a seeded user's mode stays as other
   * suites expect it, however this ends.
   */
  let lucia: NewUser;
  before(async () => {
    lucia = await newUser({ fullName: 'Lucía Escritorio', role: 'director', seal: 'Directora de Obras Particulares' });
  });
  // The municipality's mode is the demo tenant's, shared by every suite: seal again.
  after(async () => {
    await request('/api/v1/admin/signatures', {
      method: 'PUT',
      headers: asBackend('intendente'),
      json: { default_mode: 'seal' },
    });
  });

  it('an administrator sets a user to personal; she signs with the code e-mailed to her and the details say so', async () => {
    const admin = (await run.session(MARTIN)).page;
    await admin.goto(`${run.desk}/usuarios`);
    await admin.getByRole('heading', { name: 'Usuarios', level: 1 }).waitFor();
    await choose(admin, `Modo de firma de ${lucia.fullName}`, 'Firma personal');
    await admin.getByText(`${lucia.fullName}: firma personal`).waitFor();
    await assertAccessible(admin, 'Usuarios con el modo de firma');

    // Firma lists her among the users set apart from the municipality's mode.
    await admin
      .getByRole('navigation', { name: 'Secciones' })
      .getByRole('link', { name: 'Firma', exact: true })
      .click();
    await admin.getByRole('heading', { name: 'Firma', level: 1 }).waitFor();
    await admin
      .getByRole('radio', { name: /^Sello del municipio/ })
      .and(admin.locator(':checked'))
      .waitFor();
    const setApart = admin.getByRole('region', { name: 'Usuarios con otro modo' });
    await setApart.getByRole('row', { name: new RegExp(`${lucia.fullName}.*Firma personal`) }).waitFor();
    await assertAccessible(admin, 'Firma');
    await screenshot(admin, run.shots, 'firma');
    // The municipality's mode changes and comes back (restored by the after hook should this fail).
    const saveDefault = admin
      .getByRole('region', { name: 'Modo de firma del municipio' })
      .getByRole('button', { name: 'Guardar' });
    await admin.getByRole('radio', { name: /^Firma personal/ }).check();
    await saveDefault.click();
    await admin.getByText('Modo de firma del municipio actualizado').first().waitFor();
    await setApart.getByText('Los demás firman con el modo del municipio (firma personal)').waitFor();
    await admin.getByRole('radio', { name: /^Sello del municipio/ }).check();
    await saveDefault.click();
    await setApart.getByText('Los demás firman con el modo del municipio (sello del municipio)').waitFor();

    // Two documents in signing whose only signer (and numerator) is Lucía.
    const inBatch = await prepareIntegrationDraft('agente-obras', [lucia.id], {
      reference: `Firma personal en lote ${Date.now()}`,
    });
    await startSigning(inBatch, 'agente-obras');
    const id = await prepareIntegrationDraft('agente-obras', [lucia.id], {
      reference: `Firma personal desde el escritorio ${Date.now()}`,
    });
    await startSigning(id, 'agente-obras');

    const { page } = await run.session(deskUserOf(lucia));
    // Signing in a batch from Inicio: the signature is prepared, one code authorises the batch.
    await page.goto(`${run.desk}/`);
    const pending = page
      .getByRole('table', { name: 'Documentos pendientes de mi firma' })
      .locator(`tr[data-document-id="${inBatch}"]`);
    await pending.getByRole('checkbox').check();
    const batchCode = await newSigningCode(getStack(), lucia.email, () =>
      page.getByRole('button', { name: 'Firmar seleccionados (1)' }).click(),
    );
    const batchDialog = page.getByRole('dialog', { name: 'Firma con su certificado personal' });
    await batchDialog.getByText('Sus 1 firma están preparadas.', { exact: false }).waitFor({ timeout: 60_000 });
    await assertAccessible(page, 'Firma personal en lote: el código');
    await batchDialog.getByRole('textbox', { name: 'Código de autorización' }).fill(batchCode.code);
    await batchDialog.getByRole('button', { name: 'Autorizar' }).click();
    await batchDialog.waitFor({ state: 'hidden', timeout: 60_000 });
    await page
      .getByTestId('batch-outcomes')
      .locator(`li[data-document-id="${inBatch}"]`)
      .getByText(/^Numerado .*-MVE-/)
      .waitFor({ timeout: 60_000 });

    await page.goto(`${run.desk}/documentos/${id}`);
    await page.getByRole('heading', { name: 'Documento a firmar' }).waitFor();
    const first = await newSigningCode(getStack(), lucia.email, () =>
      page.getByRole('button', { name: 'Firmar y numerar' }).click(),
    );
    const dialog = page.getByRole('dialog', { name: 'Firma con su certificado personal' });
    await dialog.getByText('Le enviamos un código por e-mail.').waitFor();
    await assertAccessible(page, 'Firma personal: el código');
    await screenshot(page, run.shots, 'codigo');

    // A wrong code: the server's words, with the tries left.
    const input = dialog.getByRole('textbox', { name: 'Código de autorización' });
    await input.fill(first.code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Autorizar' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Código de autorización incorrecto (le quedan 2 intentos)' })
      .waitFor();

    // A new code replaces the first; the first no longer signs.
    const second = await newSigningCode(getStack(), lucia.email, () =>
      dialog.getByRole('button', { name: 'Enviar un código nuevo' }).click(),
    );
    await dialog.getByText('Le enviamos un código nuevo').waitFor();
    assert.equal(await input.inputValue(), '', 'the field is emptied for the new code');

    await input.fill(second.code);
    await dialog.getByRole('button', { name: 'Autorizar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const number = page.getByTestId('official-number');
    await number.waitFor({ timeout: 60_000 });
    assert.match((await number.textContent())!.trim(), /-MVE-/);

    // How it was made: her own certificate, named by its subject's CN, with its CUIT or serial.
    await page
      .getByTestId('signature-kind')
      .filter({ hasText: `Firma personal · ${lucia.fullName}` })
      .waitFor();
    assert.match(
      await page.getByTestId('personal-certificates').innerText(),
      new RegExp(`${lucia.fullName}: (CUIT \\d+ · )?N\\.º de serie [0-9A-F]+`),
    );
    await page.getByTestId('signature-validation').waitFor({ timeout: 60_000 });
    await assertAccessible(page, 'Documento firmado con firma personal');
    await screenshot(page, run.shots, 'firmado');

    // Back to the municipality's mode, from Firma.
    await admin.getByRole('button', { name: `Usar el del municipio para ${lucia.fullName}` }).click();
    await admin.getByText(`${lucia.fullName} firma ahora con el modo del municipio`).waitFor();
    await setApart.getByText('Ningún usuario tiene un modo propio.').waitFor();
  });

  it('an administrator gives a user "de baja" after a confirmation that says what stays valid', async () => {
    const email = `baja-${Date.now()}@pruebas.example`;
    const fullName = `Agente de Baja ${Date.now() % 100_000}`;
    const made = await request('/api/v1/users', {
      method: 'POST',
      headers: asBackend('intendente'),
      json: { email, full_name: fullName, role: 'empleado', sector_id: demoSector('MESA') },
    });
    assert.ok([201, 202].includes(made.status), made.text);
    const db = tenantDb(getStack().db, getStack().demoTenant);
    await until(
      'the user saved',
      () =>
        db
          .transaction((trx) => trx('users').where({ email }).first<{ id: string } | undefined>('id'))
          .then((u) => u?.id),
      30_000,
    );

    const { page } = await run.session(MARTIN);
    await page.goto(`${run.desk}/usuarios`);
    await page.getByRole('textbox', { name: /Buscar usuarios/ }).fill(fullName);
    await page.getByRole('row').filter({ hasText: fullName }).getByRole('button', { name: 'Dar de baja' }).click();
    const dialog = page.getByRole('dialog', { name: `¿Dar de baja a ${fullName}?` });
    await dialog.getByText('Lo que ya firmó sigue siendo válido. Su certificado de firma personal se revoca').waitFor();
    await assertAccessible(page, 'Dar de baja');
    await dialog.getByRole('button', { name: 'Dar de baja' }).click();
    await page.getByText(`${fullName}: Usuario dado de baja`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = await db.transaction((trx) => trx('users').where({ email }).first<{ is_active: boolean }>('is_active'));
    assert.equal(row?.is_active, false);
  });
});
