/**
 * Hostile PDFs on the platform's own parsing: imports and imported-PDF replacements are read
 * within limits and off the event loop, so a tiny hostile upload is refused with the documented
 * message in milliseconds while /health keeps answering; an imported file stored before the
 * check fails its signing at once, with a non-retryable error.
 */
import assert from 'node:assert/strict';
import { documentObjectKey } from '../../domain/storage/object-store.js';
import { DOCUMENT_MESSAGES } from '../../domain/documents/messages.js';
import { getStack } from '../support/hooks.js';
import { letterPdf, pdfForm } from '../support/documents.js';
import { objectStreamBomb, xrefRowBomb } from '../support/hostile-pdfs.js';
import { asIntegration, demoUser, request } from '../support/http.js';

/** The bound for a hostile upload's refusal, measured at the client. */
const REFUSAL_BOUND_MS = 100;
/**
 * Here the uploads come from the process that serves them, and the suite shares the machine with
 * whatever else runs: this test asserts that the event loop is never stalled (before the check,
 * one upload held /health for 1.6–4.7 s). The 50 ms p99 target is asserted by the fuzz suite
 * (test/fuzz/hostile-pdf-uploads.fuzz.ts), whose uploads come from a process of their own.
 */
const HEALTH_MAX_MS = 250;

const importPdf = (pdf: Buffer, reference = 'Archivo externo') =>
  request('/api/v1/documents/import', {
    method: 'POST',
    headers: asIntegration('agente-obras'),
    form: pdfForm({ document_type_acronym: 'INF', reference }, { bytes: pdf }),
  });

const replacePdf = (id: string, pdf: Buffer) =>
  request(`/api/v1/documents/${id}/imported-pdf`, {
    method: 'PUT',
    headers: asIntegration('agente-obras'),
    form: pdfForm({}, { bytes: pdf }),
  });

async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await call();
  return { result, ms: performance.now() - started };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe('hostile PDFs on import and replace', function () {
  this.timeout(120_000);
  const hostile: { name: string; pdf: Buffer }[] = [];
  let importedId: string;

  before(async () => {
    hostile.push(
      { name: 'xref stream of 3,000,000 empty rows', pdf: xrefRowBomb() },
      { name: 'object stream inflating to 256 MiB', pdf: await objectStreamBomb(256) },
    );
    assert.ok(hostile[0]!.pdf.length < 500, `the row bomb is ${hostile[0]!.pdf.length} bytes`);
    assert.ok(hostile[1]!.pdf.length < 300_000, `the inflation bomb is ${hostile[1]!.pdf.length} bytes`);
  });

  it('a Letter PDF is still imported (201) and replaced (200)', async () => {
    const created = await importPdf(await letterPdf('Informe externo', 3));
    assert.equal(created.status, 201, created.text);
    importedId = created.body.document_id;
    const replaced = await replacePdf(importedId, await letterPdf('Informe corregido', 2));
    assert.equal(replaced.status, 200, replaced.text);
    const notLetter = await importPdf(await letterPdf('A4', 1, [595, 842]));
    assert.equal(notLetter.status, 400);
    assert.equal(notLetter.body.error, DOCUMENT_MESSAGES.pdfNotLetter);
  });

  it('each hostile file is refused within 100 ms: 400 on import, 422 on replace, with the documented message', async () => {
    for (const { name, pdf } of hostile) {
      const imported = await timed(() => importPdf(pdf));
      assert.equal(imported.result.status, 400, `${name}: ${imported.result.text}`);
      assert.equal(imported.result.body.error, DOCUMENT_MESSAGES.pdfInvalid, name);
      assert.ok(imported.ms < REFUSAL_BOUND_MS, `${name}: import refused after ${imported.ms.toFixed(0)} ms`);
      const replaced = await timed(() => replacePdf(importedId, pdf));
      assert.equal(replaced.result.status, 422, `${name}: ${replaced.result.text}`);
      assert.equal(replaced.result.body.error, DOCUMENT_MESSAGES.pdfInvalid, name);
      assert.ok(replaced.ms < REFUSAL_BOUND_MS, `${name}: replace refused after ${replaced.ms.toFixed(0)} ms`);
      process.stdout.write(
        `      ${name} (${pdf.length} bytes): import refused in ${imported.ms.toFixed(1)} ms, replace in ${replaced.ms.toFixed(1)} ms\n`,
      );
    }
    // The document still holds the last sound upload.
    const doc = await request(`/api/v1/documents/${importedId}`, { headers: asIntegration('agente-obras') });
    assert.equal(doc.status, 200, doc.text);
  });

  it('/health is never stalled while 4 hostile uploads run at a time', async () => {
    const { apiUrl } = getStack();
    const health: number[] = [];
    const statuses: number[] = [];
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    let running = true;
    const poller = (async () => {
      while (running) {
        const { result, ms } = await timed(async () => {
          const res = await fetch(`${apiUrl}/health`);
          await res.arrayBuffer();
          return res.status;
        });
        assert.equal(result, 200);
        health.push(ms);
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const uploader = async (n: number) => {
      for (let i = 0; i < 25; i++) {
        const { pdf } = hostile[(n + i) % hostile.length]!;
        const res = await importPdf(pdf);
        statuses.push(res.status);
      }
    };
    await Promise.all([0, 1, 2, 3].map(uploader));
    running = false;
    await poller;
    assert.deepEqual([...new Set(statuses)], [400]);
    assert.ok(health.length >= 30, `only ${health.length} health polls`);
    const p99 = percentile(health, 99);
    const max = Math.max(...health);
    process.stdout.write(
      `      /health during 4 concurrent hostile uploads: ${health.length} polls, p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms; RSS ${(rssBefore / 2 ** 20).toFixed(0)} → peak ${(rssPeak / 2 ** 20).toFixed(0)} MB\n`,
    );
    assert.ok(max < HEALTH_MAX_MS, `/health took ${max.toFixed(1)} ms`);
    // pdf-lib on the row bomb alone took ~1 GB; the bounded check keeps memory flat.
    assert.ok(rssPeak - rssBefore < 200 * 2 ** 20, `RSS grew by ${((rssPeak - rssBefore) / 2 ** 20).toFixed(0)} MB`);
  });

  it('an imported PDF stored before the check fails its signing at once with a non-retryable 422', async () => {
    const { services, demoTenant } = getStack();
    const created = await importPdf(await letterPdf('Importado antes'));
    assert.equal(created.status, 201, created.text);
    const id: string = created.body.document_id;
    // As if it had been imported before uploads were checked within limits.
    await services.storage.put(documentObjectKey(demoTenant.schema, id, 'imported.pdf'), xrefRowBomb());
    const patched = await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers: asIntegration('agente-obras'),
      json: { signers: [demoUser('directora-obras')] },
    });
    assert.equal(patched.status, 200, patched.text);
    const started = await timed(() =>
      request(`/api/v1/documents/${id}/start-signing`, { method: 'POST', headers: asIntegration('agente-obras') }),
    );
    assert.equal(started.result.status, 422, started.result.text);
    assert.equal(started.result.body.error, DOCUMENT_MESSAGES.pdfInvalid);
    // A retried failure would take Temporal's backoff (seconds) before any answer.
    assert.ok(started.ms < 3000, `start-signing answered after ${started.ms.toFixed(0)} ms`);
    const doc = await request(`/api/v1/documents/${id}`, { headers: asIntegration('agente-obras') });
    assert.equal(doc.body.status, 'draft', doc.text);
  });
});
