/**
 * Random-access PDF reader: follows the cross-reference chain from the last `startxref`
 * (tables, streams, hybrid files, `/Prev` links) and parses only the objects asked for.
 * A 10 MB scan is read without touching its image data.
 */
import { PdfReadError } from './errors.js';
import { DecodeBudget, decodeStream } from './filters.js';
import { Keyword, Lexer, ObjectParser, indexOf, latin1 } from './lexer.js';
import { MAX_NESTED_LOADS, MAX_OBJECT_NUMBER, MAX_XREF_FIELD_WIDTH } from './limits.js';
import { PdfDict, PdfRef, PdfStream, isName, isNumber, type PdfObject } from './objects.js';
import { XrefIndex, type XrefSection } from './xref-index.js';

export type { XrefEntry } from './xref-index.js';
export type XrefKind = 'table' | 'stream';

interface ObjectStreamIndex {
  data: Buffer;
  first: number;
  offsets: Map<number, number>;
}

const MAX_SECTIONS = 10_000;
const MAX_RESOLVE_DEPTH = 32;
/** The shortest cross-reference table row, `0 0 n` and a separator. */
const MIN_TABLE_ROW_BYTES = 6;

export class PdfReader {
  readonly xref: XrefIndex;
  /** Trailer of the newest revision (for an xref stream: the stream's dictionary). */
  readonly trailer: PdfDict;
  /** Offset and kind of the newest cross-reference section (what the next /Prev points to). */
  readonly lastXref: { offset: number; kind: XrefKind };
  /** Decoded bytes this document may still produce (all streams together). */
  private readonly budget = new DecodeBudget();
  private readonly cache = new Map<number, PdfObject>();
  private readonly objectStreams = new Map<number, ObjectStreamIndex>();
  private scanned: Map<number, number> | undefined;
  private resolving = new Set<number>();

  constructor(readonly bytes: Buffer) {
    this.xref = new XrefIndex(bytes.length);
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
    const size = this.trailer.get('Size');
    if (isNumber(size) && (!Number.isInteger(size) || size < 0 || size > MAX_OBJECT_NUMBER + 1)) {
      throw new PdfReadError(`trailer /Size ${size} is not an object count (at most ${MAX_OBJECT_NUMBER + 1})`);
    }
  }

  /** Next free object number for an incremental update. */
  get size(): number {
    const declared = this.trailer.get('Size');
    return Math.max(this.xref.highestNumber + 1, isNumber(declared) ? declared : 0, 1);
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
    // Loading an object can need another (its /Length, its object stream): bound the chain.
    if (this.resolving.size >= MAX_NESTED_LOADS)
      throw new PdfReadError(`objects depend on one another more than ${MAX_NESTED_LOADS} deep`);
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
    return decodeStream(stream, (o) => this.resolve(o), this.budget);
  }

  private loadObject(num: number): PdfObject | undefined {
    const entry = this.xref.get(num);
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
    if (!Number.isInteger(offset) || offset < 0 || offset >= this.bytes.length) return undefined;
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
      // Each of the /N header pairs ("12 0 ") takes at least 4 bytes before /First.
      if (
        !Number.isInteger(n) ||
        !Number.isInteger(first) ||
        n < 0 ||
        first < 0 ||
        first > data.length ||
        n * 4 > first + 1
      ) {
        throw new PdfReadError(`object stream ${streamNum} has an impossible /N or /First`);
      }
      const lexer = new Lexer(data, 0, first);
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
    const at = objStream.first + off;
    if (!Number.isInteger(off) || off < 0 || at >= objStream.data.length)
      throw new PdfReadError(`object ${num} lies outside object stream ${streamNum}`);
    const parser = new ObjectParser(new Lexer(objStream.data, at));
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
    if (!Number.isInteger(offset) || offset < 0 || offset >= this.bytes.length)
      throw new PdfReadError('a cross-reference offset points outside the file');
    const layer = this.xref.beginSection();
    const lexer = new Lexer(this.bytes, offset);
    const first = lexer.nextToken();
    if (first instanceof Keyword && first.value === 'xref')
      return { trailer: this.readTable(lexer, layer), kind: 'table' };
    if (isNumber(first)) {
      const stream = this.parseStreamAt(offset);
      if (stream && isName(stream.dict.get('Type'), 'XRef')) {
        this.applyXrefStream(stream, false, layer());
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

  private readTable(lexer: Lexer, layer: () => XrefSection): PdfDict {
    const table = layer();
    for (;;) {
      const t = lexer.nextToken();
      if (t instanceof Keyword && t.value === 'trailer') break;
      const count = lexer.nextToken();
      if (!isNumber(t) || !isNumber(count)) throw new PdfReadError('cross-reference table damaged');
      if (count * MIN_TABLE_ROW_BYTES > this.bytes.length - lexer.pos)
        throw new PdfReadError(`cross-reference table declares ${count} rows, more than the file holds`);
      const run = this.xref.addRun(table, t, count);
      for (let i = 0; i < count; i++) {
        const off = lexer.nextToken();
        const gen = lexer.nextToken();
        const kind = lexer.nextToken();
        if (!isNumber(off) || !isNumber(gen) || !(kind instanceof Keyword))
          throw new PdfReadError('cross-reference entry damaged');
        if (kind.value === 'n') run.set(i, { type: 'offset', offset: Math.max(0, off), gen: Math.max(0, gen) });
        else if (kind.value === 'f') run.set(i, { type: 'free' });
        else throw new PdfReadError('cross-reference entry damaged');
      }
    }
    const trailer = new ObjectParser(lexer).readObject();
    if (!(trailer instanceof PdfDict)) throw new PdfReadError('trailer dictionary missing');
    // Hybrid files: objects in object streams are listed by the /XRefStm stream.
    const xrefStm = trailer.get('XRefStm');
    if (isNumber(xrefStm) && Number.isInteger(xrefStm) && xrefStm >= 0 && xrefStm < this.bytes.length) {
      const stream = this.parseStreamAt(xrefStm);
      if (stream) this.applyXrefStream(stream, true, layer());
    }
    return trailer;
  }

  private applyXrefStream(stream: PdfStream, hybrid: boolean, layer: XrefSection): void {
    const d = stream.dict;
    const w = d.get('W');
    if (
      !Array.isArray(w) ||
      w.length < 3 ||
      !w.every((x) => isNumber(x) && Number.isInteger(x) && x >= 0 && x <= MAX_XREF_FIELD_WIDTH)
    ) {
      throw new PdfReadError(`xref stream /W must hold three field widths of 0 to ${MAX_XREF_FIELD_WIDTH} bytes`);
    }
    const [w1, w2, w3] = w as number[];
    const rowLength = w1! + w2! + w3!;
    if (rowLength === 0) throw new PdfReadError('xref stream /W describes empty rows');
    const size = d.get('Size');
    const index = d.get('Index');
    const ranges =
      Array.isArray(index) && index.length % 2 === 0 && index.every(isNumber)
        ? (index as number[])
        : [0, isNumber(size) ? size : 0];
    // Every row the /Index announces must be in the data: checked before anything is stored.
    let rows = 0;
    for (let r = 1; r < ranges.length; r += 2) rows += Math.max(0, ranges[r]!);
    const data = this.decode(stream);
    if (rows * rowLength > data.length)
      throw new PdfReadError(
        `xref stream shorter than its /Index (${rows} rows of ${rowLength} bytes, ${data.length} bytes of data)`,
      );
    let pos = 0;
    const field = (width: number, fallback: number): number => {
      if (width === 0) return fallback;
      let v = 0;
      for (let i = 0; i < width; i++) v = v * 256 + data[pos++]!;
      return v;
    };
    for (let r = 0; r + 1 < ranges.length; r += 2) {
      const count = ranges[r + 1]!;
      const run = this.xref.addRun(layer, ranges[r]!, count);
      for (let i = 0; i < count; i++) {
        const type = field(w1!, 1);
        const f2 = field(w2!, 0);
        const f3 = field(w3!, 0);
        if (type === 1) run.set(i, { type: 'offset', offset: f2, gen: f3 });
        else if (type === 2) run.set(i, { type: 'compressed', stream: f2, index: f3 });
        else if (type === 0 && !hybrid) run.set(i, { type: 'free' });
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
