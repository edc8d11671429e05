/**
 * axe-core with each of the desk's dialogs open: deleting a draft, rejecting a document, the new
 * case and new record forms, a case's assign / close-assignment / transfer dialogs, a record's
 * state and field-verification dialogs (with a refusal shown), an API key's revocation and
 * history, a user's invitation status, the account menu, the new-document form, and a list of
 * choices open on a page and over a dialog. Each must have no critical or serious finding and,
 * the lists of choices aside, no landmark finding of any impact. Fixtures are made
 * through the HTTP APIs; the dialogs are opened as a user would.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { createCaseBackend, template } from '../support/cases.js';
import { startSigning } from '../support/communications.js';
import { createBackendDraft, prepareIntegrationDraft } from '../support/documents.js';
import { asBackend, request } from '../support/http.js';
import { createRecord } from '../records/support.js';
import { assertAccessible, choose, deskRun, LUCIA, MARTIN, screenshot, type DeskUser } from './support.js';

/** axe's landmark findings (region and landmark-* rules, any impact), with axe already on the page. */
async function landmarkFindings(page: Page): Promise<{ id: string; impact: string; targets: string[] }[]> {
  return page.evaluate(async () => {
    const g = globalThis as unknown as {
      document: unknown;
      axe: {
        getRules: () => { ruleId: string }[];
        run: (
          ctx: unknown,
          opts: unknown,
        ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const rules = g.axe
      .getRules()
      .map((r) => r.ruleId)
      .filter((id) => id === 'region' || id.startsWith('landmark'));
    const r = await g.axe.run(g.document, { runOnly: { type: 'rule', values: rules } });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
}

describe('axe with every dialog of the desk open (browser)', function () {
  this.timeout(300_000);
  const run = deskRun('expediente-desk-dialogs-');
  const session = (user: DeskUser) => run.session(user);
  const stamp = Date.now();

  /**
   * With `dialog` shown: nothing serious or critical and, unless told otherwise, no landmark finding;
   * a screenshot for review. An open list of choices is Mantine's popup in a portal at the end of
   * the body, outside every landmark (axe's moderate `region`): it is checked for the serious rules.
   */
  async function checkOpen(
    page: Page,
    dialog: Locator,
    name: string,
    options: { landmarks?: boolean } = {},
  ): Promise<void> {
    await dialog.waitFor();
    await assertAccessible(page, name);
    if (options.landmarks !== false) assert.deepEqual(await landmarkFindings(page), [], `${name}: landmark findings`);
    await screenshot(page, run.shots, name.replace(/\W+/g, '-').toLowerCase());
  }

  it('a draft: the delete dialog; the new-document form; the account menu', async () => {
    const { page } = await session(MARTIN);
    await page.goto(`${run.desk}/documentos/nuevo`);
    await checkOpen(page, page.getByLabel('Referencia'), 'Nuevo documento');

    // A list of choices open on a page.
    await page.getByRole('textbox', { name: 'Tipo de documento' }).click();
    await checkOpen(page, page.getByRole('listbox'), 'Nuevo documento: tipos', { landmarks: false });
    await page.keyboard.press('Escape');

    const id = await createBackendDraft('intendente', { reference: `Borrador de diálogos ${stamp}` });
    await page.goto(`${run.desk}/documentos/${id}`);
    await page.getByRole('button', { name: 'Eliminar borrador' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar este borrador?' });
    await checkOpen(page, confirm, 'Eliminar borrador');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Cuenta de ${MARTIN.name}` }).click();
    await checkOpen(page, page.getByRole('menu'), 'Menú de la cuenta');
    await page.keyboard.press('Escape');
  });

  it("a document in signing: the signer's rejection dialog", async () => {
    const id = await prepareIntegrationDraft('intendente', ['directora-obras'], {
      reference: `Para rechazar ${stamp}`,
    });
    await startSigning(id, 'intendente');
    const { page } = await session(LUCIA);
    await page.goto(`${run.desk}/documentos/${id}`);
    await page.getByRole('button', { name: 'Rechazar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rechazar el documento' });
    await checkOpen(page, dialog, 'Rechazar documento');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });

  it("cases: the new-case form, and a case's assign, close-assignment and transfer dialogs", async () => {
    const { page } = await session(LUCIA);
    await page.goto(`${run.desk}/expedientes`);
    await page.getByRole('button', { name: 'Nuevo expediente' }).click();
    const create = page.getByRole('dialog', { name: 'Nuevo expediente' });
    await checkOpen(page, create, 'Nuevo expediente');
    // A list of choices open over the dialog.
    await create.getByRole('textbox', { name: 'Tipo de trámite' }).click();
    await checkOpen(page, page.getByRole('listbox'), 'Nuevo expediente: tipos de trámite', { landmarks: false });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await create.waitFor({ state: 'detached' });

    const created = await createCaseBackend('directora-obras', {
      case_template_id: template('PEROB'),
      reference: `Diálogos del expediente ${stamp}`,
    });
    await page.goto(`${run.desk}/expedientes/${created.case.case_id}`);
    await page.getByRole('button', { name: 'Asignar tarea' }).click();
    const assign = page.getByRole('dialog', { name: 'Asignar una tarea' });
    await checkOpen(page, assign, 'Asignar tarea');
    await assign.getByRole('textbox', { name: 'Sector de destino' }).click();
    const target = (await page.getByRole('option').first().innerText()).trim();
    await page.getByRole('option').first().click();
    await assign.getByRole('textbox', { name: 'Motivo' }).fill('Revisar los planos presentados');
    await assign.getByRole('button', { name: 'Asignar' }).click();
    await assign.waitFor({ state: 'detached' });

    const acronym = /\(([^)]+)\)$/.exec(target)![1]!;
    await page.getByRole('button', { name: `Cerrar asignación a ${acronym}` }).click();
    const close = page.getByRole('dialog', { name: 'Cerrar la asignación' });
    await checkOpen(page, close, 'Cerrar asignación');
    await page.keyboard.press('Escape');
    await close.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Transferir' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transferir el expediente' });
    await choose(page, 'Sector de destino', target);
    await checkOpen(page, transfer, 'Transferir expediente');
    await page.keyboard.press('Escape');
  });

  it("records: the new-record form, a record's state dialog and its field verification with a refusal shown", async () => {
    const { page } = await session(LUCIA);
    await page.goto(`${run.desk}/legajos`);
    await page.getByRole('button', { name: 'Nuevo legajo' }).click();
    const create = page.getByRole('dialog', { name: 'Nuevo legajo' });
    await checkOpen(page, create, 'Nuevo legajo');
    await page.keyboard.press('Escape');
    await create.waitFor({ state: 'detached' });

    const record = await createRecord('directora-obras', 'LUM', `Luminaria de diálogos ${stamp}`);
    await page.goto(`${run.desk}/legajos/${record.id}`);
    await page.getByRole('heading', { name: record.record_number }).waitFor();
    await page.getByRole('button', { name: 'Cambiar estado o nombre' }).click();
    const edit = page.getByRole('dialog', { name: 'Cambiar estado o nombre' });
    await checkOpen(page, edit, 'Cambiar estado del legajo');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });

    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Certificado de instalación' }) });
    await row.getByRole('button', { name: 'Verificar' }).click();
    const verify = page.getByRole('dialog', { name: 'Verificar el campo' });
    await verify
      .getByRole('textbox', { name: 'Número del documento oficial que lo respalda' })
      .fill('IF-2000-99999999-MVE-DOP');
    await verify.getByRole('button', { name: 'Verificar' }).click();
    await verify.getByRole('alert').filter({ hasText: 'No se pudo verificar' }).waitFor();
    await checkOpen(page, verify, 'Verificar campo (rechazado)');
    await page.keyboard.press('Escape');
  });

  it("administration: an API key's revocation and history, a user's invitation status", async () => {
    const name = `Clave de diálogos ${stamp}`;
    const res = await request('/api/v1/admin/api-keys', {
      method: 'POST',
      headers: asBackend('intendente'),
      json: { name, expires_in_days: 30, all_users: true },
    });
    assert.equal(res.status, 201, res.text);
    const { page } = await session(MARTIN);
    await page.goto(`${run.desk}/api-keys`);
    await page.getByRole('button', { name: `Historial de ${name}` }).click();
    const history = page.getByRole('dialog', { name: `Historial de ${name}` });
    await checkOpen(page, history, 'Historial de API Key');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Revocar ${name}` }).click();
    const revoke = page.getByRole('dialog', { name: 'Revocar API Key' });
    await checkOpen(page, revoke, 'Revocar API Key');
    await revoke.getByRole('button', { name: 'Cancelar' }).click();

    await page.goto(`${run.desk}/usuarios`);
    await page.getByRole('row').filter({ hasText: 'Carlos Gómez' }).getByRole('button', { name: 'Ver estado' }).click();
    await checkOpen(page, page.getByRole('dialog', { name: 'Estado del alta' }), 'Estado del alta');
    await page.keyboard.press('Escape');
  });
});
