import assert from 'node:assert/strict';
import { asIntegration, demoSector, demoUser, request } from './support/http.js';

describe('integration REST: system catalogs', () => {
  it('document types: every seeded type with the spec fields', async () => {
    const res = await request('/api/v1/system/document-types', { headers: asIntegration() });
    assert.equal(res.status, 200);
    const acronyms = res.body.document_types.map((t: { acronym: string }) => t.acronym);
    for (const a of ['INF', 'DICT', 'RESO', 'NOTA', 'MEMO', 'CAEX', 'IFRLM', 'PV']) assert.ok(acronyms.includes(a), a);
    assert.deepEqual(Object.keys(res.body.document_types[0]).sort(), ['acronym', 'description', 'is_active', 'name']);
  });

  it('document states: the four states of the catalog', async () => {
    const res = await request('/api/v1/system/document-states', { headers: asIntegration() });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.document_states.map((s: { code: string }) => s.code),
      ['draft', 'sent_to_sign', 'signed', 'rejected'],
    );
    for (const s of res.body.document_states) assert.deepEqual(Object.keys(s).sort(), ['code', 'description', 'name']);
  });

  it('sectors with department name', async () => {
    const res = await request('/api/v1/system/sectors', { headers: asIntegration() });
    assert.equal(res.status, 200);
    const mesa = res.body.sectors.find((s: { acronym: string }) => s.acronym === 'MESA');
    assert.deepEqual(mesa, {
      sector_id: demoSector('MESA'),
      name: 'Mesa de Entradas',
      acronym: 'MESA',
      department: 'Secretaría de Gobierno',
      is_active: true,
    });
  });

  it('case templates', async () => {
    const res = await request('/api/v1/system/case-templates', { headers: asIntegration() });
    assert.equal(res.status, 200);
    assert.ok(res.body.case_templates.length >= 4);
    assert.deepEqual(Object.keys(res.body.case_templates[0]).sort(), [
      'case_template_id',
      'description',
      'is_active',
      'name',
    ]);
  });

  it('users list: sector name, role and status, alphabetical', async () => {
    const res = await request('/api/v1/system/users/list', { headers: asIntegration() });
    assert.equal(res.status, 200);
    const lucia = res.body.users.find((u: { user_id: string }) => u.user_id === demoUser('directora-obras'));
    assert.deepEqual(lucia, {
      user_id: demoUser('directora-obras'),
      full_name: 'Lucía Fernández',
      email: 'lucia.fernandez@villaesperanza.gob.ar',
      sector: 'Dirección de Obras Particulares',
      role: 'director',
      is_active: true,
    });
    const names = res.body.users.map((u: { full_name: string }) => u.full_name);
    assert.deepEqual(
      names,
      [...names].sort((x: string, y: string) => x.localeCompare(y, 'es')),
    );
  });

  describe('users search', () => {
    it('400 with the spec message when q is missing or shorter than 2 characters', async () => {
      for (const query of ['', '?q=', '?q=a', '?q=%20a%20']) {
        const res = await request(`/api/v1/system/users/search${query}`, { headers: asIntegration() });
        assert.equal(res.status, 400, query);
        assert.deepEqual(res.body, { error: "El parametro 'q' es requerido y debe tener al menos 2 caracteres" });
      }
    });

    it('matches name or email, case-insensitively, with accents', async () => {
      const byName = await request(`/api/v1/system/users/search?q=${encodeURIComponent('NÚÑEZ')}`, {
        headers: asIntegration(),
      });
      assert.equal(byName.status, 200);
      assert.deepEqual(byName.body.users, [
        {
          user_id: demoUser('directora-rentas'),
          full_name: 'María José Núñez',
          email: 'mariajose.nunez@villaesperanza.gob.ar',
          sector: 'Dirección de Rentas',
        },
      ]);
      const byEmail = await request('/api/v1/system/users/search?q=jorge.pena', { headers: asIntegration() });
      assert.deepEqual(
        byEmail.body.users.map((u: { user_id: string }) => u.user_id),
        [demoUser('agente-obras')],
      );
    });

    it('treats LIKE wildcards literally', async () => {
      const res = await request('/api/v1/system/users/search?q=%25%25', { headers: asIntegration() });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.users, []);
    });

    it('limit defaults to 10 and is honoured; an invalid limit is a 400', async () => {
      const all = await request('/api/v1/system/users/search?q=villaesperanza', { headers: asIntegration() });
      assert.equal(all.body.users.length, 6);
      const two = await request('/api/v1/system/users/search?q=villaesperanza&limit=2', { headers: asIntegration() });
      assert.equal(two.body.users.length, 2);
      for (const limit of ['0', '-1', 'abc', '101']) {
        const bad = await request(`/api/v1/system/users/search?q=villaesperanza&limit=${limit}`, {
          headers: asIntegration(),
        });
        assert.equal(bad.status, 400, limit);
        assert.match(bad.body.error, /limit/);
      }
    });
  });

  describe('user detail', () => {
    it('returns the user with the sector as an object', async () => {
      const res = await request(`/api/v1/system/users/${demoUser('jefa-mesa')}`, { headers: asIntegration() });
      assert.equal(res.status, 200);
      assert.equal(res.body.full_name, 'Sofía Ibáñez');
      assert.deepEqual(res.body.sector, { sector_id: demoSector('MESA'), name: 'Mesa de Entradas', acronym: 'MESA' });
      assert.equal(res.body.role, 'director');
      assert.ok(!Number.isNaN(Date.parse(res.body.created_at)));
    });

    it('404 for an unknown or malformed id', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        const res = await request(`/api/v1/system/users/${id}`, { headers: asIntegration() });
        assert.equal(res.status, 404);
        assert.deepEqual(res.body, { error: 'Usuario no encontrado' });
      }
    });
  });
});
