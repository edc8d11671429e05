/**
 * Appearance text is set in Arimo (regular and bold), embedded as a subset TrueType font with
 * WinAnsiEncoding: PDF/UA-1 (7.21.4.1) wants every font program used for rendering embedded,
 * and Arimo is metrically compatible with Helvetica/Arial, so blocks keep the layout they had
 * with the standard faces. The font ships with the service (an npm package), not the system.
 * WinAnsi covers Spanish completely (á é í ó ú ü ñ Ñ ¿ ¡ º ª) and Arimo has a glyph for every
 * WinAnsi character; widths are the font program's own.
 *
 * Both faces are shipped cut to the printable WinAnsi characters (arimo-winansi.ts, written by
 * `npm run fonts:subset`), about 12 kB each once compressed, and embedded as they are in every
 * update: no subsetting while signing, and none of a subsetter's memory in the service.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { WIN_ANSI_PRINTABLE, winAnsiChar, winAnsiCode } from '../../lib/pdf/win-ansi.js';
import { PdfStream, dict, name, type PdfDict, type PdfRef } from '../../lib/pdf/objects.js';
import { ARIMO_WINANSI } from './arimo-winansi.js';
import { TrueTypeFace, type FaceMetrics } from './truetype.js';

export type FontKey = 'regular' | 'bold';

/** Resource names used inside appearance streams. */
export const FONT_RESOURCE: Record<FontKey, string> = { regular: 'F1', bold: 'F2' };

const FACES: Record<FontKey, { postScriptName: string; stemV: number }> = {
  regular: { postScriptName: 'Arimo', stemV: 80 },
  bold: { postScriptName: 'Arimo-Bold', stemV: 140 },
};

interface Face {
  reader: TrueTypeFace;
  bytes: Uint8Array;
  metrics: FaceMetrics;
  widths: Map<string, number>;
}

const faces: Partial<Record<FontKey, Face>> = {};

function face(font: FontKey): Face {
  let f = faces[font];
  if (!f) {
    const bytes = new Uint8Array(Buffer.from(ARIMO_WINANSI[font], 'base64'));
    const reader = new TrueTypeFace(bytes);
    f = faces[font] = { reader, bytes, metrics: reader.metrics(), widths: new Map() };
  }
  return f;
}

/** Width of one character in thousandths of the font size, as written in /Widths. */
function glyphWidth(font: FontKey, ch: string): number {
  const f = face(font);
  let w = f.widths.get(ch);
  if (w === undefined) {
    w = Math.round((f.reader.advance(ch.codePointAt(0)!) * 1000) / f.metrics.unitsPerEm);
    f.widths.set(ch, w);
  }
  return w;
}

/** Width in points of `text` set in `font` at `size`. */
export function textWidth(text: string, font: FontKey, size: number): number {
  let units = 0;
  for (const ch of text) units += glyphWidth(font, ch);
  return (units * size) / 1000;
}

/** Everything of an embedded subset that does not depend on the update it goes into. */
interface EmbeddedSubset {
  baseFont: string;
  firstChar: number;
  lastChar: number;
  widths: number[];
  fontFile: Uint8Array;
  length1: number;
}

const subsets: Partial<Record<FontKey, EmbeddedSubset>> = {};

function embeddedSubset(font: FontKey): EmbeddedSubset {
  const ready = subsets[font];
  if (ready) return ready;
  const program = face(font).bytes;
  const codes = [...WIN_ANSI_PRINTABLE].map((ch) => winAnsiCode(ch)!);
  const firstChar = Math.min(...codes);
  const lastChar = Math.max(...codes);
  const held = new Set(codes);
  const widths: number[] = [];
  for (let code = firstChar; code <= lastChar; code++)
    widths.push(held.has(code) ? glyphWidth(font, winAnsiChar(code)) : 0);
  return (subsets[font] = {
    baseFont: `${subsetTag(font)}+${FACES[font].postScriptName}`,
    firstChar,
    lastChar,
    widths,
    fontFile: deflateSync(program, { level: 9 }),
    length1: program.byteLength,
  });
}

/** Reads both faces and compresses them once, when a worker starts. */
export function warmAppearanceFonts(): void {
  for (const font of ['regular', 'bold'] as const) embeddedSubset(font);
}

/** The six capital letters that name a subset (ISO 32000-1 §9.6.4), from what it holds. */
function subsetTag(key: string): string {
  const digest = createHash('sha256').update(key).digest();
  return [...digest.subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
}

/** The font dictionary of `font`, its descriptor and program added through `add`. */
export function embeddedFont(font: FontKey, add: (value: PdfStream | PdfDict) => PdfRef): PdfDict {
  const s = embeddedSubset(font);
  const m = face(font).metrics;
  const scale = (v: number) => Math.round((v * 1000) / m.unitsPerEm);
  const descriptor = dict({
    Type: name('FontDescriptor'),
    FontName: name(s.baseFont),
    Flags: 32, // Nonsymbolic: the standard Latin set, reached through WinAnsiEncoding
    FontBBox: m.bbox.map(scale),
    ItalicAngle: 0,
    Ascent: scale(m.ascent),
    Descent: scale(m.descent),
    CapHeight: scale(m.capHeight),
    StemV: FACES[font].stemV,
    FontFile2: add(new PdfStream(dict({ Filter: name('FlateDecode'), Length1: s.length1 }), s.fontFile)),
  });
  return dict({
    Type: name('Font'),
    Subtype: name('TrueType'),
    BaseFont: name(s.baseFont),
    FirstChar: s.firstChar,
    LastChar: s.lastChar,
    Widths: s.widths,
    Encoding: name('WinAnsiEncoding'),
    FontDescriptor: add(descriptor),
  });
}
