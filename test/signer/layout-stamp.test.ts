import assert from 'node:assert/strict';
import { Encodings, Font } from '@pdf-lib/standard-fonts';
import type { RunningSigner } from '../../signer/server.js';
import { fields, sign } from './support/http.js';
import { MARKER, chromiumPdf, letterPdf } from './support/pdfs.js';
import { devPki, startSigner } from './support/service.js';
import {
  inkRatio,
  pdfsig,
  pdftotext,
  pyhankoAccepts,
  pyhankoValidate,
  qpdfCheck,
  qpdfFields,
  renderPage,
  run,
  saveTemp,
  wordBoxes,
} from './support/tools.js';

/** The documented grid: two 246 x 72 pt columns at x = 50 and 316, rows every 82 pt from y = 40. */
function expectedSlot(n: number): [number, number, number, number] {
  const x = 50 + (n % 2) * (246 + 20);
  const y = 40 + Math.floor(n / 2) * (72 + 10);
  return [x, y, x + 246, y + 72];
}

describe('signer: layout of signatures, the stamp, and what the page shows', () => {
  let signer: RunningSigner;

  before(async () => {
    signer = await startSigner();
  });

  it('places signatures 0..N left then right, row by row upward, and refuses one more when the page is full', async () => {
    // Marker at 560 pt: rows whose top stays 8 pt below it fit (six rows of two).
    const markerY = 560;
    let pdf = await letterPdf({ markerY });
    const capacity = 12;
    for (let n = 0; n < capacity; n++) {
      const res = await sign(signer.url, {
        pdf,
        fields: fields({ name: `Firmante ${n + 1}`, use_pades: n % 3 === 0 ? 'true' : 'false' }),
      });
      assert.equal(res.status, 200, `signature ${n + 1}: ${res.bytes.toString('utf8').slice(0, 200)}`);
      pdf = res.bytes;
    }
    const file = await saveTemp(pdf, 'grid.pdf');
    const placed = (await qpdfFields(file)).filter((f) => f.name.startsWith('Firma'));
    assert.equal(placed.length, capacity);
    placed.forEach((f, n) => assert.deepEqual(f.rect, expectedSlot(n), `slot of signature ${n + 1}`));

    // Independently of the service's own text reading: every block is below the marker poppler sees.
    const marker = (await wordBoxes(file, 1)).find((w) => w.text === MARKER)!;
    assert.ok(marker, 'pdftotext finds the marker');
    for (const f of placed)
      assert.ok(f.rect[3] < marker.bottom, `${f.name} reaches ${f.rect[3]}, marker bottom ${marker.bottom}`);

    const full = await sign(signer.url, { pdf, fields: fields({ use_pades: 'false' }) });
    assert.equal(full.status, 400);
    assert.equal(full.json.code, 'LayoutError');
    assert.ok((await qpdfCheck(file)).ok);
  });

  it('finds the end of the text in a document rendered by Chromium and signs below it', async function () {
    this.timeout(30_000);
    const html = `<html><body style="font-family: 'DejaVu Sans', sans-serif; font-size: 12pt">
      <h2>Resolución Nº 15/2026</h2>
      ${'<p>Visto el expediente iniciado por la señora Ibáñez, y considerando lo dictaminado por la Dirección de Asuntos Legales, corresponde resolver.</p>'.repeat(6)}
      <p>Artículo 1º: Apruébase lo actuado.</p>
      <p style="color: #fff; font-size: 2pt; margin: 0">${MARKER}</p></body></html>`;
    const input = await chromiumPdf(html);
    const res = await sign(signer.url, { pdf: input });
    assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 200));
    const file = await saveTemp(res.bytes, 'chromium.pdf');
    const words = await wordBoxes(file, 1);
    const lastLine = words.find((w) => w.text === 'Apruébase')!;
    assert.ok(lastLine, 'the last sentence is on the page');
    const [field] = (await qpdfFields(file)).filter((f) => f.signed);
    assert.deepEqual(field!.rect, expectedSlot(0));
    assert.ok(field!.rect[3] < lastLine.bottom);
    assert.equal((await pdfsig(file)).filter((s) => s.valid).length, 1);
  });

  for (const position of ['first', 'last'] as const) {
    it(`stamps document number, city and date on the ${position} page only`, async () => {
      const res = await sign(signer.url, {
        pdf: await letterPdf({ pages: 3 }),
        fields: fields({
          document_number: 'ME-2026-00000007-MVE-MDE',
          city: 'Villa Esperanza',
          stamp_position: position,
        }),
      });
      assert.equal(res.status, 200);
      const file = await saveTemp(res.bytes, `stamp-${position}.pdf`);
      const stampedPage = position === 'first' ? 1 : 3;
      for (const page of [1, 2, 3]) {
        const text = await pdftotext(file, page);
        assert.equal(text.includes('Número: ME-2026-00000007-MVE-MDE'), page === stampedPage, `page ${page}`);
        assert.equal(/Villa Esperanza, \d{1,2} de \p{L}+ de \d{4}/u.test(text), page === stampedPage, `page ${page}`);
        // The signature itself is always on the last page.
        assert.equal(text.includes('Firmado digitalmente'), page === 3, `page ${page}`);
      }
      const stamp = (await qpdfFields(file)).find((f) => !f.signed)!;
      assert.equal(stamp.page, stampedPage);
      assert.ok(stamp.rect[1] > 700, 'the stamp sits at the top of the page');
    });
  }

  it('a stamp without document_number is not drawn, and city alone does nothing', async () => {
    const res = await sign(signer.url, {
      pdf: await letterPdf(),
      fields: fields({ city: 'Villa Esperanza', use_pades: 'false' }),
    });
    assert.equal(res.status, 200);
    const text = await pdftotext(await saveTemp(res.bytes));
    assert.ok(!text.includes('Número:'));
  });

  it('the numbering signer stamps after three others, and every earlier signature stays valid', async () => {
    const pki = await devPki();
    let pdf = await letterPdf({ pages: 2 });
    for (const name of ['Lucía Fernández', 'Jorge Peña', 'Sofía Ibáñez']) {
      const res = await sign(signer.url, { pdf, fields: fields({ name }) });
      assert.equal(res.status, 200);
      pdf = res.bytes;
    }
    // A visual signature in between must not disturb them either.
    const visual = await sign(signer.url, { pdf, fields: fields({ name: 'Carlos Gómez', use_pades: 'false' }) });
    assert.equal(visual.status, 200);
    const numbered = await sign(signer.url, {
      pdf: visual.bytes,
      fields: fields({
        name: 'Martín Álvarez',
        seal: 'Intendente',
        document_number: 'IF-2026-00000100-MVE-INT',
        city: 'Villa Esperanza',
      }),
    });
    assert.equal(numbered.status, 200);
    const file = await saveTemp(numbered.bytes, 'numbered.pdf');

    const validation = await pyhankoValidate(file, pki.caCertPath);
    assert.equal(validation.code, 0, validation.output);
    assert.equal(validation.fields.size, 4);
    for (const [field, summary] of validation.fields) assert.ok(pyhankoAccepts(summary), `${field}: ${summary}`);
    const signed = (await pdfsig(file)).filter((s) => s.signed);
    assert.equal(signed.length, 4);
    assert.ok(signed.every((s) => s.valid));
    assert.ok((await qpdfCheck(file)).ok);
    assert.ok((await pdftotext(file, 1)).includes('IF-2026-00000100-MVE-INT'));
  });

  it('renders Spanish text correctly: pdftotext reads it back and pdftoppm draws the block', async () => {
    const input = await letterPdf();
    const who = {
      name: 'Ñandú Güemes de la Peña',
      seal: 'Subsecretaría de Economía',
      department: 'Área Técnica — Catastro',
      entity: '¿Municipalidad de Añatuya?',
    };
    const res = await sign(signer.url, { pdf: input, fields: fields(who) });
    assert.equal(res.status, 200);
    const file = await saveTemp(res.bytes, 'acentos.pdf');
    const text = await pdftotext(file);
    for (const value of Object.values(who)) assert.ok(text.includes(value), `${value} in:\n${text}`);

    const [field] = (await qpdfFields(file)).filter((f) => f.signed);
    const before = await renderPage(await saveTemp(input), 1);
    const after = await renderPage(file, 1);
    assert.equal(after.png.subarray(1, 4).toString('latin1'), 'PNG');
    assert.equal(inkRatio(before, field!.rect), 0, 'the area was blank before signing');
    assert.ok(inkRatio(after, field!.rect) > 0.02, 'the signature block is drawn');
  });

  it('draws the blocks in embedded subsets of Arimo (PDF/UA-1 7.21.4.1), set exactly where Helvetica set them, about 12 kB a face', async () => {
    const input = await letterPdf();
    const who = {
      name: 'María José Núñez',
      seal: 'Subsecretaría de Economía',
      document_number: 'IF-2026-00000012-MVE-DOP',
      city: 'Villa Esperanza',
    };
    const first = await sign(signer.url, { pdf: input, fields: fields({ ...who, use_pades: 'false' }) });
    assert.equal(first.status, 200);
    const second = await sign(signer.url, { pdf: first.bytes, fields: fields({ name: 'Ñandú Güemes' }) });
    assert.equal(second.status, 200);
    const file = await saveTemp(second.bytes, 'fuentes.pdf');

    // pdffonts: name, type, encoding, emb, sub, uni, object number, generation.
    const listed = (await run('pdffonts', [file])).stdout
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => line.split(/\s+/));
    const blockFonts = listed.filter(([fontName]) => fontName !== 'Helvetica'); // the input's own text
    assert.equal(blockFonts.length, 4, 'a regular and a bold face per signature');
    for (const [fontName, type, encoding, emb, sub] of blockFonts) {
      assert.match(fontName!, /^[A-Z]{6}\+Arimo(-Bold)?$/);
      assert.deepEqual([type, encoding, emb, sub], ['TrueType', 'WinAnsi', 'yes', 'yes'], fontName);
    }
    // A visual signature with the stamp adds its fields and the two WinAnsi subsets, nothing like a whole font (300 kB each).
    assert.ok(
      first.bytes.length - input.length < 32_000,
      `the visual signature and stamp added ${first.bytes.length - input.length} bytes`,
    );

    const text = await pdftotext(file);
    for (const value of [
      'María José Núñez',
      'Subsecretaría de Economía',
      'Ñandú Güemes',
      'Número: IF-2026-00000012-MVE-DOP',
    ])
      assert.ok(text.includes(value), `${value} in:\n${text}`);
    assert.equal((await pdfsig(file)).filter((s) => s.signed && s.valid).length, 1);

    // Arimo has Helvetica's widths: each centred line starts where the Adobe metrics put it.
    const words = await wordBoxes(file, 1);
    const helvetica = { bold: Font.load('Helvetica-Bold'), regular: Font.load('Helvetica') };
    const helveticaWidth = (text: string, face: 'bold' | 'regular', size: number) =>
      ([...text].reduce(
        (sum, ch) =>
          sum + helvetica[face].getWidthOfGlyph(Encodings.WinAnsi.encodeUnicodeCodePoint(ch.codePointAt(0)!).name)!,
        0,
      ) *
        size) /
      1000;
    const expectations: [string, 'bold' | 'regular', number, number][] = [
      ['María José Núñez', 'bold', 9, 50],
      ['Subsecretaría de Economía', 'regular', 8, 50],
      ['Ñandú Güemes', 'bold', 9, 316],
    ];
    for (const [line, face, size, slotX] of expectations) {
      const width = helveticaWidth(line, face, size);
      const firstWord = words.find((w) => w.text === line.split(' ')[0] && w.left >= slotX && w.left < slotX + 246)!;
      assert.ok(firstWord, `${line} is on the page`);
      assert.ok(
        Math.abs(firstWord.left - (slotX + (246 - width) / 2)) < 0.05,
        `${line} starts at ${firstWord.left}, Helvetica centred it at ${slotX + (246 - width) / 2}`,
      );
    }
  });
});
