/**
 * Stream decoding for what the signer has to read itself: cross-reference and object streams,
 * content streams and ToUnicode CMaps. Image filters are never decoded (images pass through).
 */
import { inflateSync, constants as zlibConstants } from 'node:zlib';
import { PdfReadError } from './errors.js';
import { PdfDict, PdfName, type PdfObject, type PdfStream } from './objects.js';

/** Decoded size limit per stream: a compressed bomb fails instead of exhausting memory. */
export const MAX_DECODED_BYTES = 64 * 1024 * 1024;

export function decodeStream(stream: PdfStream, resolve: (o: PdfObject | undefined) => PdfObject | undefined): Buffer {
  const filters = asList(resolve(stream.dict.get('Filter')));
  const params = asList(resolve(stream.dict.get('DecodeParms')));
  let data = Buffer.from(stream.data.buffer, stream.data.byteOffset, stream.data.byteLength);
  filters.forEach((filter, i) => {
    if (!(filter instanceof PdfName)) throw new PdfReadError('invalid /Filter');
    const p = resolve(params[i]);
    data = applyFilter(filter.value, data, p instanceof PdfDict ? p : undefined, resolve);
  });
  return data;
}

function asList(value: PdfObject | undefined): PdfObject[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function applyFilter(name: string, data: Buffer, params: PdfDict | undefined, resolve: (o: PdfObject | undefined) => PdfObject | undefined): Buffer {
  switch (name) {
    case 'FlateDecode':
    case 'Fl':
      return predict(inflate(data), params, resolve);
    case 'ASCIIHexDecode':
    case 'AHx':
      return asciiHex(data);
    case 'ASCII85Decode':
    case 'A85':
      return ascii85(data);
    default:
      throw new PdfReadError(`unsupported stream filter /${name}`);
  }
}

function inflate(data: Buffer): Buffer {
  try {
    return inflateSync(data, { maxOutputLength: MAX_DECODED_BYTES });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ERR_BUFFER_TOO_LARGE') throw new PdfReadError('a compressed stream expands beyond the size limit');
    // Truncated or slightly damaged zlib data: keep what decodes, as viewers do.
    try {
      return inflateSync(data, { finishFlush: zlibConstants.Z_SYNC_FLUSH, maxOutputLength: MAX_DECODED_BYTES });
    } catch {
      throw new PdfReadError('a compressed stream cannot be decoded');
    }
  }
}

/** PNG and TIFF predictors (§7.4.4.4), as used by cross-reference streams. */
function predict(data: Buffer, params: PdfDict | undefined, resolve: (o: PdfObject | undefined) => PdfObject | undefined): Buffer {
  if (!params) return data;
  const predictor = numberOr(resolve(params.get('Predictor')), 1);
  if (predictor <= 1) return data;
  const colors = numberOr(resolve(params.get('Colors')), 1);
  const bpc = numberOr(resolve(params.get('BitsPerComponent')), 8);
  const columns = numberOr(resolve(params.get('Columns')), 1);
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLength = Math.ceil((colors * bpc * columns) / 8);
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
        case 0: v = x; break;
        case 1: v = x + a; break;
        case 2: v = x + b; break;
        case 3: v = x + ((a + b) >> 1); break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
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

function ascii85(data: Buffer): Buffer {
  const text = data.toString('latin1').replace(/\s+/g, '');
  const body = text.startsWith('<~') ? text.slice(2) : text;
  const end = body.indexOf('~>');
  const chars = end >= 0 ? body.slice(0, end) : body;
  const out: number[] = [];
  let group: number[] = [];
  for (const ch of chars) {
    if (ch === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const v = ch.charCodeAt(0) - 33;
    if (v < 0 || v > 84) throw new PdfReadError('invalid ASCII85 data');
    group.push(v);
    if (group.length === 5) {
      let n = 0;
      for (const g of group) n = n * 85 + g;
      out.push((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
      group = [];
    }
  }
  if (group.length) {
    const missing = 5 - group.length;
    while (group.length < 5) group.push(84);
    let n = 0;
    for (const g of group) n = n * 85 + g;
    const bytes = [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
    out.push(...bytes.slice(0, 4 - missing));
  }
  return Buffer.from(out);
}
