/**
 * Hostile uploads for the platform's own PDF parsing (import, imported-PDF replace, the
 * signatures page): each is a Letter document a lenient parser such as pdf-lib accepts, plus
 * something that makes an unbounded parser work without end. Generated here, byte by byte.
 */
import { once } from 'node:events';
import { createDeflate, deflateSync } from 'node:zlib';
import { deepNesting, rawPdf, type RawObject } from '../signer/support/hostile-pdfs.js';

const LETTER_PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>';
const CONTENT = 'BT /F1 12 Tf 72 700 Td (Documento externo) Tj ET';

/** Catalog, page tree and one Letter page as objects 1–4 (for files that add their own tail). */
const HEAD = [
  '%PDF-1.7',
  '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj',
  '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj',
  `3 0 obj\n${LETTER_PAGE}\nendobj`,
  `4 0 obj\n<< /Length ${CONTENT.length} >>\nstream\n${CONTENT}\nendstream\nendobj`,
  '',
].join('\n');

/**
 * A cross-reference stream declaring `rows` rows of zero bytes (`/W [0 0 0]`): about 330 bytes
 * that made pdf-lib build millions of entries. The stream is the file's only cross-reference.
 */
export function xrefRowBomb(rows = 3_000_000): Buffer {
  const at = HEAD.length;
  return Buffer.from(
    `${HEAD}5 0 obj\n<< /Type /XRef /Size ${rows} /W [0 0 0] /Index [0 ${rows}] /Root 1 0 R /Length 0 >>\nstream\n\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`,
    'latin1',
  );
}

/**
 * The same row bomb in a stream no cross-reference points to, behind a sound table: a reader
 * that follows the chain never meets it, a parser that reads the file from the top does.
 */
export function unreachableXrefRowBomb(rows = 3_000_000): Buffer {
  return withSoundTable(`<< /Type /XRef /Size ${rows} /W [0 0 0] /Index [0 ${rows}] /Length 0 >>`, Buffer.alloc(0));
}

/** `mb` MiB of spaces, deflated without ever holding them (1 MiB chunks). */
async function deflatedSpaces(mb: number, head = ''): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  if (head) deflate.write(Buffer.from(head, 'latin1'));
  for (let i = 0; i < mb; i++) if (!deflate.write(chunk)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(chunks);
}

/**
 * An object stream (listed nowhere) that inflates to `mb` MiB: 256 MiB is a 262 KB upload.
 * pdf-lib expands every object stream it parses.
 */
export async function objectStreamBomb(mb = 256): Promise<Buffer> {
  const data = await deflatedSpaces(mb, '9 0 null');
  return withSoundTable('<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode >>', data);
}

/** A page whose content stream inflates to `mb` MiB. */
export async function contentStreamBomb(mb = 64): Promise<Buffer> {
  const data = await deflatedSpaces(mb, `${CONTENT}\n`);
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    LETTER_PAGE,
    { body: '<< /Filter /FlateDecode >>', stream: data },
  ]);
}

/** `depth` nested arrays in the Letter page's dictionary. */
export function deeplyNested(depth = 10_000): Buffer {
  return deepNesting(depth, '[');
}

/** `count` Letter pages sharing one content stream (10,000 pages are about 1.2 MB); `declared` is the tree's /Count. */
export function manyPages(count = 10_000, declared = count): Buffer {
  const first = 4;
  const kids = Array.from({ length: count }, (_, i) => `${first + i} 0 R`).join(' ');
  const pages: string[] = Array.from(
    { length: count },
    () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>',
  );
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${declared} >>`,
    { body: '<< /Filter /FlateDecode >>', stream: deflateSync(CONTENT) } as RawObject,
    ...pages,
  ]);
}

/** `depth` nested dictionaries in the Letter page's dictionary. */
export function deeplyNestedDictionaries(depth = 10_000): Buffer {
  return deepNesting(depth, '<<');
}

/** The one-page Letter document followed by `count` tiny objects no cross-reference lists. */
export function manyObjects(count = 300_000): Buffer {
  const pdf = withSoundTable('<< >>', Buffer.alloc(0));
  const filler = Buffer.from(
    Array.from({ length: count }, (_, i) => `${i + 6} 0 obj null endobj\n`).join(''),
    'latin1',
  );
  // Inserted before the table, whose offsets (of objects 1–4) do not move.
  const tableAt = pdf.lastIndexOf('\nxref\n') + 1;
  const table = pdf
    .subarray(tableAt)
    .toString('latin1')
    .replace(/startxref\n\d+/, `startxref\n${tableAt + filler.length}`);
  return Buffer.concat([pdf.subarray(0, tableAt), filler, Buffer.from(table, 'latin1')]);
}

/** The one-page Letter document plus object 5 (`dict` with `data`), which the table leaves out. */
function withSoundTable(dict: string, data: Buffer): Buffer {
  const objects = Buffer.concat([
    Buffer.from(HEAD, 'latin1'),
    Buffer.from(`5 0 obj\n${dict.replace(/>>\s*$/, ` /Length ${data.length} >>`)}\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  const text = objects.toString('latin1');
  const offset = (n: number) => String(text.indexOf(`\n${n} 0 obj`) + 1).padStart(10, '0');
  const table = `xref\n0 5\n0000000000 65535 f \n${[1, 2, 3, 4].map((n) => `${offset(n)} 00000 n \n`).join('')}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${objects.length}\n%%EOF\n`;
  return Buffer.concat([objects, Buffer.from(table, 'latin1')]);
}

/** Every hostile upload, named, for suites that send them all. */
export async function hostilePdfs(): Promise<{ name: string; pdf: Buffer }[]> {
  return [
    { name: 'xref stream of 3,000,000 empty rows', pdf: xrefRowBomb() },
    { name: 'unreachable xref stream of 3,000,000 empty rows', pdf: unreachableXrefRowBomb() },
    { name: 'object stream inflating to 256 MiB', pdf: await objectStreamBomb() },
    { name: 'content stream inflating to 64 MiB', pdf: await contentStreamBomb() },
    { name: 'arrays nested 10,000 deep', pdf: deeplyNested() },
    { name: '10,000 pages', pdf: manyPages() },
    { name: '10,000 pages under a /Count of 1', pdf: manyPages(10_000, 1) },
    { name: 'dictionaries nested 10,000 deep', pdf: deeplyNestedDictionaries() },
    { name: '300,000 objects', pdf: manyObjects() },
  ];
}
