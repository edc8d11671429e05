/**
 * More of the municipal desk in a real browser against the real stack: a record's field verified
 * with an official document, its relations, links and IFRLM report; a memo read and archived by
 * its recipient; an official document linked and a draft proposed to a case; a user of two
 * municipalities choosing and switching; the access token renewed when the API answers 401.
 * Fixtures (official documents, records, cases) are made through the HTTP APIs; what is asserted
 * is what the screens show, and, where it matters, what the backend then answers.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { tenantDb } from '../../db/tenancy.js';
import { createTenant } from '../../db/tenants.js';
import { createCaseBackend, template } from '../support/cases.js';
import { createBackendDraft, newDocumentType, prepareIntegrationDraft } from '../support/documents.js';
import { startSigning } from '../support/communications.js';
import { getStack } from '../support/hooks.js';
import { asBackend, demoSector, demoUser, request } from '../support/http.js';
import { recordActivity } from '../../domain/activity-feed.js';
import { createRecord, officialDocument } from '../records/support.js';
import {
  assertAccessible,
  CARLOS,
  choose,
  deskRun,
  LUCIA,
  loginTo,
  MARTIN,
  screenshot,
  signAlone,
  type DeskUser,
} from './support.js';

/** Backend (envelope) call as a demo user in testing mode; returns `data`. */
async function backend<T = any>(userKey: string, apiPath: string): Promise<T> {
  const res = await request(`/api/v1${apiPath}`, { headers: asBackend(userKey) });
  assert.equal(res.status, 200, `${apiPath}: ${res.text}`);
  return res.body.data as T;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the municipal desk: records, memos, cases, municipalities and sessions (browser)', function () {
  this.timeout(240_000);
  const run = deskRun('expediente-desk-records-');
  const session = (user: DeskUser) => run.session(user);
  const stamp = Date.now();

  /** Lucía's fixtures for the record tests, made once through the APIs. */
  let recordFixtures:
    | Promise<{
        record: { id: string; record_number: string; display_name: string };
        other: { id: string; record_number: string; display_name: string };
        official: { id: string; number: string };
        caseNumber: string;
        caseId: string;
      }>
    | undefined;
  const fixtures = () =>
    (recordFixtures ??= (async () => {
      // Luminarias: the desk's own suite expects no record of Arquitectos before it makes one.
      const record = await createRecord('directora-obras', 'LUM', `Luminaria Plaza Central ${stamp}`, {
        ubicacion: 'Plaza Central, esquina Güemes',
      });
      const other = await createRecord('directora-obras', 'LUM', `Columna Plaza Norte ${stamp}`);
      const official = await officialDocument('directora-obras', `Certificado de instalación ${stamp}`);
      const created = await createCaseBackend('directora-obras', {
        case_template_id: template('PEROB'),
        reference: `Obra del legajo ${stamp}`,
      });
      return { record, other, official, caseNumber: created.case.case_number, caseId: created.case.case_id };
    })());

  async function openRecord(page: Page, record: { id: string; record_number: string }) {
    await page.goto(`${run.desk}/legajos/${record.id}`);
    await page.getByRole('heading', { name: record.record_number }).waitFor();
  }

  it('verifies a record field with a signed official document and shows it verified', async () => {
    const { record, official } = await fixtures();
    const { page } = await session(LUCIA);
    await openRecord(page, record);
    await page.getByTestId('field-ubicacion').filter({ hasText: 'Plaza Central, esquina Güemes' }).waitFor();
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Certificado de instalación' }) });
    await row.getByRole('button', { name: 'Verificar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verificar el campo' });
    const number = dialog.getByRole('textbox', { name: 'Número del documento oficial que lo respalda' });

    // A number that is no official document is refused, and the dialog says so.
    await number.fill(`IF-2000-99999999-MVE-DOP`);
    await dialog.getByRole('button', { name: 'Verificar' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'No se pudo verificar' }).waitFor();

    await number.fill(official.number);
    await assertAccessible(page, 'Verificar campo');
    await screenshot(page, run.shots, '20-legajo-verificar');
    await dialog.getByRole('button', { name: 'Verificar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const badge = row.getByText('Verificado', { exact: true });
    await badge.waitFor();
    assert.equal(
      await row.getByRole('button', { name: 'Verificar' }).count(),
      0,
      'a verified field offers no verification',
    );
    // The badge names the document that backs it.
    await row.locator(`[title*="${official.number}"]`).waitFor();
    await screenshot(page, run.shots, '21-legajo-verificado');

    const detail = await backend('directora-obras', `/records/${record.id}`);
    assert.equal(detail.data.certificado.verified, true);
    assert.equal(detail.data.certificado.verified_document_id, official.id);
    assert.equal(detail.data.certificado.verified_document_number, official.number);
    assert.equal(detail.data.certificado.verified_by_name, LUCIA.name);
    assert.equal(detail.data.ubicacion.value, 'Plaza Central, esquina Güemes', 'the other fields are untouched');
  });

  it('relates a record to another found by autocomplete, lists the relation, and removes it', async () => {
    const { record, other } = await fixtures();
    const { page } = await session(LUCIA);
    await openRecord(page, record);
    const panel = page.getByRole('tabpanel', { name: 'Relaciones' });
    await panel.getByText('Sin relaciones.').waitFor();
    const refused: string[] = [];
    const onResponse = (r: { url(): string; status(): number }) => {
      if (r.url().includes('/records/autocomplete') && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    };
    page.on('response', onResponse);
    await choose(page, 'Relación', 'Hermano de');
    // The autocomplete asks the server once two letters are typed.
    const legajo = panel.getByRole('textbox', { name: 'Legajo' });
    const [searched] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/api/v1/records/autocomplete?') && r.url().includes(encodeURIComponent(`${stamp}`)),
      ),
      legajo.fill(`Plaza Norte ${stamp}`),
    ]);
    assert.equal(searched.status(), 200);
    await page.getByRole('option', { name: `${other.record_number} · ${other.display_name}` }).click();
    await assertAccessible(page, 'Legajo: relaciones');
    await screenshot(page, run.shots, '22-legajo-relacion');
    await panel.getByRole('button', { name: 'Relacionar' }).click();
    const listed = panel.getByText(`Hermano de ${other.record_number} · ${other.display_name}`);
    await listed.waitFor();
    await panel.getByRole('link', { name: other.record_number }).waitFor();
    assert.equal(await panel.getByRole('alert').count(), 0, 'no error while relating');
    page.off('response', onResponse);
    assert.deepEqual(refused, [], 'choosing a record asks the autocomplete nothing it refuses');

    // Both records see the relation (listing is bidirectional).
    const relations = await backend('directora-obras', `/records/${record.id}/relations`);
    assert.deepEqual(
      relations.relations.map((r: { relation_type: string; related_record: { id: string } }) => [
        r.relation_type,
        r.related_record.id,
      ]),
      [['sibling', other.id]],
    );
    const back = await backend('directora-obras', `/records/${other.id}/relations`);
    assert.deepEqual(
      back.relations.map((r: { related_record: { id: string } }) => r.related_record.id),
      [record.id],
    );

    await panel.getByRole('button', { name: 'Quitar' }).click();
    await listed.waitFor({ state: 'detached' });
    await panel.getByText('Sin relaciones.').waitFor();
    assert.equal((await backend('directora-obras', `/records/${record.id}/relations`)).total, 0);
    const history = await backend('directora-obras', `/records/${record.id}/history`);
    const actions = history.entries.map((e: { action: string }) => e.action);
    assert.ok(
      actions.indexOf('relation_deleted') < actions.indexOf('relation_created') && actions.includes('relation_deleted'),
      `history: ${actions}`,
    );
  });

  it('links a case by its number and a document by its official number to a record', async () => {
    const { record, official, caseNumber, caseId } = await fixtures();
    const { page } = await session(LUCIA);
    await openRecord(page, record);
    await page.getByRole('tab', { name: 'Vínculos' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Vínculos' });
    await panel.getByText('Sin expedientes vinculados.').waitFor();
    await panel.getByRole('textbox', { name: 'Número de expediente' }).fill(caseNumber);
    await panel.getByRole('button', { name: 'Vincular expediente' }).click();
    await panel.getByRole('link', { name: caseNumber }).waitFor();
    await panel.getByText(`Obra del legajo ${stamp}`).waitFor();
    assert.equal(
      await panel.getByRole('textbox', { name: 'Número de expediente' }).inputValue(),
      '',
      'the field is cleared once linked',
    );

    await panel.getByRole('textbox', { name: 'Número de documento oficial' }).fill(official.number);
    await panel.getByRole('button', { name: 'Vincular documento' }).click();
    await panel.getByRole('link', { name: official.number }).waitFor();
    await panel.getByText(`Certificado de instalación ${stamp}`).waitFor();
    await assertAccessible(page, 'Legajo: vínculos');
    await screenshot(page, run.shots, '23-legajo-vinculos');

    // Linking the same case twice is refused (409) and the screen says why.
    await panel.getByRole('textbox', { name: 'Número de expediente' }).fill(caseNumber);
    await panel.getByRole('button', { name: 'Vincular expediente' }).click();
    await panel.getByRole('alert').filter({ hasText: 'No se pudo vincular el expediente' }).waitFor();

    const cases = await backend('directora-obras', `/records/${record.id}/cases`);
    assert.deepEqual(
      cases.cases.map((c: { case_id: string }) => c.case_id),
      [caseId],
    );
    const documents = await backend('directora-obras', `/records/${record.id}/documents`);
    assert.ok(
      documents.documents.some((d: { document_id: string }) => d.document_id === official.id),
      JSON.stringify(documents),
    );

    // Unlinking the document leaves the case linked.
    await panel.getByRole('button', { name: `Desvincular ${official.number}` }).click();
    await panel.getByRole('link', { name: official.number }).waitFor({ state: 'detached' });
    await panel.getByText('Sin documentos vinculados.').waitFor();
    const left = await backend('directora-obras', `/records/${record.id}/documents`);
    assert.ok(
      !left.documents.some((d: { document_id: string }) => d.document_id === official.id),
      'the link is gone on the server',
    );

    // The case link leads to the case.
    await panel.getByRole('link', { name: caseNumber }).click();
    await page.getByRole('heading', { name: caseNumber }).waitFor();
  });

  it('generates the record report: the screen polls while it is signed, then shows the IFRLM document', async () => {
    const { record } = await fixtures();
    const { page } = await session(LUCIA);
    await openRecord(page, record);
    // The API answers 202 when the signed report takes longer than its wait (30 s here, so it would
    // rarely show): the real request goes through, and the browser is told it is still in progress,
    // with where to poll. The poll is answered by the real API.
    const posted: { status: number; key: string; body: any }[] = [];
    await page.route(`**/api/v1/records/${record.id}/report`, async (route) => {
      const key = route.request().headers()['idempotency-key'] ?? '';
      const real = await route.fetch({ timeout: 90_000 });
      posted.push({ status: real.status(), key, body: await real.json() });
      const pollUrl = `/api/v1/records/${record.id}/reports/${encodeURIComponent(key)}`;
      await route.fulfill({
        status: 202,
        contentType: 'application/json',
        headers: { Location: pollUrl },
        json: {
          success: true,
          data: { record_id: record.id, status: 'generating', idempotency_key: key, poll_url: pollUrl },
          message: 'Informe en generación',
        },
      });
    });
    try {
      const polled = page.waitForResponse(
        (r) => r.url().includes(`/api/v1/records/${record.id}/reports/`) && r.request().method() === 'GET',
        { timeout: 90_000 },
      );
      await page.getByRole('button', { name: 'Generar informe' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'El informe se está firmando; esperando…' })
        .waitFor({ timeout: 90_000 });
      const poll = await polled;
      assert.equal(poll.status(), 200, 'the poll finds the report done');
      const report = (await poll.json()).data as { document_id: string; document_number: string; status: string };
      assert.equal(posted.length, 1, 'one report asked for');
      assert.ok(posted[0]!.key, 'the desk sends an Idempotency-Key');
      assert.equal(
        posted[0]!.body.data.document_id,
        report.document_id,
        'the poll answers the report the request made',
      );
      assert.match(report.document_number, /^IFRLM-\d{4}-\d{8}-MVE-DOP$/);
      assert.equal(report.status, 'signed');

      await page.getByText(`Informe ${report.document_number} generado`).waitFor();
      await page.getByRole('button', { name: 'Generar informe' }).and(page.locator(':not([data-loading])')).waitFor();
      await page.getByRole('tab', { name: 'Vínculos' }).click();
      const link = page.getByRole('tabpanel', { name: 'Vínculos' }).getByRole('link', { name: report.document_number });
      await link.waitFor();
      await page.getByRole('tab', { name: 'Historial' }).click();
      await page.getByRole('cell', { name: 'Informe IFRLM generado' }).waitFor();
      await screenshot(page, run.shots, '24-legajo-informe');

      const history = await backend('directora-obras', `/records/${record.id}/history`);
      assert.equal(history.entries[0].action, 'ifrlm_generated');
      assert.equal(history.entries[0].after_value.document_number, report.document_number);

      // The report opens as the signed official document.
      await page.getByRole('tab', { name: 'Vínculos' }).click();
      await link.click();
      await page.getByTestId('official-number').filter({ hasText: report.document_number }).waitFor();
    } finally {
      await page.unroute(`**/api/v1/records/${record.id}/report`);
    }
  });

  it('a memo signed to a user: unread in Recibidos, opened, archived and found under Archivados', async () => {
    const subject = `Memo de coordinación ${stamp}`;
    const martin = await session(MARTIN);
    await martin.page.goto(`${run.desk}/documentos/nuevo`);
    await choose(martin.page, 'Tipo de documento', /Memo \(MEMO\)/);
    await martin.page.getByLabel('Referencia').fill(subject);
    await choose(martin.page, 'Para', /Carlos Gómez/);
    await choose(martin.page, 'Con copia oculta', /Lucía Fernández/);
    await martin.page.getByRole('button', { name: 'Crear borrador' }).click();
    await martin.page.waitForURL(/\/documentos\/[0-9a-f-]{36}$/);
    const memoId = martin.page.url().split('/').pop()!;
    await martin.page.getByRole('textbox', { name: 'Contenido del documento' }).click();
    await martin.page.keyboard.type('Coordinar la inspección del jueves con Mesa de Entradas.');
    await martin.page.getByTestId('save-state').filter({ hasText: 'Guardado' }).waitFor();
    const number = await signAlone(martin.page, /Martín Álvarez/);
    assert.match(number, /^MEMO-\d{4}-/);

    const { unread_count: unreadBefore } = await backend<{ unread_count: number }>(
      'agente-mesa',
      '/memos/unread-count',
    );
    assert.ok(unreadBefore >= 1);
    const carlos = await session(CARLOS);
    const { page } = carlos;
    await page.goto(`${run.desk}/memos`);
    await page.getByRole('heading', { name: 'Memos' }).waitFor();
    // The unread count on the Recibidos tab and on the navigation.
    await page
      .getByRole('tab', { name: /Recibidos/ })
      .getByLabel(`${unreadBefore} sin leer`)
      .waitFor();
    await page.getByRole('navigation', { name: 'Secciones' }).getByLabel(`${unreadBefore} memos sin leer`).waitFor();
    const row = page.getByRole('row').filter({ hasText: subject });
    await row.getByText('Sin leer').waitFor();
    await row.getByRole('cell', { name: number }).waitFor();
    await row.getByText('Martín Álvarez (INTEN)').waitFor();

    await row.getByRole('button', { name: subject }).click();
    // Read in the pane beside the list, not in a dialog.
    const pane = page.getByRole('region', { name: `Memo: ${subject}` });
    await pane.getByText('Coordinar la inspección del jueves con Mesa de Entradas.').waitFor();
    await pane.getByText(/De: Martín Álvarez \(Intendencia\)/).waitFor();
    await pane.getByText(/Para: Carlos Gómez/).waitFor();
    // A TO recipient is never shown who was sent a blind copy.
    assert.doesNotMatch(await pane.innerText(), /CCO|Lucía Fernández/);
    await assertAccessible(page, 'Memo');
    await screenshot(page, run.shots, '25-memo');
    const opened = await backend('agente-mesa', `/memos/${memoId}`);
    assert.ok(opened.my_access.opened_at, 'opening the detail marks it read');

    await pane.getByRole('button', { name: 'Archivar' }).click();
    await pane.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    // Read and archived: the unread count went down by one.
    const after = unreadBefore - 1;
    if (after > 0)
      await page
        .getByRole('tab', { name: /Recibidos/ })
        .getByLabel(`${after} sin leer`)
        .waitFor();
    else
      await page
        .getByRole('tab', { name: /Recibidos/ })
        .getByLabel(/sin leer/)
        .waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Archivados' }).click();
    const archivedRow = page.getByRole('row').filter({ hasText: subject });
    await archivedRow.waitFor();
    assert.equal(await archivedRow.getByText('Sin leer').count(), 0);
    await screenshot(page, run.shots, '26-memos-archivados');
    const archived = await backend('agente-mesa', '/memos/archived?page_size=100');
    assert.ok(
      archived.memos.some((m: { document_id: string }) => m.document_id === memoId),
      'the API lists it archived',
    );
    const received = await backend('agente-mesa', '/memos/received?page_size=100');
    assert.ok(!received.memos.some((m: { document_id: string }) => m.document_id === memoId), 'and no longer received');
    const detail = await backend('agente-mesa', `/memos/${memoId}`);
    assert.equal(detail.my_access.is_archived, true);
    // Nor on the document's own page.
    await page.goto(`${run.desk}/documentos/${memoId}`);
    await page.getByTestId('official-number').filter({ hasText: number }).waitFor();
    assert.doesNotMatch(await page.locator('main').innerText(), /Lucía Fernández/);

    // The sender sees the opening in Enviados.
    await martin.page.goto(`${run.desk}/memos`);
    await martin.page.getByRole('tab', { name: 'Enviados' }).click();
    const sent = martin.page.getByRole('row').filter({ hasText: subject });
    await sent.getByText('1 apertura(s)').waitFor();
    await sent.getByText('Carlos Gómez').waitFor();
  });

  it('links an official document by number and proposes a draft to a case; both shown on the case', async () => {
    const reference = `Permiso con anexos ${stamp}`;
    const created = await createCaseBackend('directora-obras', { case_template_id: template('PEROB'), reference });
    const official = await officialDocument('directora-obras', `Informe de inspección ${stamp}`);
    const draftRef = `Dictamen en preparación ${stamp}`;
    const draftId = await createBackendDraft('directora-obras', { reference: draftRef });
    const { page } = await session(LUCIA);
    await page.goto(`${run.desk}/expedientes/${created.case.case_id}`);
    await page.getByRole('heading', { name: created.case.case_number }).waitFor();
    const documents = page.getByRole('table').filter({ hasText: 'Referencia' });
    await documents.getByRole('link', { name: created.cover.official_number }).waitFor();

    await page.getByRole('textbox', { name: 'Vincular documento oficial' }).fill(official.number);
    await page.getByRole('button', { name: 'Vincular', exact: true }).click();
    const linked = documents.getByRole('row').filter({ has: page.getByRole('link', { name: official.number }) });
    await linked.getByText(`Informe de inspección ${stamp}`).waitFor();
    await linked.getByText('Firmado').waitFor();

    await choose(page, 'Proponer uno de mis borradores', new RegExp(escapeRegExp(draftRef)));
    await page.getByRole('button', { name: 'Proponer', exact: true }).click();
    await page.getByText('Borrador propuesto: se vinculará al firmarse').waitFor();
    const proposals = page.getByRole('list', { name: 'Borradores propuestos a este expediente' });
    await proposals.getByRole('link', { name: new RegExp(escapeRegExp(draftRef)) }).waitFor();
    await assertAccessible(page, 'Expediente: documentos');
    await screenshot(page, run.shots, '27-expediente-documentos');

    // What the backend keeps: the link, and the proposal on the draft.
    const detail = await backend('directora-obras', `/cases/${created.case.case_id}`);
    assert.ok(detail.documents.some((d: { document_id: string }) => d.document_id === official.id));
    const draft = await backend('directora-obras', `/documents/${draftId}/details`);
    assert.deepEqual(draft.editing.proposed_case_ids, [created.case.case_id]);

    // Shown again after a reload: it is the server's state, not the screen's.
    await page.reload();
    await proposals.getByRole('link', { name: new RegExp(escapeRegExp(draftRef)) }).waitFor();
    await documents.getByRole('link', { name: official.number }).waitFor();
  });

  /** The provider's token endpoint, from its discovery document. */
  async function tokenEndpoint(): Promise<string> {
    const discovery = (await (await fetch(`${getStack().idp.issuer}/.well-known/openid-configuration`)).json()) as {
      token_endpoint: string;
    };
    return discovery.token_endpoint;
  }
  const isRefreshGrant = (endpoint: string) => (r: Request) =>
    r.method() === 'POST' &&
    r.url() === endpoint &&
    new URLSearchParams(r.postData() ?? '').get('grant_type') === 'refresh_token';

  it('renews the access token when the API answers 401, and the screen still shows its data', async () => {
    const endpoint = await tokenEndpoint();
    const { page } = await session(CARLOS);
    await page.goto(`${run.desk}/`);
    await page.getByRole('heading', { name: `Hola, ${CARLOS.name}` }).waitFor();
    const seen: { authorization: string; answered: number }[] = [];
    await page.route('**/api/v1/registries', async (route) => {
      const authorization = route.request().headers().authorization ?? '';
      if (seen.length === 0) {
        seen.push({ authorization, answered: 401 });
        await route.fulfill({ status: 401, json: { success: false, data: null, message: 'Token expirado' } });
      } else {
        seen.push({ authorization, answered: 0 });
        await route.continue();
      }
    });
    try {
      const grant = page.waitForRequest(isRefreshGrant(endpoint));
      const granted = page.waitForResponse((r) => isRefreshGrant(endpoint)(r.request()));
      await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Legajos' }).click();
      await grant;
      assert.equal((await granted).status(), 200, 'the provider renews the session');
      await page.getByRole('button', { name: /Registro de Arquitectos/ }).waitFor();
      await page.getByRole('heading', { name: 'Legajos' }).waitFor();
      assert.equal(seen.length, 2, 'the call was sent again once');
      assert.match(seen[1]!.authorization, /^Bearer \S+$/);
      assert.notEqual(seen[1]!.authorization, seen[0]!.authorization, 'the retry carries the renewed token');
      assert.equal(await page.getByRole('button', { name: 'Ingresar' }).count(), 0, 'still logged in');
      // The renewed token is the one used from then on.
      const [next] = await Promise.all([
        page.waitForRequest((r) => r.url().includes('/api/v1/records?')),
        page.getByLabel('Buscar').fill('Arq'),
      ]);
      assert.equal(await next.headerValue('authorization'), seen[1]!.authorization);
    } finally {
      await page.unroute('**/api/v1/registries');
    }
  });

  it('several calls answered 401 at once renew the token once, and the session survives', async () => {
    const endpoint = await tokenEndpoint();
    const { page } = await session(CARLOS);
    await page.goto(`${run.desk}/`);
    await page.getByRole('heading', { name: `Hola, ${CARLOS.name}` }).waitFor();
    // Legajos asks for the registries and the records together: both are refused once.
    const refused = new Set<string>();
    const once = (name: string) => async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
      if (!refused.has(name)) {
        refused.add(name);
        await route.fulfill({ status: 401, json: { success: false, data: null, message: 'Token expirado' } });
      } else await route.continue();
    };
    await page.route('**/api/v1/registries', once('registries'));
    await page.route('**/api/v1/records?*', once('records'));
    const grants: Request[] = [];
    const onRequest = (r: Request) => {
      if (isRefreshGrant(endpoint)(r)) grants.push(r);
    };
    page.on('request', onRequest);
    try {
      const records = page.waitForResponse((r) => r.url().includes('/api/v1/records?') && r.status() === 200);
      await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Legajos' }).click();
      await page.getByRole('button', { name: /Registro de Arquitectos/ }).waitFor();
      await records;
      await page
        .getByRole('columnheader', { name: 'Número' })
        .or(page.getByText('No hay legajos con esos filtros.'))
        .waitFor();
      assert.equal(await page.getByRole('alert').count(), 0, 'no error shown');
      assert.deepEqual([...refused].sort(), ['records', 'registries'], 'both calls were refused once');
      assert.equal(grants.length, 1, 'one refresh-token grant for both');
      assert.equal(await page.getByRole('button', { name: 'Ingresar' }).count(), 0, 'still logged in');
      // And the renewed session keeps working.
      const [documents] = await Promise.all([
        page.waitForResponse(
          (r) =>
            r.url().includes('/api/v1/users/') &&
            r.url().includes('/documents?') &&
            !r.url().includes('status=sent_to_sign'),
        ),
        page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Documentos' }).click(),
      ]);
      assert.equal(documents.status(), 200);
      await page.getByText(/documento\(s\)/).waitFor();
      assert.equal(grants.length, 1, 'no further renewal');
    } finally {
      page.off('request', onRequest);
      await page.unroute('**/api/v1/registries');
      await page.unroute('**/api/v1/records?*');
    }
  });

  it('a user of two municipalities chooses one, sees its data, and switches to the other', async () => {
    const { db, demoTenant } = getStack();
    // A second municipality with its own sector, registry and the same person as a user.
    const { tenant: sanRoque } = await createTenant(db, {
      schema: 'desk_san_roque',
      municipalityCode: 'MSR',
      displayName: 'Municipalidad de San Roque',
      city: 'San Roque',
    });
    const ana: DeskUser = { email: 'ana.duarte@municipios.example', name: 'Ana Duarte' };
    const sectorId = randomUUID();
    await tenantDb(db, sanRoque).transaction(async (trx) => {
      await trx('sectors').insert({ id: sectorId, name: 'Mesa General', acronym: 'MGEN' });
      const [user] = await trx('users')
        .insert({ full_name: ana.name, email: ana.email, role: 'empleado' })
        .returning('id');
      await trx('user_sector_permissions').insert({
        user_id: user.id,
        sector_id: sectorId,
        can_edit: true,
        is_primary: true,
      });
      const [family] = await trx('registry_families')
        .insert({
          code: 'COM',
          name: 'Registro de Comercios',
          description: 'Comercios habilitados',
          data_schema: JSON.stringify({
            rubro: {
              label: 'Rubro',
              type: 'text',
              required: false,
              has_expiration: false,
              has_verification: false,
              has_document: false,
            },
          }),
          allowed_states: ['Activo', 'Archivado'],
        })
        .returning('id');
      await trx('registry_family_permissions').insert({ family_id: family.id, sector_id: sectorId, can_view: true });
    });
    await tenantDb(db, demoTenant).transaction(async (trx) => {
      const [user] = await trx('users')
        .insert({ full_name: ana.name, email: ana.email, role: 'empleado' })
        .returning('id');
      await trx('user_sector_permissions').insert({
        user_id: user.id,
        sector_id: demoSector('MESA'),
        can_edit: false,
        is_primary: true,
      });
    });

    const s = run.keep(
      await loginTo(run.browser, run.desk, ana, (page) =>
        page.getByRole('heading', { name: 'Elija el municipio' }).waitFor(),
      ),
    );
    const { page } = s;
    const villa = page.getByRole('button', { name: 'Municipalidad de Villa Esperanza (Villa Esperanza)' });
    await villa.waitFor();
    await page.getByRole('button', { name: 'Municipalidad de San Roque (San Roque)' }).waitFor();
    await assertAccessible(page, 'Elegir municipio');
    await screenshot(page, run.shots, '28-elegir-municipio');

    // San Roque: its registry, not Villa Esperanza's; every call names its schema.
    await page.getByRole('button', { name: 'Municipalidad de San Roque (San Roque)' }).click();
    await page.getByRole('heading', { name: `Hola, ${ana.name}` }).waitFor();
    await page.getByRole('banner').getByText('Municipalidad de San Roque').waitFor();
    const [registries] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v1/registries')),
      page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Legajos' }).click(),
    ]);
    assert.equal(await registries.headerValue('x-tenant-schema'), 'desk_san_roque');
    await page.getByRole('button', { name: /Registro de Comercios/ }).waitFor();
    assert.equal(await page.getByRole('button', { name: /Registro de Arquitectos/ }).count(), 0);
    await screenshot(page, run.shots, '29-san-roque-legajos');

    // Switching from the account menu: the same screen, now with Villa Esperanza's data.
    await page.getByRole('button', { name: `Cuenta de ${ana.name}` }).click();
    assert.equal(
      await page.getByRole('menuitem', { name: 'Municipalidad de San Roque' }).isDisabled(),
      true,
      'the current one is not offered',
    );
    await assertAccessible(page, 'Menú de la cuenta');
    const [switched] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v1/registries')),
      page.getByRole('menuitem', { name: 'Municipalidad de Villa Esperanza' }).click(),
    ]);
    assert.equal(await switched.headerValue('x-tenant-schema'), 'demo');
    await page.getByRole('button', { name: /Registro de Arquitectos/ }).waitFor();
    assert.equal(await page.getByRole('button', { name: /Registro de Comercios/ }).count(), 0);
    await page.getByRole('banner').getByText('Municipalidad de Villa Esperanza').waitFor();
    assert.ok(page.url().endsWith('/legajos'), 'the screen stays');

    // The choice is remembered: a reload goes straight to Villa Esperanza.
    await page.reload();
    await page.getByRole('button', { name: /Registro de Arquitectos/ }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Elija el municipio' }).count(), 0);
  });
});

describe('the municipal desk: deadlines of signing rounds and cases (browser)', function () {
  this.timeout(240_000);
  const run = deskRun('expediente-desk-deadlines-');
  const session = (user: DeskUser) => run.session(user);
  const stamp = Date.now();
  const TZ = 'America/Argentina/Buenos_Aires';
  /** A due instant as the desk shows it: the municipality's local date. */
  const shown = (dueAt: string) =>
    new Intl.DateTimeFormat('es-AR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TZ }).format(
      new Date(dueAt),
    );
  /** The municipality's date `days` from now, as YYYY-MM-DD. */
  const localDate = (days: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(Date.now() + days * 86_400_000));
  const demo = () => tenantDb(getStack().db, getStack().demoTenant);

  it("sends a document to signing with a deadline in business days: the date on the document and in the signer's pending list; overdue shown", async () => {
    const reference = `Informe con plazo ${stamp}`;
    // Lucía signs, Martín (the author) numbers.
    const id = await prepareIntegrationDraft('intendente', ['directora-obras', 'intendente'], { reference });
    const { page } = await session(MARTIN);
    await page.goto(`${run.desk}/documentos/${id}`);
    const start = page.getByRole('button', { name: 'Iniciar firma' });
    await start.waitFor();

    // A date in the past is refused, and the server's reason is shown.
    await page.getByRole('radio', { name: 'Hasta una fecha' }).check();
    await page.getByLabel('Fecha de vencimiento').fill('2020-03-02');
    await start.click();
    await page.getByRole('alert').filter({ hasText: 'El plazo debe ser una fecha futura' }).waitFor();

    await page.getByRole('radio', { name: 'En días hábiles' }).check();
    await page.getByRole('textbox', { name: 'Cantidad de días hábiles' }).fill('5');
    await assertAccessible(page, 'Documento: plazo de firma');
    await start.click();
    await page.getByText('En firma').first().waitFor();

    const details = await backend('intendente', `/documents/${id}/details`);
    const dueAt = details.signing.due_at as string;
    assert.ok(dueAt, 'the round has a deadline');
    assert.ok(new Date(dueAt).getTime() > Date.now() + 4 * 86_400_000, `five business days ahead: ${dueAt}`);
    assert.equal(details.signing.overdue, false);
    const expected = `Vence el ${shown(dueAt)}`;
    await page.getByTestId('signing-deadline').getByText(expected).waitFor();

    // Lucía's pending list (Inicio) and the Documentos tab show the date.
    const lucia = await session(LUCIA);
    await lucia.page.goto(`${run.desk}/`);
    const row = lucia.page
      .getByRole('table', { name: 'Documentos pendientes de mi firma' })
      .locator(`tr[data-document-id="${id}"]`);
    await row.getByText(expected).waitFor();
    assert.equal(await row.getByText('Vencido').count(), 0);
    await lucia.page.goto(`${run.desk}/documentos?vista=pendientes`);
    await lucia.page.getByRole('row').filter({ hasText: reference }).getByText(expected).waitFor();

    // Past its deadline (moved back in the database): "Vencido" on the list and the document, and the figure on Inicio.
    // The expiry as the deadline workflow records it: an event in the feeds of the people concerned.
    const pastDue = new Date(Date.now() - 3_600_000);
    const expiry = `Venció el plazo de la firma de «${reference}»`;
    await demo().transaction(async (trx) => {
      await trx('documents').where({ id }).update({ signing_due_at: pastDue });
      await recordActivity(trx, {
        kind: 'signing_deadline_expired',
        actorUserId: null,
        sectorId: null,
        entityType: 'document',
        entityId: id,
        summary: expiry,
        data: { deadline: `${id}/test`, due_at: pastDue.toISOString() },
        notifyUserIds: [demoUser('directora-obras'), demoUser('intendente')],
      });
    });
    await lucia.page.goto(`${run.desk}/`);
    await row.getByText('Vencido').waitFor();
    const event = lucia.page.getByRole('row').filter({ hasText: expiry });
    await event.getByTestId('feed-deadline').filter({ hasText: 'Plazo de firma vencido' }).waitFor();
    const figure = lucia.page.getByTestId('stat-Firmas vencidas');
    await figure.waitFor();
    assert.ok(Number((await figure.innerText()).replace(/\D+/g, '')) >= 1, 'the overdue round is counted');
    assert.match((await figure.getAttribute('class')) ?? '', /stat-alert/);
    await assertAccessible(lucia.page, 'Inicio con firmas vencidas');
    await screenshot(lucia.page, run.shots, '40-inicio-vencidas');
    await lucia.page.goto(`${run.desk}/documentos/${id}`);
    await lucia.page.getByTestId('signing-deadline').getByText('Vencido').waitFor();
    await screenshot(lucia.page, run.shots, '41-documento-vencido');
  });

  it('assigns a task on a case with a deadline: shown on the case, its movement and the cases list; overdue shown', async () => {
    const created = await createCaseBackend('directora-obras', {
      case_template_id: template('PEROB'),
      reference: `Plazo de tarea ${stamp}`,
    });
    const caseId = created.case.case_id;
    const { page } = await session(LUCIA);
    await page.goto(`${run.desk}/expedientes/${caseId}`);
    await page.getByRole('heading', { name: created.case.case_number }).waitFor();
    await page.getByRole('button', { name: 'Asignar tarea' }).click();
    const assign = page.getByRole('dialog', { name: 'Asignar una tarea' });
    await assign.getByRole('textbox', { name: 'Sector de destino' }).click();
    const target = (await page.getByRole('option').first().innerText()).trim();
    await page.getByRole('option').first().click();
    const acronym = /\(([^)]+)\)$/.exec(target)![1]!;
    await assign.getByRole('textbox', { name: 'Motivo' }).fill('Informar antes del plazo');
    const day = localDate(10);
    await assign.getByRole('radio', { name: 'Hasta una fecha' }).check();
    await assign.getByLabel('Fecha de vencimiento').fill(day);
    await assertAccessible(page, 'Asignar con plazo');
    await assign.getByRole('button', { name: 'Asignar' }).click();
    await assign.waitFor({ state: 'detached' });

    const [y, m, d] = day.split('-');
    const date = `${d}/${m}/${y}`;
    const deadline = page.getByTestId('case-deadline');
    await deadline.getByText(`Plazo: ${acronym} hasta ${date}`).waitFor();
    const movements = page.getByRole('table').filter({ hasText: 'Creación' });
    await movements
      .getByRole('row')
      .filter({ hasText: /Asignación: / })
      .getByText(`Plazo hasta el ${date}`)
      .waitFor();
    const detail = await backend('directora-obras', `/cases/${caseId}`);
    assert.equal(detail.deadline.sector, acronym);
    assert.equal(shown(detail.deadline.due_at), date, 'the end of that local day');
    assert.equal(detail.deadline.overdue, false);
    await screenshot(page, run.shots, '42-expediente-plazo');

    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Expedientes' }).click();
    await page.getByRole('textbox', { name: 'Buscar' }).fill(created.case.case_number);
    const listed = page.getByRole('row').filter({ has: page.getByRole('link', { name: created.case.case_number }) });
    await listed.getByText(`${acronym} hasta ${date}`).waitFor();
    assert.equal(await listed.getByText('Vencido').count(), 0);

    // Past its deadline: "Vencido" on the list and on the case.
    await demo().transaction((trx) =>
      trx('case_movements')
        .where({ id: detail.deadline.movement_id })
        .update({ due_at: new Date(Date.now() - 3_600_000) }),
    );
    await page.reload();
    await listed.getByText('Vencido').waitFor();
    await assertAccessible(page, 'Expedientes con plazo vencido');
    await page.goto(`${run.desk}/expedientes/${caseId}`);
    await deadline.getByText('Vencido').waitFor();
    await screenshot(page, run.shots, '43-expediente-vencido');
  });

  it("an administrator sets a document type's default signing deadline, which a round sent without one gets", async () => {
    // A type of its own: a seeded type's default stays as other suites expect it.
    const own = await newDocumentType();
    const { page } = await session(MARTIN);
    await page.goto(`${run.desk}/calendario`);
    const table = page.getByTestId('type-deadlines');
    const row = table.locator(`tr[data-acronym="${own.acronym}"]`);
    const days = row.getByRole('textbox', { name: `Días hábiles de plazo de ${own.name}` });
    await days.fill('7');
    await row.getByRole('button', { name: `Guardar el plazo de ${own.name}` }).click();
    await page.getByText(`${own.name}: plazo de firma de 7 días hábiles`).waitFor();
    await assertAccessible(page, 'Calendario: plazos por tipo');
    await screenshot(page, run.shots, '44-plazos-por-tipo');
    const types = await backend('intendente', '/admin/document-types');
    assert.equal(
      types.document_types.find((t: { acronym: string }) => t.acronym === own.acronym).signing_due_business_days,
      7,
    );
    await page.reload();
    assert.equal(await days.inputValue(), '7', 'saved');

    // A document of that type sent to sign without a deadline gets the type's.
    const id = await prepareIntegrationDraft('intendente', ['intendente'], {
      document_type_acronym: own.acronym,
      reference: `Documento con plazo del tipo ${stamp}`,
    });
    await startSigning(id, 'intendente');
    const details = await backend('intendente', `/documents/${id}/details`);
    assert.ok(details.signing.due_at, "the type's default applies");

    // Emptied: no default any more.
    await days.fill('');
    await row.getByRole('button', { name: `Guardar el plazo de ${own.name}` }).click();
    await page.getByText(`${own.name}: sin plazo de firma por defecto`).waitFor();
    const after = await backend('intendente', '/admin/document-types');
    assert.equal(
      after.document_types.find((t: { acronym: string }) => t.acronym === own.acronym).signing_due_business_days,
      null,
    );
  });
});
