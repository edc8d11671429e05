/**
 * An official PDF says what it is: title (type, number, reference), the municipality as author,
 * the platform as creator, its language, and a structure tree (tagged) for screen readers; the
 * browser's "HeadlessChrome" appears nowhere, and the signatures stay valid.
 */
import assert from 'node:assert/strict';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { createCase } from '../support/cases.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { getStack } from '../support/hooks.js';
import { asIntegration, request } from '../support/http.js';
import { pdfInfo, pdfSignatures } from '../support/pdf-tools.js';

async function officialPdf(documentId: string): Promise<Buffer> {
  const url = await request(`/api/v1/documents/${documentId}/url`, { headers: asIntegration('agente-obras') });
  assert.equal(url.status, 200, url.text);
  return Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer());
}

async function language(pdf: Buffer): Promise<string | undefined> {
  const lang = (await PDFDocument.load(pdf, { updateMetadata: false })).catalog.get(PDFName.of('Lang'));
  return lang instanceof PDFString ? lang.decodeText() : lang?.toString();
}

describe('documents: official PDFs describe themselves', function () {
  this.timeout(120_000);

  it('a rendered document: title, author, creator, language, tagged; signatures valid', async () => {
    const reference = 'Inspección de obra en calle Güemes 1234';
    const id = await prepareIntegrationDraft('agente-obras', ['directora-obras'], { reference });
    assert.equal((await request(`/api/v1/documents/${id}/start-signing`, { method: 'POST', headers: asIntegration('agente-obras') })).status, 200);
    const signed = await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: asIntegration('directora-obras') });
    assert.equal(signed.status, 200, signed.text);
    const pdf = await officialPdf(id);
    const info = pdfInfo(pdf);
    assert.equal(info.Title, `Informe — ${reference}`);
    assert.equal(info.Author, getStack().demoTenant.displayName);
    assert.equal(info.Creator, 'expediente');
    assert.equal(info.Producer, 'expediente (Chromium)');
    assert.equal(info.Tagged, 'yes');
    assert.equal(await language(pdf), 'es-AR');
    assert.ok(!pdf.includes('HeadlessChrome'), 'the browser is not named');
    assert.ok(pdfSignatures(pdf)[0]?.valid, 'pdfsig validates the signature');
  });

  it('a drawn CAEX cover says the same', async () => {
    const created = await createCase('agente-obras', { reference: 'Permiso de obra con carátula descrita' });
    const docs = await request(`/api/v1/cases/${created.case_id}/documents`, { headers: asIntegration('agente-obras') });
    const cover = docs.body.documents.find((d: { document_type: string }) => d.document_type === 'CAEX');
    const info = pdfInfo(await officialPdf(cover.document_id));
    assert.match(info.Title!, /Carátula.*Permiso de obra con carátula descrita/);
    assert.equal(info.Creator, 'expediente');
    assert.equal(info.Producer, 'expediente (pdf-lib)');
    assert.equal(info.Author, getStack().demoTenant.displayName);
  });
});
