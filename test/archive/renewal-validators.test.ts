/**
 * Archive time-stamp renewals judged by validators that share no code with the platform: a
 * renewal (POST /timestamp-pdf: fresh validation data, a document time-stamp, its validation
 * data) must leave every earlier signature and time-stamp as it was — pyHanko's difference
 * analysis accepts only additions to the /DSS (an existing /VRI key rewritten is a modification
 * of what an earlier signature covered) — and EU DSS must still find each signature
 * PAdES-BASELINE-LTA, TOTAL_PASSED.
 */
import assert from 'node:assert/strict';
import { timestampPdf } from '../../activities/signing-service.js';
import { getStack } from '../support/hooks.js';
import { pdfDocumentTimestamps } from '../support/pdf-tools.js';
import { dssAvailable, dssContents, dssValidate, saveTemp, type DssVerdict } from '../signer/support/tools.js';
import { assertPyhankoValid } from './support/validators.js';
import { officialDocument } from '../verification/support/corpus.js';

const describeVerdict = (v: DssVerdict) =>
  `${v.level ?? v.type} ${v.indication}${v.subIndication ? `/${v.subIndication}` : ''}${v.errors.length ? ` errors: ${v.errors.join(' | ')}` : ''}`;

describe('archive renewal: earlier signatures stay valid (pyHanko, EU DSS)', function () {
  this.timeout(240_000);

  it('three renewals of a 2-signer official document: pyHanko VALID after each, EU DSS PAdES-BASELINE-LTA TOTAL_PASSED for both signatures', async () => {
    const stack = getStack();
    const signer = stack.config.signer;
    const doc = await officialDocument(['directora-obras', 'intendente'], 'Informe renovado tres veces');
    const signatures = [...(await assertPyhankoValid(doc.pdf, 'official.pdf')).keys()].sort();
    assert.equal(signatures.length, 2);
    const vriBefore = (await dssContents(await saveTemp(doc.pdf, 'official-dss.pdf'))).vri;

    // POST /timestamp-pdf of the signing service on an already B-LTA file, three times (what the renewal run sends).
    let pdf = doc.pdf;
    for (let i = 1; i <= 3; i++) {
      const renewed = await timestampPdf(signer, pdf, `${doc.number}.pdf`);
      assert.ok(renewed.subarray(0, pdf.length).equals(pdf), `renewal ${i} is an incremental update`);
      pdf = renewed;
      const fields = await assertPyhankoValid(pdf, `renewal-${i}.pdf`);
      assert.deepEqual([...fields.keys()].sort(), signatures);
      assert.equal(pdfDocumentTimestamps(pdf).length, 1 + i);
    }
    // Every /VRI key of the official file is still there (and one more per new time-stamp).
    const vriAfter = (await dssContents(await saveTemp(pdf, 'renewed-dss.pdf'))).vri;
    assert.ok(vriBefore.every((k) => vriAfter.includes(k)));
    assert.equal(vriAfter.length, vriBefore.length + 3);

    if (!dssAvailable()) {
      console.log(
        '      EU DSS validator not built (needs Java 17 and Maven; run npm run setup:tools): DSS part skipped',
      );
      return;
    }
    const verdicts = await dssValidate(await saveTemp(pdf, 'renewed-3.pdf'), stack.pki.caCertPath);
    console.log(`      DSS: ${verdicts.map(describeVerdict).join('; ')}`);
    const sigs = verdicts.filter((v) => v.kind === 'signature');
    assert.equal(sigs.length, 2, verdicts.map(describeVerdict).join('\n'));
    for (const s of sigs) {
      assert.equal(s.level, 'PAdES-BASELINE-LTA', describeVerdict(s));
      assert.equal(s.indication, 'TOTAL_PASSED', describeVerdict(s));
      const docStamps = (s.timestamps ?? []).filter(
        (t) => t.type === 'DOCUMENT_TIMESTAMP' || t.type === 'ARCHIVE_TIMESTAMP',
      );
      assert.equal(docStamps.length, 4, JSON.stringify(s.timestamps));
      for (const t of s.timestamps ?? []) assert.equal(t.indication, 'PASSED', describeVerdict(t));
    }
  });
});
