/**
 * The number stamp of an official document is an unsigned field (Sello1) that the numerator's
 * signature adds and locks (FieldMDP): a new appearance for it, or a signature made into it —
 * even with the municipality's own certificate — is a modification for the engine and for
 * pyHanko, while the official file itself stays PAdES-BASELINE-LTA TOTAL_PASSED for EU DSS.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { validatePdf } from '../../domain/verification/engine.js';
import { TrustAnchors } from '../../domain/verification/trust.js';
import { verdictOf } from '../../domain/verification/verdict.js';
import { type PdfDict, PdfStream, dict, name } from '../../lib/pdf/objects.js';
import { PdfReader } from '../../lib/pdf/reader.js';
import { IncrementalUpdate } from '../../signer/pdf/incremental.js';
import { textOf } from '../../domain/verification/signature-fields.js';
import { getStack } from '../support/hooks.js';
import { dssAvailable, dssValidate, pyhankoValidate, run, saveTemp } from '../signer/support/tools.js';
import { officialDocument, type OfficialDocument } from './support/corpus.js';

/** The form's top-level fields of the newest revision, by name. */
function fieldsByName(reader: PdfReader): Map<string, { ref: number; dict: PdfDict }> {
  const root = reader.resolveDict(reader.trailer.get('Root'))!;
  const form = reader.resolveDict(root.get('AcroForm'))!;
  const found = new Map<string, { ref: number; dict: PdfDict }>();
  for (const item of reader.resolve(form.get('Fields')) as { num: number }[]) {
    const d = reader.resolveDict(item as never)!;
    found.set(textOf(d.get('T'))!, { ref: item.num, dict: d });
  }
  return found;
}

describe('verification: the number stamp is locked by the signature that adds it', function () {
  this.timeout(300_000);
  let official: OfficialDocument;
  let anchors: TrustAnchors;

  before(async () => {
    official = await officialDocument(['directora-obras', 'intendente'], 'Obra aprobada');
    anchors = TrustAnchors.fromPemFiles([getStack().pki.caCertPath]);
  });

  it("the numerator's signature locks Sello1 (field /Lock and a FieldMDP reference)", () => {
    const fields = fieldsByName(new PdfReader(official.pdf));
    const reader = new PdfReader(official.pdf);
    const numerator = fields.get('Firma2')!.dict;
    const lock = reader.resolveDict(numerator.get('Lock'))!;
    assert.ok(lock, "the numerator's field carries a /Lock");
    assert.equal((lock.get('Action') as { value: string }).value, 'Include');
    const value = reader.resolveDict(numerator.get('V'))!;
    const reference = reader.resolveDict((reader.resolve(value.get('Reference')) as never[])[0])!;
    assert.equal((reference.get('TransformMethod') as { value: string }).value, 'FieldMDP');
    const params = reader.resolveDict(reference.get('TransformParams'))!;
    assert.deepEqual(
      (reader.resolve(params.get('Fields')) as never[]).map((f) => textOf(f)),
      ['Sello1'],
    );
    assert.ok(!fields.get('Firma1')!.dict.has('Lock'), 'a signature without a stamp locks nothing');
  });

  it('EU DSS: every signature of the locked official file is PAdES-BASELINE-LTA, TOTAL_PASSED', async function () {
    if (!dssAvailable()) this.skip();
    const verdicts = await dssValidate(await saveTemp(official.pdf, 'locked.pdf'), getStack().pki.caCertPath);
    const signatures = verdicts.filter((v) => v.kind === 'signature');
    assert.equal(signatures.length, 2);
    for (const s of signatures)
      assert.deepEqual([s.level, s.indication], ['PAdES-BASELINE-LTA', 'TOTAL_PASSED'], JSON.stringify(s));
  });

  it('a new appearance for Sello1 after signing: modified, naming the field (engine and pyHanko)', async () => {
    const reader = new PdfReader(official.pdf);
    const stamp = fieldsByName(reader).get('Sello1')!;
    const update = new IncrementalUpdate(reader);
    const forged = update.add(
      new PdfStream(
        dict({ Type: name('XObject'), Subtype: name('Form'), BBox: [0, 0, 200, 40] }),
        Buffer.from('BT /F1 12 Tf 5 20 Td (IF-2026-999999) Tj ET'),
      ),
    );
    update.set({ num: stamp.ref, gen: 0 } as never, stamp.dict.clone().set('AP', dict({ N: forged })));
    const tampered = Buffer.concat([official.pdf, update.build().bytes]);
    const report = validatePdf(tampered, { anchors });
    assert.equal(verdictOf(report, null), 'modified');
    assert.match(
      report.modificationReasons.join('\n'),
      /object \d+: changes the field Sello1, which a signature locked/,
    );
    const py = await pyhankoValidate(await saveTemp(tampered, 'sello-ap.pdf'), getStack().pki.caCertPath);
    assert.ok(
      [...py.fields.values()].some((s) => s.startsWith('INVALID') || s.includes('ILLEGAL_MODIFICATIONS')),
      py.output,
    );
  });

  it("a signature made into Sello1 with the municipality's own certificate: modified (engine and pyHanko)", async () => {
    const stack = getStack();
    const demo = stack.pki.tenants.demo!;
    const input = await saveTemp(official.pdf, 'sello-sign.pdf');
    const passfile = await saveTemp(Buffer.from(demo.password), 'pass.txt');
    const out = `${input}.signed.pdf`;
    const signed = await run('pyhanko', [
      'sign',
      'addsig',
      '--field',
      'Sello1',
      'pkcs12',
      '--passfile',
      passfile,
      input,
      out,
      demo.p12Path,
    ]);
    assert.equal(signed.code, 0, signed.stderr);
    const tampered = await readFile(out);
    const report = validatePdf(tampered, { anchors });
    assert.equal(verdictOf(report, null), 'modified', report.modificationReasons.join('\n'));
    assert.match(report.modificationReasons.join('\n'), /Sello1, which a signature locked/);
    const py = await pyhankoValidate(out, stack.pki.caCertPath);
    const numerator = py.fields.get('Firma2');
    assert.ok(
      numerator && (numerator.startsWith('INVALID') || numerator.includes('ILLEGAL_MODIFICATIONS')),
      `pyHanko on the numerator's signature: ${py.output}`,
    );
  });
});
