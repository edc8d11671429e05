/**
 * The hostile-PDF corpus of the signer's robustness suites: real documents (the seeds) mutated —
 * truncated, with flipped bytes, huge or absurd counts, broken cross-references, startxref
 * pointing anywhere, keywords gone — and hand-written hostile files (bombs, deep nesting, loops,
 * chains, heavy pages, encrypted files).
 */
import { readFile } from 'node:fs/promises';
import * as hostile from '../../signer/support/hostile-pdfs.js';
import { MARKER, chromiumPdf, letterPdf, pdfWithEarlierUpdate } from '../../signer/support/pdfs.js';
import { prng } from '../../signer/support/fuzzing.js';
import { run, saveTemp } from '../../signer/support/tools.js';

const MiB = 1024 * 1024;

export interface Case {
  label: string;
  pdf: Buffer;
}

/** Real documents: pdf-lib with a table and with object streams, one with an earlier update, one rendered by Chromium (when it runs here). */
export async function seedDocuments(): Promise<Case[]> {
  const seeds: Case[] = [
    { label: 'table', pdf: await letterPdf() },
    { label: 'objstm', pdf: await letterPdf({ objectStreams: true, pages: 3 }) },
    { label: 'update', pdf: await pdfWithEarlierUpdate() },
  ];
  try {
    const html = `<html><body style="font-family: 'DejaVu Sans', sans-serif"><h2>Resolución Nº 7/2026</h2><p>Visto el expediente, se resuelve aprobar lo actuado.</p>
        <p style="color:#fff;font-size:2pt;margin:0">${MARKER}</p></body></html>`;
    seeds.push({ label: 'chromium', pdf: await chromiumPdf(html) });
  } catch (err) {
    process.stdout.write(`      (no Chromium-rendered seed: ${(err as Error).message.split('\n')[0]})\n`);
  }
  return seeds;
}

// ---------------------------------------------------------------- mutations of real documents

/** Numbers after these keys are what a reader's loops and allocations follow. */
const COUNTED_KEYS = [
  'Count',
  'Size',
  'Length',
  'N',
  'First',
  'Prev',
  'Columns',
  'Predictor',
  'Colors',
  'BitsPerComponent',
  'XRefStm',
  'Parent',
  'Root',
  'Contents',
  'Kids',
];
const ABSURD = [
  '0',
  '-1',
  '2147483647',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '1e308',
  '3.5',
  'null',
  '(str)',
];

export function mutate(seed: Case, seedNumber: number): Case[] {
  const random = prng(seedNumber);
  const int = (n: number) => Math.floor(random() * n);
  const pdf = seed.pdf;
  const text = pdf.toString('latin1');
  const out: Case[] = [];
  const add = (what: string, bytes: Buffer | string) =>
    out.push({
      label: `${seed.label}: ${what}`,
      pdf: typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes,
    });

  // Truncations: spread over the file, and dense near its end where the cross-reference lives.
  for (let i = 1; i <= 24; i++)
    add(`truncated at ${Math.floor((pdf.length * i) / 25)}`, pdf.subarray(0, Math.floor((pdf.length * i) / 25)));
  for (const back of [1, 5, 10, 20, 40, 60, 100, 150, 250, 400])
    if (back < pdf.length) add(`truncated ${back} bytes before the end`, pdf.subarray(0, pdf.length - back));

  // Flipped bytes.
  for (let i = 0; i < 30; i++) {
    const copy = Buffer.from(pdf);
    const flips = 1 + int(16);
    for (let f = 0; f < flips; f++) copy[int(copy.length)] = int(256);
    add(`${flips} flipped bytes (#${i})`, copy);
  }

  // Huge, negative, fractional or non-numeric counts, one occurrence at a time (lengths change,
  // so offsets shift too) and the same-length variant that keeps every offset right.
  for (const key of COUNTED_KEYS) {
    const found = [...text.matchAll(new RegExp(`/${key}\\s+(-?\\d+(?:\\.\\d+)?)`, 'g'))];
    if (!found.length) continue;
    const m = found[int(found.length)]!;
    const at = m.index! + m[0].length - m[1]!.length;
    for (const value of ABSURD) add(`/${key} ${value}`, text.slice(0, at) + value + text.slice(at + m[1]!.length));
    add(`/${key} all nines`, text.slice(0, at) + '9'.repeat(m[1]!.length) + text.slice(at + m[1]!.length));
  }
  const w = /\/W\s*\[[^\]]*\]/.exec(text);
  if (w)
    for (const value of ['[0 0 0]', '[8 8 8]', '[255 0 0]', '[1 2]', '[1 -2 1]', '[1 2 1 9]', '[0 4 0]'])
      add(`/W ${value}`, text.replace(w[0], `/W ${value}`));
  const index = /\/Index\s*\[[^\]]*\]/.exec(text);
  for (const value of ['[0 10000000]', '[4000000000 5]', '[-5 3]', '[0 1 0 1 0 1]', '[1]'])
    add(
      `/Index ${value}`,
      index ? text.replace(index[0], `/Index ${value}`) : text.replace('/Type /XRef', `/Type /XRef /Index ${value}`),
    );

  // Cross-reference tables: wrong offsets, wrong counts.
  const rows = [...text.matchAll(/(\d{10}) (\d{5}) n/g)];
  if (rows.length) {
    const rewrite = (fn: (offset: number) => number) =>
      text.replace(
        /(\d{10}) (\d{5}) n/g,
        (_, o: string, g: string) =>
          `${String(Math.max(0, fn(Number(o))))
            .padStart(10, '0')
            .slice(-10)} ${g} n`,
      );
    add(
      'xref offsets random',
      rewrite(() => int(pdf.length * 2)),
    );
    add(
      'xref offsets +3',
      rewrite((o) => o + 3),
    );
    add(
      'xref offsets -7',
      rewrite((o) => o - 7),
    );
    add(
      'xref offsets all zero',
      rewrite(() => 0),
    );
    add(
      'xref offsets beyond the file',
      rewrite((o) => o + 10_000_000),
    );
    for (const count of ['99999999', '0', '1', '-1'])
      add(
        `xref subsection count ${count}`,
        text.replace(/xref\s+(\d+) (\d+)/, (_, s: string) => `xref\n${s} ${count}`),
      );
  }

  // startxref pointing anywhere.
  const sx = text.lastIndexOf('startxref');
  if (sx >= 0) {
    const m = /startxref\s+(\d+)/.exec(text.slice(sx))!;
    const at = sx + m[0].length - m[1]!.length;
    const targets = [
      0,
      1,
      9,
      pdf.length - 1,
      pdf.length,
      pdf.length + 1000,
      99_999_999_999,
      Number(m[1]) + 1,
      Number(m[1]) - 1,
      ...Array.from({ length: 8 }, () => int(pdf.length)),
    ];
    for (const t of targets) add(`startxref ${t}`, text.slice(0, at) + String(t) + text.slice(at + m[1]!.length));
    add(
      '/Prev pointing at itself',
      text.replace(/trailer\s*<</, `trailer\n<< /Prev ${m[1]}`).replace('/Type /XRef', `/Type /XRef /Prev ${m[1]}`),
    );
  }

  // Keywords gone or damaged.
  add('no endstream', text.replaceAll('endstream', ''));
  add('no endobj', text.replaceAll('endobj', ''));
  add('stream keyword damaged', text.replace('stream', 'streem'));
  add('>> removed', text.replace('>>', ''));
  add('xref keyword damaged', text.replace('xref', 'xreg'));
  return out;
}

// ---------------------------------------------------------------- hand-written hostile files

export async function hostileCases(sound: Buffer): Promise<Case[]> {
  const page = (content: string | Buffer, options: Parameters<typeof hostile.onePage>[1] = {}) =>
    hostile.onePage([Buffer.isBuffer(content) ? content : Buffer.from(content, 'latin1')], options);
  const cases: Case[] = [
    {
      label: 'xref stream /W [0 0 0] /Index [0 10000000]',
      pdf: hostile.xrefStreamPdf([0, 0, 0], [0, 10_000_000], Buffer.alloc(0)),
    },
    {
      label: 'compressed xref stream of 2M rows',
      pdf: hostile.xrefStreamPdf([1, 2, 1], [0, 2_000_000], Buffer.alloc(8_000_000), { compress: true }),
    },
    {
      label: 'xref stream /Index beyond its data',
      pdf: hostile.xrefStreamPdf([1, 2, 1], [0, 10_000_000], Buffer.alloc(64)),
    },
    { label: 'content stream inflating to 200 MB', pdf: hostile.inflateBomb(200) },
    { label: 'content streams adding up to 48 MB', pdf: hostile.manyStreamsBomb(4, 12) },
    { label: 'arrays nested 10k deep', pdf: hostile.deepNesting(10_000, '[') },
    { label: 'dictionaries nested 10k deep', pdf: hostile.deepNesting(10_000, '<<') },
    { label: 'arrays nested 100k deep', pdf: hostile.deepNesting(100_000, '[') },
    { label: 'content arrays nested 100k deep', pdf: hostile.deepContentNesting(100_000) },
    { label: 'a sound but heavy page (8 MB of paths)', pdf: page(hostile.heavyContent(8)) },
    { label: '2M operands and no operator', pdf: page('1 '.repeat(2_000_000) + hostile.MARKER_TEXT) },
    { label: 'a literal string of 8 MB', pdf: page(`(${'a'.repeat(8 * MiB)}) Tj\n${hostile.MARKER_TEXT}`) },
    { label: 'a hex string of 8 MB', pdf: page(`<${'41'.repeat(4 * MiB)}> Tj\n${hostile.MARKER_TEXT}`) },
    {
      label: 'a TJ array of 1M items',
      pdf: page(`BT /F1 6 Tf [${'(a) 1 '.repeat(1_000_000)}] TJ ET\n${hostile.MARKER_TEXT}`),
    },
    {
      label: 'a form XObject drawn 200k times',
      pdf: hostile.onePage([Buffer.from('/Fm Do\n'.repeat(200_000) + hostile.MARKER_TEXT, 'latin1')], {
        pageExtra: '/Resources << /Font << /F1 4 0 R >> /XObject << /Fm 6 0 R >> >>',
        extra: [{ body: '<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] >>', stream: Buffer.from('0 0 m') }],
      }),
    },
    {
      label: 'a ToUnicode CMap of 60k ranges and 1 MB of codes',
      pdf: hostile.onePage(
        [Buffer.from(`BT /F2 6 Tf 72 600 Td <${'0041'.repeat(256 * 1024)}> Tj ET\n${hostile.MARKER_TEXT}`, 'latin1')],
        {
          pageExtra: '/Resources << /Font << /F1 4 0 R /F2 6 0 R >> >>',
          extra: [
            '<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /ToUnicode 7 0 R >>',
            {
              body: '<< >>',
              stream: Buffer.from(
                `begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange 60000 beginbfrange ${Array.from({ length: 60_000 }, (_, i) => `<${i.toString(16).padStart(4, '0')}> <${i.toString(16).padStart(4, '0')}> <0041>`).join(' ')} endbfrange endcmap`,
                'latin1',
              ),
            },
          ],
        },
      ),
    },
    {
      label: 'page tree whose Kids holds itself',
      pdf: hostile.rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [2 0 R 2 0 R] /Count 2 >>']),
    },
    {
      label: '100k kids of one page',
      pdf: hostile.rawPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        `<< /Type /Pages /Kids [${'3 0 R '.repeat(100_000)}] /Count 100000 >>`,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      ]),
    },
    {
      label: 'a chain of 200 references',
      pdf: hostile.rawPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        ...Array.from({ length: 200 }, (_, i) => `${i + 3} 0 R`),
        '<< /Type /Pages /Kids [] /Count 0 >>',
      ]),
    },
    {
      // Reading each stream needs its /Length, held by the next stream: 100 loads inside one another.
      label: 'streams whose /Length is the next stream, 100 deep',
      pdf: hostile.rawPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
        ...Array.from({ length: 100 }, (_, i) => ({ body: `<< /Length ${i + 5} 0 R >>`, stream: Buffer.from(' ') })),
        '1',
      ]),
    },
    {
      label: 'a sound document behind 1 MB of garbage',
      pdf: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MiB, 0x28), sound]),
    },
  ];
  // Encrypted: qpdf writes the /Encrypt dictionary the reader must refuse.
  const plain = await saveTemp(sound, 'plain.pdf');
  const encrypted = `${plain}.encrypted.pdf`;
  const r = await run('qpdf', ['--encrypt', 'usuario', 'propietario', '256', '--', plain, encrypted]);
  if (r.code === 0) cases.push({ label: 'encrypted (AES-256, qpdf)', pdf: await readFile(encrypted) });
  const rc4 = `${plain}.rc4.pdf`;
  if (
    (await run('qpdf', ['--allow-weak-crypto', '--encrypt', '', 'propietario', '128', '--use-aes=n', '--', plain, rc4]))
      .code === 0
  )
    cases.push({ label: 'encrypted (RC4, empty user password, qpdf)', pdf: await readFile(rc4) });
  return cases;
}
