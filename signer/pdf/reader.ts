/**
 * Random-access PDF reader: follows the cross-reference chain from the last `startxref`
 * (tables, streams, hybrid files, `/Prev` links) and parses only the objects asked for.
 * A 10 MB scan is read without touching its image data.
 */
import { PdfReadError } from './errors.js';
import { decodeStream } from './filters.js';
import { Keyword, Lexer, ObjectParser, indexOf, latin1 } from './lexer.js';
import { PdfDict, PdfRef, PdfStream, isName, isNumber, type PdfObject } from './objects.js';

export type XrefEntry =
  | { type: 'free' }
  | { type: 'offset'; offset: number; gen: number }
  | { type: 'compressed'; stream: number; index: number };

export type XrefKind = 'table' | 'stream';

interface ObjectStreamIndex {
  data: Buffer;
  first: number;
  offsets: Map<number, number>;
}

const MAX_SECTIONS = 10_000;
const MAX_RESOLVE_DEPTH = 32;

export class PdfReader {
  readonly entries = new Map<number, XrefEntry>();
  /** Trailer of the newest revision (for an xref stream: the stream's dictionary). */
  readonly trailer: PdfDict;
  /** Offset and kind of the newest cross-reference section (what the next /Prev points to). */
  readonly lastXref: { offset: number; kind: XrefKind };
  private readonly cache = new Map<number, PdfObject>();
  private readonly objectStreams = new Map<number, ObjectStreamIndex>();
  private scanned: Map<number, number> | undefined;
  private resolving = new Set<number>();

  constructor(readonly bytes: Buffer) {
    const startxref = findStartxref(bytes);
    const visited = new Set<number>();
    let offset: number | undefined = startxref;
    let newest: { trailer: PdfDict; kind: XrefKind } | undefined;
    while (offset !== undefined) {
      if (visited.has(offset) || visited.size > MAX_SECTIONS) throw new PdfReadError('cross-reference chain loops');
      visited.add(offset);
      const section = this.readSection(offset);
      newest ??= section;
      const prev = section.trailer.get('Prev');
      offset = isNumber(prev) ? prev : undefined;
    }
    if (!newest) throw new PdfReadError('no cross-reference section');
    this.trailer = newest.trailer;
    this.lastXref = { offset: startxref, kind: newest.kind };
    if (!(this.trailer.get('Root') instanceof PdfRef)) throw new PdfReadError('trailer has no /Root');
  }

  /** Next free object number for an incremental update. */
  get size(): number {
    let max = 0;
    for (const num of this.entries.keys()) if (num > max) max = num;
    const declared = this.trailer.get('Size');
    return Math.max(max + 1, isNumber(declared) ? declared : 0);
  }

  /** Follows references until a direct object (undefined for missing or free objects). */
  resolve(value: PdfObject | undefined): PdfObject | undefined {
    let v = value;
    for (let i = 0; v instanceof PdfRef; i++) {
      if (i > MAX_RESOLVE_DEPTH) throw new PdfReadError('reference chain too long');
      v = this.getObject(v.num);
    }
    return v;
  }

  resolveDict(value: PdfObject | undefined): PdfDict | undefined {
    const v = this.resolve(value);
    if (v instanceof PdfDict) return v;
    if (v instanceof PdfStream) return v.dict;
    return undefined;
  }

  getObject(num: number): PdfObject | undefined {
    if (this.cache.has(num)) return this.cache.get(num);
    if (this.resolving.has(num)) throw new PdfReadError(`object ${num} refers to itself`);
    this.resolving.add(num);
    try {
      const value = this.loadObject(num);
      this.cache.set(num, value ?? null);
      return value;
    } finally {
      this.resolving.delete(num);
    }
  }

  decode(stream: PdfStream): Buffer {
    return decodeStream(stream, (o) => this.resolve(o));
  }

  private loadObject(num: number): PdfObject | undefined {
    const entry = this.entries.get(num);
    if (!entry || entry.type === 'free') return undefined;
    // Each object stream lists its objects' numbers, which is more reliable than the xref index.
    if (entry.type === 'compressed') return this.loadCompressed(num, entry.stream);
    const found = this.parseIndirectAt(entry.offset, num);
    if (found !== undefined) return found;
    // Offsets off by a few bytes are common; find the object where it really is.
    const actual = this.scan().get(num);
    if (actual !== undefined) {
      const again = this.parseIndirectAt(actual, num);
      if (again !== undefined) return again;
    }
    throw new PdfReadError(`object ${num} not found where the cross-reference says`);
  }

  private parseIndirectAt(offset: number, expected: number): PdfObject | undefined {
    if (offset < 0 || offset >= this.bytes.length) return undefined;
    const lexer = new Lexer(this.bytes, offset);
    const num = lexer.nextToken();
    const gen = lexer.nextToken();
    const kw = lexer.nextToken();
    if (num !== expected || !isNumber(gen) || !(kw instanceof Keyword) || kw.value !== 'obj') return undefined;
    const parser = new ObjectParser(lexer, (ref) => {
      const v = this.resolve(ref);
      return isNumber(v) ? v : undefined;
    });
    return parser.readObject();
  }

  private loadCompressed(num: number, streamNum: number): PdfObject | undefined {
    let objStream = this.objectStreams.get(streamNum);
    if (!objStream) {
      const stream = this.getObject(streamNum);
      if (!(stream instanceof PdfStream)) throw new PdfReadError(`object stream ${streamNum} missing`);
      const data = this.decode(stream);
      const n = stream.dict.get('N');
      const first = stream.dict.get('First');
      if (!isNumber(n) || !isNumber(first)) throw new PdfReadError(`object stream ${streamNum} lacks /N or /First`);
      const lexer = new Lexer(data, 0, Math.min(first, data.length));
      const offsets = new Map<number, number>();
      for (let i = 0; i < n; i++) {
        const objNum = lexer.nextToken();
        const off = lexer.nextToken();
        if (!isNumber(objNum) || !isNumber(off)) throw new PdfReadError(`object stream ${streamNum} header damaged`);
        if (!offsets.has(objNum)) offsets.set(objNum, off);
      }
      objStream = { data, first, offsets };
      this.objectStreams.set(streamNum, objStream);
    }
    const off = objStream.offsets.get(num);
    if (off === undefined) throw new PdfReadError(`object ${num} not in object stream ${streamNum}`);
    const parser = new ObjectParser(new Lexer(objStream.data, objStream.first + off));
    return parser.readObject();
  }

  /** Index of every `n g obj` in the file, built once and only when an offset was wrong. */
  private scan(): Map<number, number> {
    if (this.scanned) return this.scanned;
    const found = new Map<number, number>();
    const text = this.bytes.toString('latin1');
    const re = /(?:^|[\r\n\s])(\d{1,10})\s+(\d{1,5})\s+obj\b/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      found.set(Number(m[1]), m.index + m[0].length - m[0].trimStart().length);
    }
    this.scanned = found;
    return found;
  }

  private readSection(offset: number): { trailer: PdfDict; kind: XrefKind } {
    if (offset < 0 || offset >= this.bytes.length) throw new PdfReadError('startxref points outside the file');
    const lexer = new Lexer(this.bytes, offset);
    const first = lexer.nextToken();
    if (first instanceof Keyword && first.value === 'xref') return { trailer: this.readTable(lexer), kind: 'table' };
    if (isNumber(first)) {
      const stream = this.parseStreamAt(offset);
      if (stream && isName(stream.dict.get('Type'), 'XRef')) {
        this.applyXrefStream(stream, false);
        return { trailer: stream.dict, kind: 'stream' };
      }
    }
    throw new PdfReadError('cross-reference section not found at startxref');
  }

  private parseStreamAt(offset: number): PdfStream | undefined {
    const lexer = new Lexer(this.bytes, offset);
    lexer.nextToken();
    lexer.nextToken();
    const kw = lexer.nextToken();
    if (!(kw instanceof Keyword) || kw.value !== 'obj') return undefined;
    const obj = new ObjectParser(lexer, (ref) => {
      const v = this.resolve(ref);
      return isNumber(v) ? v : undefined;
    }).readObject();
    return obj instanceof PdfStream ? obj : undefined;
  }

  private readTable(lexer: Lexer): PdfDict {
    const free: number[] = [];
    for (;;) {
      const t = lexer.nextToken();
      if (t instanceof Keyword && t.value === 'trailer') break;
      const count = lexer.nextToken();
      if (!isNumber(t) || !isNumber(count)) throw new PdfReadError('cross-reference table damaged');
      for (let i = 0; i < count; i++) {
        const off = lexer.nextToken();
        const gen = lexer.nextToken();
        const kind = lexer.nextToken();
        if (!isNumber(off) || !isNumber(gen) || !(kind instanceof Keyword)) throw new PdfReadError('cross-reference entry damaged');
        const num = t + i;
        if (kind.value === 'n') {
          if (num !== 0 && !this.entries.has(num)) this.entries.set(num, { type: 'offset', offset: off, gen });
        } else if (kind.value === 'f') {
          if (num !== 0) free.push(num);
        }
        else throw new PdfReadError('cross-reference entry damaged');
      }
    }
    const trailer = new ObjectParser(lexer).readObject();
    if (!(trailer instanceof PdfDict)) throw new PdfReadError('trailer dictionary missing');
    // Hybrid files: objects in object streams are listed by the /XRefStm stream.
    const xrefStm = trailer.get('XRefStm');
    if (isNumber(xrefStm)) {
      const stream = this.parseStreamAt(xrefStm);
      if (stream) this.applyXrefStream(stream, true);
    }
    for (const num of free) if (!this.entries.has(num)) this.entries.set(num, { type: 'free' });
    return trailer;
  }

  private applyXrefStream(stream: PdfStream, hybrid: boolean): void {
    const d = stream.dict;
    const w = d.get('W');
    if (!Array.isArray(w) || w.length < 3 || !w.every(isNumber)) throw new PdfReadError('xref stream without /W');
    const [w1, w2, w3] = w as number[];
    const size = d.get('Size');
    const index = d.get('Index');
    const ranges = Array.isArray(index) && index.every(isNumber) ? (index as number[]) : [0, isNumber(size) ? size : 0];
    const data = this.decode(stream);
    const rowLength = w1! + w2! + w3!;
    let pos = 0;
    const field = (width: number, fallback: number): number => {
      if (width === 0) return fallback;
      let v = 0;
      for (let i = 0; i < width; i++) v = v * 256 + data[pos++]!;
      return v;
    };
    for (let r = 0; r + 1 < ranges.length; r += 2) {
      const start = ranges[r]!;
      const count = ranges[r + 1]!;
      for (let i = 0; i < count; i++) {
        if (pos + rowLength > data.length) throw new PdfReadError('xref stream shorter than its /Index');
        const type = field(w1!, 1);
        const f2 = field(w2!, 0);
        const f3 = field(w3!, 0);
        const num = start + i;
        if (num === 0 || this.entries.has(num)) continue;
        if (type === 1) this.entries.set(num, { type: 'offset', offset: f2, gen: f3 });
        else if (type === 2) this.entries.set(num, { type: 'compressed', stream: f2, index: f3 });
        else if (type === 0 && !hybrid) this.entries.set(num, { type: 'free' });
      }
    }
  }
}

function findStartxref(bytes: Buffer): number {
  const tailStart = Math.max(0, bytes.length - 4096);
  const keyword = Buffer.from('startxref', 'latin1');
  let at = -1;
  for (let from = tailStart; ; ) {
    const i = indexOf(bytes, keyword, from);
    if (i < 0) break;
    at = i;
    from = i + 1;
  }
  if (at < 0) throw new PdfReadError('no startxref near the end of the file (truncated?)');
  const m = /^\s*(\d+)/.exec(latin1(bytes, at + keyword.length, Math.min(bytes.length, at + keyword.length + 32)));
  if (!m) throw new PdfReadError('startxref without offset');
  return Number(m[1]);
}
