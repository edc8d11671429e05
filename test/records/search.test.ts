/**
 * Finding records: integration search, backend list and autocomplete — number, name and field
 * text, case-insensitive, with %, _ and \ taken literally; only families the user may view;
 * nothing of another municipality.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { tenantDb, type Tenant } from '../../db/tenancy.js';
import { createTenant } from '../../db/tenants.js';
import { getStack } from '../support/hooks.js';
import { request } from '../support/http.js';
import { backend, createRecord, integration, type CreatedRecord } from './support.js';

const q = encodeURIComponent;
const names = (records: { display_name: string }[]) => records.map((r) => r.display_name).sort();

describe('records: search, list and autocomplete', function () {
  this.timeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const made: Record<string, CreatedRecord> = {};

  before(async () => {
    for (const name of ['50%off', '50 off', 'a_b', 'axb', 'c\\d', 'cd'])
      made[name] = await createRecord('directora-obras', 'ARQ', `esc${tag} ${name}`);
    made.mat = await createRecord('directora-obras', 'ARQ', `Arq. Matriculada ${tag}`, { matricula: `MP-${tag}-77` });
    made.lum = await createRecord('directora-obras', 'LUM', `Luz esc${tag}`, { ubicacion: `Güemes ${tag}` });
    const suspended = await integration('directora-obras', `/records/${made.axb!.id}`, 'PATCH', {
      state: 'Suspendido',
    });
    assert.equal(suspended.status, 200, suspended.text);
  });

  describe('integration search', () => {
    it('matches name, number and field values, case-insensitively, newest first', async () => {
      const res = await integration(
        'directora-obras',
        `/records/search?search=${q(`ESC${tag.toUpperCase()}`)}&family_code=ARQ`,
      );
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.total, 6);
      const newestFirst = ['cd', 'c\\d', 'axb', 'a_b', '50 off', '50%off'].map((n) => `esc${tag} ${n}`);
      assert.deepEqual(
        res.body.records.map((r: { display_name: string }) => r.display_name),
        newestFirst,
      );
      assert.deepEqual(Object.keys(res.body.records[0]).sort(), [
        'display_name',
        'id',
        'record_number',
        'resume',
        'state',
      ]);
      assert.equal(res.body.page, 1);
      assert.equal(res.body.page_size, 20);
      assert.equal(res.body.total_pages, 1);

      const byValue = await integration('intendente', `/records/search?search=${q(`mp-${tag}`)}`);
      assert.deepEqual(
        byValue.body.records.map((r: { id: string }) => r.id),
        [made.mat!.id],
      );
      const quoted = await createRecord('directora-obras', 'ARQ', `Arq. Comillas ${tag}`, {
        telefono: `int. "7" c\\d ${tag}`,
      });
      const byQuotedValue = await integration('intendente', `/records/search?search=${q(`"7" c\\d ${tag}`)}`);
      assert.deepEqual(
        byQuotedValue.body.records.map((r: { id: string }) => r.id),
        [quoted.id],
        'values are matched as written, not as JSON',
      );
      const byNumber = await integration('intendente', `/records/search?search=${q(made.mat!.record_number)}`);
      assert.deepEqual(
        byNumber.body.records.map((r: { id: string }) => r.id),
        [made.mat!.id],
      );
    });

    it('a whole record number finds that record (any case); a part of it also finds the records that mention it', async () => {
      const number = made.mat!.record_number;
      const mentions = await createRecord('directora-obras', 'ARQ', `Arq. Referida ${tag}`, {
        matricula: `ver ${number}`,
      });
      const whole = await integration('intendente', `/records/search?search=${q(number.toLowerCase())}`);
      assert.equal(whole.status, 200, whole.text);
      assert.deepEqual(
        whole.body.records.map((r: { id: string }) => r.id),
        [made.mat!.id],
      );
      assert.equal(whole.body.total, 1);
      const part = await integration('intendente', `/records/search?search=${q(number.slice(4))}`);
      assert.deepEqual(part.body.records.map((r: { id: string }) => r.id).sort(), [made.mat!.id, mentions.id].sort());
      const listed = await backend('directora-obras', `/records?search=${q(` ${number} `)}`);
      assert.deepEqual(
        listed.body.data.records.map((r: { id: string }) => r.id),
        [made.mat!.id],
      );
    });

    it('filters by family and state, and only over viewable families', async () => {
      const lum = await integration('directora-obras', `/records/search?search=${q(`esc${tag}`)}&family_code=LUM`);
      assert.deepEqual(names(lum.body.records), [`Luz esc${tag}`]);
      const suspended = await integration(
        'directora-obras',
        `/records/search?search=${q(`esc${tag}`)}&state=Suspendido`,
      );
      assert.deepEqual(names(suspended.body.records), [`esc${tag} axb`]);
      const all = await integration('directora-obras', `/records/search?search=${q(`esc${tag}`)}`);
      assert.equal(all.body.total, 7);
      // Mesa de Entradas does not view LUM.
      const mesa = await integration('agente-mesa', `/records/search?search=${q(`esc${tag}`)}`);
      assert.equal(mesa.body.total, 6);
      assert.equal((await integration('agente-mesa', `/records/search?family_code=LUM`)).body.total, 0);
      assert.equal((await integration('agente-mesa', '/records/search?page_size=101')).status, 400);
      assert.equal((await integration('agente-mesa', '/records/search?page=0')).status, 400);
    });

    it('pages', async () => {
      const first = await integration('directora-obras', `/records/search?search=${q(`esc${tag}`)}&page_size=3`);
      const third = await integration('directora-obras', `/records/search?search=${q(`esc${tag}`)}&page_size=3&page=3`);
      assert.equal(first.body.total_pages, 3);
      assert.equal(first.body.records.length, 3);
      assert.equal(third.body.records.length, 1);
    });
  });

  describe('backend list', () => {
    it('escapes %, _ and \\ in the search text', async () => {
      const search = async (text: string) => {
        const res = await backend('directora-obras', `/records?search=${q(`esc${tag} ${text}`)}`);
        assert.equal(res.status, 200, res.text);
        return names(res.body.data.records);
      };
      assert.deepEqual(await search('50%'), [`esc${tag} 50%off`]);
      assert.deepEqual(await search('a_b'), [`esc${tag} a_b`]);
      assert.deepEqual(await search('c\\d'), [`esc${tag} c\\d`]);
    });

    it('defaults to 10 per page, filters by registry and state, and refuses a one-character search', async () => {
      const res = await backend('directora-obras', `/records?search=${q(`esc${tag}`)}&registry=ARQ`);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.data.page_size, 10);
      assert.equal(res.body.data.total, 6);
      const item = res.body.data.records[0];
      assert.equal(item.registry_code, 'ARQ');
      assert.equal(item.registry_name, 'Registro de Arquitectos');
      assert.ok(item.created_at);
      const state = await backend('directora-obras', `/records?search=${q(`esc${tag}`)}&state=Suspendido`);
      assert.equal(state.body.data.total, 1);
      const short = await backend('directora-obras', '/records?search=a');
      assert.equal(short.status, 400);
      assert.equal(short.body.message, 'search debe tener al menos 2 caracteres');
      assert.equal((await backend('directora-obras', '/records?page_size=0')).status, 400);
      const rentas = await backend('directora-rentas', `/records?search=${q(`esc${tag}`)}`);
      assert.equal(rentas.body.data.total, 6, 'LUM is not visible to Rentas');
    });
  });

  describe('autocomplete', () => {
    it('answers {record_id, record_number, display_name, family_code, state}, limited', async () => {
      const res = await backend('directora-obras', `/records/autocomplete?q=${q(`esc${tag}`)}&limit=2`);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.data.records.length, 2);
      assert.equal(res.body.data.total, 2);
      assert.equal(res.body.data.query, `esc${tag}`);
      assert.deepEqual(Object.keys(res.body.data.records[0]).sort(), [
        'display_name',
        'family_code',
        'record_id',
        'record_number',
        'state',
      ]);
      const all = await backend('agente-mesa', `/records/autocomplete?q=${q(`esc${tag}`)}`);
      assert.equal(all.body.data.records.length, 6, 'only visible families');
      assert.ok(all.body.data.records.every((r: { family_code: string }) => r.family_code === 'ARQ'));
    });

    it('refuses q shorter than 2 or longer than 50 and limits outside 1-50', async () => {
      for (const path of ['/records/autocomplete', '/records/autocomplete?q=a', '/records/autocomplete?q=%20%20']) {
        const res = await backend('directora-obras', path);
        assert.equal(res.status, 400, path);
        assert.equal(res.body.message, "El parametro 'q' es requerido y debe tener al menos 2 caracteres");
      }
      assert.equal((await backend('directora-obras', `/records/autocomplete?q=${'x'.repeat(51)}`)).status, 400);
      for (const limit of ['0', '51', 'x', '-1'])
        assert.equal(
          (await backend('directora-obras', `/records/autocomplete?q=ab&limit=${limit}`)).status,
          400,
          limit,
        );
    });
  });

  describe('tenant isolation', () => {
    let other: Tenant;
    const sectorB = randomUUID();
    const userB = randomUUID();
    const asB = () => ({ 'X-Tenant-Schema': other.schema, Authorization: `Bearer ${userB}` });

    before(async () => {
      const { db } = getStack();
      ({ tenant: other } = await createTenant(db, {
        schema: 'records_b',
        municipalityCode: 'RCB',
        displayName: 'Municipalidad B',
        city: 'Ciudad B',
      }));
      await tenantDb(db, other).transaction(async (trx) => {
        await trx('sectors').insert({ id: sectorB, name: 'Catastro B', acronym: 'CATB' });
        await trx('users').insert({
          id: userB,
          full_name: 'Usuario B',
          email: `usuario.${userB.slice(0, 8)}@b.gob.ar`,
          role: 'director',
        });
        await trx('user_sector_permissions').insert({
          user_id: userB,
          sector_id: sectorB,
          can_edit: true,
          is_primary: true,
        });
        const [family] = await trx('registry_families')
          .insert({
            code: 'ARQ',
            name: 'Arquitectos de B',
            allowed_states: ['Alta', 'Baja'],
            data_schema: JSON.stringify({
              matricula: {
                label: 'Matrícula',
                type: 'text',
                required: true,
                has_expiration: false,
                has_verification: false,
                has_document: false,
              },
            }),
          })
          .returning('id');
        await trx('registry_family_permissions').insert({
          family_id: family.id,
          sector_id: sectorB,
          can_create: true,
          can_edit: true,
          can_view: true,
          can_verify: true,
        });
      });
    });

    it('each municipality sees only its own records, with its own numbering', async () => {
      const created = await request('/api/v1/records', {
        method: 'POST',
        headers: asB(),
        json: { registry_code: 'ARQ', display_name: `esc${tag} de B`, data: { matricula: 'B-1' } },
      });
      assert.equal(created.status, 200, created.text);
      assert.match(created.body.data.record_number, /^RLM-\d{4}-00000001-RCB-ARQ$/);
      assert.equal(created.body.data.state, 'Alta');
      const mine = await request(`/api/v1/records?search=${q(`esc${tag}`)}`, { headers: asB() });
      assert.deepEqual(names(mine.body.data.records), [`esc${tag} de B`]);
      assert.equal((await request(`/api/v1/records/${made.mat!.id}`, { headers: asB() })).status, 404);
      assert.equal((await integration('directora-obras', `/records/${created.body.data.id}`)).status, 404);
      assert.equal(
        (await integration('directora-obras', `/records/search?search=${q(`esc${tag} de B`)}`)).body.total,
        0,
      );
    });
  });
});
