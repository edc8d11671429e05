/**
 * WinAnsiEncoding (PDF's Windows-1252 variant) in both directions, plus glyph names → Unicode.
 * The tables come from @pdf-lib/standard-fonts (the Adobe standard encodings and AFM data).
 */
// Named imports: the package is CommonJS with __esModule set, so a default import is undefined
// whenever the file is loaded through require (as tsx sometimes does) instead of import.
import { Encodings } from '@pdf-lib/standard-fonts';

const codeToUnicode = new Map<number, string>();
const unicodeToCode = new Map<number, number>();
const glyphNameToUnicode = new Map<string, string>();

for (const cp of Encodings.WinAnsi.supportedCodePoints) {
  const { code, name } = Encodings.WinAnsi.encodeUnicodeCodePoint(cp);
  unicodeToCode.set(cp, code);
  if (!codeToUnicode.has(code)) codeToUnicode.set(code, String.fromCodePoint(cp));
  glyphNameToUnicode.set(name, String.fromCodePoint(cp));
}

/** The WinAnsi byte for a character, or undefined when the encoding cannot represent it. */
export function winAnsiCode(char: string): number | undefined {
  return unicodeToCode.get(char.codePointAt(0)!);
}

export function winAnsiChar(code: number): string {
  return codeToUnicode.get(code) ?? (code >= 0x20 && code < 0x7f ? String.fromCharCode(code) : '');
}

/** Unicode for a glyph name (§9.10.2): standard Latin names, `uniXXXX` and `uXXXX[XX]`. */
export function glyphToUnicode(glyph: string): string {
  const known = glyphNameToUnicode.get(glyph);
  if (known) return known;
  let m = /^uni([0-9A-Fa-f]{4})+$/.exec(glyph);
  if (m) {
    const hex = glyph.slice(3);
    let out = '';
    for (let i = 0; i < hex.length; i += 4) out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
    return out;
  }
  m = /^u([0-9A-Fa-f]{4,6})$/.exec(glyph);
  if (m) {
    const cp = parseInt(m[1]!, 16);
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
  }
  return '';
}

/** Text → WinAnsi bytes; throws on a character the encoding lacks (validated before). */
export function encodeWinAnsi(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const code = winAnsiCode(ch);
    if (code === undefined) throw new Error(`character ${JSON.stringify(ch)} cannot be encoded`);
    out.push(code);
  }
  return Buffer.from(out);
}

/** The characters of `text` that WinAnsi cannot represent (empty when all can be printed). */
export function unprintable(text: string): string[] {
  const bad = new Set<string>();
  for (const ch of text) if (winAnsiCode(ch) === undefined) bad.add(ch);
  return [...bad];
}

/** Every printable WinAnsi character (codes 32–255 that stand for one), in code order. */
export const WIN_ANSI_PRINTABLE: string = Array.from({ length: 224 }, (_, i) => i + 32)
  .filter((code) => code !== 0x7f)
  .map((code) => winAnsiChar(code))
  .filter((ch) => ch !== '' && winAnsiCode(ch) !== undefined)
  .join('');
