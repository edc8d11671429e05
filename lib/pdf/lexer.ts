/**
 * Tokenizer and object parser for PDF syntax (ISO 32000-1 §7.2–7.3), shared by the file reader
 * and the content-stream scanner. Works on bytes in place; stream data is never copied.
 */
import { PdfLimitError, PdfReadError } from './errors.js';
import { MAX_OBJECT_DEPTH } from './limits.js';
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfObject } from './objects.js';

const WHITESPACE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIMITER[c.charCodeAt(0)] = 1;

export function isWhitespace(c: number): boolean {
  return WHITESPACE[c] === 1;
}
export function isRegular(c: number): boolean {
  return WHITESPACE[c] === 0 && DELIMITER[c] === 0;
}

/** A keyword or operator token (`obj`, `R`, `Tj`, ...), distinct from parsed values. */
export class Keyword {
  constructor(readonly value: string) {}
}

export type Token =
  | PdfObject
  | Keyword
  | typeof ARRAY_START
  | typeof ARRAY_END
  | typeof DICT_START
  | typeof DICT_END
  | typeof EOF;
export const ARRAY_START = Symbol('[');
export const ARRAY_END = Symbol(']');
export const DICT_START = Symbol('<<');
export const DICT_END = Symbol('>>');
export const EOF = Symbol('eof');

export class Lexer {
  pos: number;
  constructor(
    readonly bytes: Uint8Array,
    start = 0,
    readonly end = bytes.length,
  ) {
    this.pos = start;
  }

  skipWhitespace(): void {
    const b = this.bytes;
    while (this.pos < this.end) {
      const c = b[this.pos]!;
      if (WHITESPACE[c]) this.pos++;
      else if (c === 0x25 /* % */) {
        while (this.pos < this.end && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++;
      } else break;
    }
  }

  nextToken(): Token {
    this.skipWhitespace();
    const b = this.bytes;
    if (this.pos >= this.end) return EOF;
    const c = b[this.pos]!;
    switch (c) {
      case 0x5b: // [
        this.pos++;
        return ARRAY_START;
      case 0x5d: // ]
        this.pos++;
        return ARRAY_END;
      case 0x3c: // <
        if (b[this.pos + 1] === 0x3c) {
          this.pos += 2;
          return DICT_START;
        }
        return this.readHexString();
      case 0x3e: // >
        if (b[this.pos + 1] === 0x3e) {
          this.pos += 2;
          return DICT_END;
        }
        this.pos++;
        throw new PdfReadError(`unexpected ">" at offset ${this.pos - 1}`);
      case 0x28: // (
        return this.readLiteralString();
      case 0x2f: // /
        return this.readName();
      case 0x7b: // { } only appear in PostScript calculator functions; treat as keywords
      case 0x7d:
        this.pos++;
        return new Keyword(String.fromCharCode(c));
      case 0x29:
        this.pos++;
        throw new PdfReadError(`unexpected ")" at offset ${this.pos - 1}`);
    }
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) return this.readNumber();
    const start = this.pos;
    while (this.pos < this.end && isRegular(b[this.pos]!)) this.pos++;
    const word = latin1(b, start, this.pos);
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    return new Keyword(word);
  }

  private readNumber(): number | Keyword {
    const b = this.bytes;
    const start = this.pos;
    // Content streams are mostly numbers: the common shapes ([+-]digits[.digits]) are read from the
    // bytes without the string and the pattern below.
    let i = start;
    if (b[i] === 0x2b || b[i] === 0x2d) i++;
    const digitsFrom = i;
    let whole = 0;
    while (i < this.end && b[i]! >= 0x30 && b[i]! <= 0x39) whole = whole * 10 + (b[i++]! - 0x30);
    const wholeDigits = i - digitsFrom;
    let fraction = false;
    if (i < this.end && b[i] === 0x2e) {
      fraction = true;
      i++;
      while (i < this.end && b[i]! >= 0x30 && b[i]! <= 0x39) i++;
    }
    if (i - digitsFrom > (fraction ? 1 : 0) && (i >= this.end || !isRegular(b[i]!))) {
      this.pos = i;
      // Integers of up to 15 digits are exact as read; anything else is converted as text would be.
      if (!fraction && wholeDigits <= 15) return b[start] === 0x2d ? -whole : whole;
      return Number(latin1(b, start, i));
    }
    this.pos++;
    while (this.pos < this.end && isRegular(b[this.pos]!)) this.pos++;
    const text = latin1(b, start, this.pos);
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return Number(text);
    // Writers occasionally emit things like "--3" or "0.5-"; readers take the leading number.
    const lenient = parseFloat(text.replace(/^[+-]+(?=[+-])/, ''));
    return Number.isFinite(lenient) ? lenient : new Keyword(text);
  }

  private readName(): PdfName {
    const b = this.bytes;
    this.pos++;
    const start = this.pos;
    while (this.pos < this.end && isRegular(b[this.pos]!)) this.pos++;
    let raw = latin1(b, start, this.pos);
    if (raw.includes('#')) {
      raw = raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    }
    return PdfName.of(raw);
  }

  private readHexString(): PdfString {
    const b = this.bytes;
    this.pos++;
    const out = new ByteBuilder();
    let high = -1;
    while (this.pos < this.end) {
      const c = b[this.pos++]!;
      if (c === 0x3e) {
        if (high >= 0) out.push(high << 4);
        return new PdfString(out.bytes(), true);
      }
      const v = hexValue(c);
      if (v < 0) {
        if (WHITESPACE[c]) continue;
        throw new PdfReadError(`invalid character in hex string at offset ${this.pos - 1}`);
      }
      if (high < 0) high = v;
      else {
        out.push((high << 4) | v);
        high = -1;
      }
    }
    throw new PdfReadError('unterminated hex string');
  }

  private readLiteralString(): PdfString {
    const b = this.bytes;
    this.pos++;
    let depth = 1;
    const out = new ByteBuilder();
    while (this.pos < this.end) {
      let c = b[this.pos++]!;
      if (c === 0x5c /* \ */) {
        if (this.pos >= this.end) break;
        c = b[this.pos++]!;
        switch (c) {
          case 0x6e:
            out.push(0x0a);
            break; // n
          case 0x72:
            out.push(0x0d);
            break; // r
          case 0x74:
            out.push(0x09);
            break; // t
          case 0x62:
            out.push(0x08);
            break; // b
          case 0x66:
            out.push(0x0c);
            break; // f
          case 0x0d: // line continuation
            if (b[this.pos] === 0x0a) this.pos++;
            break;
          case 0x0a:
            break;
          default:
            if (c >= 0x30 && c <= 0x37) {
              let value = c - 0x30;
              for (let i = 0; i < 2 && this.pos < this.end; i++) {
                const d = b[this.pos]!;
                if (d < 0x30 || d > 0x37) break;
                value = value * 8 + (d - 0x30);
                this.pos++;
              }
              out.push(value & 0xff);
            } else out.push(c); // \( \) \\ and unknown escapes stand for the character itself
        }
        continue;
      }
      if (c === 0x28) depth++;
      else if (c === 0x29) {
        depth--;
        if (depth === 0) return new PdfString(out.bytes());
      } else if (c === 0x0d) {
        // An unescaped end-of-line in a literal string reads as a single LF.
        if (b[this.pos] === 0x0a) this.pos++;
        out.push(0x0a);
        continue;
      }
      out.push(c);
    }
    throw new PdfReadError('unterminated literal string');
  }
}

/** Bytes of a string being read, in a buffer that doubles as needed (never one number per byte). */
class ByteBuilder {
  private buf = new Uint8Array(32);
  private size = 0;

  push(byte: number): void {
    if (this.size === this.buf.length) {
      const grown = new Uint8Array(this.buf.length * 2);
      grown.set(this.buf);
      this.buf = grown;
    }
    this.buf[this.size++] = byte;
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.size);
  }
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

export function latin1(bytes: Uint8Array, start: number, end: number): string {
  // Tokens are short: building them here is several times cheaper than a Buffer view per token.
  if (end - start <= 32) {
    let text = '';
    for (let i = start; i < end; i++) text += String.fromCharCode(bytes[i]!);
    return text;
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1');
}

/** Resolves an indirect /Length while a stream is being read. */
export type LengthResolver = (ref: PdfRef) => number | undefined;

/**
 * Parses objects from a lexer: arrays, dictionaries, indirect references (`n g R`) and, when
 * reading a file, streams.
 */
export class ObjectParser {
  /** Tokens read ahead while looking for `n g R`. */
  private lookahead: Token[] = [];

  constructor(
    readonly lexer: Lexer,
    private readonly resolveLength?: LengthResolver,
  ) {}

  next(): Token {
    return this.lookahead.length ? this.lookahead.shift()! : this.lexer.nextToken();
  }

  private peek(i: number): Token {
    while (this.lookahead.length <= i) this.lookahead.push(this.lexer.nextToken());
    return this.lookahead[i]!;
  }

  /** Reads one complete object; `first` is a token already taken from the stream. */
  readObject(first: Token = this.next(), depth = 0): PdfObject {
    if (depth > MAX_OBJECT_DEPTH)
      throw new PdfLimitError(`arrays or dictionaries nested more than ${MAX_OBJECT_DEPTH} deep`);
    if (typeof first === 'number') {
      if (Number.isInteger(first) && first >= 0) {
        const gen = this.peek(0);
        const r = this.peek(1);
        if (typeof gen === 'number' && Number.isInteger(gen) && gen >= 0 && r instanceof Keyword && r.value === 'R') {
          this.lookahead.splice(0, 2);
          return new PdfRef(first, gen);
        }
      }
      return first;
    }
    if (first === ARRAY_START) {
      const items: PdfObject[] = [];
      for (;;) {
        const t = this.next();
        if (t === ARRAY_END) return items;
        if (t === EOF) throw new PdfReadError('unterminated array');
        if (t instanceof Keyword || t === DICT_END) throw new PdfReadError(`unexpected ${describe(t)} in array`);
        items.push(this.readObject(t, depth + 1));
      }
    }
    if (first === DICT_START) {
      const dict = new PdfDict();
      for (;;) {
        const t = this.next();
        if (t === DICT_END) break;
        if (t === EOF) throw new PdfReadError('unterminated dictionary');
        if (!(t instanceof PdfName)) throw new PdfReadError(`dictionary key expected, found ${describe(t)}`);
        const v = this.next();
        if (v === DICT_END) {
          dict.set(t.value, null);
          break;
        }
        if (v === EOF || v instanceof Keyword || v === ARRAY_END)
          throw new PdfReadError(`unexpected ${describe(v)} in dictionary`);
        const value = this.readObject(v, depth + 1);
        // A null value is equivalent to an absent entry (§7.3.7).
        if (value !== null) dict.set(t.value, value);
      }
      if (this.resolveLength) {
        // The `stream` keyword may already sit in the lookahead (taken while checking for `n g R`);
        // then the lexer stands right after it, as if just read.
        const ahead = this.lookahead[0];
        if (ahead !== undefined) {
          if (this.lookahead.length === 1 && ahead instanceof Keyword && ahead.value === 'stream') {
            this.lookahead.length = 0;
            return this.readStreamData(dict);
          }
        } else {
          const save = this.lexer.pos;
          const t = this.lexer.nextToken();
          if (t instanceof Keyword && t.value === 'stream') return this.readStreamData(dict);
          this.lexer.pos = save;
        }
      }
      return dict;
    }
    if (first instanceof Keyword || first === ARRAY_END || first === DICT_END || first === EOF) {
      throw new PdfReadError(`unexpected ${describe(first)}`);
    }
    return first;
  }

  private readStreamData(dict: PdfDict): PdfStream {
    const lx = this.lexer;
    const b = lx.bytes;
    // The keyword is followed by CRLF or LF (a lone CR is tolerated).
    if (b[lx.pos] === 0x0d) lx.pos++;
    if (b[lx.pos] === 0x0a) lx.pos++;
    const start = lx.pos;
    let length = dict.get('Length');
    if (length instanceof PdfRef) length = this.resolveLength!(length) ?? null;
    let end = -1;
    if (typeof length === 'number' && Number.isInteger(length) && length >= 0 && start + length <= lx.end) {
      const after = new Lexer(b, start + length, lx.end);
      const t = after.nextToken();
      if (t instanceof Keyword && t.value === 'endstream') {
        end = start + length;
        lx.pos = after.pos;
      }
    }
    if (end < 0) {
      // Wrong or missing /Length: fall back to the endstream keyword, as readers do.
      const at = indexOf(b, ENDSTREAM, start, lx.end);
      if (at < 0) throw new PdfReadError('stream without endstream');
      end = at;
      if (end > start && b[end - 1] === 0x0a) end--;
      if (end > start && b[end - 1] === 0x0d) end--;
      lx.pos = at + ENDSTREAM.length;
    }
    return new PdfStream(dict, b.subarray(start, end));
  }
}

const ENDSTREAM = Buffer.from('endstream', 'latin1');

export function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number, to = haystack.length): number {
  const at = Buffer.from(haystack.buffer, haystack.byteOffset, to).indexOf(needle, from);
  return at;
}

function describe(t: Token): string {
  if (t === EOF) return 'end of data';
  if (t === ARRAY_END) return '"]"';
  if (t === ARRAY_START) return '"["';
  if (t === DICT_END) return '">>"';
  if (t === DICT_START) return '"<<"';
  if (t instanceof Keyword) return `"${t.value}"`;
  return 'value';
}
