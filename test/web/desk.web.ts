/**
 * The municipal desk in a real browser against the real stack: login through the provider's
 * page, a document drafted with formatted text, two signers, signing in two browser contexts,
 * the official PDF checked with pdfsig; accessibility (axe-core) and screenshots of each screen.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getStack } from '../support/hooks.js';
import { createIntegrationDraft, letterPdf, prepareIntegrationDraft } from '../support/documents.js';
import { sendMemo, signAll, startSigning } from '../support/communications.js';
import { asBackend, asIntegration, demoUser, request } from '../support/http.js';
import { pdfSignatures, pdfText } from '../support/pdf-tools.js';
import {
  assertAccessible,
  CARLOS,
  choose,
  deskRun,
  LUCIA,
  MARIA_JOSE,
  MARTIN,
  PASSWORD,
  screenshot,
  signAlone,
  type DeskUser,
} from './support.js';

describe('the municipal desk (browser)', function () {
  this.timeout(240_000);
  const run = deskRun('expediente-desk-');
  const session = (user: DeskUser) => run.session(user);

  it('serves the desk with its own CSP and the SPA fallback, and leaves the API to JSON', async () => {
    const index = await fetch(`${run.desk}/documentos/abc`, { headers: { Accept: 'text/html' } });
    assert.equal(index.status, 200);
    const csp = index.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, new RegExp(`connect-src 'self' ${getStack().idp.issuer.replace(/[.]/g, '\\.')}`));
    assert.equal(index.headers.get('cache-control'), 'no-cache');
    const html = await index.text();
    const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    assert.ok(nonce && html.includes(`content="${nonce}"`), 'the page carries the nonce its CSP names');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    assert.ok(asset);
    const js = await fetch(`${run.desk}${asset}`);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('cache-control') ?? '', /max-age=31536000.*immutable/);
    const api = await fetch(`${run.desk}/api/v1/nothing-here`, { headers: { Accept: 'text/html' } });
    assert.equal(api.status, 404);
    assert.match(api.headers.get('content-type') ?? '', /json/);
    const config = (await (await fetch(`${run.desk}/desk-config.json`)).json()) as {
      issuer: string;
      tenants?: unknown;
    };
    assert.equal(config.issuer, getStack().idp.issuer);
    assert.equal(
      config.tenants,
      undefined,
      "the platform's municipalities are not published: the desk asks for the user's after login",
    );
  });

  it('logs in through the provider and shows Inicio with the pending-signature count', async () => {
    const { page, errors } = await session(MARTIN);
    await page.getByText('Firmas pendientes').first().waitFor();
    await assertAccessible(page, 'Inicio');
    await screenshot(page, run.shots, '01-inicio');
    await page.getByRole('link', { name: 'Documentos' }).click();
    await page.getByRole('heading', { name: 'Documentos' }).waitFor();
    await page.getByText(/documento\(s\)/).waitFor();
    await assertAccessible(page, 'Documentos');
    await screenshot(page, run.shots, '02-documentos');
    assert.deepEqual(
      errors.filter((e) => /Content Security Policy/i.test(e)),
      [],
      'no CSP violations',
    );
  });

  it('takes a document from draft to a signed official PDF: formatted text, two signers, two browser contexts', async () => {
    const martin = await session(MARTIN);
    const { page } = martin;
    const reference = `Inspección de obra ${Date.now()}`;

    // Draft
    await page.goto(`${run.desk}/documentos/nuevo`);
    await page.getByLabel('Referencia').fill(reference);
    await page.getByRole('button', { name: 'Crear borrador' }).click();
    await page.waitForURL(/\/documentos\/[0-9a-f-]{36}$/);
    const documentId = page.url().split('/').pop()!;
    const editor = page.getByRole('textbox', { name: 'Contenido del documento' });
    await editor.click();
    await page.keyboard.type('La obra de la calle Güemes está ');
    await page.getByRole('button', { name: 'Negrita' }).click();
    await page.keyboard.type('aprobada');
    await page.getByRole('button', { name: 'Negrita' }).click();
    await page.keyboard.type('.');
    await page.getByTestId('save-state').filter({ hasText: 'Guardado' }).waitFor();
    await assertAccessible(page, 'Editor de documento');
    await screenshot(page, run.shots, '03-editor');

    // Signers: Lucía signs, Martín numbers.
    await choose(page, 'Agregar firmante', /Lucía Fernández/);
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    await choose(page, 'Agregar firmante', /Martín Álvarez/);
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    await page.getByRole('radio', { name: 'Martín Álvarez numera' }).check();
    await page.getByRole('button', { name: 'Guardar firmantes' }).click();
    await page.getByText('Firmantes guardados').waitFor();

    // Preview with the draft watermark
    await page.getByRole('button', { name: 'Vista previa' }).click();
    await page.locator('[data-testid="pdf-pages"] canvas').first().waitFor();
    assert.match(
      await page.getByTestId('preview-info').innerText(),
      /Villa Esperanza · Informe · Firmantes: Lucía Fernández, Martín Álvarez \(numera\)/,
    );
    await screenshot(page, run.shots, '04-vista-previa');

    // Start signing
    await page.getByRole('button', { name: 'Iniciar firma' }).click();
    await page.getByText('En firma').first().waitFor();

    // Lucía signs from her pending list, with the PDF beside the buttons.
    const lucia = await session(LUCIA);
    await lucia.page.getByRole('link', { name: /Documentos/ }).click();
    await lucia.page.getByRole('tab', { name: /Pendientes de firma/ }).click();
    await lucia.page.getByRole('link', { name: reference }).click();
    await lucia.page.locator('[data-testid="pdf-pages"] canvas').first().waitFor();
    await assertAccessible(lucia.page, 'Firma');
    await screenshot(lucia.page, run.shots, '05-firma');
    await lucia.page.getByRole('button', { name: 'Firmar', exact: true }).click();
    await lucia.page.getByText('Usted ya firmó; faltan otras firmas.').waitFor({ timeout: 60_000 });

    // Martín numbers it.
    await page.goto(`${run.desk}/documentos/${documentId}`);
    await page.getByRole('button', { name: 'Firmar y numerar' }).click();
    const number = page.getByTestId('official-number');
    await number.waitFor({ timeout: 60_000 });
    const officialNumber = (await number.textContent())!.trim();
    assert.match(officialNumber, /^IF-\d{4}-\d+-MVE-/);
    await page.locator('[data-testid="pdf-pages"] canvas').first().waitFor();
    // Signature details: the official file validated, each signature's certificate and time-stamp.
    const validation = page.getByTestId('signature-validation');
    await validation.getByText('Documento auténtico').waitFor();
    const rows = validation.getByRole('row').filter({ has: page.getByText('Válida', { exact: true }) });
    assert.equal(await rows.count(), 2, 'both signatures shown valid');
    assert.doesNotMatch(await validation.innerText(), /Sin sello|Inválida/, 'every signature carries a time-stamp');
    await assertAccessible(page, 'Documento oficial');
    await screenshot(page, run.shots, '06-oficial');

    // The official PDF, downloaded from the page.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Descargar PDF' }).click(),
    ]);
    const file = path.join(run.shots, `${officialNumber}.pdf`);
    await download.saveAs(file);
    const pdf = readFileSync(file);
    const signatures = pdfSignatures(pdf);
    assert.equal(signatures.length, 2, 'two signatures');
    assert.ok(
      signatures.every((s) => s.valid),
      'pdfsig validates every signature',
    );
    const text = pdfText(pdf);
    assert.match(text, /aprobada/);
    assert.match(text, new RegExp(officialNumber));
    assert.deepEqual(
      [...martin.errors, ...lucia.errors].filter((e) => /Content Security Policy/i.test(e)),
      [],
      'no CSP violations',
    );
  });
  it('a signer rejects with a reason and the author reads it on the draft', async () => {
    const martin = await session(MARTIN);
    const { page } = martin;
    const reference = `Dictamen a revisar ${Date.now()}`;
    await page.goto(`${run.desk}/documentos/nuevo`);
    await page.getByLabel('Referencia').fill(reference);
    await page.getByRole('button', { name: 'Crear borrador' }).click();
    await page.waitForURL(/\/documentos\/[0-9a-f-]{36}$/);
    const documentUrl = page.url();
    await page.getByRole('textbox', { name: 'Contenido del documento' }).click();
    await page.keyboard.type('Texto a revisar.');
    await page.getByTestId('save-state').filter({ hasText: 'Guardado' }).waitFor();
    await choose(page, 'Agregar firmante', /Lucía Fernández/);
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    await page.getByRole('button', { name: 'Guardar firmantes' }).click();
    await page.getByText('Firmantes guardados').waitFor();
    await page.getByRole('button', { name: 'Iniciar firma' }).click();
    await page.getByText('En firma').first().waitFor();

    const lucia = await session(LUCIA);
    await lucia.page.goto(`${run.desk}/documentos?vista=pendientes`);
    await lucia.page.getByRole('link', { name: reference }).click();
    await lucia.page.getByRole('button', { name: 'Rechazar' }).click();
    const dialog = lucia.page.getByRole('dialog');
    await dialog.getByLabel('Motivo del rechazo').fill('Falta citar la ordenanza aplicable');
    await assertAccessible(lucia.page, 'Rechazo');
    await dialog.getByRole('button', { name: 'Rechazar' }).click();
    await lucia.page.getByText('Rechazado').first().waitFor({ timeout: 60_000 });

    await page.goto(documentUrl);
    await page.getByRole('alert').filter({ hasText: 'Falta citar la ordenanza aplicable' }).waitFor();
  });

  it("deletes a draft only once confirmed in the desk's own dialog; the account menu shows initials and an arrow", async () => {
    const { page } = await session(MARTIN);
    // The account button: the user's initials and a down arrow beside the name.
    const account = page.getByRole('button', { name: 'Cuenta de Martín Álvarez' });
    assert.equal((await account.locator('.mantine-Avatar-root').innerText()).trim(), 'MÁ');
    assert.equal(await account.locator('svg.account-arrow').count(), 1);

    const reference = `Borrador a descartar ${Date.now()}`;
    await page.goto(`${run.desk}/documentos/nuevo`);
    await page.getByLabel('Referencia').fill(reference);
    await page.getByRole('button', { name: 'Crear borrador' }).click();
    await page.waitForURL(/\/documentos\/[0-9a-f-]{36}$/);
    const documentUrl = page.url();
    const id = documentUrl.split('/').pop()!;
    // No browser dialog: one would fail the test here.
    const browserDialogs: string[] = [];
    page.on('dialog', (d) => {
      browserDialogs.push(d.message());
      void d.dismiss();
    });

    // Cancelar keeps the draft.
    await page.getByRole('button', { name: 'Eliminar borrador' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar este borrador?' });
    await confirm.getByText(reference).waitFor();
    await assertAccessible(page, 'Eliminar borrador');
    await screenshot(page, run.shots, '06a-eliminar-borrador');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal(page.url(), documentUrl);
    assert.equal(
      (await request(`/api/v1/documents/${id}/details`, { headers: asBackend('intendente') })).status,
      200,
      'still there',
    );

    // Confirmed: deleted, back on the list.
    await page.getByRole('button', { name: 'Eliminar borrador' }).click();
    await confirm.getByRole('button', { name: 'Eliminar borrador' }).click();
    await page.waitForURL(`${run.desk}/documentos`);
    assert.equal(
      (await request(`/api/v1/documents/${id}/details`, { headers: asBackend('intendente') })).status,
      404,
      'deleted',
    );
    assert.deepEqual(browserDialogs, []);
  });

  it('imports a PDF, replaces it, and signs it as uploaded', async () => {
    const martin = await session(MARTIN);
    const { page } = martin;
    const reference = `Nota recibida ${Date.now()}`;
    const first = path.join(run.shots, 'importado-1.pdf');
    const second = path.join(run.shots, 'importado-2.pdf');
    writeFileSync(first, await letterPdf('Primera version del escrito'));
    writeFileSync(second, await letterPdf('Segunda version corregida'));

    await page.goto(`${run.desk}/documentos/nuevo`);
    await page.locator('label', { hasText: 'Importar un PDF' }).click();
    assert.ok(await page.getByRole('radio', { name: 'Importar un PDF' }).isChecked());
    await page.getByLabel('Referencia').fill(reference);
    await page.locator('input[type="file"]').setInputFiles(first);
    await page.getByRole('button', { name: 'Importar borrador' }).click();
    await page.waitForURL(/\/documentos\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'PDF importado' }).waitFor();
    await page.locator('[data-testid="pdf-pages"] canvas').first().waitFor();
    assert.equal(
      await page.getByRole('textbox', { name: 'Contenido del documento' }).count(),
      0,
      'an imported document has no editor',
    );
    await assertAccessible(page, 'Documento importado');
    await screenshot(page, run.shots, '06b-importado');

    await page.locator('input[type="file"]').setInputFiles(second);
    await page.getByRole('button', { name: 'Reemplazar PDF' }).click();
    await page.getByText('PDF reemplazado').waitFor();
    await signAlone(page, /Martín Álvarez/);
    await page.getByTestId('signature-validation').getByText('Documento auténtico').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Descargar PDF' }).click(),
    ]);
    const file = path.join(run.shots, 'importado-firmado.pdf');
    await download.saveAs(file);
    const pdf = readFileSync(file);
    assert.equal(pdfSignatures(pdf).filter((s) => s.valid).length, 1);
    assert.match(pdfText(pdf), /Segunda version corregida/, 'the replacement is what was signed');
    assert.doesNotMatch(pdfText(pdf), /Primera version/);
  });
});

describe('the municipal desk: cases, notes and records (browser)', function () {
  this.timeout(240_000);
  const run = deskRun('expediente-desk-cases-');
  const session = (user: DeskUser) => run.session(user);

  it('creates a case from a template and shows its signed cover', async () => {
    const { page } = await session(LUCIA);
    await page.getByRole('link', { name: 'Expedientes' }).click();
    await page.getByRole('heading', { name: 'Expedientes' }).waitFor();
    await assertAccessible(page, 'Expedientes');
    await screenshot(page, run.shots, '07-expedientes');
    await page.getByRole('button', { name: 'Nuevo expediente' }).click();
    await choose(page, 'Tipo de trámite', /Permiso de obra/);
    const reference = `Permiso de obra, Güemes ${Date.now()}`;
    await page.getByRole('dialog').getByLabel('Referencia').fill(reference);
    await page.getByRole('button', { name: 'Crear expediente' }).click();
    await page.waitForURL(/\/expedientes\/[0-9a-f-]{36}$/, { timeout: 90_000 });
    await page.getByRole('heading', { name: /^EE-\d{4}-/ }).waitFor();
    const cover = page.getByRole('link', { name: /^CAEX-\d{4}-/ }).first(); // the documents list's (the index lists it too)
    await cover.waitFor();
    // The cover's link to the case shows among the movements, with who linked it.
    await page
      .getByTestId('movement-link')
      .filter({ hasText: /Vinculación de documento: CAEX-\d{4}-/ })
      .waitFor();
    await assertAccessible(page, 'Expediente');
    await screenshot(page, run.shots, '08-expediente');
    await cover.click();
    await page
      .getByTestId('official-number')
      .filter({ hasText: /^CAEX-/ })
      .waitFor();
    await page.locator('[data-testid="pdf-pages"] canvas').first().waitFor();
    await screenshot(page, run.shots, '09-caratula');
  });

  it('assigns a task on a case, closes the assignment and transfers the case, each shown in its movements', async () => {
    const { page } = await session(LUCIA);
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Expedientes' }).click();
    await page.getByRole('button', { name: 'Nuevo expediente' }).click();
    await choose(page, 'Tipo de trámite', /Permiso de obra/);
    await page.getByRole('dialog').getByLabel('Referencia').fill(`Movimientos ${Date.now()}`);
    await page.getByRole('button', { name: 'Crear expediente' }).click();
    await page.waitForURL(/\/expedientes\/[0-9a-f-]{36}$/, { timeout: 90_000 });
    const movements = page.getByRole('table').filter({ hasText: 'Creación' });
    await movements.waitFor();

    // Assign a task to another sector.
    await page.getByRole('button', { name: 'Asignar tarea' }).click();
    const assign = page.getByRole('dialog', { name: 'Asignar una tarea' });
    await assign.getByRole('textbox', { name: 'Sector de destino' }).click();
    const target = (await page.getByRole('option').first().innerText()).trim();
    await page.getByRole('option').first().click();
    await assign.getByRole('textbox', { name: 'Motivo' }).fill('Revisar los planos presentados');
    await assign.getByRole('button', { name: 'Asignar' }).click();
    await movements
      .getByText(/^Asignación: /)
      .first()
      .waitFor();
    const acronym = /\(([^)]+)\)$/.exec(target)![1]!;
    await assertAccessible(page, 'Expediente con asignación');

    // Close it with a reason.
    await page.getByRole('button', { name: `Cerrar asignación a ${acronym}` }).click();
    const close = page.getByRole('dialog', { name: 'Cerrar la asignación' });
    await close.getByRole('textbox', { name: 'Motivo del cierre' }).fill('Planos revisados sin observaciones');
    await close.getByRole('button', { name: 'Cerrar asignación' }).click();
    await page.getByRole('button', { name: `Cerrar asignación a ${acronym}` }).waitFor({ state: 'detached' });

    // Transfer the case to that sector: a new movement and a new current sector.
    await page.getByRole('button', { name: 'Transferir' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transferir el expediente' });
    await choose(page, 'Sector de destino', target);
    await transfer.getByRole('textbox', { name: 'Motivo' }).fill('Continúa el trámite en el sector');
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await movements
      .getByText(/^Transferencia: /)
      .first()
      .waitFor();
    await page
      .getByText(new RegExp(`sector [^·]*\\(${acronym}\\)`))
      .first()
      .waitFor();
    await screenshot(page, run.shots, '08b-movimientos');
  });

  it('sends a note to a sector and its member reads it', async () => {
    const martin = await session(MARTIN);
    const { page } = martin;
    const subject = `Nota a Mesa de Entradas ${Date.now()}`;
    await page.goto(`${run.desk}/documentos/nuevo`);
    await choose(page, 'Tipo de documento', /Nota \(NOTA\)/);
    await page.getByLabel('Referencia').fill(subject);
    await choose(page, 'Para', /Dirección de Rentas/);
    await page.getByRole('button', { name: 'Crear borrador' }).click();
    await page.waitForURL(/\/documentos\/[0-9a-f-]{36}$/);
    // Recipients stay editable on the draft: Mesa de Entradas is added after creation.
    await choose(page, 'Para', /Mesa de Entradas/);
    await page.getByRole('button', { name: 'Guardar destinatarios' }).click();
    await page.getByText('Destinatarios guardados').waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Guardar destinatarios' }).waitFor();
    // The saved choice comes back as the field's pills (the hidden options carry the same names).
    await page.locator('.mantine-Pill-label', { hasText: 'Mesa de Entradas (MESA)' }).waitFor();
    await page.locator('.mantine-Pill-label', { hasText: 'Dirección de Rentas (RENT)' }).waitFor();
    await page.getByRole('textbox', { name: 'Contenido del documento' }).click();
    await page.keyboard.type('Se solicita el registro del expediente de obra.');
    await page.getByTestId('save-state').filter({ hasText: 'Guardado' }).waitFor();
    await signAlone(page, /Martín Álvarez/);

    const carlos = await session(CARLOS);
    await carlos.page.getByRole('link', { name: 'Notas' }).click();
    const row = carlos.page.getByRole('row').filter({ hasText: subject });
    await row.getByText('Sin leer').waitFor();
    await assertAccessible(carlos.page, 'Notas');
    await screenshot(carlos.page, run.shots, '10-notas');
    await row.getByRole('button', { name: subject }).click();
    // Read in the pane beside the list (no dialog); Escape closes it.
    await carlos.page
      .getByRole('region', { name: `Nota: ${subject}` })
      .getByText('Se solicita el registro del expediente de obra.')
      .waitFor();
    await assertAccessible(carlos.page, 'Nota');
    await screenshot(carlos.page, run.shots, '11-nota');
    await carlos.page.keyboard.press('Escape');
    await carlos.page.getByRole('region', { name: `Nota: ${subject}` }).waitFor({ state: 'detached' });
    await row.getByText('Sin leer').waitFor({ state: 'detached' });

    await carlos.page.getByRole('link', { name: 'Memos' }).click();
    await carlos.page.getByRole('heading', { name: 'Memos' }).waitFor();
    await assertAccessible(carlos.page, 'Memos');
    await screenshot(carlos.page, run.shots, '12-memos');
  });

  it('creates a record and edits one of its fields inline', async () => {
    const { page } = await session(LUCIA);
    await page.getByRole('link', { name: 'Legajos' }).click();
    await page.getByRole('heading', { name: 'Legajos' }).waitFor();
    // A family's card shows what its records hold (GET /registries/{id}).
    await page.getByRole('button', { name: /Registro de Arquitectos/ }).click();
    const fields = page.getByTestId('family-fields');
    await fields.getByText(/Teléfono/).waitFor();
    assert.match(await fields.innerText(), /Estados: /);
    await assertAccessible(page, 'Legajos');
    await screenshot(page, run.shots, '13-legajos');
    await page.getByRole('button', { name: 'Nuevo legajo' }).click();
    await page.getByLabel('Nombre del legajo').fill(`Arq. Paula Ríos ${Date.now()}`);
    await page.getByRole('button', { name: 'Crear legajo' }).click();
    await page.waitForURL(/\/legajos\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: /^RLM-\d{4}-/ }).waitFor();
    await page.getByRole('button', { name: 'Editar Teléfono' }).click();
    await page.getByLabel('Valor de Teléfono').fill('0351 555-0101');
    await page.keyboard.press('Enter');
    await page.getByTestId('field-telefono').filter({ hasText: '0351 555-0101' }).waitFor();
    // The record's state, changed with a reason.
    await page.getByRole('button', { name: 'Cambiar estado o nombre' }).click();
    const edit = page.getByRole('dialog', { name: 'Cambiar estado o nombre' });
    await edit.getByRole('textbox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Suspendido' }).click();
    await edit.getByLabel('Motivo (opcional)').fill('Matrícula vencida');
    await assertAccessible(page, 'Legajo: estado');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await page.getByTestId('record-state').filter({ hasText: 'Suspendido' }).waitFor();
    await page.getByRole('tab', { name: 'Historial' }).click();
    await page
      .getByRole('cell', { name: /Campo actualizado \(telefono\)/ })
      .first()
      .waitFor();
    await page
      .getByRole('cell', { name: /Suspendido/ })
      .first()
      .waitFor();
    await assertAccessible(page, 'Legajo');
    await screenshot(page, run.shots, '14-legajo');

    // The administrator's screen.
    const martin = await session(MARTIN);
    await martin.page.goto(`${run.desk}/usuarios`);
    await martin.page.getByRole('heading', { name: 'Usuarios' }).waitFor();
    await martin.page.getByRole('cell', { name: 'Carlos Gómez' }).waitFor();
    // The directory search asks the server (name or email), a page at a time.
    const [searched] = await Promise.all([
      martin.page.waitForResponse((r) => r.url().includes('/api/v1/users/search?query=g%C3%B3mez')),
      martin.page.getByLabel('Buscar usuarios').fill('gómez'),
    ]);
    assert.equal(searched.status(), 200);
    await martin.page.getByRole('cell', { name: 'Carlos Gómez' }).waitFor();
    await martin.page.getByRole('cell', { name: 'Lucía Fernández' }).waitFor({ state: 'detached' });
    await assertAccessible(martin.page, 'Usuarios');
    await screenshot(martin.page, run.shots, '15-usuarios');
  });

  it('an administrator adds a municipal non-working day to the calendar beside the national holidays, and removes it', async () => {
    const { page } = await session(MARTIN);
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Calendario' }).click();
    await page.getByRole('heading', { name: 'Calendario', level: 1 }).waitFor();
    await page.getByLabel('Año').fill('2026');
    const days = page.getByTestId('calendar-days');
    const holiday = days.getByRole('row').filter({ hasText: 'lunes, 25 de mayo de 2026' });
    await holiday.getByText('Feriado nacional').waitFor();
    assert.equal(await holiday.getByRole('button').count(), 0, 'a national holiday cannot be removed');

    await page.getByLabel('Fecha').fill('2026-11-27');
    await page.getByRole('textbox', { name: 'Motivo' }).fill('Fiesta patronal');
    await page.getByRole('button', { name: 'Agregar día no laborable' }).click();
    const patronal = days.getByRole('row').filter({ hasText: 'Fiesta patronal' });
    await patronal.getByText('Día no laborable municipal').waitFor();
    await assertAccessible(page, 'Calendario');
    await screenshot(page, run.shots, '16c-calendario');

    // The same day twice is refused with the reason; removing it takes it off the list.
    await page.getByLabel('Fecha').fill('2026-11-27');
    await page.getByRole('textbox', { name: 'Motivo' }).fill('Otra vez');
    await page.getByRole('button', { name: 'Agregar día no laborable' }).click();
    await page.getByRole('alert').filter({ hasText: 'No se pudo agregar el día' }).waitFor();
    await patronal.getByRole('button', { name: 'Quitar Fiesta patronal' }).click();
    await patronal.waitFor({ state: 'detached' });
  });

  it('an administrator creates an API key (its secret shown once works on the integration API), rotates it and revokes it, then a system-scope key', async () => {
    const martin = await session(MARTIN);
    const { page } = martin;
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'API Keys' }).click();
    await page.getByRole('heading', { name: 'API Keys', level: 1 }).waitFor();
    const name = `Sistema de turnos ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Nombre' }).fill(name);
    await page.getByLabel('Vigencia (días)').fill('30');
    await choose(page, 'Usuarios por los que puede actuar', /Carlos Gómez/);
    await page.getByRole('button', { name: 'Crear API Key' }).click();
    const secret = (await page.getByTestId('api-key-secret').innerText()).trim();
    await page.getByRole('status').filter({ hasText: 'no se volverá a mostrar' }).first().waitFor();
    await page.getByRole('cell', { name, exact: true }).waitFor();
    await assertAccessible(page, 'API Keys');
    await screenshot(page, run.shots, '16-api-keys');

    // The secret works on the integration API, for the user it was created for.
    const carlos = demoUser('agente-mesa');
    const asKey = (key: string) =>
      fetch(`${run.desk}/api/v1/system/sectors`, { headers: { 'X-API-Key': key, 'X-User-ID': carlos } });
    assert.equal((await asKey(secret)).status, 200);

    // Rotation: a new secret, shown once; both work during the overlap.
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Rotar ${name}` }).click();
    await row.getByText('En rotación').waitFor();
    const rotated = (await page.getByTestId('api-key-secret').innerText()).trim();
    assert.notEqual(rotated, secret);
    assert.equal((await asKey(rotated)).status, 200);
    assert.equal((await asKey(secret)).status, 200, 'the old secret works during the overlap');

    // Revocation, confirmed in a dialog: refused on the very next request; the trail shows all three.
    await row.getByRole('button', { name: `Revocar ${name}` }).click();
    await page.getByRole('dialog', { name: 'Revocar API Key' }).getByRole('button', { name: 'Revocar' }).click();
    await row.getByText('Revocada').waitFor();
    assert.equal((await asKey(rotated)).status, 401);
    await row.getByRole('button', { name: `Historial de ${name}` }).click();
    const trail = page.getByRole('dialog', { name: `Historial de ${name}` });
    for (const action of ['Creada', 'Rotada', 'Revocada']) await trail.getByRole('cell', { name: action }).waitFor();
    await page.keyboard.press('Escape');
    await trail.waitFor({ state: 'detached' });

    // A system-scope key, for no user: marked in the list, its reads counted there.
    const systemName = `Portal de transparencia ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Nombre' }).fill(systemName);
    const scope = page.getByRole('checkbox', { name: 'Lectura de sistema (sin usuario)' });
    await scope.check();
    // What the scope may and may not read is said next to it, and is the checkbox's description.
    const help = page.locator(`[id="${await scope.getAttribute('aria-describedby')}"]`);
    assert.match(await help.innerText(), /sin X-User-ID.*Nunca lee memos, notas, borradores ni documentos rechazados/s);
    await page.getByRole('button', { name: 'Crear API Key' }).click();
    const systemRow = page.getByRole('row').filter({ hasText: systemName });
    await systemRow.getByText('Lectura de sistema').waitFor();
    await systemRow.getByText('Ningún usuario').waitFor();
    await systemRow.getByText('0 lecturas').waitFor();
    assert.equal(await scope.isChecked(), false, 'the form is cleared after creating');
    const systemSecret = (await page.getByTestId('api-key-secret').innerText()).trim();
    await assertAccessible(page, 'API Keys: lectura de sistema');
    await screenshot(page, run.shots, '16b-api-keys-sistema');

    // Without X-User-ID it reads an official document; a memo and a draft are not found (404).
    const official = await prepareIntegrationDraft('intendente', ['intendente'], {
      reference: 'Informe publicado en el portal',
    });
    await startSigning(official, 'intendente');
    assert.equal((await signAll(official, ['intendente'])).status, 'signed');
    const memo = await sendMemo('intendente', { to: ['agente-mesa'] });
    const draft = await createIntegrationDraft('agente-mesa');
    const asSystem = (id: string) =>
      fetch(`${run.desk}/api/v1/documents/${id}`, { headers: { 'X-API-Key': systemSecret } });
    const read = await asSystem(official);
    assert.equal(read.status, 200);
    assert.match(((await read.json()) as { document_number: string }).document_number, /^IF-\d{4}-/);
    assert.equal((await asSystem(memo.id)).status, 404, 'a memo is never read without a user');
    assert.equal((await asSystem(draft)).status, 404, 'a draft is never read without a user');
    // It acts for nobody: naming a user is refused.
    const asUser = await fetch(`${run.desk}/api/v1/documents/${official}`, {
      headers: { 'X-API-Key': systemSecret, 'X-User-ID': carlos },
    });
    assert.equal(asUser.status, 401);

    // The three reads without a user reach the list once the key's counters are written (in batches).
    const reads = systemRow.getByTestId('api-key-system-reads');
    for (let attempt = 1; ; attempt++) {
      await page.reload();
      await systemRow.waitFor();
      if ((await reads.innerText()).includes('3 lecturas')) break;
      assert.ok(attempt < 40, `the system reads were not counted: ${await reads.innerText()}`);
      await page.waitForTimeout(2_000);
    }
    assert.match(await reads.innerText(), /última: \d/);
  });

  it('a new user is invited from Usuarios, sets a password, logs in and takes a document to a signed PDF', async () => {
    const martin = await session(MARTIN);
    const { page } = martin;
    const stamp = Date.now();
    const newcomer = { email: `paula.rios.${stamp}@pruebas.example`, name: `Paula Ríos ${stamp}` };
    await page.goto(`${run.desk}/usuarios`);
    await page.getByLabel('Email').fill(newcomer.email);
    await page.getByLabel('Nombre completo').fill(newcomer.name);
    await choose(page, 'Rol', /Director/);
    await choose(page, 'Sector', /Rentas/);
    await page.getByRole('button', { name: 'Dar de alta e invitar' }).click();
    await page.getByText('Invitación enviada').waitFor({ timeout: 60_000 });
    await assertAccessible(page, 'Usuarios (alta)');
    await screenshot(page, run.shots, '16-usuario-invitado');

    // The activation email's link sets the password on the provider's page.
    let link: string | undefined;
    for (let i = 0; i < 60 && !link; i++) {
      const mail = (await getStack().mail.messages()).find((m) => m.to.some((t) => t.address === newcomer.email));
      link = mail && /(https?:\/\/\S+)/.exec(mail.text)?.[1];
      if (!link) await new Promise((r) => setTimeout(r, 500));
    }
    assert.ok(link, 'the activation email arrived');
    const ticketPage = await martin.context.browser()!.newPage();
    await ticketPage.goto(link);
    await ticketPage.locator('#password').fill(PASSWORD);
    await ticketPage.locator('#password_confirmation').fill(PASSWORD);
    await ticketPage.locator('form[data-form="set-password"] button[type="submit"]').click();
    await ticketPage.locator('[data-message]').waitFor();
    await ticketPage.close();

    // The first login completes the onboarding; the new user drafts, signs and numbers alone.
    const paula = await session(newcomer);
    await paula.page.goto(`${run.desk}/documentos/nuevo`);
    await paula.page.getByLabel('Referencia').fill(`Informe de ingreso ${stamp}`);
    await paula.page.getByRole('button', { name: 'Crear borrador' }).click();
    await paula.page.waitForURL(/\/documentos\/[0-9a-f-]{36}$/);
    await paula.page.getByRole('textbox', { name: 'Contenido del documento' }).click();
    await paula.page.keyboard.type('Primer informe desde la mesa.');
    await paula.page.getByTestId('save-state').filter({ hasText: 'Guardado' }).waitFor();
    await signAlone(paula.page, newcomer.name);
    const [download] = await Promise.all([
      paula.page.waitForEvent('download'),
      paula.page.getByRole('link', { name: 'Descargar PDF' }).click(),
    ]);
    const file = path.join(run.shots, `ingreso-${stamp}.pdf`);
    await download.saveAs(file);
    const signatures = pdfSignatures(readFileSync(file));
    assert.equal(signatures.length, 1);
    assert.ok(signatures[0]!.valid, 'pdfsig validates the signature');

    await martin.page.getByRole('button', { name: 'Ver estado' }).first().waitFor();
  });

  it('signs the selected pending documents in one batch from Inicio: progress, each outcome, a refused one kept with its reason', async () => {
    const stamp = Date.now();
    const refs = {
      numbered: `Lote numerado ${stamp}`,
      signed: `Lote firmado ${stamp}`,
      waiting: `Lote en espera ${stamp}`,
    };
    // María José Núñez numbers the first (Martín signed it) and signs the second (Martín numbers it).
    const numbered = await prepareIntegrationDraft('directora-rentas', ['intendente', 'directora-rentas'], {
      reference: refs.numbered,
    });
    await startSigning(numbered, 'directora-rentas');
    await signAll(numbered, ['intendente']);
    const signed = await prepareIntegrationDraft('directora-rentas', ['directora-rentas', 'intendente'], {
      reference: refs.signed,
    });
    await startSigning(signed, 'directora-rentas');
    // The third she numbers too, once Martín has signed it.
    const waiting = await prepareIntegrationDraft('directora-rentas', ['intendente', 'directora-rentas'], {
      reference: refs.waiting,
    });
    await startSigning(waiting, 'directora-rentas');
    await signAll(waiting, ['intendente']);

    const { page, errors } = await session(MARIA_JOSE);
    await page.goto(`${run.desk}/`);
    const list = page.getByRole('table', { name: 'Documentos pendientes de mi firma' });
    const row = (id: string) => list.locator(`tr[data-document-id="${id}"]`);
    for (const ref of Object.values(refs)) await list.getByRole('link', { name: ref, exact: false }).waitFor();

    // With her list on screen, the third goes back to a new signing round (rejected from another
    // window, edited, sent again): Martín has to sign it again, so her numbering waits for him
    // and the server refuses it; the desk shows what the server answered.
    const rejected = await request(`/api/v1/documents/${waiting}/reject`, {
      method: 'POST',
      headers: asIntegration('directora-rentas'),
      json: { reason: 'Falta un anexo' },
    });
    assert.equal(rejected.status, 200, rejected.text);
    const saved = await request(`/api/v1/documents/${waiting}/save`, {
      method: 'PATCH',
      headers: asBackend('directora-rentas'),
      json: { content: '<p>Con el anexo.</p>' },
    });
    assert.equal(saved.status, 200, saved.text);
    await startSigning(waiting, 'directora-rentas');

    // Select all and sign: the request is held a moment so the progress bar can be seen.
    const selectAll = page.getByRole('checkbox', { name: 'Seleccionar todos' });
    await selectAll.check();
    for (const id of [numbered, signed, waiting]) assert.equal(await row(id).getByRole('checkbox').isChecked(), true);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: { key: string; ids: string[] }[] = [];
    await page.route('**/api/v1/documents/sign-batch', async (route) => {
      sent.push({
        key: route.request().headers()['idempotency-key'] ?? '',
        ids: (route.request().postDataJSON() as { document_ids: string[] }).document_ids,
      });
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Firmar seleccionados (3)' }).click();
    const progress = page.getByRole('progressbar', { name: 'Firmando 0 de 3' });
    await progress.waitFor();
    assert.equal(await progress.evaluate((el) => el.tagName), 'PROGRESS');
    assert.equal(await page.getByRole('status').filter({ has: progress }).getAttribute('aria-live'), 'polite');
    assert.equal(await selectAll.isDisabled(), true, 'the selection is fixed while the batch runs');
    await assertAccessible(page, 'Firma en lote (en curso)');
    await screenshot(page, run.shots, '17a-firma-en-lote');
    release();

    // Each document's outcome.
    const outcomes = page.getByTestId('batch-outcomes');
    const outcome = (id: string) => outcomes.locator(`li[data-document-id="${id}"]`);
    const reason = 'No se firmó: Documento no puede firmarse en su estado actual';
    await page.getByText('Firma terminada: 2 firmado(s), 1 sin firmar.').waitFor({ timeout: 90_000 });
    const officialNumber = ((await outcome(numbered).innerText()).match(/Numerado (\S+)/) ?? [])[1];
    assert.match(officialNumber ?? '', /^IF-\d{4}-\d+-MVE-/);
    await outcome(signed).getByText('Firmado', { exact: true }).waitFor();
    await outcome(waiting).getByText(reason).waitFor();
    await progress.waitFor({ state: 'detached' });

    // The list reloads: the signed ones leave it, the refused one stays with its reason.
    await row(numbered).waitFor({ state: 'detached' });
    await row(signed).waitFor({ state: 'detached' });
    await row(waiting).getByText(reason).waitFor();
    await assertAccessible(page, 'Firma en lote (resultado)');
    await screenshot(page, run.shots, '17b-firma-en-lote-resultado');

    // One Idempotency-Key for the click: sending it again answers the same batch and signs nothing twice.
    assert.equal(sent.length, 1);
    assert.deepEqual([...sent[0]!.ids].sort(), [numbered, signed, waiting].sort());
    const again = await request('/api/v1/documents/sign-batch', {
      method: 'POST',
      headers: { ...asBackend('directora-rentas'), 'Idempotency-Key': sent[0]!.key },
      json: { document_ids: sent[0]!.ids },
    });
    assert.equal(again.status, 200, again.text);
    const expected: Record<string, [string, string | null]> = {
      [numbered]: ['numbered', officialNumber!],
      [signed]: ['signed', null],
      [waiting]: ['refused', null],
    };
    assert.deepEqual(
      again.body.data.outcomes.map((o: { document_id: string; status: string; document_number: string | null }) => [
        o.status,
        o.document_number,
      ]),
      sent[0]!.ids.map((id) => expected[id]),
    );
    const details = (id: string) =>
      request(`/api/v1/documents/${id}/details`, { headers: asBackend('directora-rentas') }).then((r) => r.body.data);
    assert.equal((await details(numbered)).status, 'signed');
    assert.equal((await details(signed)).status, 'sent_to_sign', 'Martín still numbers it');
    assert.equal((await details(waiting)).status, 'sent_to_sign');
    // Refusals are outcomes of a successful answer, never an HTTP error.
    assert.deepEqual(
      errors.filter((e) => /HTTP [45]\d\d \w+ \S+\/api\/v1\/(documents|users)\//.test(e)),
      [],
    );
  });

  it('logs out through the provider', async () => {
    const { page } = await session(CARLOS);
    await page.goto(`${run.desk}/`);
    await page.getByRole('button', { name: 'Cuenta de Carlos Gómez' }).click();
    await page.getByRole('menuitem', { name: 'Salir' }).click();
    // The provider may ask to confirm the logout; either way the desk's start page comes back.
    const confirm = page.getByRole('button', { name: /Yes|Sí|Cerrar sesión|sign me out/i });
    await Promise.race([
      page.getByRole('button', { name: 'Ingresar' }).waitFor(),
      confirm
        .waitFor()
        .then(() => confirm.click())
        .then(() => page.getByRole('button', { name: 'Ingresar' }).waitFor()),
    ]);
    assert.ok(page.url().startsWith(run.desk));
  });
});
