import assert from 'node:assert/strict';
import type { RunningSigner } from '../../signer/server.js';
import { fields, sign } from './support/http.js';
import { letterPdf, pdfWithEarlierUpdate } from './support/pdfs.js';
import { devPki, startSigner } from './support/service.js';
import { pdfsig, pyhankoAccepts, pyhankoValidate, qpdfCheck, saveTemp } from './support/tools.js';

const SIGNERS = [
  ['Martín Álvarez', 'Intendente', 'Intendencia'],
  ['Lucía Fernández', 'Directora', 'Obras Particulares'],
  ['Jorge Peña', 'Inspector', 'Obras Particulares'],
  ['María José Núñez', 'Directora', 'Rentas'],
  ['Sofía Ibáñez', 'Directora', 'Mesa de Entradas'],
  ['Carlos Gómez', 'Empleado', 'Mesa de Entradas'],
] as const;

describe('signer: six successive PAdES signatures as incremental updates', () => {
  let signer: RunningSigner;

  before(async () => {
    signer = await startSigner();
  });

  const inputs: [string, () => Promise<Buffer>, 'table' | 'stream'][] = [
    ['a classic cross-reference table', () => letterPdf({ objectStreams: false }), 'table'],
    [
      'a cross-reference stream with object streams (pdf-lib default)',
      () => letterPdf({ objectStreams: true }),
      'stream',
    ],
    ['an earlier incremental update', () => pdfWithEarlierUpdate(), 'table'],
  ];

  for (const [label, make, xrefKind] of inputs) {
    it(`on a PDF with ${label}: all six stay valid and the file is undamaged`, async () => {
      const pki = await devPki();
      const original = await make();
      assert.ok((await qpdfCheck(await saveTemp(original))).ok, 'the input itself must be sound');
      let pdf = original;
      for (const [i, [name, seal, department]] of SIGNERS.entries()) {
        const res = await sign(signer.url, {
          pdf,
          fields: fields({ name, seal, department, tenant_id: i % 2 ? 'otro' : 'demo' }),
        });
        assert.equal(res.status, 200, res.bytes.toString('utf8').slice(0, 300));
        assert.equal(res.headers.get('x-signature-type'), 'pades');
        // Every earlier revision is a byte-for-byte prefix of the new file.
        assert.ok(res.bytes.subarray(0, pdf.length).equals(pdf), `signature ${i + 1} rewrote earlier bytes`);
        // The new cross-reference section is of the same kind as the one before it.
        const appended = res.bytes.subarray(pdf.length).toString('latin1');
        if (xrefKind === 'stream') assert.match(appended, /\/Type\s*\/XRef/);
        else assert.match(appended, /\nxref\n[\s\S]*trailer/);
        assert.match(
          appended,
          new RegExp(`/Prev ${/startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf.toString('latin1'))![1]}\\b`),
        );
        pdf = res.bytes;
      }
      const file = await saveTemp(pdf, 'six.pdf');

      const sigs = await pdfsig(file);
      const signed = sigs.filter((s) => s.signed);
      assert.equal(signed.length, 6);
      for (const s of signed) {
        assert.ok(s.valid, `${s.field} not valid per pdfsig`);
        assert.equal(s.type, 'ETSI.CAdES.detached');
      }

      const check = await qpdfCheck(file);
      assert.ok(check.ok, check.output);

      const validation = await pyhankoValidate(file, pki.caCertPath);
      assert.equal(validation.code, 0, validation.output);
      assert.equal(validation.fields.size, 6);
      for (const [field, summary] of validation.fields) assert.ok(pyhankoAccepts(summary), `${field}: ${summary}`);
      // The earlier five saw only signature and form additions after them; the last saw nothing.
      const summaries = [...validation.fields.values()];
      for (const s of summaries.slice(0, 5)) assert.match(s, /EXTENDED_WITH_FORM_FILLING/);
      assert.match(summaries[5]!, /UNTOUCHED/);
    });
  }
});
