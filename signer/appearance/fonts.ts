/**
 * Appearance text uses the standard Helvetica faces with WinAnsiEncoding: every PDF reader has
 * them (nothing to embed, so each signature stays small and fast), and WinAnsi covers Spanish
 * completely (á é í ó ú ü ñ Ñ ¿ ¡ º ª). Widths come from the Adobe font metrics.
 */
// Named imports: the package is CommonJS with __esModule set, so a default import is undefined
// whenever the file is loaded through require (as tsx sometimes does) instead of import.
import { Encodings, Font } from '@pdf-lib/standard-fonts';
import { dict, name, type PdfDict } from '../pdf/objects.js';

export type FontKey = 'regular' | 'bold';

const METRICS = { regular: Font.load('Helvetica'), bold: Font.load('Helvetica-Bold') };
const BASE_FONT: Record<FontKey, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
/** Resource names used inside appearance streams. */
export const FONT_RESOURCE: Record<FontKey, string> = { regular: 'F1', bold: 'F2' };

const widthCache: Record<FontKey, Map<string, number>> = { regular: new Map(), bold: new Map() };

function glyphWidth(font: FontKey, ch: string): number {
  let w = widthCache[font].get(ch);
  if (w === undefined) {
    const cp = ch.codePointAt(0)!;
    const glyph = Encodings.WinAnsi.canEncodeUnicodeCodePoint(cp) ? Encodings.WinAnsi.encodeUnicodeCodePoint(cp).name : undefined;
    w = (glyph && METRICS[font].getWidthOfGlyph(glyph)) || 556;
    widthCache[font].set(ch, w);
  }
  return w;
}

/** Width in points of `text` set in `font` at `size`. */
export function textWidth(text: string, font: FontKey, size: number): number {
  let units = 0;
  for (const ch of text) units += glyphWidth(font, ch);
  return (units * size) / 1000;
}

export function fontDictionary(font: FontKey): PdfDict {
  return dict({ Type: name('Font'), Subtype: name('Type1'), BaseFont: name(BASE_FONT[font]), Encoding: name('WinAnsiEncoding') });
}
