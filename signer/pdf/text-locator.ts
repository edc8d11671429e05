/**
 * Finds where a piece of text sits on a page by interpreting the page's content stream: the
 * graphics and text matrices (§9.4.2) give each text-showing operator's baseline position, and
 * the font's ToUnicode/encoding gives its characters. Only the vertical position is needed
 * (where the document text ends), so glyph widths are never computed. The text is matched as
 * it is shown, so memory stays the same however much text a page holds.
 */
import type { PageInfo } from './document.js';
import { PdfReadError } from '../../lib/pdf/errors.js';
import { fontDecoder, type FontDecoder } from '../../lib/pdf/font-decoder.js';
import {
  ARRAY_END,
  ARRAY_START,
  DICT_END,
  DICT_START,
  EOF,
  Keyword,
  Lexer,
  isWhitespace,
} from '../../lib/pdf/lexer.js';
import {
  MAX_CONTENT_ARRAY_DEPTH,
  MAX_CONTENT_ARRAY_ITEMS,
  MAX_FORM_INVOCATIONS,
  MAX_OPERANDS,
} from '../../lib/pdf/limits.js';
import {
  type PdfDict,
  PdfName,
  PdfRef,
  PdfStream,
  PdfString,
  isName,
  isNumber,
  type PdfObject,
} from '../../lib/pdf/objects.js';
import type { PdfReader } from '../../lib/pdf/reader.js';

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

export interface TextHit {
  x: number;
  /** Baseline of the match in default user space (points from the bottom of the page). */
  y: number;
}

interface GraphicsState {
  ctm: Matrix;
  decoder: FontDecoder | undefined;
  leading: number;
  rise: number;
}

const MAX_FORM_DEPTH = 8;

export class TextLocator {
  private readonly decoders = new Map<PdfDict, FontDecoder>();
  private formInvocations = 0;

  constructor(private readonly reader: PdfReader) {}

  /** Where `needle` appears lowest on the page (whitespace ignored on both sides), if anywhere. */
  lowest(page: PageInfo, needle: string): TextHit | undefined {
    const target = needle.replace(/\s+/g, '');
    if (!target) return undefined;
    const matcher = new NeedleMatcher(target);
    this.formInvocations = 0;
    this.run(this.pageContent(page), page.resources, IDENTITY, matcher, 0, new Set());
    return matcher.lowest;
  }

  private pageContent(page: PageInfo): Buffer {
    const contents = this.reader.resolve(page.dict.get('Contents'));
    const parts = Array.isArray(contents) ? contents : contents === undefined ? [] : [contents];
    const buffers: Buffer[] = [];
    for (const part of parts) {
      const stream = this.reader.resolve(part);
      if (stream instanceof PdfStream) buffers.push(this.reader.decode(stream), Buffer.from('\n'));
    }
    return Buffer.concat(buffers);
  }

  private decoderFor(resources: PdfDict | undefined, fontName: PdfName): FontDecoder | undefined {
    const fonts = this.reader.resolveDict(resources?.get('Font'));
    const font = this.reader.resolveDict(fonts?.get(fontName.value));
    if (!font) return undefined;
    let decoder = this.decoders.get(font);
    if (!decoder) {
      decoder = fontDecoder(this.reader, font);
      this.decoders.set(font, decoder);
    }
    return decoder;
  }

  private run(
    content: Uint8Array,
    resources: PdfDict | undefined,
    base: Matrix,
    out: NeedleMatcher,
    depth: number,
    forms: Set<number>,
  ): void {
    const lexer = new Lexer(content);
    const operands: PdfObject[] = [];
    let gs: GraphicsState = { ctm: base, decoder: undefined, leading: 0, rise: 0 };
    const stack: GraphicsState[] = [];
    let tm: Matrix = IDENTITY;
    let tlm: Matrix = IDENTITY;

    const show = (strings: PdfString[]) => {
      if (!gs.decoder) return;
      const text = strings.map((s) => gs.decoder!(s.bytes)).join('');
      if (!text) return;
      const m = multiply([1, 0, 0, 1, 0, gs.rise], multiply(tm, gs.ctm));
      out.feed(text, m[4], m[5]);
    };
    const moveLine = (tx: number, ty: number) => {
      tlm = multiply([1, 0, 0, 1, tx, ty], tlm);
      tm = tlm;
    };
    const num = (i: number): number => {
      const v = operands[operands.length - i];
      return isNumber(v) ? v : 0;
    };

    for (;;) {
      let t;
      try {
        t = lexer.nextToken();
      } catch {
        // Stray delimiters in content streams are skipped, as viewers do.
        operands.length = 0;
        continue;
      }
      if (t === EOF) break;
      // Operands without an operator are garbage; keep only the most recent.
      if (operands.length >= MAX_OPERANDS) operands.splice(0, operands.length - 8);
      if (t === ARRAY_START) {
        operands.push(readArray(lexer, 1));
        continue;
      }
      if (t === DICT_START) {
        skipDict(lexer);
        operands.push(null);
        continue;
      }
      if (t === ARRAY_END || t === DICT_END) continue;
      if (!(t instanceof Keyword)) {
        operands.push(t);
        continue;
      }
      switch (t.value) {
        case 'q':
          if (stack.length < 256) stack.push({ ...gs });
          break;
        case 'Q':
          gs = stack.pop() ?? gs;
          break;
        case 'cm':
          if (operands.length >= 6) gs.ctm = multiply([num(6), num(5), num(4), num(3), num(2), num(1)], gs.ctm);
          break;
        case 'BT':
          tm = tlm = IDENTITY;
          break;
        case 'Tf': {
          const fontName = operands[operands.length - 2];
          gs.decoder = fontName instanceof PdfName ? this.decoderFor(resources, fontName) : undefined;
          break;
        }
        case 'TL':
          gs.leading = num(1);
          break;
        case 'Ts':
          gs.rise = num(1);
          break;
        case 'Td':
          moveLine(num(2), num(1));
          break;
        case 'TD':
          gs.leading = -num(1);
          moveLine(num(2), num(1));
          break;
        case 'Tm':
          if (operands.length >= 6) tm = tlm = [num(6), num(5), num(4), num(3), num(2), num(1)];
          break;
        case 'T*':
          moveLine(0, -gs.leading);
          break;
        case 'Tj': {
          const s = operands[operands.length - 1];
          if (s instanceof PdfString) show([s]);
          break;
        }
        case "'":
        case '"': {
          moveLine(0, -gs.leading);
          const s = operands[operands.length - 1];
          if (s instanceof PdfString) show([s]);
          break;
        }
        case 'TJ': {
          const arr = operands[operands.length - 1];
          if (Array.isArray(arr)) show(arr.filter((x): x is PdfString => x instanceof PdfString));
          break;
        }
        case 'Do': {
          const n = operands[operands.length - 1];
          if (n instanceof PdfName && depth < MAX_FORM_DEPTH) this.runForm(resources, n, gs.ctm, out, depth, forms);
          break;
        }
        case 'BI':
          skipInlineImage(lexer);
          break;
      }
      operands.length = 0;
    }
  }

  private runForm(
    resources: PdfDict | undefined,
    xobjectName: PdfName,
    ctm: Matrix,
    out: NeedleMatcher,
    depth: number,
    forms: Set<number>,
  ): void {
    const xobjects = this.reader.resolveDict(resources?.get('XObject'));
    const ref = xobjects?.get(xobjectName.value);
    if (!(ref instanceof PdfRef) || forms.has(ref.num)) return;
    // A form drawn many times (or forms drawing forms) would be decoded and read every time.
    if (++this.formInvocations > MAX_FORM_INVOCATIONS)
      throw new PdfReadError(`the last page draws more than ${MAX_FORM_INVOCATIONS} form XObjects`);
    const form = this.reader.resolve(ref);
    if (!(form instanceof PdfStream) || !isName(form.dict.get('Subtype'), 'Form')) return;
    const matrix = this.reader.resolve(form.dict.get('Matrix'));
    const m: Matrix =
      Array.isArray(matrix) && matrix.length === 6 && matrix.every(isNumber) ? (matrix as Matrix) : IDENTITY;
    const own = this.reader.resolveDict(form.dict.get('Resources')) ?? resources;
    forms.add(ref.num);
    try {
      this.run(this.reader.decode(form), own, multiply(m, ctm), out, depth + 1, forms);
    } finally {
      forms.delete(ref.num);
    }
  }
}

function readArray(lexer: Lexer, depth: number): PdfObject[] {
  if (depth > MAX_CONTENT_ARRAY_DEPTH)
    throw new PdfReadError(`arrays nested more than ${MAX_CONTENT_ARRAY_DEPTH} deep in a content stream`);
  const items: PdfObject[] = [];
  for (;;) {
    let t;
    try {
      t = lexer.nextToken();
    } catch {
      continue;
    }
    if (t === ARRAY_END || t === EOF) return items;
    if (items.length >= MAX_CONTENT_ARRAY_ITEMS)
      throw new PdfReadError(`an array in a content stream holds more than ${MAX_CONTENT_ARRAY_ITEMS} items`);
    if (t === ARRAY_START) items.push(readArray(lexer, depth + 1));
    else if (t === DICT_START) skipDict(lexer);
    else if (!(t instanceof Keyword) && t !== DICT_END) items.push(t);
  }
}

/**
 * Knuth–Morris–Pratt over the shown text with whitespace removed; for each match, the lowest
 * baseline and leftmost start among the pieces of text it spans. Matches do not overlap.
 */
class NeedleMatcher {
  lowest: TextHit | undefined;
  private readonly failure: Int32Array;
  private matched = 0;
  /** Position of the text each of the last target.length characters came from (a ring). */
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  private fed = 0;

  constructor(private readonly target: string) {
    const n = target.length;
    this.failure = new Int32Array(n);
    for (let i = 1, k = 0; i < n; i++) {
      while (k > 0 && target.charCodeAt(i) !== target.charCodeAt(k)) k = this.failure[k - 1]!;
      if (target.charCodeAt(i) === target.charCodeAt(k)) k++;
      this.failure[i] = k;
    }
    this.xs = new Float64Array(n);
    this.ys = new Float64Array(n);
  }

  feed(text: string, x: number, y: number): void {
    const t = this.target;
    const n = t.length;
    const chars = text.replace(/\s+/g, '');
    for (let i = 0; i < chars.length; i++) {
      const c = chars.charCodeAt(i);
      this.xs[this.fed % n] = x;
      this.ys[this.fed % n] = y;
      this.fed++;
      while (this.matched > 0 && c !== t.charCodeAt(this.matched)) this.matched = this.failure[this.matched - 1]!;
      if (c === t.charCodeAt(this.matched)) this.matched++;
      if (this.matched === n) {
        this.matched = 0;
        this.record();
      }
    }
  }

  private record(): void {
    let x = Infinity;
    let y = Infinity;
    for (let i = 0; i < this.target.length; i++) {
      x = Math.min(x, this.xs[i]!);
      y = Math.min(y, this.ys[i]!);
    }
    // Coordinates that overflowed (absurd matrices) say nothing about where the text is.
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    if (!this.lowest || y < this.lowest.y) this.lowest = { x, y };
  }
}

function skipDict(lexer: Lexer): void {
  for (let depth = 1; depth > 0; ) {
    let t;
    try {
      t = lexer.nextToken();
    } catch {
      continue;
    }
    if (t === EOF) return;
    if (t === DICT_START) depth++;
    else if (t === DICT_END) depth--;
  }
}

/** Skips `BI <params> ID <binary data> EI` (§8.9.7); the binary data must not be tokenized. */
function skipInlineImage(lexer: Lexer): void {
  for (;;) {
    const t = lexer.nextToken();
    if (t === EOF) return;
    if (t instanceof Keyword && t.value === 'ID') break;
  }
  const b = lexer.bytes;
  let i = lexer.pos + 1;
  for (; i + 1 < lexer.end; i++) {
    if (
      b[i] === 0x45 &&
      b[i + 1] === 0x49 &&
      isWhitespace(b[i - 1]!) &&
      (i + 2 >= lexer.end || isWhitespace(b[i + 2]!))
    ) {
      lexer.pos = i + 2;
      return;
    }
  }
  lexer.pos = lexer.end;
}
