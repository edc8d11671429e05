/**
 * The desk's Documentos search as people type it, without accents or in capitals: "guemes" shows
 * the document "… Güemes …" and "INSPECCIÓN" the one written "inspeccion".
 */
import { randomUUID } from 'node:crypto';
import { createIntegrationDraft } from '../support/documents.js';
import { assertAccessible, deskRun, LUCIA, screenshot } from './support.js';

describe('the desk finds documents regardless of accents (browser)', function () {
  this.timeout(180_000);
  const run = deskRun('expediente-search-accents-');
  const tag = randomUUID().slice(0, 8);
  const withAccents = `Relevamiento de veredas en calle Güemes ${tag}`;
  const without = `Informe de inspeccion sin tildes ${tag}`;

  before(async () => {
    await createIntegrationDraft('directora-obras', { reference: withAccents });
    await createIntegrationDraft('directora-obras', { reference: without });
  });

  it('typing "guemes" in Documentos lists the document "… Güemes …", and "INSPECCIÓN" the one without accents', async () => {
    const { page } = await run.session(LUCIA);
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Documentos' }).click();
    await page.getByRole('heading', { name: 'Documentos' }).waitFor();
    const search = page.getByRole('textbox', { name: 'Buscar' });
    const row = (reference: string) => page.getByRole('row').filter({ hasText: reference });

    // Both are listed before the search applies: the other one leaving shows it has.
    await row(without).waitFor();
    await search.pressSequentially('guemes');
    await row(without).waitFor({ state: 'detached' });
    await row(withAccents).waitFor();
    await screenshot(page, run.shots, 'documentos-guemes');

    await search.fill('');
    await search.pressSequentially(`INSPECCIÓN SIN TILDES ${tag}`);
    await row(without).waitFor();
    await page.getByText('1 documento(s)').waitFor();
    await row(withAccents).waitFor({ state: 'detached' });
    await assertAccessible(page, 'Documentos, search without accents');
  });
});
