/**
 * Exports of a case file, end to end over HTTP on the real stack: a case with a few documents
 * (a memo among them) is foliated and its index sealed by the case-file run, then exported. The
 * BagIt package passes bagit.py's --validate, every PDF inside passes pyHanko and is the official
 * file byte for byte; the complete PDF's folio stamps match the index (pdftotext), it has a bookmark
 * per document and the signed originals attached; a memo its requester may not read is left out.
 * A document added later makes index version 2, and an export of version 1 still verifies.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { tenantDb } from '../../db/tenancy.js';
import type { IndexEntry } from '../../domain/case-file/index.js';
import { createCase } from '../support/cases.js';
import { sendMemo, signAll, startSigning } from '../support/communications.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, request } from '../support/http.js';
import { until } from '../support/until.js';
import { LUCIA } from '../mcp/fixtures.js';
import { clientWithToken, mcpToken } from '../mcp/support.js';
import { pyhankoAccepts, pyhankoValidate, run } from '../signer/support/tools.js';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const db = () => tenantDb(getStack().db, getStack().demoTenant);

async function officialDocument(user: string, reference: string) {
  const id = await prepareIntegrationDraft(user, [user], { reference });
  await startSigning(id, user);
  const signed = await signAll(id, [user]);
  return { id, number: signed.document_number };
}

async function link(caseId: string, user: string, documentId: string) {
  const res = await request(`/api/v1/cases/${caseId}/documents/link`, {
    method: 'POST',
    headers: asIntegration(user),
    json: { official_document_id: documentId },
  });
  assert.equal(res.status, 200, res.text);
}

/** The case's signed index version listing `count` documents, once the case-file run made it. */
function signedVersionWith(caseId: string, count: number) {
  return until(
    `index version of ${count} documents signed`,
    () =>
      db().transaction((trx) =>
        trx('case_index_versions')
          .where({ case_id: caseId })
          .whereNotNull('signed_at')
          .whereRaw('jsonb_array_length(entries) = ?', [count])
          .first<{ version: number; entries: IndexEntry[]; pdf_key: string; pdf_sha256: string } | undefined>(
            'version',
            'entries',
            'pdf_key',
            'pdf_sha256',
          ),
      ),
    120_000,
  );
}

interface ExportView {
  export_id: string;
  status: string;
  index_version: number;
  progress: { step: string; done: number; total: number };
  pdf: { url: string; sha256: string } | null;
  package: { url: string; sha256: string } | null;
  poll?: string;
}

/** Starts an export and polls it until it ends. */
async function exportCase(caseId: string, user: string, body: Record<string, unknown> = {}): Promise<ExportView> {
  const res = await request(`/api/v1/cases/${caseId}/export`, {
    method: 'POST',
    headers: asIntegration(user),
    json: body,
  });
  assert.ok([200, 202].includes(res.status), res.text);
  assert.ok(res.body.export_id);
  if (res.status === 202) assert.equal(res.body.poll, `/api/v1/cases/${caseId}/exports/${res.body.export_id}`);
  return until(
    'the export to end',
    async () => {
      const polled = await request(`/api/v1/cases/${caseId}/exports/${res.body.export_id}`, {
        headers: asIntegration(user),
      });
      assert.equal(polled.status, 200, polled.text);
      return ['done', 'failed'].includes(polled.body.status) ? (polled.body as ExportView) : undefined;
    },
    120_000,
  );
}

async function download(url: string): Promise<Buffer> {
  const res = await fetch(url);
  assert.equal(res.status, 200);
  return Buffer.from(await res.arrayBuffer());
}

/** The package unzipped: its bag directory, which bagit.py must accept. */
async function unzippedBag(zip: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'case-export-'));
  await writeFile(path.join(dir, 'package.zip'), zip);
  const unzip = await run('unzip', ['-q', path.join(dir, 'package.zip'), '-d', path.join(dir, 'bag')]);
  assert.equal(unzip.code, 0, unzip.stderr);
  const [top, ...rest] = await readdir(path.join(dir, 'bag'));
  assert.ok(top && rest.length === 0, 'one top directory: the bag');
  const bag = path.join(dir, 'bag', top);
  const valid = await run('python3', ['-m', 'bagit', '--validate', bag]);
  assert.equal(valid.code, 0, `bagit.py --validate: ${valid.stderr}`);
  return bag;
}

async function assertPyhankoValid(file: string, what: string) {
  const hanko = await pyhankoValidate(file, getStack().pki.caCertPath);
  assert.ok(hanko.fields.size >= 1 && [...hanko.fields.values()].every(pyhankoAccepts), `${what}: ${hanko.output}`);
}

const pageText = async (file: string, page: number) =>
  (await run('pdftotext', ['-f', String(page), '-l', String(page), '-layout', file, '-'])).stdout;

describe('case file: the export (complete PDF and BagIt package)', function () {
  this.timeout(300_000);

  it('exports every document with folios matching the index, a bag bagit.py accepts and PDFs pyHanko validates; a hidden memo is left out; version 1 still verifies after version 2', async () => {
    const c = await createCase('agente-obras', { reference: 'Expediente para exportar' });
    const [a, b, memo, later] = await Promise.all([
      officialDocument('directora-obras', 'Informe de obra A'),
      officialDocument('agente-obras', 'Informe de obra B'),
      sendMemo('agente-obras', { to: ['jefa-mesa'] }, { reference: 'Memo reservado del expediente' }),
      officialDocument('agente-obras', 'Informe posterior'),
    ]);
    for (const id of [a.id, memo.id, b.id]) await link(c.case_id, 'agente-obras', id);
    const v1 = await signedVersionWith(c.case_id, 4);
    const memoEntry = v1.entries.find((e) => e.document_id === memo.id)!;
    assert.equal(memoEntry.reference, null, 'the index names a memo by its number only');

    // directora-obras sees the case (its sector's) but may not read agente-obras's memo to jefa-mesa.
    const done = await exportCase(c.case_id, 'directora-obras');
    assert.equal(done.status, 'done', JSON.stringify(done));
    assert.equal(done.index_version, v1.version);
    assert.deepEqual(done.progress, { step: 'done', done: 3, total: 3 });
    const pdf = await download(done.pdf!.url);
    const zip = await download(done.package!.url);
    assert.equal(sha(pdf), done.pdf!.sha256);
    assert.equal(sha(zip), done.package!.sha256);

    // The package: a valid bag; the index and every official PDF as signed, byte for byte.
    const bag = await unzippedBag(zip);
    const info = await readFile(path.join(bag, 'bag-info.txt'), 'utf8');
    assert.match(info, new RegExp(`^External-Identifier: ${c.case_number}$`, 'm'));
    assert.match(info, /^Source-Organization: .+$/m);
    assert.match(info, /^Payload-Oxum: \d+\.\d+$/m);
    assert.ok(await readFile(path.join(bag, 'tagmanifest-sha256.txt'), 'utf8'));
    const indexPdf = await readFile(path.join(bag, 'data/index.pdf'));
    assert.equal(sha(indexPdf), v1.pdf_sha256, 'the signed index as signed');
    const files = await readdir(path.join(bag, 'data/documents'));
    const included = v1.entries.filter((e) => e.document_id !== memo.id);
    assert.equal(files.length, included.length, 'every document but the memo');
    await Promise.all([
      assertPyhankoValid(path.join(bag, 'data/index.pdf'), 'index.pdf'),
      ...included.map(async (e) => {
        const name = files.find((f) => f.startsWith(`${e.position}-`))!;
        const file = path.join(bag, 'data/documents', name);
        assert.equal(sha(await readFile(file)), e.sha256, `${e.number}: the official PDF byte for byte`);
        await assertPyhankoValid(file, e.number);
      }),
    ]);
    const indexJson = JSON.parse(await readFile(path.join(bag, 'data/index.json'), 'utf8'));
    assert.equal(indexJson.case.case_number, c.case_number);
    assert.deepEqual(indexJson.index.entries, v1.entries);
    const memoNote = indexJson.export.documents.find((d: { document_id: string }) => d.document_id === memo.id);
    assert.deepEqual([memoNote.included, memoNote.file], [false, null]);
    assert.match(memoNote.note, /memo reservado/);
    const audit = JSON.parse(await readFile(path.join(bag, 'data/audit.json'), 'utf8'));
    assert.ok(
      audit.events.some(
        (e: { type: string; subject: string }) =>
          e.type === 'case.document_linked' && e.subject === `case:${c.case_id}`,
      ),
    );
    assert.ok(
      !audit.events.some((e: { subject: string }) => e.subject === `document:${memo.id}`),
      'nothing of the hidden memo',
    );
    const everything = [info, JSON.stringify(indexJson), JSON.stringify(audit)].join('\n');
    assert.ok(!everything.includes('Memo reservado del expediente'), 'the memo reference goes nowhere');

    // The complete PDF: index pages, then each document's pages stamped with its folios.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'case-export-pdf-'));
    const pdfFile = path.join(dir, 'completo.pdf');
    await writeFile(pdfFile, pdf);
    const indexPages = Number(
      /Pages:\s+(\d+)/.exec((await run('pdfinfo', [path.join(bag, 'data/index.pdf')])).stdout)![1],
    );
    let page = indexPages + 1;
    for (const e of [...v1.entries].sort((x, y) => x.position - y.position)) {
      if (e.document_id === memo.id) {
        const text = await pageText(pdfFile, page++);
        assert.match(text, new RegExp(`Fojas? ${e.first_folio}`), 'the memo stands as one page with its folios');
        assert.match(text, /no incluido/);
        continue;
      }
      for (let folio = e.first_folio; folio <= e.last_folio; folio++)
        assert.match(await pageText(pdfFile, page++), new RegExp(`Foja ${folio}\\b`), `${e.number}, folio ${folio}`);
    }
    assert.equal(Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [pdfFile])).stdout)![1]), page - 1, 'no page more');
    const outline = JSON.parse((await run('qpdf', ['--json', '--json-key=outlines', pdfFile])).stdout).outlines as {
      title: string;
    }[];
    assert.equal(outline.length, v1.entries.length + 1, 'one bookmark per document, and the index');
    const attached = (await run('pdfdetach', ['-list', pdfFile])).stdout;
    assert.match(
      attached,
      new RegExp(`^${included.length + 1} embedded files`),
      'each included original and the signed index',
    );
    const detached = path.join(dir, 'adjuntos');
    assert.equal((await run('mkdir', ['-p', detached])).code, 0);
    assert.equal((await run('pdfdetach', ['-saveall', '-o', detached, pdfFile])).code, 0);
    const attachedDigests = new Set(
      await Promise.all((await readdir(detached)).map(async (f) => sha(await readFile(path.join(detached, f))))),
    );
    assert.deepEqual(
      [...included.map((e) => e.sha256), v1.pdf_sha256].filter((d) => !attachedDigests.has(d)),
      [],
      'the originals attached byte for byte',
    );
    assert.ok(!(await run('pdftotext', [pdfFile, '-'])).stdout.includes('Memo reservado del expediente'));

    // The memo's sender reads it: their export carries it.
    const mine = await exportCase(c.case_id, 'agente-obras');
    assert.equal(mine.status, 'done');
    const mineBag = await unzippedBag(await download(mine.package!.url));
    assert.equal((await readdir(path.join(mineBag, 'data/documents'))).length, v1.entries.length);

    // Temporal: one run per export, found by the case number, its progress queryable.
    const runs = [];
    for await (const r of getStack().client.workflow.list({
      query: `CaseNumber="${c.case_number}" AND WorkflowType="caseExportWorkflow"`,
    }))
      runs.push(r);
    assert.equal(runs.length, 2);
    assert.ok(runs.every((r) => r.workflowId.startsWith(`case-export/demo/${c.case_number}/`)));

    // A document added later: index version 2; version 1 exported again still verifies.
    await link(c.case_id, 'agente-obras', later.id);
    const v2 = await signedVersionWith(c.case_id, 5);
    assert.equal(v2.version, v1.version + 1);
    const again = await exportCase(c.case_id, 'directora-obras', { index_version: v1.version });
    assert.equal(again.status, 'done');
    assert.equal(again.index_version, v1.version);
    const againBag = await unzippedBag(await download(again.package!.url));
    assert.equal(sha(await readFile(path.join(againBag, 'data/index.pdf'))), v1.pdf_sha256);
    await assertPyhankoValid(path.join(againBag, 'data/index.pdf'), 'index v1 after v2');
    const latest = await exportCase(c.case_id, 'directora-obras');
    assert.equal(latest.index_version, v2.version, 'without index_version: the latest');
  });

  it('refuses bad requests with a clear 4xx, shows an export to its requester only, answers on the backend and MCP, and fails an export whose official file no longer matches the index', async () => {
    const c = await createCase('agente-obras', { reference: 'Expediente de pedidos inválidos' });
    const post = (user: string, json: unknown, id = c.case_id) =>
      request(`/api/v1/cases/${id}/export`, { method: 'POST', headers: asIntegration(user), json });
    for (const body of [
      { index_version: 0 },
      { index_version: 'uno' },
      { index_version: 1.5 },
      { index_version: 1_000_000_000 },
      { index_version: 295363909759085 },
      { otra: 1 },
    ]) {
      const res = await post('agente-obras', body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
    }
    assert.equal((await post('agente-obras', { index_version: 99 })).status, 404);
    assert.equal((await post('agente-obras', {}, '00000000-0000-4000-8000-000000000000')).status, 404);
    assert.equal((await post('agente-obras', {}, 'no-es-un-id')).status, 404);
    assert.equal((await post('jefa-mesa', {})).status, 404, 'a case the user cannot see');

    // Asked for at once, before the cover is foliated and sealed: the run waits for the seal.
    const backend = await request(`/api/v1/cases/${c.case_id}/export`, {
      method: 'POST',
      headers: asBackend('agente-obras'),
      json: {},
    });
    assert.ok([200, 202].includes(backend.status), backend.text);
    assert.equal(backend.body.success, true);
    const exportId = backend.body.data.export_id as string;
    const polled = await until('the backend export', async () => {
      const r = await request(`/api/v1/cases/${c.case_id}/exports/${exportId}`, { headers: asBackend('agente-obras') });
      assert.equal(r.status, 200, r.text);
      return r.body.data.status === 'done' ? r.body.data : undefined;
    });
    assert.match(polled.pdf.url, /\/files\//);
    assert.equal(polled.index_version, (await signedVersionWith(c.case_id, 1)).version);
    assert.equal(
      (await request(`/api/v1/cases/${c.case_id}/exports/${exportId}`, { headers: asIntegration('directora-obras') }))
        .status,
      404,
      'only its requester reads an export',
    );
    assert.equal(
      (await request(`/api/v1/cases/${c.case_id}/exports/not-an-id`, { headers: asIntegration('agente-obras') }))
        .status,
      404,
    );

    // An official file that no longer matches the index's SHA-256 fails the export, saying which.
    const cover = await db().transaction((trx) =>
      trx('case_folios as f')
        .join('document_files as df', 'df.id', 'f.file_id')
        .join('documents as d', 'd.id', 'f.document_id')
        .where('f.case_id', c.case_id)
        .first<{ storage_key: string; official_number: string }>('df.storage_key', 'd.official_number'),
    );
    const storage = getStack().services.storage;
    const original = (await storage.get(cover!.storage_key))!;
    await storage.put(cover!.storage_key, Buffer.concat([original, Buffer.from('\n% alterado\n')]));
    try {
      const failed = await exportCase(c.case_id, 'agente-obras');
      assert.equal(failed.status, 'failed');
      assert.match(
        (failed as ExportView & { error: string }).error,
        new RegExp(`${cover!.official_number} no coincide con la huella SHA-256 del índice`),
      );
      assert.equal(failed.pdf, null);
    } finally {
      await storage.put(cover!.storage_key, original);
    }

    // MCP export_case (Lucía is directora-obras): starts, then reads the export back by its id.
    const client = await clientWithToken(await mcpToken(LUCIA));
    try {
      const started = await client.callTool({ name: 'export_case', arguments: { case_id: c.case_id } });
      assert.ok(!started.isError, JSON.stringify(started.structuredContent));
      const mcpExport = (started.structuredContent as { export_id: string }).export_id;
      const finished = await until('the MCP export', async () => {
        const r = await client.callTool({
          name: 'export_case',
          arguments: { case_id: c.case_id, export_id: mcpExport },
        });
        const view = r.structuredContent as { status: string; package: { sha256: string } | null };
        return view.status === 'done' ? view : undefined;
      });
      assert.match(finished.package!.sha256, /^[0-9a-f]{64}$/);
      const refused = await client.callTool({
        name: 'export_case',
        arguments: { case_id: c.case_id, index_version: 0 },
      });
      assert.equal(refused.isError, true);
    } finally {
      await client.close();
    }
  });
});
