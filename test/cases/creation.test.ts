import assert from 'node:assert/strict';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, request, demoSector } from '../support/http.js';
import { createCase, createCaseBackend, template } from '../support/cases.js';
import { pdfSignatures, pdfText } from '../support/pdf-tools.js';

const CASE_NUMBER = /^EE-\d{4}-\d{8}-MVE-[A-Z]+$/;
const COVER_NUMBER = /^CAEX-\d{4}-\d{8}-MVE-[A-Z]+$/;

describe('cases: durable creation with the signed CAEX cover', function () {
  this.timeout(120_000);

  it('integration: 201 with the case; the cover is official, PAdES-signed, linked and listed', async () => {
    const created = await createCase('agente-obras');
    assert.deepEqual(Object.keys(created).sort(), ['case_id', 'case_number', 'created_at', 'reference', 'status']);
    assert.match(created.case_number, CASE_NUMBER);
    assert.match(created.case_number, /-MVE-DOP$/, "the owner sector defaults to the user's primary sector");
    assert.equal(created.status, 'active');

    const docs = await request(`/api/v1/cases/${created.case_id}/documents`, {
      headers: asIntegration('agente-obras'),
    });
    assert.equal(docs.status, 200);
    const cover = docs.body.documents.find((d: { document_type: string }) => d.document_type === 'CAEX');
    assert.ok(cover, JSON.stringify(docs.body));
    assert.match(cover.document_number, COVER_NUMBER);
    assert.equal(cover.status, 'signed');

    const url = await request(`/api/v1/documents/${cover.document_id}/url`, { headers: asIntegration('agente-obras') });
    const pdf = Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer());
    const signatures = pdfSignatures(pdf);
    assert.equal(signatures.length, 1);
    assert.ok(signatures[0]!.valid);
    assert.equal(signatures[0]!.subFilter, 'ETSI.CAdES.detached');
    const text = pdfText(pdf);
    assert.match(text, new RegExp(created.case_number));
    assert.match(text, /Permiso de obra calle Güemes 123/);
    assert.match(text, /Dirección de Obras Particulares/);

    const history = await request(`/api/v1/cases/${created.case_id}/history`, {
      headers: asIntegration('agente-obras'),
    });
    assert.deepEqual(
      history.body.movements.map((m: { movement_type: string }) => m.movement_type),
      ['creation'],
    );
    assert.equal(history.body.movements[0].to_sector, 'DOP');
    assert.equal(history.body.movements[0].from_sector, null);
    assert.equal(history.body.movements[0].created_by, 'Jorge Peña');
  });

  it('backend: {case, cover}; operators find the run by CaseNumber', async () => {
    const created = await createCaseBackend('jefa-mesa');
    assert.match(created.case.case_number, /-MVE-MESA$/);
    assert.match(created.cover.official_number, COVER_NUMBER);
    const runs: string[] = [];
    for (let i = 0; i < 40 && runs.length === 0; i++) {
      for await (const wf of getStack().client.workflow.list({ query: `CaseNumber="${created.case.case_number}"` }))
        runs.push(wf.workflowId);
      if (!runs.length) await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(runs.length, 1);
    assert.match(runs[0]!, /^case-creation\/demo\//);
  });

  it('the same POST repeated with the same Idempotency-Key, concurrently or later, answers one case', async () => {
    const key = `crear-${Date.now()}`;
    const post = () =>
      request('/api/v1/cases', {
        method: 'POST',
        headers: { ...asIntegration('agente-obras'), 'Idempotency-Key': key },
        json: { case_template_id: template('PEROB'), reference: `Permiso de obra ${key}` },
      });
    const answers = [...(await Promise.all(Array.from({ length: 6 }, post))), await post()];
    for (const a of answers) assert.equal(a.status, 201, a.text);
    for (const a of answers.slice(1)) assert.deepEqual(a.body, answers[0]!.body);
    assert.match(answers[0]!.body.case_number, CASE_NUMBER);
    const poll = await request(`/api/v1/cases/creations/${key}`, { headers: asIntegration('agente-obras') });
    assert.deepEqual([poll.status, poll.body], [200, answers[0]!.body]);
    const found = await request(`/api/v1/cases/search?search=${encodeURIComponent(key)}`, {
      headers: asIntegration('agente-obras'),
    });
    assert.deepEqual(
      found.body.cases.map((c: { case_id: string }) => c.case_id),
      [answers[0]!.body.case_id],
      'one case was created',
    );

    const otherUser = await request('/api/v1/cases', {
      method: 'POST',
      headers: { ...asIntegration('directora-obras'), 'Idempotency-Key': key },
      json: { case_template_id: template('PEROB'), reference: `Permiso de obra ${key}` },
    });
    assert.equal(otherUser.status, 201, otherUser.text);
    assert.notEqual(otherUser.body.case_id, answers[0]!.body.case_id, 'keys belong to the user who sends them');
  });

  it('backend: the same POST repeated with the same Idempotency-Key answers one case and one cover', async () => {
    const key = `crear-backend-${Date.now()}`;
    const post = () =>
      request('/api/v1/cases', {
        method: 'POST',
        headers: { ...asBackend('jefa-mesa'), 'Idempotency-Key': key },
        json: { case_template_id: template('HABCOM'), reference: 'Habilitación reintentada' },
      });
    const answers = [...(await Promise.all(Array.from({ length: 6 }, post))), await post()];
    for (const a of answers) assert.equal(a.status, 201, a.text);
    for (const a of answers.slice(1)) assert.deepEqual(a.body, answers[0]!.body);
    assert.match(answers[0]!.body.data.cover.official_number, COVER_NUMBER);
  });

  it('validation: 400 for missing fields, 404 for an unknown template or sector, 403 for a sector the user does not edit', async () => {
    const post = (body: unknown, user = 'agente-obras') =>
      request('/api/v1/cases', { method: 'POST', headers: asIntegration(user), json: body });
    assert.deepEqual((await post({ reference: 'x' })).body, { error: 'case_template_id es requerido' });
    assert.deepEqual((await post({ case_template_id: template('PEROB') })).body, { error: 'reference es requerido' });
    const unknownTemplate = await post({ case_template_id: '00000000-0000-4000-8000-000000000000', reference: 'x' });
    assert.deepEqual(
      [unknownTemplate.status, unknownTemplate.body],
      [404, { error: 'Plantilla de expediente no encontrada' }],
    );
    const foreignSector = await post({
      case_template_id: template('PEROB'),
      reference: 'x',
      owner_sector_id: demoSector('RENT'),
    });
    assert.equal(foreignSector.status, 403);
    const badKey = await request('/api/v1/cases', {
      method: 'POST',
      headers: { ...asIntegration(), 'Idempotency-Key': 'con espacios' },
      json: { case_template_id: template('PEROB'), reference: 'x' },
    });
    assert.equal(badKey.status, 400);
  });

  it('30 concurrent creations give 30 distinct case numbers and 30 distinct cover numbers', async function () {
    this.timeout(300_000);
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        createCaseBackend(i % 2 ? 'agente-mesa' : 'jefa-mesa', { reference: `Concurrente ${i}` }),
      ),
    );
    assert.equal(new Set(created.map((c) => c.case.case_number)).size, 30);
    assert.equal(new Set(created.map((c) => c.cover.official_number)).size, 30);
  });

  it('the backend creation also answers through the backend detail, with movements, documents and permissions', async () => {
    const created = await createCaseBackend('jefa-mesa');
    const detail = await request(`/api/v1/cases/${created.case.case_id}`, { headers: asBackend('jefa-mesa') });
    assert.equal(detail.status, 200);
    assert.equal(detail.body.data.case_number, created.case.case_number);
    assert.equal(detail.body.data.documents.length, 1);
    assert.equal(detail.body.data.movements.length, 1);
    assert.equal(detail.body.data.permissions.can_transfer, true);
  });
});
