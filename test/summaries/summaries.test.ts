/**
 * Summaries end to end on the real stack: the API answers at once with no summary, SummaryWorkflow
 * writes it after the quiet period (extractive provider, the default), bursts of edits make one
 * summary, and memos and cases get theirs after officialization and after a document is linked.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { tenantDb } from '../../db/tenancy.js';
import { getStack } from '../support/hooks.js';
import { asBackend, request } from '../support/http.js';
import { sendMemo } from '../support/communications.js';
import { createCase } from '../support/cases.js';
import { until } from '../support/until.js';
import { summaryRunResult } from './runs.js';
import { backend, createRecord, integration, officialDocument } from '../records/support.js';

interface SummaryRow {
  source_version: string;
  provider: string;
  model: string;
}

async function provenance(kind: string, id: string): Promise<SummaryRow | undefined> {
  const { db, demoTenant } = getStack();
  return tenantDb(db, demoTenant).transaction((trx) =>
    trx('summaries')
      .where({ kind, object_id: id })
      .first<SummaryRow | undefined>('source_version', 'provider', 'model'),
  );
}

describe('summaries: durable background runs', function () {
  this.timeout(120_000);
  const tag = randomUUID().slice(0, 8);

  it('a record answers at once with resume null; its resume appears seconds later (extractive, provenance recorded)', async () => {
    const started = Date.now();
    const res = await integration('agente-obras', '/records', 'POST', {
      registry_code: 'ARQ',
      display_name: `Arq. Lucía Fernández ${tag}`,
      data: {
        matricula: { value: 'MP-7781', notes: 'Colegio de Arquitectos de la Provincia' },
        titulo: { value: 'Arquitecta especializada en restauración de edificios patrimoniales' },
      },
    });
    const answeredIn = Date.now() - started;
    assert.equal(res.status, 200, res.text);
    const id = res.body.id as string;
    const debounceMs = getStack().config.ai.debounceMs;
    assert.ok(answeredIn < debounceMs, `creation answered in ${answeredIn} ms, before any summary could exist`);

    const detail = await integration('agente-obras', `/records/${id}`);
    assert.equal(detail.body.resume, null, 'null before the first summary, never a placeholder');

    const resume = await until(
      'the record resume',
      async () => (await integration('agente-obras', `/records/${id}`)).body.resume ?? undefined,
      30_000,
    );
    const delay = Date.now() - started;
    assert.ok(delay >= debounceMs, 'written after the quiet period');
    assert.ok(delay < debounceMs + 15_000, `resume within seconds (${delay} ms)`);
    assert.match(resume, new RegExp(`Lucía Fernández ${tag}`));
    assert.ok(resume.length <= 600);

    const row = await provenance('record', id);
    assert.deepEqual(
      { provider: row?.provider, model: row?.model },
      { provider: 'extractive', model: 'tfidf-centroid-es-v1' },
    );

    // Search results and the backend detail show the same resume.
    const search = await integration('agente-obras', `/records/search?search=${tag}`);
    assert.equal(search.body.records.find((r: { id: string }) => r.id === id)?.resume, resume);
    assert.equal((await backend('agente-obras', `/records/${id}`)).body.data.resume, resume);

    // Operators find the run by tenant and the record's number.
    const runs: string[] = [];
    for await (const run of getStack().client.workflow.list({
      query: `Tenant="demo" AND SummaryOf="${res.body.record_number}"`,
    }))
      runs.push(run.workflowId);
    assert.deepEqual(runs, [`summary/demo/record/${id}`]);
  });

  it('ten quick edits make one summary run, after the last, of the content as it then stands', async () => {
    const record = await createRecord('agente-obras', 'ARQ', `Arq. Tomás Ibarra ${tag}`);
    for (let i = 1; i <= 10; i++) {
      const res = await integration('agente-obras', `/records/${record.id}/fields/titulo`, 'PATCH', {
        value: `Título habilitante revisión ${i} ${tag}`,
      });
      assert.equal(res.status, 200, res.text);
    }
    const result = await summaryRunResult('record', record.id);
    assert.deepEqual(result, { changes: 11, runs: 1, written: 1, failed: 0 }, 'creation + ten edits → one summary');
    const detail = await integration('agente-obras', `/records/${record.id}`);
    assert.match(detail.body.resume, new RegExp(`revisión 10 ${tag}`), 'the summary reads the last edit');
    assert.equal(
      Number((await provenance('record', record.id))!.source_version),
      11,
      'version 1 at creation, one per edit',
    );
  });

  it('a summary is never written over a newer one', async () => {
    const record = await createRecord('agente-obras', 'ARQ', `Arq. Elena Ruiz ${tag}`);
    await summaryRunResult('record', record.id);
    const before = await integration('agente-obras', `/records/${record.id}`);
    // A late attempt that read an older version (here: the version already stored) writes nothing.
    const { db, demoTenant } = getStack();
    const { writeSummary } = await import('../../domain/summaries/index.js');
    const stored = Number((await provenance('record', record.id))!.source_version);
    const written = await writeSummary(tenantDb(db, demoTenant), 'record', record.id, stored, {
      text: 'Resumen viejo.',
      provider: 'extractive',
      model: 'x',
    });
    assert.equal(written, false);
    assert.equal((await integration('agente-obras', `/records/${record.id}`)).body.resume, before.body.resume);
  });

  it('a memo gets its ai_summary after officialization (received, sent and detail)', async () => {
    const memo = await sendMemo(
      'agente-obras',
      { to: ['agente-mesa'] },
      {
        reference: `Corte de calle por obra de cloacas ${tag}`,
        content:
          '<p>Se informa que el lunes 4 de mayo se cortará el tránsito en calle Belgrano entre 9 de Julio y Mitre por la obra de cloacas.</p>' +
          '<p>La Mesa de Entradas deberá informar a los vecinos que consulten que el corte durará dos semanas y que habrá desvíos señalizados.</p>',
      },
    );
    const summary = await until(
      'the memo summary',
      async () =>
        (await request(`/api/v1/memos/${memo.id}`, { headers: asBackend('agente-mesa') })).body.data.ai_summary ??
        undefined,
      30_000,
    );
    assert.match(summary, /cloacas|tránsito|corte/i);
    const received = await request(`/api/v1/memos/received?search=${tag}`, { headers: asBackend('agente-mesa') });
    assert.equal(received.body.data.memos[0].ai_summary, summary);
    const sent = await request(`/api/v1/memos/sent?search=${tag}`, { headers: asBackend('agente-obras') });
    assert.equal(sent.body.data.memos[0].ai_summary, summary);
    assert.equal((await provenance('memo', memo.id))?.provider, 'extractive');
  });

  it('a case gets its short_ai_summary at creation and a new one after a document is linked', async () => {
    const created = await createCase('directora-obras', {
      reference: `Permiso de obra ampliación vivienda calle Sarmiento 455 ${tag}`,
    });
    const first = await until(
      'the case summary',
      async () =>
        (await integration('directora-obras', `/cases/${created.case_id}`)).body.short_ai_summary ?? undefined,
      30_000,
    );
    assert.match(first, /Sarmiento 455/);
    assert.doesNotMatch(first, /Carátula|CAEX-/, 'the cover only repeats the case: it is not summarized again');
    const version = Number((await provenance('case', created.case_id))!.source_version);

    const doc = await officialDocument('directora-obras', `Informe técnico de estructura aprobado ${tag}`);
    const linked = await integration('directora-obras', `/cases/${created.case_id}/documents/link`, 'POST', {
      official_document_id: doc.id,
    });
    assert.equal(linked.status, 200, linked.text);
    await until(
      'a newer case summary',
      async () => {
        const row = await provenance('case', created.case_id);
        return row && Number(row.source_version) > version ? row : undefined;
      },
      30_000,
    );

    // Shown in the case detail (both interfaces) and in a record's case links.
    const detail = await integration('directora-obras', `/cases/${created.case_id}`);
    const summary = detail.body.short_ai_summary as string;
    assert.ok(summary);
    assert.equal((await backend('directora-obras', `/cases/${created.case_id}`)).body.data.short_ai_summary, summary);
    const record = await createRecord('directora-obras', 'ARQ', `Arq. Pablo Díaz ${tag}`);
    assert.equal(
      (await integration('directora-obras', `/records/${record.id}/cases`, 'POST', { case_id: created.case_id }))
        .status,
      201,
    );
    const links = await backend('directora-obras', `/records/${record.id}/cases`);
    assert.equal(links.body.data.cases[0].short_ai_summary, summary);
  });
});
