/**
 * `npm run bench:case-export`: exporting a case file, over HTTP against the real stack. A case of
 * 12 documents and 60 pages in all (its cover and 11 imported letters, each signed and numbered,
 * linked to the case) is foliated and its index sealed by the case-file run; then one export
 * (POST /api/v1/cases/{id}/export, polled every 100 ms) makes the complete PDF and the BagIt
 * package. Timed: from the request to the export done, with both files stored.
 *
 * Then checked, untimed: bagit.py --validate accepts the unzipped package, and every folio
 * stamped in the complete PDF matches the index (pdftotext).
 *
 * Target (issue 37): ≤ 10 s. Exits 1 when missed or when a check fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { tenantDb } from '../db/tenancy.js';
import type { IndexEntry } from '../domain/case-file/index.js';
import { expect, startPlatform, template, user } from './_platform.js';
import { fmt, reportTargets } from './_stats.js';

const TARGET_S = 10;
const DOCUMENTS = 12;
const PAGES = 60;
const CALLER = 'directora-obras';

async function letter(title: string, pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`${title}, hoja ${i + 1}`, { x: 72, y: 700, size: 14, font });
    for (let line = 0; line < 30; line++)
      page.drawText(`Línea ${line + 1} del texto de la hoja ${i + 1}: constancias del trámite.`, {
        x: 72,
        y: 660 - line * 18,
        size: 10,
        font,
      });
  }
  return Buffer.from(await pdf.save());
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const platform = await startPlatform();
const { stack } = platform;
const db = tenantDb(stack.db, stack.demoTenant);
try {
  const created = expect(
    await platform.call('POST', '/api/v1/cases', CALLER, {
      case_template_id: template('PEROB'),
      reference: 'Expediente para el benchmark de exportación',
    }),
    201,
  );
  const caseId = created.case_id as string;

  // The cover's pages, then the letters share the rest; each signed import gains a signatures page.
  const coverPages = await waitFor(
    'the cover foliated',
    async () =>
      (
        await db.transaction((trx) =>
          trx('case_folios').where({ case_id: caseId }).first<{ last_folio: number } | undefined>('last_folio'),
        )
      )?.last_folio,
  );
  const letters = DOCUMENTS - 1;
  const rest = PAGES - coverPages;
  const pagesOf = (i: number) => Math.floor(rest / letters) + (i < rest % letters ? 1 : 0);

  const ids = await Promise.all(
    Array.from({ length: letters }, async (_, i) => {
      const form = new FormData();
      form.set('document_type_acronym', 'INF');
      form.set('reference', `Informe ${i + 1} del expediente`);
      form.set(
        'pdf_file',
        new Blob([new Uint8Array(await letter(`Informe ${i + 1}`, pagesOf(i) - 1))], { type: 'application/pdf' }),
        `informe-${i + 1}.pdf`,
      );
      const res = await fetch(`${stack.apiUrl}/api/v1/documents/import`, {
        method: 'POST',
        headers: { 'X-API-Key': stack.demoApiKey, 'X-User-ID': user(CALLER) },
        body: form,
      });
      if (res.status !== 201) throw new Error(`import: ${res.status} ${await res.text()}`);
      const id = ((await res.json()) as { document_id: string }).document_id;
      expect(await platform.call('PATCH', `/api/v1/documents/${id}`, CALLER, { signers: [user(CALLER)] }), 200);
      expect(await platform.call('POST', `/api/v1/documents/${id}/start-signing`, CALLER), 200);
      expect(await platform.call('POST', `/api/v1/documents/${id}/sign`, CALLER), 200);
      return id;
    }),
  );
  for (const id of ids)
    expect(
      await platform.call('POST', `/api/v1/cases/${caseId}/documents/link`, CALLER, { official_document_id: id }),
      200,
    );

  const version = await waitFor('the index of 12 documents signed', () =>
    db.transaction((trx) =>
      trx('case_index_versions')
        .where({ case_id: caseId })
        .whereNotNull('signed_at')
        .whereRaw('jsonb_array_length(entries) = ?', [DOCUMENTS])
        .first<{ version: number; entries: IndexEntry[] } | undefined>('version', 'entries'),
    ),
  );
  const folios = Math.max(...version.entries.map((e) => e.last_folio));

  const started = performance.now();
  const answer = await platform.call('POST', `/api/v1/cases/${caseId}/export`, CALLER, {});
  if (answer.status !== 200 && answer.status !== 202)
    throw new Error(`export: ${answer.status} ${JSON.stringify(answer.body)}`);
  let view = answer.body as {
    export_id: string;
    status: string;
    error: string | null;
    pdf: { url: string } | null;
    package: { url: string } | null;
  };
  while (view.status === 'pending' || view.status === 'running') {
    await sleep(100);
    view = expect(await platform.call('GET', `/api/v1/cases/${caseId}/exports/${view.export_id}`, CALLER), 200);
  }
  const seconds = (performance.now() - started) / 1000;
  if (view.status !== 'done') throw new Error(`the export ended ${view.status}: ${view.error}`);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-case-export-'));
  const pdf = Buffer.from(await (await fetch(view.pdf!.url)).arrayBuffer());
  const zip = Buffer.from(await (await fetch(view.package!.url)).arrayBuffer());
  writeFileSync(path.join(dir, 'completo.pdf'), pdf);
  writeFileSync(path.join(dir, 'paquete.zip'), zip);
  execFileSync('unzip', ['-q', path.join(dir, 'paquete.zip'), '-d', path.join(dir, 'bag')]);
  const bag = path.join(dir, 'bag', readdirSync(path.join(dir, 'bag'))[0]!);
  let bagValid = true;
  try {
    execFileSync('python3', ['-m', 'bagit', '--validate', '--quiet', bag], { stdio: 'pipe' });
  } catch (err) {
    bagValid = false;
    console.log(String((err as { stderr?: Buffer }).stderr ?? err));
  }
  // The complete PDF's pages after the index, in order: each must carry the folio the index gives it.
  const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'completo.pdf'), '-'])
    .toString('utf8')
    .split('\f');
  const indexPages = Number(
    /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path.join(bag, 'data/index.pdf')]).toString())![1],
  );
  let mismatched = 0;
  for (let folio = 1; folio <= folios; folio++)
    if (!new RegExp(`Foja ${folio}\\b`).test(text[indexPages + folio - 1] ?? '')) mismatched++;

  console.log(
    `case export: ${version.entries.length} documents, ${folios} folios (index version ${version.version}, ${indexPages} index pages), exported by ${CALLER}`,
  );
  console.log(`  request → done      ${fmt(seconds, 2)} s`);
  console.log(`  complete PDF        ${fmt(pdf.length / 1024, 0)} kB`);
  console.log(`  BagIt package       ${fmt(zip.length / 1024, 0)} kB`);
  console.log(
    `  bagit.py --validate ${bagValid ? 'valid' : 'INVALID'}; folio stamps not matching the index: ${mismatched}`,
  );
  const ok = reportTargets('targets (issue 37)', [
    {
      line: `${DOCUMENTS} documents, ${PAGES} pages exported to the PDF and the BagIt package in ≤ ${TARGET_S} s (${fmt(seconds, 2)} s)`,
      met: seconds <= TARGET_S && folios === PAGES,
    },
    { line: 'bagit.py --validate accepts the package', met: bagValid },
    { line: `every folio stamp matches the index (${mismatched} do not)`, met: mismatched === 0 },
  ]);
  process.exitCode = ok ? 0 : 1;
} finally {
  await platform.stop();
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}
