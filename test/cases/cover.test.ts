/**
 * The CAEX cover is drawn directly (domain/rendering/cover-renderer.ts), not by the browser: on the
 * real stack its PDF must still carry what every rendered document does, and anything the drawing
 * cannot show goes through the browser instead.
 */
import assert from 'node:assert/strict';
import { coverHtml } from '../../domain/cases/creation.js';
import { readCoverLayout } from '../../domain/rendering/cover-layout.js';
import { formatVerificationCode } from '../../lib/verification-code.js';
import { createCase } from '../support/cases.js';
import { getStack } from '../support/hooks.js';
import { asIntegration, request } from '../support/http.js';
import { pdfInfo, pdfSignatures, pdfText, qrInFooter } from '../support/pdf-tools.js';

async function coverOf(caseId: string): Promise<{ pdf: Buffer; number: string }> {
  const docs = await request(`/api/v1/cases/${caseId}/documents`, { headers: asIntegration('agente-obras') });
  const cover = docs.body.documents.find((d: { document_type: string }) => d.document_type === 'CAEX');
  const url = await request(`/api/v1/documents/${cover.document_id}/url`, { headers: asIntegration('agente-obras') });
  return { pdf: Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer()), number: cover.document_number };
}

describe('cases: the CAEX cover drawn without the browser', function () {
  this.timeout(120_000);

  it('one page with the case facts, header, verification footer and QR, signed below the end-of-text marker', async () => {
    const reference =
      'Ampliación de vivienda unifamiliar en calle Güemes 1234, con planos aprobados, seguro vigente y dirección técnica a cargo del arquitecto Núñez';
    const created = await createCase('agente-obras', { reference });
    const { pdf, number } = await coverOf(created.case_id);
    const info = pdfInfo(pdf);
    assert.match(info.Producer!, /pdf-lib/, 'drawn, not printed by the browser');
    assert.equal(info.Pages, '1');
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    for (const fact of [
      created.case_number,
      'Carátula de expediente',
      'Dirección de Obras Particulares',
      'Jorge Peña',
      getStack().demoTenant.displayName,
      number,
    ]) {
      assert.ok(text.includes(fact), `${fact} in ${text}`);
    }
    assert.ok(text.includes(reference), 'the whole reference, wrapped over lines');
    const [signature] = pdfSignatures(pdf);
    assert.ok(signature?.valid, 'pdfsig validates the signature');
    const code = /Código de verificación: ([0-9A-Z-]+)/.exec(text)?.[1];
    assert.ok(code, text);
    assert.equal(qrInFooter(pdf), `${getStack().config.api.publicUrl}/verificar/${code}`);
    assert.equal(code, formatVerificationCode(code.replace(/-/g, '')));
  });

  it('a reference the standard fonts cannot show is printed by the browser instead', async () => {
    const created = await createCase('agente-obras', { reference: 'Obra Ω → ampliación' });
    const { pdf } = await coverOf(created.case_id);
    assert.doesNotMatch(pdfInfo(pdf).Producer ?? '', /pdf-lib/);
    assert.ok(pdfText(pdf).includes('Obra Ω → ampliación'));
    assert.ok(pdfSignatures(pdf)[0]?.valid);
  });

  it('only the HTML the platform wrote for a cover is taken as a cover', () => {
    const html = coverHtml({
      caseNumber: 'EE-2026-00000001-MVE-DOP',
      reference: 'A & <b>B</b> "c"',
      template: 'T',
      sector: 'S',
      createdAt: '2026-01-02T03:04:05Z',
      creator: 'C',
      timeZone: 'UTC',
    });
    const layout = readCoverLayout(html);
    assert.equal(layout?.rows[1]?.[1], 'A & <b>B</b> "c"');
    assert.equal(readCoverLayout(html.replace('<p>', '<p><img src=x>')), undefined);
    assert.equal(readCoverLayout(`${html}<p>más</p>`), undefined);
    assert.equal(readCoverLayout('<h1>Carátula de expediente</h1>'), undefined);
  });
});
