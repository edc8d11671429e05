/**
 * Turns the bytes of a text-showing operator into Unicode for a given font: through the
 * font's ToUnicode CMap when it has one (every modern generator writes it), otherwise through
 * its simple-font encoding and /Differences.
 */
import { ARRAY_START, EOF, Keyword, Lexer } from './lexer.js';
import { MAX_CMAP_RANGES, MAX_CODESPACE_RANGES } from './limits.js';
import { PdfDict, PdfName, PdfStream, PdfString, isName, isNumber, type PdfObject } from './objects.js';
import type { PdfReader } from './reader.js';
import { glyphToUnicode, winAnsiChar } from './win-ansi.js';

export type FontDecoder = (bytes: Uint8Array) => string;

interface CodeRange {
  length: number;
  low: number;
  high: number;
}

interface BfRange {
  low: number;
  high: number;
  length: number;
  /** Either a base string whose last code unit is incremented, or one string per code. */
  base?: string;
  list?: string[];
}

export function fontDecoder(reader: PdfReader, font: PdfDict): FontDecoder {
  const composite = isName(font.get('Subtype'), 'Type0');
  const toUnicode = reader.resolve(font.get('ToUnicode'));
  if (toUnicode instanceof PdfStream) {
    try {
      return cmapDecoder(reader.decode(toUnicode), composite ? 2 : 1);
    } catch {
      // A damaged CMap: fall through to the encoding.
    }
  }
  if (composite) return () => '';
  return simpleDecoder(reader, font);
}

function simpleDecoder(reader: PdfReader, font: PdfDict): FontDecoder {
  const table: string[] = [];
  for (let code = 0; code < 256; code++) table.push(winAnsiChar(code));
  const encoding = reader.resolve(font.get('Encoding'));
  if (encoding instanceof PdfDict) {
    const differences = reader.resolve(encoding.get('Differences'));
    if (Array.isArray(differences)) {
      let code = 0;
      for (const item of differences) {
        if (isNumber(item)) code = item;
        else if (item instanceof PdfName) {
          if (code >= 0 && code < 256) table[code] = glyphToUnicode(item.value);
          code++;
        }
      }
    }
  }
  return (bytes) => {
    let out = '';
    for (const b of bytes) out += table[b]!;
    return out;
  };
}

export function cmapDecoder(data: Buffer, defaultLength: number): FontDecoder {
  const codespace: CodeRange[] = [];
  const chars = new Map<string, string>();
  const ranges: BfRange[] = [];
  const lexer = new Lexer(data);
  const operands: (PdfObject | Keyword)[] = [];
  let mode: 'codespace' | 'bfchar' | 'bfrange' | undefined;
  for (;;) {
    const t = lexer.nextToken();
    if (t === EOF) break;
    if (t === ARRAY_START) {
      const list: PdfObject[] = [];
      for (;;) {
        const item = lexer.nextToken();
        if (typeof item === 'symbol' || item instanceof Keyword) break;
        list.push(item);
      }
      operands.push(list);
      continue;
    }
    if (typeof t === 'symbol') continue;
    if (t instanceof Keyword) {
      switch (t.value) {
        case 'begincodespacerange':
          mode = 'codespace';
          operands.length = 0;
          continue;
        case 'beginbfchar':
          mode = 'bfchar';
          operands.length = 0;
          continue;
        case 'beginbfrange':
          mode = 'bfrange';
          operands.length = 0;
          continue;
        case 'endcodespacerange':
        case 'endbfchar':
        case 'endbfrange':
          mode = undefined;
          continue;
      }
      operands.length = 0;
      continue;
    }
    if (!mode) continue;
    operands.push(t);
    if (mode === 'codespace' && operands.length === 2) {
      const [lo, hi] = operands as PdfString[];
      // Character codes are 1 to 4 bytes long (§9.7.6.2); anything else is damage.
      if (
        lo instanceof PdfString &&
        hi instanceof PdfString &&
        lo.bytes.length === hi.bytes.length &&
        lo.bytes.length >= 1 &&
        lo.bytes.length <= 4 &&
        codespace.length < MAX_CODESPACE_RANGES
      ) {
        codespace.push({ length: lo.bytes.length, low: toInt(lo.bytes), high: toInt(hi.bytes) });
      }
      operands.length = 0;
    } else if (mode === 'bfchar' && operands.length === 2) {
      const [src, dst] = operands;
      if (src instanceof PdfString) chars.set(Buffer.from(src.bytes).toString('hex'), destination(dst));
      operands.length = 0;
    } else if (mode === 'bfrange' && operands.length === 3) {
      const [lo, hi, dst] = operands;
      if (
        lo instanceof PdfString &&
        hi instanceof PdfString &&
        lo.bytes.length >= 1 &&
        lo.bytes.length <= 4 &&
        ranges.length < MAX_CMAP_RANGES
      ) {
        const range: BfRange = { low: toInt(lo.bytes), high: toInt(hi.bytes), length: lo.bytes.length };
        if (Array.isArray(dst)) range.list = dst.map((d) => destination(d));
        else range.base = destination(dst as PdfObject);
        ranges.push(range);
      }
      operands.length = 0;
    }
  }
  codespace.sort((a, b) => a.length - b.length);
  // Looked up by binary search: sorted by code length, then by first code. Ranges do not
  // overlap in a sound CMap; in a damaged one the range starting nearest below a code decides.
  ranges.sort((a, b) => a.length - b.length || a.low - b.low);
  const findRange = (length: number, v: number): BfRange | undefined => {
    let lo = 0;
    let hi = ranges.length - 1;
    let found: BfRange | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = ranges[mid]!;
      if (r.length < length || (r.length === length && r.low <= v)) {
        if (r.length === length) found = r;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found && v <= found.high ? found : undefined;
  };

  const codeLength = (bytes: Uint8Array, at: number): number => {
    for (const cs of codespace) {
      if (at + cs.length > bytes.length) continue;
      const v = toInt(bytes.subarray(at, at + cs.length));
      if (v >= cs.low && v <= cs.high) return cs.length;
    }
    return Math.min(defaultLength, bytes.length - at);
  };

  return (bytes) => {
    let out = '';
    for (let at = 0; at < bytes.length; ) {
      const len = codeLength(bytes, at);
      const code = bytes.subarray(at, at + len);
      at += len;
      const direct = chars.get(Buffer.from(code).toString('hex'));
      if (direct !== undefined) {
        out += direct;
        continue;
      }
      const v = toInt(code);
      const r = findRange(len, v);
      if (!r) continue;
      if (r.list) out += r.list[v - r.low] ?? '';
      else if (r.base) {
        const last = r.base.charCodeAt(r.base.length - 1) + (v - r.low);
        out += r.base.slice(0, -1) + String.fromCharCode(last & 0xffff);
      }
    }
    return out;
  };
}

function toInt(bytes: Uint8Array): number {
  let v = 0;
  for (const b of bytes) v = v * 256 + b;
  return v;
}

function destination(value: PdfObject | Keyword | undefined): string {
  if (value instanceof PdfString) {
    const b = Buffer.from(value.bytes.subarray(0, value.bytes.length & ~1));
    b.swap16();
    return b.toString('utf16le');
  }
  if (value instanceof PdfName) return glyphToUnicode(value.value);
  return '';
}
