/**
 * Marking a page's untagged content (domain/rendering/pdf-artifacts.ts), on content streams
 * written here: what the structure tree does not hold becomes an Artifact, the end-text marker
 * also gets an empty ActualText, and tagged content, clipping paths and anything unreadable are
 * left as they are.
 */
import assert from 'node:assert/strict';
import { withArtifacts } from '../../domain/rendering/pdf-artifacts.js';

const latin1 = new Map([['F1', (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1')]]);
const mark = (content: string) => withArtifacts(Buffer.from(content, 'latin1'), latin1)?.toString('latin1');
/** The content with whitespace collapsed, to compare operators rather than line breaks. */
const squeeze = (content: string | undefined) => content?.replace(/\s+/g, ' ').trim();

describe('official PDFs: untagged content becomes artifacts', () => {
  it('wraps an untagged text object, and the marker with an empty ActualText', () => {
    const out = mark(
      'BT /F1 9 Tf 10 700 Td (Municipalidad) Tj ET\nq 1 1 1 rg BT /F1 2 Tf 10 500 Td [(##FIN_)-20(TEXTO##)] TJ ET Q',
    );
    assert.equal(
      squeeze(out),
      squeeze(`/Artifact BMC BT /F1 9 Tf 10 700 Td (Municipalidad) Tj ET EMC
      q 1 1 1 rg /Artifact BMC /Span <</ActualText <FEFF>>> BDC BT /F1 2 Tf 10 500 Td [(##FIN_)-20(TEXTO##)] TJ ET EMC EMC Q`),
    );
  });

  it('leaves tagged content alone and wraps untagged paths and images, not clipping paths', () => {
    const out = mark(`/P <</MCID 0>> BDC BT /F1 11 Tf (Texto) Tj ET EMC
      0 0 612 792 re W n
      10 10 m 20 20 l S
      q 30 0 0 30 5 5 cm /Im0 Do Q`);
    assert.equal(
      squeeze(out),
      squeeze(`/P <</MCID 0>> BDC BT /F1 11 Tf (Texto) Tj ET EMC
      0 0 612 792 re W n
      /Artifact BMC 10 10 m 20 20 l S EMC
      q 30 0 0 30 5 5 cm /Artifact BMC /Im0 Do EMC Q`),
    );
  });

  it("wraps an untagged text object holding the browser's ActualText span for a ligature", () => {
    const out = mark('BT /F1 7 Tf (Veri) Tj /Span<</ActualText (fi) >> BDC (X) Tj EMC (que en) Tj ET');
    assert.equal(
      squeeze(out),
      squeeze('/Artifact BMC BT /F1 7 Tf (Veri) Tj /Span<</ActualText (fi) >> BDC (X) Tj EMC (que en) Tj ET EMC'),
    );
  });

  it('changes nothing when everything is tagged, or when a text object tags content inside', () => {
    assert.equal(mark('/Span <</MCID 3>> BDC BT /F1 11 Tf (x) Tj ET EMC'), undefined);
    assert.equal(squeeze(mark('BT /P <</MCID 1>> BDC /F1 11 Tf (x) Tj EMC ET')), undefined);
  });

  it('keeps a stream it cannot follow as it was', () => {
    assert.equal(mark('BT /F1 11 Tf (x) Tj ] ET'), undefined);
  });
});
