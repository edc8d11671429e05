/**
 * Archiving and Conservación in the desk: an editor of the owner sector archives a case from its
 * screen after confirming; an administrator sets a case type's retention period and finds, in
 * Conservación, the archived case whose period has ended.
 */
import { tenantDb } from '../../db/tenancy.js';
import { createCase, template } from '../support/cases.js';
import { getStack } from '../support/hooks.js';
import { asBackend, request } from '../support/http.js';
import { assertAccessible, deskRun, LUCIA, MARTIN, screenshot } from './support.js';

describe('Conservación: archiving a case and the retention list (browser)', function () {
  this.timeout(180_000);
  const run = deskRun('expediente-retention-');

  after(async () => {
    await request(`/api/v1/admin/case-templates/${template('PEROB')}/retention`, {
      method: 'PUT',
      headers: asBackend('intendente'),
      json: { retention_years: null },
    });
  });

  it('an editor archives a case; the administrator sets the period and sees the case once it has passed', async () => {
    const c = await createCase('agente-obras', { reference: 'Permiso de obra archivado desde el escritorio' });
    const lucia = (await run.session(LUCIA)).page;
    await lucia.goto(`${run.desk}/expedientes/${c.case_id}`);
    await lucia.getByRole('heading', { name: c.case_number, level: 1 }).waitFor();
    await lucia.getByRole('button', { name: 'Archivar', exact: true }).click();
    const dialog = lucia.getByRole('dialog', { name: `Archivar ${c.case_number}` });
    await dialog.getByText('queda archivado para siempre').waitFor();
    await assertAccessible(lucia, 'Archivar expediente');
    await dialog.getByRole('button', { name: 'Archivar expediente' }).click();
    await lucia.getByText(`Expediente ${c.case_number} archivado`).waitFor();
    await lucia.getByRole('button', { name: 'Archivar', exact: true }).waitFor({ state: 'detached' });

    // Eight years later, as far as the retention is concerned.
    await tenantDb(getStack().db, getStack().demoTenant).transaction((trx) =>
      trx('cases')
        .where({ id: c.case_id })
        .update({ archived_at: trx.raw(`now() - interval '8 years'`) }),
    );

    const { page } = await run.session(MARTIN);
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Conservación' }).click();
    await page.getByRole('heading', { name: 'Conservación', level: 1 }).waitFor();
    const years = page.getByRole('textbox', { name: /^Años de conservación de .*Permiso de obra/i });
    await years.fill('5');
    await years.locator('xpath=ancestor::tr').getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Plazo de conservación actualizado').waitFor();
    await page.getByRole('link', { name: c.case_number }).waitFor();
    await assertAccessible(page, 'Conservación');
    await screenshot(page, run.shots, 'conservacion');
  });
});
