/**
 * Relations between records (listed from both ends, never to itself, deleted only through one of
 * its records) and links to cases and documents (409 when repeated, unlinked by link id), each
 * writing its history entry.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createCase } from '../support/cases.js';
import { createIntegrationDraft } from '../support/documents.js';
import { backend, createRecord, integration, type CreatedRecord } from './support.js';

const actions = async (user: string, id: string) =>
  (await integration(user, `/records/${id}/history?page_size=100`)).body.entries.map(
    (e: { action: string }) => e.action,
  ) as string[];

describe('records: relations and links', function () {
  this.timeout(180_000);
  const tag = randomUUID().slice(0, 8);
  let parent: CreatedRecord;
  let child: CreatedRecord;
  let other: CreatedRecord;
  let lum: CreatedRecord;

  before(async () => {
    parent = await createRecord('directora-obras', 'ARQ', `Estudio Pérez ${tag}`);
    child = await createRecord('directora-obras', 'ARQ', `Arq. Pérez hijo ${tag}`);
    other = await createRecord('directora-obras', 'ARQ', `Arq. Otra ${tag}`);
    lum = await createRecord('directora-obras', 'LUM', `Luz relacionada ${tag}`);
  });

  describe('relations', () => {
    let relationId: string;

    it('creates a relation (201) and lists it from both ends', async () => {
      const res = await integration('directora-obras', `/records/${parent.id}/relations`, 'POST', {
        target_record_id: child.id,
        relation_type: 'parent',
        notes: 'Socio fundador',
      });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.source_record_id, parent.id);
      assert.equal(res.body.target_record_id, child.id);
      assert.equal(res.body.relation_type, 'parent');
      relationId = res.body.relation_id;

      const fromParent = await integration('intendente', `/records/${parent.id}/relations`);
      assert.equal(fromParent.status, 200, fromParent.text);
      assert.equal(fromParent.body.total, 1);
      const out = fromParent.body.relations[0];
      assert.equal(out.relation_id, relationId);
      assert.equal(out.direction, 'outgoing');
      assert.equal(out.notes, 'Socio fundador');
      assert.deepEqual(out.related_record, {
        id: child.id,
        record_number: child.record_number,
        display_name: child.display_name,
        state: 'Activo',
        registry_code: 'ARQ',
        registry_name: 'Registro de Arquitectos',
        resume: null,
      });
      const fromChild = await backend('intendente', `/records/${child.id}/relations`);
      assert.equal(fromChild.body.data.total, 1);
      assert.equal(fromChild.body.data.relations[0].direction, 'incoming');
      assert.equal(fromChild.body.data.relations[0].relation_type, 'parent');
      assert.equal(fromChild.body.data.relations[0].related_record.id, parent.id);
      assert.deepEqual(Object.keys(fromChild.body.data).sort(), [
        'page',
        'page_size',
        'relations',
        'total',
        'total_pages',
      ]);
    });

    it('refuses self relations, unknown types and targets, repeats and users without can_edit', async () => {
      const self = await integration('directora-obras', `/records/${parent.id}/relations`, 'POST', {
        target_record_id: parent.id,
        relation_type: 'related',
      });
      assert.equal(self.status, 400);
      assert.equal(self.body.error, 'Un legajo no puede relacionarse consigo mismo');
      const type = await integration('directora-obras', `/records/${parent.id}/relations`, 'POST', {
        target_record_id: other.id,
        relation_type: 'uncle',
      });
      assert.equal(type.status, 400);
      assert.match(
        type.body.error,
        /^relation_type debe ser uno de: parent, child, related, replaces, sibling, cousin$/,
      );
      const missing = await integration('directora-obras', `/records/${parent.id}/relations`, 'POST', {
        target_record_id: randomUUID(),
        relation_type: 'related',
      });
      assert.equal(missing.status, 404);
      assert.equal(missing.body.error, 'Legajo destino no encontrado');
      const repeat = await integration('directora-obras', `/records/${parent.id}/relations`, 'POST', {
        target_record_id: child.id,
        relation_type: 'parent',
      });
      assert.equal(repeat.status, 409);
      const viewer = await integration('intendente', `/records/${parent.id}/relations`, 'POST', {
        target_record_id: other.id,
        relation_type: 'related',
      });
      assert.equal(viewer.status, 403);
    });

    it('hides related records of families the user cannot view', async () => {
      const res = await backend('directora-obras', `/records/${other.id}/relations`, 'POST', {
        target_record_id: lum.id,
        relation_type: 'related',
      });
      assert.equal(res.status, 200, res.text);
      assert.equal((await integration('directora-obras', `/records/${other.id}/relations`)).body.total, 1);
      // Mesa de Entradas views ARQ but not LUM.
      const mesa = await integration('agente-mesa', `/records/${other.id}/relations`);
      assert.equal(mesa.status, 200, mesa.text);
      assert.equal(mesa.body.total, 0);
      // And cannot relate to a LUM record either: it does not exist for them.
      const sofia = await integration('jefa-mesa', `/records/${child.id}/relations`, 'POST', {
        target_record_id: lum.id,
        relation_type: 'related',
      });
      assert.equal(sofia.status, 404);
    });

    it('deletes a relation only through one of its records, writing relation_deleted on both', async () => {
      const wrong = await integration('directora-obras', `/records/${other.id}/relations/${relationId}`, 'DELETE');
      assert.equal(wrong.status, 404);
      assert.equal(wrong.body.error, 'Relación no encontrada');
      const res = await integration('directora-obras', `/records/${child.id}/relations/${relationId}`, 'DELETE');
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.removed, true);
      assert.equal((await integration('directora-obras', `/records/${parent.id}/relations`)).body.total, 0);
      assert.equal(
        (await integration('directora-obras', `/records/${child.id}/relations/${relationId}`, 'DELETE')).status,
        404,
      );
      assert.deepEqual((await actions('directora-obras', parent.id)).slice(0, 2), [
        'relation_deleted',
        'relation_created',
      ]);
      assert.deepEqual((await actions('directora-obras', child.id)).slice(0, 2), [
        'relation_deleted',
        'relation_created',
      ]);
    });
  });

  describe('case links', () => {
    let caseId: string;
    let linkId: string;
    before(async () => {
      const created = await createCase('directora-obras', { reference: `Permiso de obra ${tag}` });
      caseId = created.case_id;
    });

    it('links a case once (201), lists it, then 409 on a repeat', async () => {
      const res = await integration('directora-obras', `/records/${parent.id}/cases`, 'POST', {
        case_id: caseId,
        notes: 'Obra en curso',
      });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.case_id, caseId);
      assert.match(res.body.case_number, /^EE-/);
      assert.equal(res.body.reference, `Permiso de obra ${tag}`);
      linkId = res.body.link_id;
      const repeat = await backend('directora-obras', `/records/${parent.id}/cases`, 'POST', { case_id: caseId });
      assert.equal(repeat.status, 409);
      assert.equal(repeat.body.message, 'El expediente ya está vinculado al legajo');
      const list = await backend('directora-obras', `/records/${parent.id}/cases`);
      assert.equal(list.status, 200, list.text);
      assert.equal(list.body.data.total, 1);
      assert.deepEqual(Object.keys(list.body.data.cases[0]).sort(), [
        'case_id',
        'case_number',
        'link_id',
        'linked_at',
        'notes',
        'reference',
        'short_ai_summary',
      ]);
      assert.equal(
        (await integration('directora-obras', `/records/${parent.id}/cases`, 'POST', {})).body.error,
        'case_id es requerido',
      );
      assert.equal(
        (await integration('directora-obras', `/records/${parent.id}/cases`, 'POST', { case_id: randomUUID() })).status,
        404,
      );
    });

    it('unlinks by link id through its own record only', async () => {
      assert.equal(
        (await integration('directora-obras', `/records/${child.id}/cases/${linkId}`, 'DELETE')).status,
        404,
      );
      const res = await integration('directora-obras', `/records/${parent.id}/cases/${linkId}`, 'DELETE');
      assert.equal(res.status, 200, res.text);
      assert.equal((await integration('directora-obras', `/records/${parent.id}/cases`)).body.total, 0);
      assert.deepEqual((await actions('directora-obras', parent.id)).slice(0, 2), ['case_unlinked', 'case_linked']);
    });
  });

  describe('document links', () => {
    let documentId: string;

    before(async () => {
      documentId = await createIntegrationDraft('directora-obras', { reference: `Plano ${tag}` });
    });

    it('links a document per field; a repeat is 409; an unknown field 404', async () => {
      const res = await integration('directora-obras', `/records/${child.id}/documents`, 'POST', {
        document_id: documentId,
        field_name: 'titulo',
        notes: 'Copia',
      });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.document_id, documentId);
      assert.equal(res.body.field_name, 'titulo');
      assert.equal(res.body.reference, `Plano ${tag}`);
      const repeat = await integration('directora-obras', `/records/${child.id}/documents`, 'POST', {
        document_id: documentId,
        field_name: 'titulo',
      });
      assert.equal(repeat.status, 409);
      assert.equal(repeat.body.error, 'El documento ya está vinculado al legajo');
      const recordLevel = await integration('directora-obras', `/records/${child.id}/documents`, 'POST', {
        document_id: documentId,
      });
      assert.equal(recordLevel.status, 201, 'the same document for the record as a whole is another link');
      const badField = await integration('directora-obras', `/records/${child.id}/documents`, 'POST', {
        document_id: documentId,
        field_name: 'color',
      });
      assert.equal(badField.status, 404);
      assert.equal(
        (await integration('directora-obras', `/records/${child.id}/documents`, 'POST', { document_id: randomUUID() }))
          .status,
        404,
      );
      assert.equal(
        (await integration('directora-obras', `/records/${child.id}/documents`, 'POST', {})).body.error,
        'document_id es requerido',
      );
      const list = await integration('directora-obras', `/records/${child.id}/documents`);
      assert.equal(list.status, 200, list.text);
      assert.equal(list.body.total, 2);
      // Another sector's draft is not the Intendente's to see, linked or not.
      assert.equal((await integration('intendente', `/records/${child.id}/documents`)).body.total, 0);
    });

    it('unlinks by link id and writes document_unlinked', async () => {
      const list = await integration('directora-obras', `/records/${child.id}/documents`);
      const link = list.body.documents.find((d: { field_name: string | null }) => d.field_name === 'titulo');
      const viewer = await integration('intendente', `/records/${child.id}/documents/${link.link_id}`, 'DELETE');
      assert.equal(viewer.status, 403);
      const res = await backend('directora-obras', `/records/${child.id}/documents/${link.link_id}`, 'DELETE');
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.data.removed, true);
      assert.equal((await integration('directora-obras', `/records/${child.id}/documents`)).body.total, 1);
      const history = await integration('directora-obras', `/records/${child.id}/history`);
      const [unlinked, linked] = history.body.entries;
      assert.equal(unlinked.action, 'document_unlinked');
      assert.equal(unlinked.field_name, 'titulo');
      assert.equal(unlinked.before_value.document_id, documentId);
      assert.equal(linked.action, 'document_linked');
    });
  });
});
