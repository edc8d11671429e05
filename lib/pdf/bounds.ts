/**
 * The bounded check a PDF passes before any unbounded parser (pdf-lib) may read it. Two parts:
 *
 * - the document as a reader sees it: the cross-reference chain (PdfReader: declared rows
 *   against their bytes, entry count, decoded bytes), the page tree (pages, depth, loops) and
 *   every page's content streams (each decoded within the per-stream limit, all together
 *   within MAX_CONTENT_DECODED_BYTES);
 * - the file as a linear parser reads it: pdf-lib parses every `n g obj` in the file, reachable
 *   or not, and expands every object stream and cross-reference stream it meets, with no limit.
 *   So every such stream in the file is decoded here under a budget, its declared rows checked
 *   against its data, and the objects counted.
 *
 * Anything over a limit throws PdfLimitError; a damaged file throws PdfReadError.
 */
import { PdfLimitError, PdfReadError } from './errors.js';
import { DecodeBudget, decodeStream } from './filters.js';
import { Lexer, ObjectParser } from './lexer.js';
import {
  MAX_CONTENT_DECODED_BYTES,
  MAX_FILE_OBJECTS,
  MAX_PAGES,
  MAX_PAGE_TREE_DEPTH,
  MAX_XREF_FIELD_WIDTH,
  maxXrefEntries,
} from './limits.js';
import { type PdfDict, PdfRef, PdfStream, isName, isNumber, type PdfObject } from './objects.js';
import { PdfReader } from './reader.js';

export interface PdfBounds {
  pages: number;
  encrypted: boolean;
}

export function checkPdfBounds(bytes: Buffer): PdfBounds {
  const reader = new PdfReader(bytes);
  const encrypted = reader.trailer.get('Encrypt') !== undefined;
  const pages = walkPages(reader, encrypted);
  scanLinearly(bytes, reader);
  return { pages, encrypted };
}

/** Counts the pages, refusing loops, deep trees and too many pages; decodes their contents. */
function walkPages(reader: PdfReader, encrypted: boolean): number {
  const root = reader.resolveDict(reader.trailer.get('Root'));
  if (!root) throw new PdfReadError('no document catalog');
  const seen = new Set<number>();
  const contents = new DecodeBudget(MAX_CONTENT_DECODED_BYTES);
  /** Content streams already decoded (pages may share one). */
  const decoded = new Set<number>();
  let pages = 0;
  const visit = (node: PdfObject | undefined, depth: number): void => {
    if (depth > MAX_PAGE_TREE_DEPTH) throw new PdfLimitError(`page tree more than ${MAX_PAGE_TREE_DEPTH} levels deep`);
    if (node instanceof PdfRef) {
      if (seen.has(node.num)) throw new PdfReadError('page tree loops');
      seen.add(node.num);
    }
    const dict = reader.resolveDict(node);
    if (!dict) throw new PdfReadError('page tree node missing');
    const kids = reader.resolve(dict.get('Kids'));
    if (isName(dict.get('Type'), 'Pages') || (Array.isArray(kids) && !isName(dict.get('Type'), 'Page'))) {
      if (!Array.isArray(kids)) throw new PdfReadError('page tree node without /Kids');
      for (const kid of kids) visit(kid, depth + 1);
      return;
    }
    if (++pages > MAX_PAGES) throw new PdfLimitError(`more than ${MAX_PAGES} pages`);
    // Encrypted contents cannot be decoded (and such a file is refused anyway).
    if (!encrypted) {
      for (const content of contentsOf(reader, dict, decoded))
        decodeStream(content, (o) => reader.resolve(o), contents);
    }
  };
  // A declared count over the limit is refused before walking anything (a lower one is not trusted).
  const count = reader.resolveDict(root.get('Pages'))?.get('Count');
  if (isNumber(count) && count > MAX_PAGES) throw new PdfLimitError(`more than ${MAX_PAGES} pages`);
  visit(root.get('Pages'), 0);
  return pages;
}

/** The page's content streams not decoded yet. */
function contentsOf(reader: PdfReader, page: PdfDict, decoded: Set<number>): PdfStream[] {
  const entry = page.get('Contents');
  const contents = reader.resolve(entry);
  const refs = Array.isArray(contents) ? contents : [entry];
  const out: PdfStream[] = [];
  for (const ref of refs) {
    if (ref instanceof PdfRef) {
      if (decoded.has(ref.num)) continue;
      decoded.add(ref.num);
    }
    const stream = reader.resolve(ref);
    if (stream instanceof PdfStream) out.push(stream);
  }
  return out;
}

/** Where a linear parser would find an object header. */
const OBJECT_HEADER = /(?:^|[\r\n\t\f\0 ])(\d{1,10})[\r\n\t\f\0 ]+(\d{1,5})[\r\n\t\f\0 ]+obj(?![A-Za-z])/g;

function scanLinearly(bytes: Buffer, reader: PdfReader): void {
  const text = bytes.toString('latin1');
  const budget = new DecodeBudget();
  const maxRows = maxXrefEntries(bytes.length);
  let objects = 0;
  let rows = 0;
  const lengthOf = (ref: PdfRef) => {
    try {
      const v = reader.resolve(ref);
      return isNumber(v) ? v : undefined;
    } catch {
      return undefined;
    }
  };
  OBJECT_HEADER.lastIndex = 0;
  for (let m = OBJECT_HEADER.exec(text); m; m = OBJECT_HEADER.exec(text)) {
    if (++objects > MAX_FILE_OBJECTS) throw new PdfLimitError(`more than ${MAX_FILE_OBJECTS} objects in the file`);
    const object = parseAt(bytes, m.index + m[0].length, lengthOf);
    if (!(object instanceof PdfStream)) continue;
    const type = object.dict.get('Type');
    if (isName(type, 'XRef')) rows += xrefStreamRows(object, reader, budget, maxRows - rows);
    else if (isName(type, 'ObjStm')) objects += objectStreamObjects(object, reader, budget);
    if (rows > maxRows) throw new PdfLimitError(`cross-reference streams declare more than ${maxRows} rows`);
    if (objects > MAX_FILE_OBJECTS) throw new PdfLimitError(`more than ${MAX_FILE_OBJECTS} objects in the file`);
  }
}

/**
 * The object after a header found by the scan. A header can also be text inside a stream's
 * data, which a linear parser skips: damage there is not the file's, only a limit counts.
 */
function parseAt(bytes: Buffer, at: number, lengthOf: (ref: PdfRef) => number | undefined): PdfObject | undefined {
  try {
    return new ObjectParser(new Lexer(bytes, at), lengthOf).readObject();
  } catch (err) {
    if (err instanceof PdfLimitError) throw err;
    return undefined;
  }
}

/** The rows a cross-reference stream declares, each of which must be in its data. */
function xrefStreamRows(stream: PdfStream, reader: PdfReader, budget: DecodeBudget, allowed: number): number {
  const d = stream.dict;
  const w = d.get('W');
  if (
    !Array.isArray(w) ||
    w.length < 3 ||
    !w.every((x) => isNumber(x) && Number.isInteger(x) && x >= 0 && x <= MAX_XREF_FIELD_WIDTH)
  ) {
    throw new PdfLimitError(`xref stream /W must hold three field widths of 0 to ${MAX_XREF_FIELD_WIDTH} bytes`);
  }
  const rowLength = (w as number[]).slice(0, 3).reduce((a, b) => a + b, 0);
  const size = d.get('Size');
  const index = d.get('Index');
  const ranges = Array.isArray(index) ? index : [0, size];
  let rows = 0;
  for (let r = 1; r < ranges.length; r += 2) {
    const count = ranges[r];
    if (!isNumber(count) || !Number.isInteger(count) || count < 0)
      throw new PdfLimitError('xref stream /Index with an invalid count');
    rows += count;
  }
  if (rows > allowed)
    throw new PdfLimitError(`cross-reference streams declare more rows than a file of this size can hold`);
  if (rows > 0 && rowLength === 0) throw new PdfLimitError('xref stream /W describes empty rows');
  const data = decodeStream(stream, (o) => safeResolve(reader, o), budget);
  if (rows * rowLength > data.length)
    throw new PdfLimitError(
      `xref stream shorter than its /Index (${rows} rows of ${rowLength} bytes, ${data.length} bytes of data)`,
    );
  return rows;
}

/** The objects an object stream holds, each parsed under the nesting limit. */
function objectStreamObjects(stream: PdfStream, reader: PdfReader, budget: DecodeBudget): number {
  const data = decodeStream(stream, (o) => safeResolve(reader, o), budget);
  const n = stream.dict.get('N');
  const first = stream.dict.get('First');
  // Each of the /N header pairs ("12 0 ") takes at least 4 bytes before /First.
  if (
    !isNumber(n) ||
    !isNumber(first) ||
    !Number.isInteger(n) ||
    !Number.isInteger(first) ||
    n < 0 ||
    first < 0 ||
    first > data.length ||
    n * 4 > first + 1
  ) {
    throw new PdfLimitError('object stream with an impossible /N or /First');
  }
  const header = new Lexer(data, 0, first);
  for (let i = 0; i < n; i++) {
    const num = header.nextToken();
    const off = header.nextToken();
    if (!isNumber(num) || !isNumber(off)) break;
    if (!Number.isInteger(off) || off < 0 || first + off >= data.length) continue;
    try {
      new ObjectParser(new Lexer(data, first + off)).readObject();
    } catch (err) {
      if (err instanceof PdfLimitError) throw err;
    }
  }
  return n;
}

function safeResolve(reader: PdfReader, o: PdfObject | undefined): PdfObject | undefined {
  try {
    return reader.resolve(o);
  } catch (err) {
    if (err instanceof PdfLimitError) throw err;
    return undefined;
  }
}
