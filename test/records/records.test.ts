/**
 * Records end to end through both interfaces: creation with schema validation and numbering,
 * detail, per-sector permissions (OR over the user's sectors), state and name updates, field
 * edits, verification and the history every change writes.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { demoUser } from '../support/http.js';
import { createIntegrationDraft } from '../support/documents.js';
import { backend, createRecord, integration, officialDocument } from './support.js';

describe('records: create, read, update, verify', function () {
  this.timeout(120_000);
  const tag = randomUUID().slice(0, 8);

  describe('creation', () => {
    it('creates an ARQ record numbered RLM-<year>-<8 digits>-MVE-ARQ in the first allowed state', async () => {
      const res = await integration('agente-obras', '/records', 'POST', {
        registry_code: 'ARQ',
        display_name: `Arq. Ana Pérez ${tag}`,
        data: {
          matricula: { value: 'MP-1234', notes: 'Colegio de Arquitectos' },
          telefono: '351-555-0000',
          especialidad: { value: 'Arquitectura' },
        },
      });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(Object.keys(res.body).sort(), ['display_name', 'id', 'record_number', 'state']);
      assert.match(res.body.record_number, /^RLM-\d{4}-\d{8}-MVE-ARQ$/);
      assert.equal(res.body.state, 'Activo');

      const detail = await integration('agente-obras', `/records/${res.body.id}`);
      assert.equal(detail.status, 200, detail.text);
      assert.deepEqual(detail.body.registry, { code: 'ARQ', name: 'Registro de Arquitectos' });
      assert.equal(detail.body.data.matricula.value, 'MP-1234');
      assert.equal(detail.body.data.matricula.notes, 'Colegio de Arquitectos');
      assert.equal(detail.body.data.matricula.verified, false, 'verifiable fields start unverified');
      assert.equal(detail.body.data.telefono.value, '351-555-0000', 'a bare value stands for {value}');
      assert.equal(detail.body.data.seguro.value, null, 'required and optional fields may stay empty');
      assert.deepEqual(detail.body.permissions, { can_view: true, can_edit: true });
      assert.equal(detail.body.resume, null);
      assert.equal(detail.body.created_by.user_id, demoUser('agente-obras'));
      assert.equal(detail.body.created_by.name, 'Jorge Peña');
      assert.equal(detail.body.created_by.sector, 'Dirección de Obras Particulares');
      assert.equal(detail.body.created_by.department, 'Secretaría de Obras Públicas');
    });

    it('backend create answers the registry and creation time; detail adds schema, states, four permissions and next_expiration', async () => {
      const res = await backend('directora-obras', '/records', 'POST', {
        registry_code: 'LUM',
        display_name: `Luminaria ${tag}`,
        data: { ubicacion: 'Güemes 120', potencia: 150, led: true, fecha_instalacion: '2024-03-01' },
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.success, true);
      const data = res.body.data;
      assert.equal(data.registry_code, 'LUM');
      assert.equal(data.registry_name, 'Registro de Luminarias');
      assert.equal(data.state, 'Activo');
      assert.ok(data.created_at);
      const detail = await backend('directora-obras', `/records/${data.id}`);
      assert.equal(detail.status, 200, detail.text);
      assert.equal(detail.body.data.registry.code, 'LUM');
      assert.ok(detail.body.data.registry.data_schema.potencia);
      assert.deepEqual(detail.body.data.registry.allowed_states, ['Activo', 'Inactivo', 'En reparación', 'Archivado']);
      assert.deepEqual(detail.body.data.permissions, {
        can_create: true,
        can_edit: true,
        can_view: true,
        can_verify: true,
      });
      assert.equal(detail.body.data.data.potencia.value, 150);
      assert.equal(detail.body.data.next_expiration, null);
    });

    it('refuses data that does not fit the family schema, naming the field, and writes nothing', async () => {
      const cases: [unknown, RegExp][] = [
        [{ potencia: 'mucha' }, /^data\.potencia\.value debe ser un número/],
        [{ fecha_instalacion: '2024-13-45' }, /^data\.fecha_instalacion\.value debe ser una fecha/],
        [{ estado: 'Rota' }, /^data\.estado\.value debe ser uno de: Funcionando, Apagada, Dañada$/],
        [{ led: 'si' }, /^data\.led\.value debe ser true o false/],
        [{ color: 'azul' }, /^data\.color no es un campo del registro LUM$/],
        [{ ubicacion: { value: 'x', verificado: true } }, /^data\.ubicacion\.verificado no es una propiedad/],
        [{ certificado: { value: 'no-es-uuid' } }, /^data\.certificado\.value debe ser un UUID$/],
        [{ certificado: { value: randomUUID() } }, /^data\.certificado\.value: Documento no encontrado$/],
        [{ ubicacion: { value: 'x', expiration_date: '2030-01-01' } }, /^El campo 'ubicacion' no admite vencimiento$/],
        [[1, 2], /^data debe ser un objeto$/],
      ];
      const name = `Invalida ${tag}`;
      for (const [data, message] of cases) {
        const res = await integration('agente-obras', '/records', 'POST', {
          registry_code: 'LUM',
          display_name: name,
          data,
        });
        assert.equal(res.status, 400, `${JSON.stringify(data)}: ${res.text}`);
        assert.match(res.body.error, message);
      }
      const list = await backend('agente-obras', `/records?search=${encodeURIComponent(name)}`);
      assert.equal(list.body.data.total, 0, 'no partial write');
    });

    it('refuses missing names, unknown registries and users without can_create', async () => {
      assert.equal(
        (await integration('agente-obras', '/records', 'POST', { registry_code: 'ARQ' })).body.error,
        'display_name es requerido',
      );
      assert.equal(
        (await integration('agente-obras', '/records', 'POST', { display_name: 'x' })).body.error,
        'registry_code es requerido',
      );
      const unknown = await integration('agente-obras', '/records', 'POST', {
        registry_code: 'NOPE',
        display_name: 'x',
      });
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.error, 'Registro no encontrado');
      // Intendencia only views ARQ; Rentas edits but does not create.
      for (const user of ['intendente', 'directora-rentas']) {
        const res = await integration(user, '/records', 'POST', { registry_code: 'ARQ', display_name: 'x' });
        assert.equal(res.status, 403, `${user}: ${res.text}`);
        assert.equal(res.body.error, 'Sin permisos para crear legajos en este registro');
      }
      // Mesa de Entradas may create ARQ records (but not edit them).
      await createRecord('agente-mesa', 'ARQ', `Arq. creada por Mesa ${tag}`);
    });
  });

  describe('permissions per sector', () => {
    let arq: string;
    let lum: string;
    before(async () => {
      arq = (await createRecord('agente-obras', 'ARQ', `Arq. Permisos ${tag}`)).id;
      lum = (await createRecord('agente-obras', 'LUM', `Luminaria permisos ${tag}`)).id;
    });

    it('a sector with only can_view reads but cannot edit or verify', async () => {
      const detail = await integration('intendente', `/records/${arq}`);
      assert.equal(detail.status, 200, detail.text);
      assert.deepEqual(detail.body.permissions, { can_view: true, can_edit: false });
      const edit = await integration('intendente', `/records/${arq}`, 'PATCH', { state: 'Suspendido' });
      assert.equal(edit.status, 403);
      assert.equal(edit.body.error, 'Sin permisos para editar legajos de este registro');
      const field = await backend('intendente', `/records/${arq}/fields/telefono`, 'PATCH', { value: '1' });
      assert.equal(field.status, 403);
      assert.equal(field.body.success, false);
    });

    it('can_edit without can_verify edits fields but cannot verify them', async () => {
      const edit = await integration('directora-rentas', `/records/${arq}/fields/telefono`, 'PATCH', {
        value: '351-000',
      });
      assert.equal(edit.status, 200, edit.text);
      const verify = await integration('directora-rentas', `/records/${arq}/fields/matricula/verify`, 'POST', {
        document_id: randomUUID(),
      });
      assert.equal(verify.status, 403);
      assert.equal(verify.body.error, 'Sin permisos para verificar campos de este registro');
    });

    it("permissions are the OR of the user's sectors", async () => {
      // Sofía: Mesa de Entradas (create, view) + Rentas (edit, view) → create, edit and view, no verify.
      const res = await backend('jefa-mesa', `/records/${arq}`);
      assert.deepEqual(res.body.data.permissions, {
        can_create: true,
        can_edit: true,
        can_view: true,
        can_verify: false,
      });
      // Carlos, only in Mesa de Entradas, cannot edit.
      assert.equal((await integration('agente-mesa', `/records/${arq}`, 'PATCH', { display_name: 'x' })).status, 403);
    });

    it('a family the user cannot view is 403 on detail and absent from registries', async () => {
      const res = await integration('agente-mesa', `/records/${lum}`);
      assert.equal(res.status, 403);
      assert.equal(res.body.error, 'Sin permisos para ver legajos de este registro');
      const registries = await integration('agente-mesa', '/registries');
      assert.deepEqual(
        registries.body.registries.map((r: { code: string }) => r.code),
        ['ARQ', 'ORD'],
      );
      assert.equal(registries.body.total, 2);
      assert.deepEqual(Object.keys(registries.body.registries[0]).sort(), ['code', 'name']);
      assert.equal((await integration('agente-mesa', `/records/${randomUUID()}`)).status, 404);
      assert.equal((await integration('agente-mesa', '/records/not-a-uuid')).status, 404);
    });

    it('backend registries carry record_count, permissions and data_schema', async () => {
      const res = await backend('directora-rentas', '/registries');
      assert.equal(res.status, 200, res.text);
      const arqFamily = res.body.data.registries.find((r: { code: string }) => r.code === 'ARQ');
      assert.deepEqual(arqFamily.permissions, { can_create: false, can_edit: true, can_view: true, can_verify: false });
      assert.ok(arqFamily.record_count >= 1);
      assert.equal(arqFamily.data_schema.seguro.has_expiration, true);
      const one = await backend('directora-rentas', `/registries/${arqFamily.id}`);
      assert.equal(one.status, 200, one.text);
      assert.equal(one.body.data.code, 'ARQ');
      assert.deepEqual(one.body.data.allowed_states, ['Activo', 'Inactivo', 'Suspendido', 'Archivado']);
      const lumFamily = (await backend('directora-obras', '/registries')).body.data.registries.find(
        (r: { code: string }) => r.code === 'LUM',
      );
      assert.equal(
        (await backend('directora-rentas', `/registries/${lumFamily.id}`)).status,
        404,
        'no permission on LUM',
      );
    });
  });

  describe('updates, field edits, verification and history', () => {
    let id: string;
    let official: { id: string; number: string };
    before(async () => {
      id = (await createRecord('directora-obras', 'ARQ', `Arq. Historia ${tag}`, { matricula: 'MP-9' })).id;
      official = await officialDocument('directora-obras');
    });

    it('PATCH needs state or display_name and validates the state', async () => {
      const none = await integration('directora-obras', `/records/${id}`, 'PATCH', { reason: 'nada' });
      assert.equal(none.status, 400);
      assert.equal(none.body.error, 'Debe indicar state o display_name');
      const bad = await integration('directora-obras', `/records/${id}`, 'PATCH', { state: 'Vigente' });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error, 'state debe ser uno de: Activo, Inactivo, Suspendido, Archivado');
    });

    it('state, name or both write state_changed, display_name_changed, record_updated', async () => {
      const s = await backend('directora-obras', `/records/${id}`, 'PATCH', {
        state: 'Suspendido',
        reason: 'Seguro vencido',
      });
      assert.equal(s.status, 200, s.text);
      assert.equal(s.body.data.state, 'Suspendido');
      assert.ok(s.body.data.updated_at);
      const n = await integration('directora-obras', `/records/${id}`, 'PATCH', {
        display_name: `Arq. Historia Renombrada ${tag}`,
      });
      assert.equal(n.body.display_name, `Arq. Historia Renombrada ${tag}`);
      const both = await integration('directora-obras', `/records/${id}`, 'PATCH', {
        state: 'Activo',
        display_name: `Arq. Historia ${tag}`,
      });
      assert.equal(both.status, 200, both.text);
      assert.equal(both.body.state, 'Activo');
    });

    it('a field edit changes only the supplied keys and answers next_expiration', async () => {
      const doc = await createIntegrationDraft('directora-obras', { reference: 'Póliza' });
      const first = await backend('directora-obras', `/records/${id}/fields/seguro`, 'PATCH', {
        value: doc,
        expiration_date: '2027-05-31',
        notes: 'Póliza 77',
      });
      assert.equal(first.status, 200, first.text);
      assert.equal(first.body.data.field_name, 'seguro');
      assert.equal(first.body.data.next_expiration, '2027-05-31');
      const second = await integration('directora-obras', `/records/${id}/fields/seguro`, 'PATCH', {
        document_reference: 'Póliza La Segunda',
      });
      assert.equal(second.status, 200, second.text);
      assert.equal(second.body.field_data.value, doc, 'value kept');
      assert.equal(second.body.field_data.notes, 'Póliza 77', 'notes kept');
      assert.equal(second.body.field_data.expiration_date, '2027-05-31');
      assert.equal(second.body.field_data.document_reference, 'Póliza La Segunda');
    });

    it('field edits refuse unknown fields (404), bad values and unknown keys (400)', async () => {
      const unknown = await integration('directora-obras', `/records/${id}/fields/color`, 'PATCH', { value: 'x' });
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.error, "El campo 'color' no existe en el registro ARQ");
      const badValue = await integration('directora-obras', `/records/${id}/fields/especialidad`, 'PATCH', {
        value: 'Astronauta',
      });
      assert.equal(badValue.status, 400);
      assert.match(badValue.body.error, /^especialidad\.value debe ser uno de: Arquitectura/);
      const badKey = await integration('directora-obras', `/records/${id}/fields/telefono`, 'PATCH', {
        verified: true,
      });
      assert.equal(badKey.status, 400);
      assert.equal(badKey.body.error, 'telefono.verified no es una propiedad de un campo');
      const empty = await integration('directora-obras', `/records/${id}/fields/telefono`, 'PATCH', {});
      assert.equal(empty.status, 400);
      assert.match(empty.body.error, /^Debe indicar al menos uno de: value/);
      const badDate = await integration('directora-obras', `/records/${id}/fields/seguro`, 'PATCH', {
        expiration_date: 'mañana',
      });
      assert.equal(badDate.status, 400);
      assert.match(badDate.body.error, /^seguro\.expiration_date debe ser una fecha/);
    });

    it('verification needs an official document and a verifiable field; it fills the verified_* keys', async () => {
      const draft = await createIntegrationDraft('directora-obras');
      const notOfficial = await integration('directora-obras', `/records/${id}/fields/matricula/verify`, 'POST', {
        document_id: draft,
      });
      assert.equal(notOfficial.status, 400);
      assert.equal(notOfficial.body.error, 'El documento no es un documento oficial');
      const missing = await integration('directora-obras', `/records/${id}/fields/matricula/verify`, 'POST', {
        document_id: randomUUID(),
      });
      assert.equal(missing.status, 404);
      const noDoc = await integration('directora-obras', `/records/${id}/fields/matricula/verify`, 'POST', {});
      assert.equal(noDoc.status, 400);
      assert.equal(noDoc.body.error, 'document_id es requerido');
      const notVerifiable = await integration('directora-obras', `/records/${id}/fields/telefono/verify`, 'POST', {
        document_id: official.id,
      });
      assert.equal(notVerifiable.status, 400);
      assert.equal(notVerifiable.body.error, "El campo 'telefono' no admite verificación");

      const ok = await backend('directora-obras', `/records/${id}/fields/matricula/verify`, 'POST', {
        document_id: official.id,
        notes: 'Constatado',
      });
      assert.equal(ok.status, 200, ok.text);
      const entry = ok.body.data.field_data;
      assert.equal(entry.verified, true);
      assert.equal(entry.value, 'MP-9');
      assert.equal(entry.verified_by, demoUser('directora-obras'));
      assert.equal(entry.verified_by_name, 'Lucía Fernández');
      assert.equal(entry.verified_document_id, official.id);
      assert.equal(entry.verified_document_number, official.number);
      assert.equal(entry.verified_document_resume, 'Certificado de matrícula');
      assert.equal(entry.verification_notes, 'Constatado');
      assert.ok(entry.verified_at);
      const detail = await integration('intendente', `/records/${id}`);
      assert.equal(detail.body.data.matricula.verified, true);
    });

    it('history lists every change newest first with before/after, user and sector names', async () => {
      const res = await integration('intendente', `/records/${id}/history`);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(
        res.body.entries.map((e: { action: string }) => e.action),
        [
          'field_verified',
          'field_updated',
          'field_updated',
          'record_updated',
          'display_name_changed',
          'state_changed',
          'created',
        ],
      );
      assert.equal(res.body.total, 7);
      assert.equal(res.body.total_pages, 1);
      const [verified, , edit, both, , state, created] = res.body.entries;
      assert.equal(verified.field_name, 'matricula');
      assert.equal(verified.before_value.verified, false);
      assert.equal(verified.after_value.verified, true);
      assert.equal(edit.field_name, 'seguro');
      assert.equal(edit.before_value.value, null);
      assert.equal(edit.after_value.expiration_date, '2027-05-31');
      assert.deepEqual(both.before_value, { state: 'Suspendido', display_name: `Arq. Historia Renombrada ${tag}` });
      assert.deepEqual(both.after_value, { state: 'Activo', display_name: `Arq. Historia ${tag}` });
      assert.deepEqual(state.before_value, { state: 'Activo' });
      assert.deepEqual(state.after_value, { state: 'Suspendido', reason: 'Seguro vencido' });
      assert.equal(created.after_value.display_name, `Arq. Historia ${tag}`);
      for (const e of res.body.entries) {
        assert.equal(e.user_id, demoUser('directora-obras'));
        assert.equal(e.user_name, 'Lucía Fernández');
        assert.equal(e.sector_name, 'Dirección de Obras Particulares');
        assert.ok(e.id && e.created_at);
      }
      const paged = await backend('intendente', `/records/${id}/history?page=2&page_size=3`);
      assert.equal(paged.status, 200, paged.text);
      assert.deepEqual(
        paged.body.data.entries.map((e: { action: string }) => e.action),
        ['record_updated', 'display_name_changed', 'state_changed'],
      );
      assert.equal(paged.body.data.total_pages, 3);
      assert.equal((await integration('intendente', `/records/${id}/history?page_size=101`)).status, 400);
    });

    it('changing a verified value withdraws its verification', async () => {
      const res = await integration('directora-obras', `/records/${id}/fields/matricula`, 'PATCH', { value: 'MP-10' });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.field_data.verified, false);
      assert.equal(res.body.field_data.verified_document_id, null);
      const notesOnly = await integration('directora-obras', `/records/${id}/fields/matricula/verify`, 'POST', {
        document_id: official.id,
      });
      assert.equal(notesOnly.status, 200);
      const kept = await integration('directora-obras', `/records/${id}/fields/matricula`, 'PATCH', {
        notes: 'sin cambios de valor',
      });
      assert.equal(kept.body.field_data.verified, true, 'a notes edit keeps the verification');
    });
  });
});
