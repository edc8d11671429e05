/**
 * Every time the desk shows is the municipality's (America/Argentina/Buenos_Aires) on a 24-hour
 * clock, whatever the computer's settings: the browser here runs in Tokyo in US English, so a
 * time written in the browser's zone, or on a 12-hour clock, would read another hour or "PM".
 * The autosave line, a document's signers and deadline, its signatures' time-stamps and the
 * Documentos list are checked against the instants the API holds, formatted here on their own.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { signAll, startSigning } from '../support/communications.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { asBackend, asIntegration, demoUser, request } from '../support/http.js';
import { deskRun, LUCIA, loginAs, screenshot, type DeskSession } from './support.js';

const MUNICIPAL_TIME_ZONE = 'America/Argentina/Buenos_Aires';
/** The computer the desk runs on: half a day away from the municipality, in US English. */
const ELSEWHERE = { timezoneId: 'Asia/Tokyo', locale: 'en-US' } as const;

const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: MUNICIPAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the municipality reads it, assembled from its parts (not by the desk's helper). */
function municipal(instant: Date | string): {
  isoDay: string;
  day: string;
  minutes: string;
  seconds: string;
  dateTime: string;
} {
  const p = Object.fromEntries(PARTS.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  const minutes = `${p.hour}:${p.minute}`;
  const day = `${p.day}/${p.month}/${p.year}`;
  return {
    isoDay: `${p.year}-${p.month}-${p.day}`,
    day,
    minutes,
    seconds: `${minutes}:${p.second}`,
    dateTime: `${day} ${minutes}`,
  };
}

/** "a. m.", "p.m.", "am", "PM"... anywhere on the screen. */
const MERIDIEM = [/\b(a|p)\.?\s?m\.?\b/i, /\b(AM|PM)\b/];

async function assertNoMeridiem(session: DeskSession, screen: string): Promise<void> {
  const text = await session.page.locator('body').innerText();
  for (const pattern of MERIDIEM) {
    const found = pattern.exec(text);
    assert.equal(
      found,
      null,
      `${screen}: "${found ? text.slice(Math.max(0, found.index - 40), found.index + 20) : ''}" reads as a 12-hour clock`,
    );
  }
}

async function backend<T>(path: string): Promise<T> {
  const res = await request(path, { headers: asBackend('directora-obras') });
  assert.equal(res.status, 200, `${path}: ${res.text}`);
  return res.body.data as T;
}

interface Signing {
  signers: { full_name: string; signed_at: string | null }[];
  sent_to_sign_at: string;
  signed_at: string | null;
  due_at: string | null;
}

describe("the desk shows times in the municipality's time zone on a 24-hour clock (browser)", function () {
  this.timeout(120_000);
  const run = deskRun('expediente-times-');
  const tag = randomUUID().slice(0, 8);
  const signedRef = `Informe firmado ${tag}`;
  const pendingRef = `Informe con plazo ${tag}`;
  let signedId = '';
  let pendingId = '';
  /** Tomorrow at 14:30 in the municipality: a 12-hour clock or Tokyo's zone would both read 02:30. */
  let dueAt = '';
  let lucia: DeskSession;

  before(async () => {
    // Jorge signs both; Lucía numbers the first, and the second waits for her with a deadline.
    signedId = await prepareIntegrationDraft('directora-obras', ['agente-obras', 'directora-obras'], {
      reference: signedRef,
    });
    await startSigning(signedId, 'directora-obras');
    await signAll(signedId, ['agente-obras', 'directora-obras']);
    pendingId = await prepareIntegrationDraft('directora-obras', ['agente-obras', 'directora-obras'], {
      reference: pendingRef,
    });
    dueAt = `${municipal(new Date(Date.now() + 86_400_000)).isoDay}T14:30:00-03:00`;
    const started = await request(`/api/v1/documents/${pendingId}/start-signing`, {
      method: 'POST',
      headers: asIntegration('directora-obras'),
      json: { due_at: dueAt },
    });
    assert.equal(started.status, 200, started.text);
    await signAll(pendingId, ['agente-obras']);
    lucia = run.keep(await loginAs(run.browser, run.desk, LUCIA, ELSEWHERE));
    const browserSettings = await lucia.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions());
    assert.deepEqual(
      [browserSettings.timeZone, browserSettings.locale],
      [ELSEWHERE.timezoneId, ELSEWHERE.locale],
      'the browser runs elsewhere',
    );
  });

  it("the editor's autosave says the municipality's time of the save, on a 24-hour clock", async () => {
    const { page } = lucia;
    await page.goto(`${run.desk}/documentos/nuevo`);
    await page.getByLabel('Referencia').fill(`Borrador con hora ${tag}`);
    await page.getByRole('button', { name: 'Crear borrador' }).click();
    await page.waitForURL(/\/documentos\/[0-9a-f-]{36}$/);
    await page.getByRole('textbox', { name: 'Contenido del documento' }).click();
    const from = Date.now();
    await page.keyboard.type('Se inspeccionó la vereda de calle Güemes.');
    const saved = page.getByTestId('save-state').filter({ hasText: 'Guardado' });
    await saved.waitFor();
    const to = Date.now();
    const text = (await saved.innerText()).trim();
    assert.match(text, /^Guardado a las \d{2}:\d{2}:\d{2}$/);
    // The municipality's time of any second around the save (a minute of slack either side).
    const around = new Set<string>();
    for (let t = from - 60_000; t <= to + 60_000; t += 1000)
      around.add(`Guardado a las ${municipal(new Date(t)).seconds}`);
    assert.ok(
      around.has(text),
      `"${text}": expected the municipality's time, about ${municipal(new Date(to)).seconds} (the browser's own clock reads ${new Date(to).toLocaleTimeString(ELSEWHERE.locale, { timeZone: ELSEWHERE.timezoneId })})`,
    );
    await assertNoMeridiem(lucia, 'Editor de documento');
    await screenshot(page, run.shots, 'editor-guardado');
  });

  it("a document in signing shows its signers' times, when it was sent and its deadline in the municipality's time", async () => {
    const { page } = lucia;
    const signing = (await backend<{ signing: Signing }>(`/api/v1/documents/${pendingId}/details`)).signing;
    await page.goto(`${run.desk}/documentos/${pendingId}`);
    const jorge = signing.signers.find((s) => s.full_name === 'Jorge Peña')!;
    const row = page.getByRole('row').filter({ hasText: 'Jorge Peña' });
    await row.getByRole('cell').nth(3).getByText(municipal(jorge.signed_at!).dateTime, { exact: true }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: 'Lucía Fernández' })
      .getByRole('cell')
      .nth(3)
      .getByText('—', { exact: true })
      .waitFor();
    await page.getByText(`Enviado a firma: ${municipal(signing.sent_to_sign_at).dateTime}`, { exact: true }).waitFor();
    assert.equal(signing.due_at, new Date(dueAt).toISOString());
    const deadline = `Vence el ${municipal(dueAt).dateTime}`;
    assert.match(deadline, / 14:30$/);
    await page.getByTestId('signing-deadline').getByText(deadline, { exact: true }).waitFor();
    await assertNoMeridiem(lucia, 'Documento en firma');
    await screenshot(page, run.shots, 'documento-en-firma');
  });

  it("a signed document shows when each signer signed, when it was signed and its time-stamps in the municipality's time", async () => {
    const { page } = lucia;
    const signing = (await backend<{ signing: Signing }>(`/api/v1/documents/${signedId}/details`)).signing;
    const details = await backend<{
      validation: { signatures: { kind: string; timestamp: { time: string } | null }[] };
    }>(`/api/v1/documents/${signedId}/signature-details`);
    await page.goto(`${run.desk}/documentos/${signedId}`);
    await page.getByTestId('official-number').waitFor();
    for (const signer of signing.signers) {
      const row = page
        .getByRole('row')
        .filter({ hasText: signer.full_name })
        .filter({ hasText: /Firmado/ });
      await row.getByRole('cell').nth(3).getByText(municipal(signer.signed_at!).dateTime, { exact: true }).waitFor();
    }
    await page
      .getByText(
        `Enviado a firma: ${municipal(signing.sent_to_sign_at).dateTime} · Firmado: ${municipal(signing.signed_at!).dateTime}`,
        { exact: true },
      )
      .waitFor();
    // Each signature's time-stamp, as the validation table gives it ("24/11/2026 14:29 · authority").
    const stamps = details.validation.signatures.filter((s) => s.kind === 'signature').map((s) => s.timestamp!.time);
    assert.equal(stamps.length, 2);
    const validation = page.getByTestId('signature-validation');
    await validation.getByText('Documento auténtico').waitFor();
    const cells = await validation
      .getByRole('row')
      .evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[2]?.textContent ?? '').filter(Boolean));
    assert.deepEqual(cells.map((c) => c.split(' · ')[0]).sort(), stamps.map((t) => municipal(t).dateTime).sort());
    await assertNoMeridiem(lucia, 'Documento firmado');
    await screenshot(page, run.shots, 'documento-firmado');
  });

  it("the Documentos list gives each document's last change and deadline in the municipality's time", async () => {
    const { page } = lucia;
    const listed = await backend<{ documents: { document_id: string; last_modified_at: string }[] }>(
      `/api/v1/users/${demoUser('directora-obras')}/documents?search=${encodeURIComponent(tag)}&page_size=20`,
    );
    const modified = (id: string) =>
      municipal(listed.documents.find((d) => d.document_id === id)!.last_modified_at).dateTime;
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Documentos' }).click();
    await page.getByRole('heading', { name: 'Documentos' }).waitFor();
    await page.getByRole('textbox', { name: 'Buscar' }).fill(tag);
    const row = (reference: string) =>
      page.getByRole('row').filter({ has: page.getByRole('link', { name: reference, exact: true }) });
    await page.getByText('3 documento(s)').waitFor();
    // Columns: Tipo, Referencia, Número, Estado, Mi rol, Plazo de firma, Modificado.
    await row(signedRef).getByRole('cell').nth(6).getByText(modified(signedId), { exact: true }).waitFor();
    await row(pendingRef).getByRole('cell').nth(6).getByText(modified(pendingId), { exact: true }).waitFor();
    await row(pendingRef)
      .getByRole('cell')
      .nth(5)
      .getByText(`Vence el ${municipal(dueAt).dateTime}`, { exact: true })
      .waitFor();
    await assertNoMeridiem(lucia, 'Documentos');
    await screenshot(page, run.shots, 'documentos');
  });
});
