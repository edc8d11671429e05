/**
 * An official PDF says what it is: title (type, number, reference), the municipality as author,
 * the platform as creator, its language, and a structure tree (tagged) for screen readers; the
 * browser's "HeadlessChrome" appears nowhere, and the signatures stay valid. Its text reads as
 * the document does: the end-text marker the signing service places signatures by is not in it
 * (pdftotext), though the service still finds it and the signature sits in its usual slot.
 */
import assert from 'node:assert/strict';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { createCase } from '../support/cases.js';
import { letterPdf, pdfForm, prepareIntegrationDraft } from '../support/documents.js';
import { getStack } from '../support/hooks.js';
import { asIntegration, demoUser, request } from '../support/http.js';
import { pdfInfo, pdfSignatures, pdfText } from '../support/pdf-tools.js';
import { END_TEXT_MARKER } from '../../domain/rendering/pdf-renderer.js';
import { PdfDocument } from '../../signer/pdf/document.js';
import { TextLocator } from '../../signer/pdf/text-locator.js';

async function officialPdf(documentId: string): Promise<Buffer> {
  const url = await request(`/api/v1/documents/${documentId}/url`, { headers: asIntegration('agente-obras') });
  assert.equal(url.status, 200, url.text);
  return Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer());
}

/** The rectangle of the first signature's widget, as the signing service placed it. */
async function firstSignatureRect(pdf: Buffer): Promise<number[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const field = doc
    .getForm()
    .getFields()
    .find((f) => f.getName() === 'Firma1');
  assert.ok(field, 'the signature field Firma1');
  const rect = field.acroField.getWidgets()[0]!.getRectangle();
  return [rect.x, rect.y, rect.width, rect.height];
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
    assert.equal(
      (
        await request(`/api/v1/documents/${id}/start-signing`, {
          method: 'POST',
          headers: asIntegration('agente-obras'),
        })
      ).status,
      200,
    );
    const signed = await request(`/api/v1/documents/${id}/sign`, {
      method: 'POST',
      headers: asIntegration('directora-obras'),
    });
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
    const metadata = (await PDFDocument.load(pdf, { updateMetadata: false })).catalog.lookup(PDFName.of('Metadata'));
    assert.ok(metadata, 'XMP metadata');
    assert.match(
      Buffer.from((metadata as unknown as { getContents(): Uint8Array }).getContents()).toString('utf8'),
      /<pdfuaid:part>1<\/pdfuaid:part>/,
    );

    const text = pdfText(pdf);
    assert.ok(!text.includes(END_TEXT_MARKER), `the marker is not in the text layer:\n${text}`);
    assert.ok(
      text.includes(reference) && text.includes('Código de verificación'),
      'the body, header and footer still are',
    );
    const parsed = PdfDocument.open(pdf);
    const marker = new TextLocator(parsed.reader).lowest(parsed.pages[parsed.pages.length - 1]!, END_TEXT_MARKER);
    assert.ok(marker, 'the signing service still finds the marker');
    // The first slot of the service's grid (x 50, y 40, 246 × 72 pt), as before the marker was hidden.
    assert.deepEqual(await firstSignatureRect(pdf), [50, 40, 246, 72]);
  });

  it('a drawn CAEX cover says the same', async () => {
    const created = await createCase('agente-obras', { reference: 'Permiso de obra con carátula descrita' });
    const docs = await request(`/api/v1/cases/${created.case_id}/documents`, {
      headers: asIntegration('agente-obras'),
    });
    const cover = docs.body.documents.find((d: { document_type: string }) => d.document_type === 'CAEX');
    const info = pdfInfo(await officialPdf(cover.document_id));
    assert.match(info.Title!, /Carátula.*Permiso de obra con carátula descrita/);
    assert.equal(info.Creator, 'expediente');
    assert.equal(info.Producer, 'expediente (pdf-lib)');
    assert.equal(info.Author, getStack().demoTenant.displayName);
    assert.ok(
      !pdfText(await officialPdf(cover.document_id)).includes(END_TEXT_MARKER),
      "no marker in the cover's text",
    );
  });

  it("an imported PDF's signature page: no marker in its text, the signature in its slot", async () => {
    const imported = await request('/api/v1/documents/import', {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      form: pdfForm(
        { document_type_acronym: 'INF', reference: 'Externo sin marcador' },
        { bytes: await letterPdf('Informe externo') },
      ),
    });
    assert.equal(imported.status, 201, imported.text);
    const id = imported.body.document_id;
    await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers: asIntegration('agente-obras'),
      json: { signers: [demoUser('directora-obras')] },
    });
    assert.equal(
      (
        await request(`/api/v1/documents/${id}/start-signing`, {
          method: 'POST',
          headers: asIntegration('agente-obras'),
        })
      ).status,
      200,
    );
    assert.equal(
      (await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: asIntegration('directora-obras') }))
        .status,
      200,
    );
    const pdf = await officialPdf(id);
    const text = pdfText(pdf);
    assert.match(text, /Informe externo/);
    assert.ok(!text.includes(END_TEXT_MARKER), `the marker is not in the text layer:\n${text}`);
    assert.deepEqual(await firstSignatureRect(pdf), [50, 40, 246, 72]);
  });
});
