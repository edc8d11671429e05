/**
 * Stream decoding for what the signer has to read itself: cross-reference and object streams,
 * content streams and ToUnicode CMaps. Image filters are never decoded (images pass through).
 * Every decoded byte is charged to the document's DecodeBudget, so compressed bombs — one huge
 * stream or many that add up — fail early instead of exhausting memory.
 */
import { inflateSync, constants as zlibConstants } from 'node:zlib';
import { PdfLimitError, PdfReadError } from './errors.js';
import { MAX_DOCUMENT_DECODED_BYTES, MAX_STREAM_DECODED_BYTES, MIB } from './limits.js';
import { PdfDict, PdfName, type PdfObject, type PdfStream } from './objects.js';

type Resolve = (o: PdfObject | undefined) => PdfObject | undefined;

/** Decoded bytes one document may still produce, shared by all of its streams. */
export class DecodeBudget {
  private remaining: number;

  constructor(private readonly total = MAX_DOCUMENT_DECODED_BYTES) {
    this.remaining = total;
  }

  /** The most one filter may output now. */
  allowance(): number {
    return Math.min(MAX_STREAM_DECODED_BYTES, this.remaining);
  }

  spend(bytes: number): void {
    if (bytes > this.allowance()) throw this.exceeded();
    this.remaining -= bytes;
  }

  exceeded(): PdfReadError {
    return this.remaining < MAX_STREAM_DECODED_BYTES
      ? new PdfLimitError(`the document's compressed streams expand beyond ${this.total / MIB} MB in total`)
      : new PdfLimitError(`a compressed stream expands beyond ${MAX_STREAM_DECODED_BYTES / MIB} MB`);
  }
}

export function decodeStream(stream: PdfStream, resolve: Resolve, budget: DecodeBudget): Buffer {
  const filters = asList(resolve(stream.dict.get('Filter')));
  const params = asList(resolve(stream.dict.get('DecodeParms')));
  let data = Buffer.from(stream.data.buffer, stream.data.byteOffset, stream.data.byteLength);
  filters.forEach((filter, i) => {
    if (!(filter instanceof PdfName)) throw new PdfReadError('invalid /Filter');
    const p = resolve(params[i]);
    data = applyFilter(filter.value, data, p instanceof PdfDict ? p : undefined, resolve, budget);
    budget.spend(data.length);
  });
  return data;
}

function asList(value: PdfObject | undefined): PdfObject[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function applyFilter(
  name: string,
  data: Buffer,
  params: PdfDict | undefined,
  resolve: Resolve,
  budget: DecodeBudget,
): Buffer {
  switch (name) {
    case 'FlateDecode':
    case 'Fl':
      return predict(inflate(data, budget), params, resolve);
    case 'ASCIIHexDecode':
    case 'AHx':
      return asciiHex(data);
    case 'ASCII85Decode':
    case 'A85':
      return ascii85(data, budget);
    default:
      throw new PdfReadError(`unsupported stream filter /${name}`);
  }
}

function inflate(data: Buffer, budget: DecodeBudget): Buffer {
  const maxOutputLength = budget.allowance();
  try {
    return inflateSync(data, { maxOutputLength });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw budget.exceeded();
    // Truncated or slightly damaged zlib data: keep what decodes, as viewers do.
    try {
      return inflateSync(data, { finishFlush: zlibConstants.Z_SYNC_FLUSH, maxOutputLength });
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw budget.exceeded();
      throw new PdfReadError('a compressed stream cannot be decoded');
    }
  }
}

/** PNG and TIFF predictors (§7.4.4.4), as used by cross-reference streams. */
function predict(data: Buffer, params: PdfDict | undefined, resolve: Resolve): Buffer {
  if (!params) return data;
  const predictor = numberOr(resolve(params.get('Predictor')), 1);
  if (predictor <= 1) return data;
  const colors = numberOr(resolve(params.get('Colors')), 1);
  const bpc = numberOr(resolve(params.get('BitsPerComponent')), 8);
  const columns = numberOr(resolve(params.get('Columns')), 1);
  // The row length comes from the file: it must describe rows that fit in the data.
  if (
    !Number.isInteger(colors) ||
    colors < 1 ||
    colors > 32 ||
    ![1, 2, 4, 8, 16].includes(bpc) ||
    !Number.isInteger(columns) ||
    columns < 1
  ) {
    throw new PdfReadError('invalid predictor parameters');
  }
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLength = Math.ceil((colors * bpc * columns) / 8);
  if (rowLength > data.length) throw new PdfReadError('predictor rows longer than the stream');
  if (predictor === 2) {
    if (bpc !== 8) throw new PdfReadError('unsupported TIFF predictor');
    const out = Buffer.from(data);
    for (let row = 0; row + rowLength <= out.length; row += rowLength) {
      for (let i = bpp; i < rowLength; i++) out[row + i] = (out[row + i]! + out[row + i - bpp]!) & 0xff;
    }
    return out;
  }
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = Buffer.alloc(rows * rowLength);
  const prev = new Uint8Array(rowLength);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLength + 1)]!;
    const src = r * (rowLength + 1) + 1;
    const dst = r * rowLength;
    for (let i = 0; i < rowLength; i++) {
      const x = data[src + i]!;
      const a = i >= bpp ? out[dst + i - bpp]! : 0;
      const b = prev[i]!;
      const c = i >= bpp ? prev[i - bpp]! : 0;
      let v: number;
      switch (type) {
        case 0:
          v = x;
          break;
        case 1:
          v = x + a;
          break;
        case 2:
          v = x + b;
          break;
        case 3:
          v = x + ((a + b) >> 1);
          break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a),
            pb = Math.abs(p - b),
            pc = Math.abs(p - c);
          v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
          break;
        }
        default:
          throw new PdfReadError(`invalid PNG predictor row type ${type}`);
      }
      out[dst + i] = v & 0xff;
    }
    prev.set(out.subarray(dst, dst + rowLength));
  }
  return out;
}

function numberOr(value: PdfObject | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function asciiHex(data: Buffer): Buffer {
  const text = data.toString('latin1');
  const end = text.indexOf('>');
  let hex = (end >= 0 ? text.slice(0, end) : text).replace(/\s+/g, '');
  if (!/^[0-9a-fA-F]*$/.test(hex)) throw new PdfReadError('invalid ASCIIHex data');
  if (hex.length % 2) hex += '0';
  return Buffer.from(hex, 'hex');
}

const Z = 0x7a;

function ascii85(data: Buffer, budget: DecodeBudget): Buffer {
  let start = 0;
  while (start < data.length && isSpace(data[start]!)) start++;
  if (data[start] === 0x3c && data[start + 1] === 0x7e) start += 2; // <~
  let end = data.indexOf('~>', start, 'latin1');
  if (end < 0) end = data.length;
  // Each 'z' stands for four bytes: size the output before decoding anything.
  let zs = 0;
  for (let i = start; i < end; i++) if (data[i] === Z) zs++;
  const bound = zs * 4 + Math.ceil((end - start - zs) / 5) * 4;
  if (bound > budget.allowance()) throw budget.exceeded();
  const out = Buffer.allocUnsafe(bound);
  let size = 0;
  let n = 0;
  let count = 0;
  for (let i = start; i < end; i++) {
    const c = data[i]!;
    if (isSpace(c)) continue;
    if (c === Z && count === 0) {
      out.writeUInt32BE(0, size);
      size += 4;
      continue;
    }
    const v = c - 33;
    if (v < 0 || v > 84) throw new PdfReadError('invalid ASCII85 data');
    n = n * 85 + v;
    if (++count === 5) {
      if (n > 0xffffffff) throw new PdfReadError('invalid ASCII85 data');
      out.writeUInt32BE(n, size);
      size += 4;
      n = 0;
      count = 0;
    }
  }
  if (count) {
    const missing = 5 - count;
    for (let k = 0; k < missing; k++) n = n * 85 + 84;
    if (n > 0xffffffff) throw new PdfReadError('invalid ASCII85 data');
    const last = Buffer.alloc(4);
    last.writeUInt32BE(n);
    size += last.copy(out, size, 0, 4 - missing);
  }
  return out.subarray(0, size);
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
}
