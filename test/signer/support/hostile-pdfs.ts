/**
 * Hand-written PDFs that are hostile or heavy: what a sound generator never writes, each
 * declaring a number or a size meant to make a reader do unbounded work. Written byte by byte
 * (a PDF library would refuse or repair them), with a classic cross-reference table unless
 * the point is the cross-reference itself.
 */
import { deflateSync } from 'node:zlib';

export const MARKER = '##FIN_TEXTO##';

/** An indirect object: a dictionary (or any object) as text, optionally with stream data (its /Length is added unless given). */
export interface RawObject {
  body: string;
  stream?: Buffer;
}

/**
 * A PDF of `objects` numbered from 1 (object 1 is the catalog) with a correct cross-reference
 * table; `trailer` adds entries to the trailer dictionary.
 */
export function rawPdf(objects: (string | RawObject)[], trailer = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  objects.forEach((o, i) => {
    offsets.push(length);
    const obj = typeof o === 'string' ? { body: o } : o;
    if (obj.stream) {
      const dict = obj.body.includes('/Length')
        ? obj.body
        : obj.body.replace(/>>\s*$/, ` /Length ${obj.stream.length} >>`);
      push(Buffer.from(`${i + 1} 0 obj\n${dict}\nstream\n`, 'latin1'));
      push(obj.stream);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    } else push(Buffer.from(`${i + 1} 0 obj\n${obj.body}\nendobj\n`, 'latin1'));
  });
  const xref = length;
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/** Text showing the end-text marker at y = 520, in content-stream syntax (font /F1). */
export const MARKER_TEXT = `BT /F1 6 Tf 72 520 Td (${MARKER}) Tj ET\n`;

/**
 * A one-page Letter document whose page draws `contents` (one stream each, Flate-compressed
 * unless `raw`); `pageExtra` and `catalogExtra` add entries to those dictionaries, `extra`
 * appends objects (numbered from 5 + contents.length).
 */
export function onePage(
  contents: Buffer[],
  options: { raw?: boolean; pageExtra?: string; catalogExtra?: string; extra?: (string | RawObject)[] } = {},
): Buffer {
  const first = 5;
  const refs = contents.map((_, i) => `${first + i} 0 R`).join(' ');
  const streams: RawObject[] = contents.map((c) =>
    options.raw ? { body: '<< >>', stream: c } : { body: '<< /Filter /FlateDecode >>', stream: deflateSync(c) },
  );
  return rawPdf([
    `<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents [${refs}] ${options.pageExtra ?? ''}>>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ...streams,
    ...(options.extra ?? []),
  ]);
}

/** Content that takes long to interpret but is sound: `mb` MB of path operators. */
function heavyLines(mb: number): Buffer {
  const line = '10 20 m 30 40 l 50 60 l S\n';
  return Buffer.from(line.repeat(Math.ceil((mb * 1024 * 1024) / line.length)), 'latin1');
}

/** `heavyLines`, then the marker. */
export function heavyContent(mb: number): Buffer {
  return Buffer.concat([heavyLines(mb), Buffer.from(MARKER_TEXT, 'latin1')]);
}

/**
 * The slowest sound page the limits let through: two content streams of 15 MB of path operators
 * each (one stream may decode to 16 MB, a document to 32 MB), the marker at the end.
 */
export function heavyPage(): Buffer {
  return onePage([heavyLines(15), heavyContent(15)]);
}

/** A content stream that inflates to `mb` MB (of spaces: valid content, nothing to draw). */
export function inflateBomb(mb: number): Buffer {
  return onePage([Buffer.concat([Buffer.alloc(mb * 1024 * 1024, 0x20), Buffer.from(MARKER_TEXT, 'latin1')])]);
}

/** `count` content streams of `mb` MB each: every one within the per-stream limit, together not. */
export function manyStreamsBomb(count: number, mb: number): Buffer {
  const one = Buffer.alloc(mb * 1024 * 1024, 0x20);
  return onePage([...Array.from({ length: count }, () => one), Buffer.from(MARKER_TEXT, 'latin1')]);
}

/**
 * A cross-reference stream as its only cross-reference: `w` and `index` as given, `rows` as
 * its decoded data (Flate-compressed when `compress`). Catalog and page tree are sound.
 */
export function xrefStreamPdf(
  w: number[],
  index: number[] | undefined,
  rows: Buffer,
  options: { size?: number; compress?: boolean } = {},
): Buffer {
  const head =
    '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n';
  const at = Buffer.byteLength(head, 'latin1');
  const data = options.compress ? deflateSync(rows) : rows;
  const dict = `<< /Type /XRef /Size ${options.size ?? 10_000_000} /W [${w.join(' ')}]${index ? ` /Index [${index.join(' ')}]` : ''} /Root 1 0 R${options.compress ? ' /Filter /FlateDecode' : ''} /Length ${data.length} >>`;
  return Buffer.concat([
    Buffer.from(`${head}3 0 obj\n${dict}\nstream\n`, 'latin1'),
    data,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`, 'latin1'),
  ]);
}

/** `depth` nested arrays (`[`) or dictionaries (`<<`) as the value of a page entry. */
export function deepNesting(depth: number, kind: '[' | '<<'): Buffer {
  const value =
    kind === '[' ? '['.repeat(depth) + ']'.repeat(depth) : `${'<< /A '.repeat(depth)}1${' >>'.repeat(depth)}`;
  return onePage([Buffer.from(MARKER_TEXT, 'latin1')], { pageExtra: `/Deep ${value} ` });
}

/** `depth` nested arrays inside the page's content stream (where the marker is looked for). */
export function deepContentNesting(depth: number): Buffer {
  return onePage([Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)} pop\n${MARKER_TEXT}`, 'latin1')]);
}
