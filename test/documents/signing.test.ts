import assert from 'node:assert/strict';
import { tenantDb } from '../../db/tenancy.js';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, demoUser, request } from '../support/http.js';
import { createBackendDraft, prepareIntegrationDraft, sector, SAMPLE_HTML } from '../support/documents.js';
import { pdfDocumentTimestamps, pdfSignatures, pdfText } from '../support/pdf-tools.js';

const NUMBER = /^IF-\d{4}-\d{8}-MVE-[A-Z]+$/;

async function fetchPdf(url: string): Promise<Buffer> {
  const res = await fetch(url);
  assert.equal(res.status, 200);
  return Buffer.from(await res.arrayBuffer());
}

const sign = (id: string, user: string) =>
  request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: asIntegration(user) });
const superSign = (id: string, user: string) =>
  request(`/api/v1/documents/${id}/super-sign`, { method: 'POST', headers: asBackend(user) });

describe('documents: the signing workflow', function () {
  this.timeout(120_000);

  it('integration lifecycle: 2 common signers then the numerator → official PDF with 3 valid signatures', async () => {
    const id = await prepareIntegrationDraft('agente-obras', ['directora-obras', 'jefa-mesa', 'intendente']);
    const started = await request(`/api/v1/documents/${id}/start-signing`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
    });
    assert.equal(started.status, 200, started.text);
    assert.deepEqual(started.body, { document_id: id, status: 'sent_to_sign', message: 'Documento enviado a firma' });

    const pending = await request('/api/v1/documents/pending-signatures', {
      headers: asIntegration('directora-obras'),
    });
    assert.ok(pending.body.documents.some((d: { document_id: string }) => d.document_id === id));
    const notYet = await request('/api/v1/documents/pending-signatures', { headers: asIntegration('intendente') });
    assert.ok(
      !notYet.body.documents.some((d: { document_id: string }) => d.document_id === id),
      'the numerator waits for the others',
    );

    const early = await sign(id, 'intendente');
    assert.deepEqual([early.status, early.body], [409, { error: 'Documento no puede firmarse en su estado actual' }]);
    const stranger = await sign(id, 'agente-mesa');
    assert.equal(stranger.status, 404, 'cannot even see it');
    const viewer = await sign(id, 'agente-obras');
    assert.deepEqual(
      [viewer.status, viewer.body],
      [403, { error: 'Usuario no autorizado para firmar este documento' }],
    );

    const first = await sign(id, 'directora-obras');
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.status, 'sent_to_sign');
    assert.equal(first.body.document_number, null);
    const retried = await sign(id, 'directora-obras');
    assert.deepEqual(retried.body, first.body, 'a retried request returns the same signature');

    assert.equal((await sign(id, 'jefa-mesa')).status, 200);
    const last = await sign(id, 'intendente');
    assert.equal(last.status, 200, last.text);
    assert.equal(last.body.status, 'signed');
    assert.match(last.body.document_number, NUMBER);
    assert.match(last.body.document_number, /-MVE-INTEN$/);

    const details = await request(`/api/v1/documents/${id}/signature-details`, {
      headers: asIntegration('agente-obras'),
    });
    assert.equal(details.body.signature_status, 'fully_signed');
    assert.ok(details.body.signers.every((s: { status: string }) => s.status === 'signed'));

    // The desk's twin adds the validation of the official file: each signature's certificate and time-stamp.
    const validated = await request(`/api/v1/documents/${id}/signature-details`, {
      headers: asBackend('agente-obras'),
    });
    assert.equal(validated.status, 200, validated.text);
    assert.deepEqual(validated.body.data.signers, details.body.signers);
    assert.match(validated.body.data.verification_code, /^[0-9A-Z]{4}(-[0-9A-Z]{4})+$/);
    const validation = validated.body.data.validation;
    assert.equal(validation.verdict, 'authentic');
    assert.equal(validation.document.document_number, last.body.document_number);
    const signed = validation.signatures.filter((s: { kind: string }) => s.kind === 'signature');
    assert.equal(signed.length, 3);
    for (const s of signed) {
      assert.ok(s.signature_valid && s.digest_valid && s.trusted, JSON.stringify(s));
      assert.match(s.signer_subject, /CN=/);
      assert.ok(s.timestamp?.valid && s.timestamp.time, 'every signature carries a valid time-stamp');
    }
    const hidden = await request(`/api/v1/documents/${id}/signature-details`, { headers: asBackend('agente-mesa') });
    // Official, so anyone may find it by number: 403 rather than "not found", and still no details.
    assert.equal(hidden.status, 403, 'a user who cannot see the document gets no details');
    assert.equal(hidden.body.data, null);

    const url = await request(`/api/v1/documents/${id}/url`, { headers: asIntegration('agente-obras') });
    assert.equal(url.body.official_number, last.body.document_number);
    const pdf = await fetchPdf(url.body.pdf_url);
    const signatures = pdfSignatures(pdf);
    assert.equal(signatures.length, 3);
    assert.ok(
      signatures.every((s) => s.valid),
      JSON.stringify(signatures),
    );
    const stamps = pdfDocumentTimestamps(pdf);
    assert.equal(stamps.length, 1, 'an official document is PAdES-B-LTA: one archive time-stamp over its signatures');
    assert.match(pdfText(pdf), new RegExp(last.body.document_number));

    const content = await request(`/api/v1/documents/${id}/content`, { headers: asIntegration('agente-obras') });
    assert.deepEqual(content.body, {
      document_id: id,
      document_number: last.body.document_number,
      content: SAMPLE_HTML,
    });
    const official = await request(`/api/v1/documents/search-official/${last.body.document_number}`, {
      headers: asIntegration('agente-mesa'),
    });
    assert.equal(official.body.document_id, id, 'search-official has no user restriction');

    // A signed document is final.
    const save = await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers: asIntegration('agente-obras'),
      json: { reference: 'x' },
    });
    assert.deepEqual([save.status, save.body], [409, { error: 'Documento no puede editarse en su estado actual' }]);
    const del = await request(`/api/v1/documents/${id}`, { method: 'DELETE', headers: asIntegration('agente-obras') });
    assert.deepEqual(
      [del.status, del.body],
      [409, { error: 'Solo se pueden eliminar documentos en estado draft o rejected' }],
    );
    const reject = await request(`/api/v1/documents/${id}/reject`, {
      method: 'POST',
      headers: asIntegration('intendente'),
      json: { reason: 'tarde' },
    });
    assert.deepEqual(
      [reject.status, reject.body],
      [409, { error: 'Documento no puede rechazarse en su estado actual' }],
    );
    const again = await sign(id, 'intendente');
    assert.equal(again.status, 200, 'the numerator retrying after completion gets the same answer');
    assert.equal(again.body.document_number, last.body.document_number);

    const events = await tenantDb(getStack().db, getStack().demoTenant).transaction((trx) =>
      trx('activity_events').where({ entity_id: id }).orderBy('created_at').pluck('kind'),
    );
    assert.deepEqual(
      [...new Set(events)],
      ['document_created', 'document_edited', 'document_sent_to_sign', 'document_signed', 'document_officialized'],
      'the dashboard feed saw every step',
    );
    assert.equal(events.filter((k: string) => k === 'document_signed').length, 3);

    const run = await getStack().client.workflow.getHandle(`document-signing/demo/${id}`).describe();
    assert.equal(run.status.name, 'COMPLETED');
    assert.equal(
      run.typedSearchAttributes.get({ name: 'DocumentNumber', type: 'KEYWORD' } as never),
      last.body.document_number,
    );
  });

  it('backend lifecycle: only the creator starts; super-sign answers the spec shapes', async () => {
    const id = await createBackendDraft('agente-obras');
    await request(`/api/v1/documents/${id}/save`, {
      method: 'PATCH',
      headers: asBackend('agente-obras'),
      json: {
        content: SAMPLE_HTML,
        signers: [
          { user_id: demoUser('directora-obras'), is_numerator: false },
          { user_id: demoUser('intendente'), is_numerator: true },
        ],
      },
    });
    const notCreator = await request(`/api/v1/documents/${id}/start-signing-process`, {
      method: 'POST',
      headers: asBackend('directora-obras'),
    });
    assert.equal(notCreator.status, 403);
    const started = await request(`/api/v1/documents/${id}/start-signing-process`, {
      method: 'POST',
      headers: asBackend('agente-obras'),
    });
    assert.equal(started.status, 200, started.text);
    assert.equal(started.body.data.status, 'sent_to_sign');

    const details = await request(`/api/v1/documents/${id}/details`, { headers: asBackend('directora-obras') });
    assert.equal(details.body.data.state_category, 'signing');
    assert.equal(details.body.data.signing.current_user.can_sign_now, true);

    const common = await superSign(id, 'directora-obras');
    assert.equal(common.status, 200, common.text);
    for (const [k, v] of Object.entries({
      success: true,
      document_id: id,
      document_status: 'sent_to_sign',
      is_numerator: false,
      official_number: null,
    })) {
      assert.deepEqual(common.body[k], v, k);
    }
    const numerator = await superSign(id, 'intendente');
    assert.equal(numerator.status, 200, numerator.text);
    assert.equal(numerator.body.document_status, 'signed');
    assert.equal(numerator.body.is_numerator, true);
    assert.match(numerator.body.official_number, NUMBER);
    const pdf = await fetchPdf(numerator.body.signed_pdf_url);
    assert.equal(pdfSignatures(pdf).filter((s) => s.valid).length, 2);
  });

  it('start-signing refuses what is not ready: no content, no signers, not editor, already signed', async () => {
    const empty = await createBackendDraft('agente-obras');
    const noContent = await request(`/api/v1/documents/${empty}/start-signing-process`, {
      method: 'POST',
      headers: asBackend('agente-obras'),
    });
    assert.deepEqual([noContent.status, noContent.body.message], [400, 'El documento no tiene contenido']);
    await request(`/api/v1/documents/${empty}/save`, {
      method: 'PATCH',
      headers: asBackend('agente-obras'),
      json: { content: SAMPLE_HTML },
    });
    const noSigners = await request(`/api/v1/documents/${empty}/start-signing-process`, {
      method: 'POST',
      headers: asBackend('agente-obras'),
    });
    assert.deepEqual([noSigners.status, noSigners.body.message], [400, 'El documento no tiene firmantes']);
    await request(`/api/v1/documents/${empty}/save`, {
      method: 'PATCH',
      headers: asBackend('agente-obras'),
      json: { signers: [{ user_id: demoUser('intendente') }] },
    });
    const noNumerator = await request(`/api/v1/documents/${empty}/start-signing-process`, {
      method: 'POST',
      headers: asBackend('agente-obras'),
    });
    assert.deepEqual(
      [noNumerator.status, noNumerator.body.message],
      [400, 'El documento necesita un firmante numerador'],
    );

    const id = await prepareIntegrationDraft('agente-obras', ['intendente']);
    const outsider = await request(`/api/v1/documents/${id}/start-signing`, {
      method: 'POST',
      headers: asIntegration('directora-rentas'),
    });
    assert.equal(outsider.status, 404);
    const once = await request(`/api/v1/documents/${id}/start-signing`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
    });
    assert.equal(once.status, 200);
    const twice = await request(`/api/v1/documents/${id}/start-signing`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
    });
    assert.deepEqual(
      [twice.status, twice.body],
      [200, once.body],
      'a repeat while the round is open answers that round',
    );
    assert.equal(
      (await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: asIntegration('intendente') })).status,
      200,
    );
    const signed = await request(`/api/v1/documents/${id}/start-signing`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
    });
    assert.deepEqual([signed.status, signed.body], [409, { error: 'Documento no puede firmarse en su estado actual' }]);
  });

  it('reject: any signer with a reason; the backend saves it back to draft and it can be signed in a new round', async () => {
    const id = await prepareIntegrationDraft('agente-obras', ['directora-obras', 'intendente']);
    await request(`/api/v1/documents/${id}/start-signing`, { method: 'POST', headers: asIntegration('agente-obras') });
    assert.equal((await sign(id, 'directora-obras')).status, 200);

    const empty = await request(`/api/v1/documents/${id}/reject`, {
      method: 'POST',
      headers: asIntegration('intendente'),
      json: { reason: '  ' },
    });
    assert.deepEqual([empty.status, empty.body], [400, { error: 'reason es requerido y no puede estar vacio' }]);
    const missing = await request(`/api/v1/documents/${id}/reject`, {
      method: 'POST',
      headers: asIntegration('intendente'),
      json: {},
    });
    assert.deepEqual([missing.status, missing.body], [400, { error: 'reason es requerido y no puede estar vacio' }]);
    const notSigner = await request(`/api/v1/documents/${id}/reject`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      json: { reason: 'no' },
    });
    assert.equal(notSigner.status, 403);

    const rejected = await request(`/api/v1/documents/${id}/reject`, {
      method: 'POST',
      headers: asIntegration('intendente'),
      json: { reason: 'Falta el plano' },
    });
    assert.equal(rejected.status, 200, rejected.text);
    assert.deepEqual(rejected.body, {
      document_id: id,
      status: 'rejected',
      rejected_by: demoUser('intendente'),
      reason: 'Falta el plano',
    });
    assert.equal((await sign(id, 'intendente')).status, 409);
    const rejectedEvent = await tenantDb(getStack().db, getStack().demoTenant).transaction((trx) =>
      trx('activity_events').where({ entity_id: id, kind: 'document_rejected' }).first(),
    );
    assert.match(rejectedEvent.summary, /Falta el plano/);
    const integrationSave = await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers: asIntegration('agente-obras'),
      json: { reference: 'x' },
    });
    assert.equal(integrationSave.status, 409, 'integration saves drafts only');

    const saved = await request(`/api/v1/documents/${id}/save`, {
      method: 'PATCH',
      headers: asBackend('agente-obras'),
      json: { content: `${SAMPLE_HTML}<p>Plano adjunto.</p>` },
    });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.status, 'draft');

    assert.equal(
      (
        await request(`/api/v1/documents/${id}/start-signing`, {
          method: 'POST',
          headers: asIntegration('agente-obras'),
        })
      ).status,
      200,
    );
    assert.equal((await sign(id, 'directora-obras')).status, 200);
    const done = await sign(id, 'intendente');
    assert.equal(done.body.status, 'signed');
    const url = await request(`/api/v1/documents/${id}/url`, { headers: asIntegration('agente-obras') });
    const pdf = await fetchPdf(url.body.pdf_url);
    assert.equal(pdfSignatures(pdf).length, 2, 'the second round starts from a fresh render');
    assert.match(pdfText(pdf), /Plano adjunto/);
  });

  it('20 documents numbered concurrently get 20 distinct consecutive numbers', async function () {
    this.timeout(240_000);
    const ids = await Promise.all(
      Array.from({ length: 20 }, () =>
        prepareIntegrationDraft('agente-obras', ['intendente'], {
          document_type_acronym: 'DICT',
          reference: 'Dictamen concurrente',
        }),
      ),
    );
    await Promise.all(
      ids.map(async (id) =>
        assert.equal(
          (
            await request(`/api/v1/documents/${id}/start-signing`, {
              method: 'POST',
              headers: asIntegration('agente-obras'),
            })
          ).status,
          200,
        ),
      ),
    );
    const signed = await Promise.all(ids.map((id) => sign(id, 'intendente')));
    const numbers = signed.map((r) => {
      assert.equal(r.status, 200, r.text);
      return r.body.document_number as string;
    });
    assert.equal(new Set(numbers).size, 20);
    const sequences = numbers.map((n) => Number(n.split('-')[2])).sort((a, b) => a - b);
    assert.deepEqual(
      sequences,
      Array.from({ length: 20 }, (_, i) => sequences[0]! + i),
    );
  });

  it('officialization delivers a NOTA to its sectors and a MEMO to its users with sector snapshots', async () => {
    const { db, demoTenant } = getStack();
    const note = await createBackendDraft('agente-obras', {
      document_type_acronym: 'NOTA',
      reference: 'Nota a Rentas',
      recipients: { to: [sector('RENT')], cc: [sector('MESA')] },
    });
    await request(`/api/v1/documents/${note}/save`, {
      method: 'PATCH',
      headers: asBackend('agente-obras'),
      json: { content: '<p>Nota</p>', signers: [{ user_id: demoUser('directora-obras'), is_numerator: true }] },
    });
    assert.equal(
      (
        await request(`/api/v1/documents/${note}/start-signing-process`, {
          method: 'POST',
          headers: asBackend('agente-obras'),
        })
      ).status,
      200,
    );
    const before = await tenantDb(db, demoTenant).transaction((trx) =>
      trx('note_recipients').where({ document_id: note }),
    );
    assert.equal(before.length, 0, 'not delivered before officialization');
    assert.equal((await superSign(note, 'directora-obras')).body.document_status, 'signed');
    const delivered = await tenantDb(db, demoTenant).transaction((trx) =>
      trx('note_recipients').where({ document_id: note }).orderBy('recipient_kind'),
    );
    assert.deepEqual(
      delivered.map((r: { sector_id: string; recipient_kind: string }) => [r.sector_id, r.recipient_kind]),
      [
        [sector('MESA'), 'cc'],
        [sector('RENT'), 'to'],
      ],
    );
    assert.ok(delivered.every((r: { delivered_at: Date | null }) => r.delivered_at));

    const memo = await createBackendDraft('agente-obras', { document_type_acronym: 'MEMO', reference: 'Memo privado' });
    await request(`/api/v1/documents/${memo}/save`, {
      method: 'PATCH',
      headers: asBackend('agente-obras'),
      json: {
        content: '<p>Memo</p>',
        recipients: { to: [demoUser('jefa-mesa')], bcc: [demoUser('directora-rentas'), demoUser('jefa-mesa')] },
        signers: [{ user_id: demoUser('agente-obras'), is_numerator: true }],
      },
    });
    assert.equal(
      (
        await request(`/api/v1/documents/${memo}/start-signing-process`, {
          method: 'POST',
          headers: asBackend('agente-obras'),
        })
      ).status,
      200,
    );
    const memoSigned = await superSign(memo, 'agente-obras');
    assert.match(memoSigned.body.official_number, /^MEMO-\d{4}-\d{8}-MVE-DOP$/);
    const rows = await tenantDb(db, demoTenant).transaction((trx) =>
      trx('memo_recipients').where({ document_id: memo }).orderBy('recipient_type'),
    );
    assert.deepEqual(
      rows.map((r: Record<string, string>) => [
        r.recipient_user_id,
        r.recipient_type,
        r.recipient_sector_id,
        r.sender_user_id,
        r.sender_sector_id,
      ]),
      [
        [demoUser('directora-rentas'), 'BCC', sector('RENT'), demoUser('agente-obras'), sector('DOP')],
        [demoUser('jefa-mesa'), 'TO', sector('MESA'), demoUser('agente-obras'), sector('DOP')],
      ],
    );
  });

  it('an imported PDF is signed as uploaded', async () => {
    const { letterPdf, pdfForm } = await import('../support/documents.js');
    const imported = await request('/api/v1/documents/import', {
      method: 'POST',
      headers: asIntegration('agente-obras'),
      form: pdfForm(
        { document_type_acronym: 'INF', reference: 'Externo' },
        { bytes: await letterPdf('Informe externo') },
      ),
    });
    const id = imported.body.document_id;
    await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers: asIntegration('agente-obras'),
      json: { signers: [demoUser('directora-obras')] },
    });
    assert.equal(
      (
        await request(`/api/v1/documents/${id}/start-signing`, {
          method: 'POST',
          headers: asIntegration('agente-obras'),
        })
      ).status,
      200,
    );
    const done = await sign(id, 'directora-obras');
    assert.equal(done.status, 200, done.text);
    const url = await request(`/api/v1/documents/${id}/url`, { headers: asIntegration('agente-obras') });
    const pdf = await fetchPdf(url.body.pdf_url);
    assert.equal(pdfSignatures(pdf).filter((s) => s.valid).length, 1);
    assert.match(pdfText(pdf), /Informe externo 1/);
  });
});
