/** Writes PDF objects back to bytes (ISO 32000-1 §7.3), the inverse of the lexer. */
import { PdfDict, PdfName, PdfRaw, PdfRef, PdfStream, PdfString, type PdfObject } from './objects.js';

/** Accumulates output as latin1 text and binary chunks, tracking the byte length. */
export class ByteSink {
  private readonly chunks: Buffer[] = [];
  private text = '';
  length = 0;
  /** Where each placeholder was written, so it can be patched in the final bytes. */
  readonly rawOffsets = new Map<PdfRaw, number>();

  write(s: string): void {
    this.text += s;
    this.length += s.length;
  }

  writeBytes(bytes: Uint8Array): void {
    this.flushText();
    this.chunks.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    this.length += bytes.byteLength;
  }

  private flushText(): void {
    if (this.text) {
      this.chunks.push(Buffer.from(this.text, 'latin1'));
      this.text = '';
    }
  }

  toBuffer(): Buffer {
    this.flushText();
    return Buffer.concat(this.chunks, this.length);
  }
}

export function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  if (!Number.isFinite(n)) return '0';
  const s = String(n);
  if (!s.includes('e')) return s;
  // PDF has no exponent notation.
  return n.toFixed(10).replace(/0+$/, '').replace(/\.$/, '');
}

const NAME_REGULAR = /^[!-~]$/;
const NAME_ESCAPE = new Set([...'()<>[]{}/%#']);

export function formatName(name: PdfName): string {
  let out = '/';
  for (const ch of name.value) {
    const code = ch.charCodeAt(0);
    if (NAME_REGULAR.test(ch) && !NAME_ESCAPE.has(ch)) out += ch;
    else out += `#${code.toString(16).padStart(2, '0')}`;
  }
  return out;
}

export function formatString(s: PdfString): string {
  const bytes = s.bytes;
  if (s.hex) return `<${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}>`;
  let out = '(';
  for (const b of bytes) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b === 0x0a) out += '\\n';
    else if (b === 0x0d) out += '\\r';
    else if (b < 0x20 || b === 0x7f) out += `\\${b.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(b);
  }
  return `${out})`;
}

export function writeObject(sink: ByteSink, obj: PdfObject): void {
  if (obj === null) sink.write('null');
  else if (typeof obj === 'boolean') sink.write(obj ? 'true' : 'false');
  else if (typeof obj === 'number') sink.write(formatNumber(obj));
  else if (obj instanceof PdfName) sink.write(formatName(obj));
  else if (obj instanceof PdfString) sink.write(formatString(obj));
  else if (obj instanceof PdfRef) sink.write(`${obj.num} ${obj.gen} R`);
  else if (obj instanceof PdfRaw) {
    sink.rawOffsets.set(obj, sink.length);
    sink.write(obj.text);
  } else if (Array.isArray(obj)) {
    sink.write('[');
    obj.forEach((item, i) => {
      if (i) sink.write(' ');
      writeObject(sink, item);
    });
    sink.write(']');
  } else if (obj instanceof PdfDict) {
    sink.write('<<');
    for (const [key, value] of obj.entries) {
      sink.write(formatName(PdfName.of(key)));
      sink.write(' ');
      writeObject(sink, value);
    }
    sink.write('>>');
  } else if (obj instanceof PdfStream) {
    const d = obj.dict.clone().set('Length', obj.data.byteLength);
    writeObject(sink, d);
    sink.write('\nstream\n');
    sink.writeBytes(obj.data);
    sink.write('\nendstream');
  }
}
