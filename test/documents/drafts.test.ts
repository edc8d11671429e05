import assert from 'node:assert/strict';
import { newUser } from '../support/users.js';
import { asBackend, asIntegration, demoUser, request } from '../support/http.js';
import {
  createBackendDraft,
  createIntegrationDraft,
  letterPdf,
  pdfForm,
  sector,
  SAMPLE_HTML,
} from '../support/documents.js';

describe('documents: drafts', () => {
  describe('create', () => {
    it('integration: 201 with the spec fields, status draft', async () => {
      const res = await request('/api/v1/documents', {
        method: 'POST',
        headers: asIntegration('agente-obras'),
        json: { document_type_acronym: 'inf', reference: '  Informe de obra  ' },
      });
      assert.equal(res.status, 201);
      assert.deepEqual(Object.keys(res.body).sort(), [
        'created_at',
        'document_id',
        'document_type',
        'reference',
        'status',
      ]);
      assert.equal(res.body.document_type, 'INF');
      assert.equal(res.body.reference, 'Informe de obra');
      assert.equal(res.body.status, 'draft');
    });

    it('backend: 200 {document_id, status: draft, message} in the envelope', async () => {
      const res = await request('/api/v1/documents', {
        method: 'POST',
        headers: asBackend('agente-obras'),
        json: { document_type_acronym: 'DICT', reference: 'Dictamen' },
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.success, true);
      assert.equal(res.body.status, 'draft');
      assert.equal(res.body.data.status, 'draft');
      assert.equal(res.body.document_id, res.body.data.document_id);
      assert.equal(typeof res.body.message, 'string');
    });

    it('400 with the catalog messages for missing type or reference', async () => {
      const noType = await request('/api/v1/documents', {
        method: 'POST',
        headers: asIntegration(),
        json: { reference: 'x' },
      });
      assert.deepEqual([noType.status, noType.body], [400, { error: 'document_type_acronym es requerido' }]);
      const noRef = await request('/api/v1/documents', {
        method: 'POST',
        headers: asIntegration(),
        json: { document_type_acronym: 'INF', reference: '   ' },
      });
      assert.deepEqual([noRef.status, noRef.body], [400, { error: 'reference es requerido' }]);
      const noBody = await request('/api/v1/documents', { method: 'POST', headers: asBackend() });
      assert.deepEqual([noBody.status, noBody.body.message], [400, 'document_type_acronym es requerido']);
    });

    it('400 for an unknown type and for types only the system generates', async () => {
      const unknown = await request('/api/v1/documents', {
        method: 'POST',
        headers: asIntegration(),
        json: { document_type_acronym: 'XYZ', reference: 'x' },
      });
      assert.equal(unknown.status, 400);
      assert.match(unknown.body.error, /Tipo de documento no encontrado/);
      const cover = await request('/api/v1/documents', {
        method: 'POST',
        headers: asIntegration(),
        json: { document_type_acronym: 'CAEX', reference: 'x' },
      });
      assert.equal(cover.status, 400);
      assert.match(cover.body.error, /lo genera el sistema/);
    });

    it('404 for an unknown case_id, 400 for a malformed one', async () => {
      const missing = await request('/api/v1/documents', {
        method: 'POST',
        headers: asIntegration(),
        json: { document_type_acronym: 'INF', reference: 'x', case_id: '00000000-0000-4000-8000-000000000000' },
      });
      assert.deepEqual([missing.status, missing.body], [404, { error: 'Expediente no encontrado' }]);
      const malformed = await request('/api/v1/documents', {
        method: 'POST',
        headers: asIntegration(),
        json: { document_type_acronym: 'INF', reference: 'x', case_id: 'abc' },
      });
      assert.equal(malformed.status, 400);
    });

    it('NOTA needs recipient sectors {to, cc, bcc}; they must exist', async () => {
      const none = await request('/api/v1/documents', {
        method: 'POST',
        headers: asBackend(),
        json: { document_type_acronym: 'NOTA', reference: 'Nota' },
      });
      assert.equal(none.status, 400);
      assert.match(none.body.message, /recipients\.to es requerido/);
      const bad = await request('/api/v1/documents', {
        method: 'POST',
        headers: asBackend(),
        json: {
          document_type_acronym: 'NOTA',
          reference: 'Nota',
          recipients: { to: ['00000000-0000-4000-8000-000000000000'] },
        },
      });
      assert.equal(bad.status, 400);
      assert.match(bad.body.message, /Sector destinatario no encontrado/);
      const ok = await request('/api/v1/documents', {
        method: 'POST',
        headers: asBackend(),
        json: {
          document_type_acronym: 'NOTA',
          reference: 'Nota',
          recipients: { to: [sector('DOP')], cc: [sector('RENT'), sector('DOP')] },
        },
      });
      assert.equal(ok.status, 200);
      const detail = await request(`/api/v1/documents/${ok.body.data.document_id}`, { headers: asIntegration() });
      assert.deepEqual(
        detail.body.recipients,
        { to: [sector('DOP')], cc: [sector('RENT')], bcc: [] },
        'deduplicated, to wins',
      );
    });

    it('recipients on a type that takes none is a 400', async () => {
      const res = await request('/api/v1/documents', {
        method: 'POST',
        headers: asIntegration(),
        json: { document_type_acronym: 'INF', reference: 'x', recipients: [demoUser('agente-mesa')] },
      });
      assert.equal(res.status, 400);
      assert.match(res.body.error, /solo se admite en documentos NOTA/);
    });

    it('403 for a user who cannot edit in any sector', async () => {
      const viewer = await newUser({ sectors: [{ acronym: 'DOP', canEdit: false }] });
      const res = await request('/api/v1/documents', {
        method: 'POST',
        headers: viewer.backend,
        json: { document_type_acronym: 'INF', reference: 'x' },
      });
      assert.equal(res.status, 403);
    });
  });

  describe('save', () => {
    it('integration PATCH saves content, reference, signers (last one numbers) and returns {document_id, status, updated_at}', async () => {
      const id = await createIntegrationDraft('agente-obras');
      const res = await request(`/api/v1/documents/${id}`, {
        method: 'PATCH',
        headers: asIntegration('agente-obras'),
        json: {
          content: SAMPLE_HTML,
          reference: 'Nueva referencia',
          signers: [demoUser('directora-obras'), demoUser('intendente')],
        },
      });
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body).sort(), ['document_id', 'status', 'updated_at']);
      const details = await request(`/api/v1/documents/${id}/signature-details`, {
        headers: asIntegration('agente-obras'),
      });
      assert.deepEqual(
        details.body.signers.map((s: { user_id: string; role: string; status: string }) => [
          s.user_id,
          s.role,
          s.status,
        ]),
        [
          [demoUser('directora-obras'), 'signer', 'pending'],
          [demoUser('intendente'), 'numerator', 'pending'],
        ],
      );
      assert.equal(details.body.signature_status, 'unsigned');
    });

    it('backend save takes [{user_id, is_numerator}], puts the numerator last, answers {success, message, document_id, last_modified_at}', async () => {
      const id = await createBackendDraft('agente-obras');
      const res = await request(`/api/v1/documents/${id}/save`, {
        method: 'PATCH',
        headers: asBackend('agente-obras'),
        json: {
          content: SAMPLE_HTML,
          signers: [
            { user_id: demoUser('intendente'), is_numerator: true },
            { user_id: demoUser('directora-obras'), is_numerator: false },
          ],
        },
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.success, true);
      assert.equal(res.body.document_id, id);
      assert.ok(res.body.last_modified_at);
      const details = await request(`/api/v1/documents/${id}/details`, { headers: asBackend('agente-obras') });
      assert.equal(details.body.data.state_category, 'editing');
      assert.deepEqual(
        details.body.data.editing.signers.map((s: { is_numerator: boolean }) => s.is_numerator),
        [false, true],
      );
    });

    it('refuses duplicate signers, two numerators, unknown users, and users the type does not allow', async () => {
      const id = await createBackendDraft('agente-obras', { document_type_acronym: 'RESO', reference: 'Resolución' });
      const cases: [unknown, RegExp][] = [
        [[{ user_id: demoUser('intendente') }, { user_id: demoUser('intendente') }], /Firmante duplicado/],
        [
          [
            { user_id: demoUser('intendente'), is_numerator: true },
            { user_id: demoUser('directora-obras'), is_numerator: true },
          ],
          /Solo puede haber un firmante numerador/,
        ],
        [[{ user_id: '00000000-0000-4000-8000-000000000000' }], /Usuario inexistente o inactivo/],
        [
          [{ user_id: demoUser('agente-obras'), is_numerator: true }],
          /Solo pueden firmar documentos RESO usuarios con rol director/,
        ],
        [[{ user_id: 'nope' }], /signers\.0\.user_id debe ser un UUID/],
      ];
      for (const [signers, message] of cases) {
        const res = await request(`/api/v1/documents/${id}/save`, {
          method: 'PATCH',
          headers: asBackend('agente-obras'),
          json: { signers },
        });
        assert.equal(res.status, 400, JSON.stringify(signers));
        assert.match(res.body.message, message);
      }
    });

    it('someone who cannot see the document gets 404; a viewer who cannot edit gets 403', async () => {
      const id = await createIntegrationDraft('agente-obras');
      const outsider = await request(`/api/v1/documents/${id}`, {
        method: 'PATCH',
        headers: asIntegration('directora-rentas'),
        json: { reference: 'x' },
      });
      assert.deepEqual([outsider.status, outsider.body], [404, { error: 'Documento no encontrado' }]);
      // A DOP viewer of its own (no seeded user only views DOP, and their sectors are every suite's).
      const viewer = await newUser({ sectors: [{ acronym: 'DOP', canEdit: false }], apiKey: true });
      const edit = await request(`/api/v1/documents/${id}`, {
        method: 'PATCH',
        headers: viewer.integration,
        json: { reference: 'x' },
      });
      assert.equal(edit.status, 403);
      const seen = await request(`/api/v1/documents/${id}`, { headers: viewer.integration });
      assert.equal(seen.status, 200);
    });

    it('content on an imported document is refused', async () => {
      const imported = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asIntegration('agente-obras'),
        form: pdfForm({ document_type_acronym: 'INF', reference: 'Externo' }, { bytes: await letterPdf() }),
      });
      const res = await request(`/api/v1/documents/${imported.body.document_id}`, {
        method: 'PATCH',
        headers: asIntegration('agente-obras'),
        json: { content: '<p>x</p>' },
      });
      assert.equal(res.status, 400);
      assert.match(res.body.error, /importado/);
    });
  });

  describe('import and replace a PDF', () => {
    it('imports a Letter PDF: 201 with is_imported, a signed URL serves the same bytes', async () => {
      const pdf = await letterPdf('Nota externa con ñandú', 2);
      const res = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asIntegration('agente-obras'),
        form: pdfForm({ document_type_acronym: 'INF', reference: 'Externo' }, { bytes: pdf }),
      });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.is_imported, true);
      assert.equal(res.body.status, 'draft');
      const url = await request(`/api/v1/documents/${res.body.document_id}/url`, {
        headers: asIntegration('agente-obras'),
      });
      assert.equal(url.status, 200);
      assert.equal(url.body.expires_in, 600);
      const file = await fetch(url.body.pdf_url);
      assert.equal(file.status, 200);
      assert.equal(file.headers.get('content-type'), 'application/pdf');
      assert.ok(Buffer.from(await file.arrayBuffer()).equals(pdf));
    });

    it('400 for a file that is not a PDF, for a non-Letter PDF, and for missing fields', async () => {
      const text = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asIntegration(),
        form: pdfForm({ document_type_acronym: 'INF', reference: 'x' }, { bytes: Buffer.from('hola, no soy un PDF') }),
      });
      assert.deepEqual([text.status, text.body], [400, { error: 'El archivo no es un PDF valido' }]);
      const fake = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asIntegration(),
        form: pdfForm({ document_type_acronym: 'INF', reference: 'x' }, { bytes: Buffer.from('%PDF-1.7\nbasura') }),
      });
      assert.equal(fake.status, 400);
      const a4 = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asIntegration(),
        form: pdfForm(
          { document_type_acronym: 'INF', reference: 'x' },
          { bytes: await letterPdf('A4', 1, [595, 842]) },
        ),
      });
      assert.equal(a4.status, 400);
      assert.match(a4.body.error, /tamaño carta/);
      const noFile = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asIntegration(),
        form: pdfForm({ document_type_acronym: 'INF', reference: 'x' }),
      });
      assert.deepEqual([noFile.status, noFile.body], [400, { error: 'pdf_file es requerido' }]);
      const noRef = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asIntegration(),
        form: pdfForm({ document_type_acronym: 'INF' }, { bytes: await letterPdf() }),
      });
      assert.deepEqual([noRef.status, noRef.body], [400, { error: 'reference es requerido' }]);
    });

    it('422 for a PDF over 10 MB, refused while streaming', async () => {
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);
      const res = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asIntegration(),
        form: pdfForm({ document_type_acronym: 'INF', reference: 'x' }, { bytes: big }),
      });
      assert.deepEqual([res.status, res.body], [422, { error: 'El PDF excede el tamaño máximo de 10 MB' }]);
    });

    it('replace: draft imported only (409 otherwise, 400 when not imported), 422 for an invalid PDF', async () => {
      const imported = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asIntegration('agente-obras'),
        form: pdfForm({ document_type_acronym: 'INF', reference: 'Externo' }, { bytes: await letterPdf() }),
      });
      const id = imported.body.document_id;
      const replaced = await request(`/api/v1/documents/${id}/imported-pdf`, {
        method: 'PUT',
        headers: asIntegration('agente-obras'),
        form: pdfForm({}, { bytes: await letterPdf('Versión 2') }),
      });
      assert.equal(replaced.status, 200);
      assert.deepEqual(Object.keys(replaced.body).sort(), ['document_id', 'message', 'updated_at']);
      const invalid = await request(`/api/v1/documents/${id}/imported-pdf`, {
        method: 'PUT',
        headers: asIntegration('agente-obras'),
        form: pdfForm({}, { bytes: Buffer.from('nada') }),
      });
      assert.deepEqual([invalid.status, invalid.body], [422, { error: 'El archivo no es un PDF valido' }]);
      const html = await createIntegrationDraft('agente-obras');
      const notImported = await request(`/api/v1/documents/${html}/imported-pdf`, {
        method: 'PUT',
        headers: asIntegration('agente-obras'),
        form: pdfForm({}, { bytes: await letterPdf() }),
      });
      assert.equal(notImported.status, 400);
    });
  });

  describe('import on the backend (the desk)', () => {
    it('201 in the envelope, the same checks as the integration import, and the preview answers a signed URL', async () => {
      const pdf = await letterPdf('Nota recibida por mesa', 1);
      const res = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asBackend('agente-obras'),
        form: pdfForm({ document_type_acronym: 'INF', reference: 'Nota externa' }, { bytes: pdf }),
      });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.success, true);
      assert.equal(res.body.data.is_imported, true);
      assert.equal(res.body.data.status, 'draft');
      assert.equal(res.body.data.document_type, 'INF');
      const id = res.body.data.document_id;
      const preview = await request(`/api/v1/documents/${id}/preview-download`, {
        method: 'POST',
        headers: asBackend('agente-obras'),
      });
      assert.equal(preview.status, 200);
      const file = await fetch(preview.body.data.pdf_url);
      assert.ok(Buffer.from(await file.arrayBuffer()).equals(pdf), 'the stored file is the upload, byte for byte');
      const details = await request(`/api/v1/documents/${id}/details`, { headers: asBackend('agente-obras') });
      assert.equal(details.body.data.is_imported, true);

      const replacement = await letterPdf('Nota recibida, versión corregida', 2);
      const replaced = await request(`/api/v1/documents/${id}/imported-pdf`, {
        method: 'PUT',
        headers: asBackend('agente-obras'),
        form: pdfForm({}, { bytes: replacement }),
      });
      assert.equal(replaced.status, 200, replaced.text);
      assert.deepEqual(Object.keys(replaced.body.data).sort(), ['document_id', 'updated_at']);
      const again = await request(`/api/v1/documents/${id}/preview-download`, {
        method: 'POST',
        headers: asBackend('agente-obras'),
      });
      assert.ok(Buffer.from(await (await fetch(again.body.data.pdf_url)).arrayBuffer()).equals(replacement));

      const notPdf = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asBackend('agente-obras'),
        form: pdfForm({ document_type_acronym: 'INF', reference: 'x' }, { bytes: Buffer.from('hola') }),
      });
      assert.deepEqual(
        [notPdf.status, notPdf.body.success, notPdf.body.message],
        [400, false, 'El archivo no es un PDF valido'],
      );
      const noRef = await request('/api/v1/documents/import', {
        method: 'POST',
        headers: asBackend('agente-obras'),
        form: pdfForm({ document_type_acronym: 'INF' }, { bytes: pdf }),
      });
      assert.deepEqual([noRef.status, noRef.body.message], [400, 'reference es requerido']);
      const html = await createBackendDraft('agente-obras');
      const notImported = await request(`/api/v1/documents/${html}/imported-pdf`, {
        method: 'PUT',
        headers: asBackend('agente-obras'),
        form: pdfForm({}, { bytes: pdf }),
      });
      assert.equal(notImported.status, 400);
      const stranger = await request(`/api/v1/documents/${id}/imported-pdf`, {
        method: 'PUT',
        headers: asBackend('agente-mesa'),
        form: pdfForm({}, { bytes: pdf }),
      });
      assert.equal(stranger.status, 404, 'a user of another sector does not see the draft');
    });
  });

  describe('delete', () => {
    it('soft-deletes a draft (then 404 everywhere); backend allows only the creator', async () => {
      const id = await createBackendDraft('agente-obras');
      const notCreator = await request(`/api/v1/documents/${id}`, {
        method: 'DELETE',
        headers: asBackend('directora-obras'),
      });
      assert.equal(notCreator.status, 403);
      const ok = await request(`/api/v1/documents/${id}`, { method: 'DELETE', headers: asBackend('agente-obras') });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.data.deleted, true);
      const after = await request(`/api/v1/documents/${id}`, { headers: asIntegration('agente-obras') });
      assert.equal(after.status, 404);
      const again = await request(`/api/v1/documents/${id}`, {
        method: 'DELETE',
        headers: asIntegration('agente-obras'),
      });
      assert.equal(again.status, 404);
    });

    it('integration lets an editor of the sector delete', async () => {
      const id = await createIntegrationDraft('agente-obras');
      const res = await request(`/api/v1/documents/${id}`, {
        method: 'DELETE',
        headers: asIntegration('directora-obras'),
      });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { document_id: id, deleted: true, message: 'Documento eliminado' });
    });
  });
});
