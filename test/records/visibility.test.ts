/**
 * A record shows only what its viewer may open. Carlos (Mesa de Entradas) views ARQ but not LUM,
 * and sees neither Obras Particulares' cases nor its drafts: the related LUM record, the Obras
 * case and the Obras draft linked to an ARQ record are left out of its relations, linked cases and
 * linked documents lists (both interfaces), of the values of the record's history and of the IFRLM
 * report he asks for; the case assigned to Mesa and Mesa's own document stay, and Lucía (Obras)
 * still sees everything.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createCase } from '../support/cases.js';
import { createIntegrationDraft } from '../support/documents.js';
import { asIntegration, demoSector, request } from '../support/http.js';
import { pdfText } from '../support/pdf-tools.js';
import { backend, createRecord, integration, type CreatedRecord } from './support.js';

const MESA = 'agente-mesa';
const OBRAS = 'directora-obras';

describe('records: links, relations and the report show only what the viewer may open', function () {
  this.timeout(180_000);
  const tag = randomUUID().slice(0, 8);
  let arq: CreatedRecord;
  let arqRelated: CreatedRecord;
  let lum: CreatedRecord;
  let hiddenCase: { case_id: string; case_number: string };
  let assignedCase: { case_id: string; case_number: string };
  let hiddenDoc: string;
  let mesaDoc: string;

  before(async () => {
    arq = await createRecord(OBRAS, 'ARQ', `Estudio Visible ${tag}`);
    arqRelated = await createRecord(OBRAS, 'ARQ', `Socio Visible ${tag}`);
    lum = await createRecord(OBRAS, 'LUM', `Luminaria Oculta ${tag}`);
    for (const target of [arqRelated, lum]) {
      const rel = await integration(OBRAS, `/records/${arq.id}/relations`, 'POST', {
        target_record_id: target.id,
        relation_type: 'related',
      });
      assert.equal(rel.status, 201, rel.text);
    }
    hiddenCase = await createCase('agente-obras', { reference: `Obra Reservada ${tag}` });
    assignedCase = await createCase('agente-obras', { reference: `Obra Asignada ${tag}` });
    const assigned = await request(`/api/v1/cases/${assignedCase.case_id}/assign`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      json: { target_sector_id: demoSector('MESA'), reason: 'Para la nota de Mesa' },
    });
    assert.equal(assigned.status, 200, assigned.text);
    for (const c of [hiddenCase, assignedCase]) {
      const link = await integration(OBRAS, `/records/${arq.id}/cases`, 'POST', { case_id: c.case_id });
      assert.equal(link.status, 201, link.text);
    }
    hiddenDoc = await createIntegrationDraft(OBRAS, { reference: `Plano Reservado ${tag}` });
    mesaDoc = await createIntegrationDraft(MESA, { reference: `Nota Visible ${tag}` });
    for (const id of [hiddenDoc, mesaDoc]) {
      const link = await integration(OBRAS, `/records/${arq.id}/documents`, 'POST', { document_id: id });
      assert.equal(link.status, 201, link.text);
    }
  });

  it('linked cases: only those the viewer can see, on both interfaces', async () => {
    const mesa = await integration(MESA, `/records/${arq.id}/cases`);
    assert.equal(mesa.status, 200, mesa.text);
    assert.deepEqual(
      mesa.body.cases.map((c: { case_id: string }) => c.case_id),
      [assignedCase.case_id],
    );
    assert.equal(mesa.body.total, 1);
    assert.ok(!mesa.text.includes(hiddenCase.case_number) && !mesa.text.includes('Obra Reservada'), mesa.text);
    const mesaBackend = await backend(MESA, `/records/${arq.id}/cases`);
    assert.deepEqual(
      mesaBackend.body.data.cases.map((c: { case_id: string }) => c.case_id),
      [assignedCase.case_id],
    );
    assert.ok(!mesaBackend.text.includes(hiddenCase.case_number), mesaBackend.text);
    const obras = await integration(OBRAS, `/records/${arq.id}/cases`);
    assert.deepEqual(
      obras.body.cases.map((c: { case_id: string }) => c.case_id).sort(),
      [hiddenCase.case_id, assignedCase.case_id].sort(),
    );
  });

  it('linked documents: only those the viewer can open, on both interfaces', async () => {
    const mesa = await integration(MESA, `/records/${arq.id}/documents`);
    assert.equal(mesa.status, 200, mesa.text);
    assert.deepEqual(
      mesa.body.documents.map((d: { document_id: string }) => d.document_id),
      [mesaDoc],
    );
    assert.equal(mesa.body.total, 1);
    assert.ok(!mesa.text.includes('Plano Reservado'), mesa.text);
    const mesaBackend = await backend(MESA, `/records/${arq.id}/documents`);
    assert.deepEqual(
      mesaBackend.body.data.documents.map((d: { document_id: string }) => d.document_id),
      [mesaDoc],
    );
    const obras = await integration(OBRAS, `/records/${arq.id}/documents`);
    assert.deepEqual(
      obras.body.documents.map((d: { document_id: string }) => d.document_id).sort(),
      [hiddenDoc, mesaDoc].sort(),
    );
  });

  it('relations: a LUM record is left out for a viewer of ARQ only', async () => {
    const mesa = await integration(MESA, `/records/${arq.id}/relations`);
    assert.deepEqual(
      mesa.body.relations.map((r: { related_record: { id: string } }) => r.related_record.id),
      [arqRelated.id],
    );
    const obras = await integration(OBRAS, `/records/${arq.id}/relations`);
    assert.equal(obras.body.total, 2);
  });

  it('history: entries about what the viewer cannot open keep action, date and author, not their values', async () => {
    const mesa = await integration(MESA, `/records/${arq.id}/history?page_size=100`);
    assert.equal(mesa.status, 200, mesa.text);
    for (const hidden of [
      lum.record_number,
      `Luminaria Oculta ${tag}`,
      lum.id,
      hiddenCase.case_number,
      hiddenCase.case_id,
      'Plano Reservado',
      hiddenDoc,
    ]) {
      assert.ok(!mesa.text.includes(hidden), `the history does not tell ${hidden}`);
    }
    type Entry = { action: string; after_value: Record<string, unknown> | null; user_name: string | null };
    const entries = mesa.body.entries as Entry[];
    const of = (action: string) => entries.filter((e) => e.action === action);
    assert.deepEqual(
      of('case_linked')
        .map((e) => e.after_value?.case_id ?? null)
        .sort(),
      [assignedCase.case_id, null].sort(),
    );
    assert.deepEqual(
      of('document_linked')
        .map((e) => e.after_value?.document_id ?? null)
        .sort(),
      [mesaDoc, null].sort(),
    );
    assert.deepEqual(
      of('relation_created')
        .map((e) => e.after_value?.target_record_id ?? null)
        .sort(),
      [arqRelated.id, null].sort(),
    );
    assert.ok(
      entries.every((e) => e.user_name),
      'who did it is still shown',
    );
    const obras = await backend(OBRAS, `/records/${arq.id}/history?page_size=100`);
    assert.ok(
      obras.text.includes(hiddenCase.case_number) && obras.text.includes(lum.record_number),
      'Obras sees every value',
    );
  });

  it('the IFRLM report asked for by Mesa de Entradas prints only what Mesa may see', async () => {
    const res = await request(`/api/v1/records/${arq.id}/report`, {
      method: 'POST',
      headers: { ...asIntegration(MESA), 'Idempotency-Key': `vista-${tag}` },
    });
    assert.equal(res.status, 201, res.text);
    const url = await request(`/api/v1/documents/${res.body.document_id}/url`, { headers: asIntegration(MESA) });
    assert.equal(url.status, 200, url.text);
    const text = pdfText(Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer())).replace(/\s+/g, ' ');
    for (const shown of [
      arq.record_number,
      arqRelated.record_number,
      `Socio Visible ${tag}`,
      assignedCase.case_number,
      `Obra Asignada ${tag}`,
      `Nota Visible ${tag}`,
    ]) {
      assert.ok(text.includes(shown), `the report shows ${shown}:\n${text}`);
    }
    for (const hidden of [
      lum.record_number,
      `Luminaria Oculta ${tag}`,
      hiddenCase.case_number,
      `Obra Reservada ${tag}`,
      `Plano Reservado ${tag}`,
    ]) {
      assert.ok(!text.includes(hidden), `the report does not show ${hidden}:\n${text}`);
    }
  });
});
