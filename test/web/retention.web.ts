/**
 * Archiving and Conservación in the desk: an editor of the owner sector archives a case from its
 * screen after confirming; an administrator sets a case type's retention period and finds, in
 * Conservación, the archived case whose period has ended.
 */
import { tenantDb } from '../../db/tenancy.js';
import { createCase, newCaseTemplate } from '../support/cases.js';
import { getStack } from '../support/hooks.js';
import { assertAccessible, deskRun, LUCIA, MARTIN, screenshot } from './support.js';

describe('Conservación: archiving a case and the retention list (browser)', function () {
  this.timeout(180_000);
  const run = deskRun('expediente-retention-');

  it('an editor archives a case; the administrator sets the period and sees the case once it has passed', async () => {
    // A case type of its own: a seeded type's period stays as other suites expect it.
    const own = await newCaseTemplate();
    const c = await createCase('agente-obras', {
      case_template_id: own.id,
      reference: 'Trámite archivado desde el escritorio',
    });
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
    const years = page.getByRole('textbox', { name: `Años de conservación de ${own.name}` });
    await years.fill('5');
    await years.locator('xpath=ancestor::tr').getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Plazo de conservación actualizado').waitFor();
    await page.getByRole('link', { name: c.case_number }).waitFor();
    await assertAccessible(page, 'Conservación');
    await screenshot(page, run.shots, 'conservacion');
  });
});
