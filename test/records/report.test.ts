/**
 * The IFRLM report of a record, end to end over HTTP: RecordReportWorkflow renders the record,
 * creates and signs the IFRLM document (pdfsig and pyHanko validate it), links it to the record
 * with an `ifrlm_generated` history entry carrying its number, is findable by RecordNumber, answers
 * a repeat with the same report, and rides out a signing-service outage (202, then done).
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, request } from '../support/http.js';
import { pdfDocumentTimestamps, pdfSignatures, pdfText } from '../support/pdf-tools.js';
import { until } from '../support/until.js';
import { pyhankoAccepts, pyhankoValidate } from '../signer/support/tools.js';
import { createRecord, integration } from './support.js';

async function reportPdf(documentId: string, user = 'directora-obras'): Promise<Buffer> {
  const url = await request(`/api/v1/documents/${documentId}/url`, { headers: asIntegration(user) });
  assert.equal(url.status, 200, url.text);
  return Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer());
}

describe('records: the IFRLM report workflow', function () {
  this.timeout(180_000);

  it('renders, signs, numbers and links the report; history says ifrlm_generated with its number', async () => {
    const rec = await createRecord('directora-obras', 'ARQ', 'Arq. Report Pérez', { matricula: 'MP-9090' });
    assert.equal(
      (await integration('directora-obras', `/records/${rec.id}/fields/telefono`, 'PATCH', { value: '351-777' }))
        .status,
      200,
    );
    const key = `informe-${Date.now()}`;
    const res = await request(`/api/v1/records/${rec.id}/report`, {
      method: 'POST',
      headers: { ...asIntegration('directora-obras'), 'Idempotency-Key': key },
    });
    assert.equal(res.status, 201, res.text);
    assert.match(res.body.document_number, /^IFRLM-\d{4}-\d{8}-MVE-DOP$/);
    assert.equal(res.body.record_number, rec.record_number);
    assert.equal(res.body.status, 'signed');

    const pdf = await reportPdf(res.body.document_id);
    const text = pdfText(pdf);
    for (const expected of [
      'Informe de legajo',
      rec.record_number,
      'Arq. Report Pérez',
      'MP-9090',
      '351-777',
      'Código de verificación',
    ])
      assert.ok(text.includes(expected), `the report shows ${expected}`);
    const file = path.join(os.tmpdir(), `ifrlm-${Date.now()}.pdf`);
    await writeFile(file, pdf);
    const sigs = pdfSignatures(pdf);
    assert.equal(sigs.length, 1, 'one signature: the requester, numbering');
    assert.ok(sigs[0]!.valid, 'pdfsig: valid');
    assert.equal(pdfDocumentTimestamps(pdf).length, 1, 'official, so PAdES-B-LTA: one archive time-stamp');
    const hanko = await pyhankoValidate(file, getStack().pki.caCertPath);
    assert.ok([...hanko.fields.values()].every(pyhankoAccepts) && hanko.fields.size === 1, hanko.output);

    const docs = await integration('directora-obras', `/records/${rec.id}/documents`);
    assert.ok(
      docs.body.documents.some(
        (d: { document_id: string; link_id: string }) =>
          d.document_id === res.body.document_id && d.link_id === res.body.link_id,
      ),
    );
    const history = await integration('directora-obras', `/records/${rec.id}/history`);
    assert.equal(history.body.entries[0].action, 'ifrlm_generated');
    assert.equal(history.body.entries[0].after_value.document_number, res.body.document_number);

    const again = await request(`/api/v1/records/${rec.id}/report`, {
      method: 'POST',
      headers: { ...asIntegration('directora-obras'), 'Idempotency-Key': key },
    });
    assert.equal(again.status, 201);
    assert.equal(again.body.document_id, res.body.document_id, 'the same request key answers the same report');
    const runs = [];
    for await (const run of getStack().client.workflow.list({ query: `RecordNumber="${rec.record_number}"` }))
      runs.push(run);
    assert.equal(runs.length, 1);
    assert.equal(runs[0]!.type, 'recordReportWorkflow');
    assert.equal(runs[0]!.workflowId, `record-report/demo/${rec.id}/${key}`);
  });

  it('needs sight of the record: a family the user cannot view is 403, an unknown record 404', async () => {
    const lum = await createRecord('directora-obras', 'LUM', 'Luminaria sin vista');
    const hidden = await request(`/api/v1/records/${lum.id}/report`, {
      method: 'POST',
      headers: asIntegration('agente-mesa'),
    });
    assert.equal(hidden.status, 403, hidden.text);
    const unknown = await request('/api/v1/records/00000000-0000-4000-8000-000000000000/report', {
      method: 'POST',
      headers: asIntegration('directora-obras'),
    });
    assert.equal(unknown.status, 404, unknown.text);
    const badKey = await request(`/api/v1/records/${lum.id}/report`, {
      method: 'POST',
      headers: { ...asIntegration('directora-obras'), 'Idempotency-Key': 'no spaces' },
    });
    assert.equal(badKey.status, 400);
  });

  describe('with the signing service down', () => {
    let api: { url: string; close(): Promise<void> };
    before(async () => {
      api = await getStack().extraApi({ WORKFLOW_WAIT_MS: '1500' });
    });
    after(async () => {
      await getStack().signer.start();
      await api.close();
    });

    it('answers 202 with where to poll, and completes when the service is back (backend envelope)', async () => {
      const rec = await createRecord('directora-obras', 'ARQ', 'Arq. Durante la caída');
      await getStack().signer.stop();
      const res = await request(`/api/v1/records/${rec.id}/report`, {
        method: 'POST',
        headers: asBackend('directora-obras'),
        baseUrl: api.url,
      });
      assert.equal(res.status, 202, res.text);
      assert.equal(res.body.data.status, 'generating');
      const poll = res.body.data.poll_url as string;
      assert.equal(res.headers.get('location'), poll);
      assert.equal((await request(poll, { headers: asBackend('directora-obras'), baseUrl: api.url })).status, 202);
      await getStack().signer.start();
      const done = await until('the report after the outage', async () => {
        const r = await request(poll, { headers: asBackend('directora-obras'), baseUrl: api.url });
        return r.status === 200 ? r : undefined;
      });
      assert.match(done.body.data.document_number, /^IFRLM-\d{4}-\d{8}-MVE-DOP$/);
      const history = await integration('directora-obras', `/records/${rec.id}/history`);
      assert.equal(history.body.entries[0].action, 'ifrlm_generated');
    });
  });
});
