/**
 * The fonts the signature blocks embed: Arimo cut to the printable WinAnsi characters, shipped in
 * signer/appearance/arimo-winansi.ts. It must be exactly what `npm run fonts:subset` cuts from the
 * package today (so nobody edits it by hand and it can be cut again), and each face must map every
 * character a block can draw to a real glyph with Helvetica's width.
 */
import assert from 'node:assert/strict';
import { Encodings, Font } from '@pdf-lib/standard-fonts';
import { WIN_ANSI_PRINTABLE } from '../../lib/pdf/win-ansi.js';
import { ARIMO_WINANSI } from '../../signer/appearance/arimo-winansi.js';
import { cutSubsets } from '../../signer/appearance/cut-fonts.js';
import { TrueTypeFace } from '../../signer/appearance/truetype.js';

describe('signer: the embedded block fonts', () => {
  it('are what npm run fonts:subset cuts from the font package', () => {
    assert.deepEqual(cutSubsets(), { regular: ARIMO_WINANSI.regular, bold: ARIMO_WINANSI.bold });
  });

  it("hold a glyph for every printable WinAnsi character, as wide as Helvetica's but for a few rare symbols", () => {
    assert.equal(WIN_ANSI_PRINTABLE.length, 218);
    for (const [face, helveticaName] of [
      ['regular', 'Helvetica'],
      ['bold', 'Helvetica-Bold'],
    ] as const) {
      const font = new TrueTypeFace(new Uint8Array(Buffer.from(ARIMO_WINANSI[face], 'base64')));
      const helvetica = Font.load(helveticaName);
      const { unitsPerEm } = font.metrics();
      const differ: string[] = [];
      for (const ch of WIN_ANSI_PRINTABLE) {
        const cp = ch.codePointAt(0)!;
        assert.notEqual(font.glyph(cp), 0, `${face}: a glyph for U+${cp.toString(16)}`);
        const width = Math.round((font.advance(cp) * 1000) / unitsPerEm);
        if (width !== helvetica.getWidthOfGlyph(Encodings.WinAnsi.encodeUnicodeCodePoint(cp).name)) differ.push(ch);
      }
      // Spanish text, digits and the usual punctuation set exactly as Helvetica set them.
      assert.ok(
        differ.every((ch) => 'ƒŸ¯±µ·÷\u00ad'.includes(ch)),
        `${face}: widths differ from Helvetica's for ${differ.join(' ')}`,
      );
    }
  });
});
