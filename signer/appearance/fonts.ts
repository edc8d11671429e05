/**
 * Appearance text is set in Arimo (regular and bold), embedded as a subset TrueType font with
 * WinAnsiEncoding: PDF/UA-1 (7.21.4.1) wants every font program used for rendering embedded,
 * and Arimo is metrically compatible with Helvetica/Arial, so blocks keep the layout they had
 * with the standard faces. The font ships with the service (an npm package), not the system.
 * WinAnsi covers Spanish completely (á é í ó ú ü ñ Ñ ¿ ¡ º ª) and Arimo has a glyph for every
 * WinAnsi character; widths are the font program's own.
 *
 * Each update embeds the glyphs its blocks draw (plus the digits, so a signer's fonts are the same
 * from one signature to the next and cached), a few kilobytes per face.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { winAnsiChar, winAnsiCode } from '../../lib/pdf/win-ansi.js';
import { PdfStream, dict, name, type PdfDict, type PdfRef } from '../pdf/objects.js';
import { SubsettableFace } from './subset.js';
import { TrueTypeFace, type FaceMetrics } from './truetype.js';

export type FontKey = 'regular' | 'bold';

/** Resource names used inside appearance streams. */
export const FONT_RESOURCE: Record<FontKey, string> = { regular: 'F1', bold: 'F2' };

const FILES: Record<FontKey, { file: string; postScriptName: string; stemV: number }> = {
  regular: { file: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf', postScriptName: 'Arimo', stemV: 80 },
  bold: { file: '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf', postScriptName: 'Arimo-Bold', stemV: 140 },
};

/** Always in the subset: dates and numbers change with every signature, the letters of a signer do not. */
const ALWAYS = '0123456789';

interface Face {
  reader: TrueTypeFace;
  subsetter: SubsettableFace;
  metrics: FaceMetrics;
  widths: Map<string, number>;
}

const faces: Partial<Record<FontKey, Face>> = {};

function face(font: FontKey): Face {
  let f = faces[font];
  if (!f) {
    const bytes = new Uint8Array(readFileSync(createRequire(import.meta.url).resolve(FILES[font].file)));
    const reader = new TrueTypeFace(bytes);
    f = faces[font] = { reader, subsetter: new SubsettableFace(bytes), metrics: reader.metrics(), widths: new Map() };
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

/** The characters each face draws in one update; the content writer records them. */
export type FontUse = Record<FontKey, Set<string>>;

export function newFontUse(): FontUse {
  return { regular: new Set(), bold: new Set() };
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

const CACHE_SIZE = 64;
const cache = new Map<string, EmbeddedSubset>();

function embeddedSubset(font: FontKey, chars: Set<string>): EmbeddedSubset {
  const text = [...new Set([...ALWAYS, ...chars])].sort().join('');
  const key = `${font}:${text}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const program = face(font).subsetter.subset(text);
  const codes = [...text].map((ch) => winAnsiCode(ch)).filter((c): c is number => c !== undefined);
  const firstChar = Math.min(...codes);
  const lastChar = Math.max(...codes);
  const drawn = new Set(codes);
  const widths: number[] = [];
  for (let code = firstChar; code <= lastChar; code++) widths.push(drawn.has(code) ? glyphWidth(font, winAnsiChar(code)) : 0);
  const subset: EmbeddedSubset = {
    baseFont: `${subsetTag(key)}+${FILES[font].postScriptName}`,
    firstChar,
    lastChar,
    widths,
    fontFile: deflateSync(program),
    length1: program.byteLength,
  };
  cache.set(key, subset);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return subset;
}

/** Loads both faces and compiles the subsetter (about 50 ms) so that the first signature does not wait for it. */
export function warmAppearanceFonts(): void {
  for (const font of ['regular', 'bold'] as const) embeddedSubset(font, new Set());
}

/** The six capital letters that name a subset (ISO 32000-1 §9.6.4), from what it holds. */
function subsetTag(key: string): string {
  const digest = createHash('sha256').update(key).digest();
  return [...digest.subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
}

/** The font dictionary of `font` holding the glyphs of `chars`, its descriptor and program added through `add`. */
export function embeddedFont(font: FontKey, chars: Set<string>, add: (value: PdfStream | PdfDict) => PdfRef): PdfDict {
  const s = embeddedSubset(font, chars);
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
    StemV: FILES[font].stemV,
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
