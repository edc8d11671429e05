/**
 * Awkward real-world PDF shapes for bench/libpdf.ts, all Letter-sized (the service signs only
 * Letter pages) but one A4: transforms of the signer tests' own Letter input by qpdf, by hand
 * and by pyHanko, plus Chromium's print-to-pdf (the platform's renderer).
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { letterPdf, pdfWithEarlierUpdate } from '../test/signer/support/pdfs.js';

export interface CorpusFile {
  name: string;
  bytes: Buffer;
}

const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });

/** qpdf exits 3 on warnings with a usable output; only a missing file is a failure. */
async function qpdf(dir: string, input: Buffer, name: string, args: string[]): Promise<Buffer> {
  const src = path.join(dir, `${name}-in.pdf`);
  const out = path.join(dir, `${name}.pdf`);
  await writeFile(src, input);
  try {
    run('qpdf', [...args, src, out]);
  } catch (err) {
    if ((err as { status?: number }).status !== 3) throw err;
  }
  return readFile(out);
}

/**
 * A hybrid-reference file (PDF 1.5 §7.5.8.4): the classic table and trailer stay for old readers,
 * and the trailer's /XRefStm points at a cross-reference stream that newer readers merge in.
 */
function hybrid(classic: Buffer): Buffer {
  const text = classic.toString('latin1');
  const xrefAt = text.lastIndexOf('\nxref') + 1;
  const body = classic.subarray(0, xrefAt);
  const offsets = new Map<number, number>();
  for (const m of body.toString('latin1').matchAll(/(?<=^|[\r\n])(\d+) 0 obj\b/g)) offsets.set(Number(m[1]), m.index!);
  const trailer = /trailer\s*<<([\s\S]*?)>>\s*startxref/.exec(text)![1]!;
  const size = Number(/\/Size (\d+)/.exec(trailer)![1]);
  const streamNum = size;
  const streamAt = body.length;
  offsets.set(streamNum, streamAt);
  const rows: Buffer[] = [];
  for (let n = 0; n <= streamNum; n++) {
    const row = Buffer.alloc(7);
    const at = offsets.get(n);
    row[0] = at === undefined ? 0 : 1;
    row.writeUInt32BE(at ?? 0, 1);
    row.writeUInt16BE(at === undefined ? (n === 0 ? 65535 : 0) : 0, 5);
    rows.push(row);
  }
  const data = Buffer.concat(rows);
  const root = /\/Root (\d+ \d+ R)/.exec(trailer)![1];
  const stream = Buffer.concat([
    Buffer.from(
      `${streamNum} 0 obj\n<< /Type /XRef /Size ${streamNum + 1} /W [1 4 2] /Root ${root} /Length ${data.length} >>\nstream\n`,
      'latin1',
    ),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  const tableAt = streamAt + stream.length;
  let table = `xref\n0 ${streamNum + 1}\n`;
  for (let n = 0; n <= streamNum; n++) {
    const at = offsets.get(n);
    table +=
      at === undefined
        ? `0000000000 ${n === 0 ? '65535' : '00000'} f\r\n`
        : `${String(at).padStart(10, '0')} 00000 n\r\n`;
  }
  table += `trailer\n<< /Size ${streamNum + 1} /Root ${root} /XRefStm ${streamAt} >>\nstartxref\n${tableAt}\n%%EOF\n`;
  return Buffer.concat([body, stream, Buffer.from(table, 'latin1')]);
}

/** Every offset in the table off by `by` bytes: a comment line slipped in after the header. */
function shifted(classic: Buffer, by: number): Buffer {
  const eol = classic.indexOf(0x0a) + 1;
  return Buffer.concat([
    classic.subarray(0, eol),
    Buffer.from(`%${'x'.repeat(by - 2)}\n`, 'latin1'),
    classic.subarray(eol),
  ]);
}

/** startxref pointing `by` bytes past the real table. */
function badStartxref(classic: Buffer, by: number): Buffer {
  return Buffer.from(
    classic
      .toString('latin1')
      .replace(
        /startxref\s+(\d+)(\s+%%EOF\s*)$/,
        (_, n: string, tail: string) => `startxref\n${Number(n) + by}${tail}`,
      ),
    'latin1',
  );
}

const CHROMIUM_HTML = `<!doctype html><html><head><meta charset="utf-8"><style>@page { size: Letter; margin: 1in } body { font-family: sans-serif }</style></head>
<body><h1>Resolución Nº 7/2026</h1><p>Visto el expediente del señor Núñez, se resuelve aprobar lo actuado y notificar a las áreas.</p>
<table border="1"><tr><th>Área</th><th>Importe</th></tr><tr><td>Rentas</td><td>$ 1.234,56</td></tr></table><p style="font-size:6pt">##FIN_TEXTO##</p></body></html>`;

/** `pki` gives pyHanko the tenant's own PKCS#12 and the TSA for the already-signed file. */
export async function buildCorpus(
  dir: string,
  pki: { p12Path: string; password: string; tsaUrl: string },
): Promise<CorpusFile[]> {
  const classic = await letterPdf({ objectStreams: false });
  const files: CorpusFile[] = [{ name: 'classic xref (pdf-lib)', bytes: classic }];
  files.push({ name: 'xref+object streams (pdf-lib)', bytes: await letterPdf({ objectStreams: true }) });
  files.push({
    name: 'xref+object streams (qpdf)',
    bytes: await qpdf(dir, classic, 'objstm', ['--object-streams=generate']),
  });
  files.push({ name: 'hybrid-reference (/XRefStm)', bytes: hybrid(classic) });
  files.push({ name: 'xref offsets shifted 64 B', bytes: shifted(classic, 64) });
  files.push({ name: 'startxref corrupt (+13)', bytes: badStartxref(classic, 13) });
  files.push({ name: 'linearized (qpdf)', bytes: await qpdf(dir, classic, 'linear', ['--linearize']) });
  files.push({ name: 'earlier incremental update', bytes: await pdfWithEarlierUpdate() });
  files.push({
    name: 'AES-256, empty user pw (qpdf)',
    bytes: await qpdf(dir, classic, 'encrypted', ['--encrypt', '', 'owner-secret', '256', '--']),
  });

  const html = path.join(dir, 'page.html');
  const chromiumOut = path.join(dir, 'chromium.pdf');
  await writeFile(html, CHROMIUM_HTML);
  run(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-pdf-header-footer',
    `--print-to-pdf=${chromiumOut}`,
    `file://${html}`,
  ]);
  const chromium = await readFile(chromiumOut);
  files.push({ name: 'Chromium print-to-pdf', bytes: chromium });
  files.push({
    name: 'Chromium, linearized (qpdf)',
    bytes: await qpdf(dir, chromium, 'chromium-linear', ['--linearize']),
  });

  const passfile = path.join(dir, 'p12-pass');
  const pyIn = path.join(dir, 'pyhanko-in.pdf');
  const pyOut = path.join(dir, 'pyhanko-signed.pdf');
  await writeFile(passfile, pki.password);
  await writeFile(pyIn, classic);
  run('pyhanko', [
    'sign',
    'addsig',
    '--field',
    'PyHanko',
    '--use-pades',
    '--timestamp-url',
    pki.tsaUrl,
    'pkcs12',
    '--passfile',
    passfile,
    pyIn,
    pyOut,
    pki.p12Path,
  ]);
  files.push({ name: 'signed already (pyHanko B-T)', bytes: await readFile(pyOut) });

  files.push({
    name: 'A4 page (not Letter)',
    bytes: await letterPdf({ objectStreams: false, size: [595.28, 841.89] }),
  });
  return files;
}
