import assert from 'node:assert/strict';
import { asBackend, asIntegration, demoSector, demoUser, request } from '../support/http.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { demoId } from '../../db/seed/demo-data.js';

const get = (path: string, user = 'intendente') => request(path, { headers: asBackend(user) });

describe('backend users routes', function () {
  this.timeout(60_000);

  it('GET /users: active users, alphabetical', async () => {
    const res = await get('/api/v1/users');
    assert.equal(res.status, 200);
    const names = res.body.data.users.map((u: { full_name: string }) => u.full_name);
    assert.deepEqual(
      names,
      [...names].sort((a: string, b: string) => a.localeCompare(b, 'es')),
    );
    assert.equal(res.body.data.total, res.body.data.users.length);
    assert.deepEqual(Object.keys(res.body.data.users[0]).sort(), ['email', 'full_name', 'user_id']);
  });

  it('profile: every field of the spec, including department, default seal and additional sectors', async () => {
    const res = await get(`/api/v1/users/${demoUser('directora-obras')}/profile`);
    assert.equal(res.status, 200);
    const p = res.body.data;
    for (const field of [
      'full_name',
      'email',
      'cuit',
      'sector_id',
      'sector_acronym',
      'department_id',
      'department_name',
      'department_acronym',
      'default_seal_id',
      'default_seal_name',
      'profile_picture_url',
      'additional_sectors',
    ]) {
      assert.ok(field in p, field);
    }
    assert.equal(p.sector_acronym, 'DOP');
    assert.equal(p.department_acronym, 'SOP');
    assert.equal(p.department_name, 'Secretaría de Obras Públicas');
    assert.equal(p.default_seal_name, 'Directora de Obras Particulares');
    assert.deepEqual(p.additional_sectors, [
      { sector_id: demoSector('MESA'), name: 'Mesa de Entradas', acronym: 'MESA', can_view: true, can_edit: false },
    ]);
    assert.equal((await get('/api/v1/users/00000000-0000-4000-8000-000000000000/profile')).status, 404);
  });

  it('search: query of at least 2 characters, pages, page_size 1-100', async () => {
    const res = await get('/api/v1/users/search?query=villaesperanza&page=1&page_size=2');
    assert.equal(res.status, 200);
    assert.equal(res.body.data.users.length, 2);
    assert.equal(res.body.data.page_size, 2);
    assert.ok(res.body.data.total >= 6);
    assert.equal(res.body.data.total_pages, Math.ceil(res.body.data.total / 2));
    const second = await get('/api/v1/users/search?query=villaesperanza&page=2&page_size=2');
    assert.notDeepEqual(second.body.data.users, res.body.data.users);
    for (const bad of ['query=a', '', 'query=vi&page_size=101', 'query=vi&page_size=0', 'query=vi&page=0']) {
      assert.equal((await get(`/api/v1/users/search?${bad}`)).status, 400, bad);
    }
  });

  it('documents of a user: roles, signing flags, filters; only oneself or an administrator', async () => {
    const id = await prepareIntegrationDraft('agente-obras', ['directora-obras', 'intendente'], {
      reference: `Para listar ${Date.now()}`,
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

    const mine = (user: string, query = '') => get(`/api/v1/users/${demoUser(user)}/documents?${query}`, user);
    const creator = (await mine('agente-obras', 'status=sent_to_sign')).body.data.documents.find(
      (d: { document_id: string }) => d.document_id === id,
    );
    assert.equal(creator.rol_usuario, 'creador');
    assert.equal(creator.doc_type, 'draft');
    assert.equal(creator.acronym, 'INF');
    assert.equal(creator.display_status, 'En firma');
    assert.equal(creator.can_sign_now, false);

    const signer = (await mine('directora-obras', 'status=sent_to_sign')).body.data.documents.find(
      (d: { document_id: string }) => d.document_id === id,
    );
    assert.equal(signer.rol_usuario, 'firmante');
    assert.equal(signer.usuario_ya_firmo, false);
    assert.equal(signer.todos_firmantes_comunes_firmaron, false);
    assert.equal(signer.display_status, 'Pendiente de su firma');
    assert.equal(signer.can_sign_now, true);

    const numerator = (await mine('intendente', 'status=sent_to_sign')).body.data.documents.find(
      (d: { document_id: string }) => d.document_id === id,
    );
    assert.equal(numerator.rol_usuario, 'numerador');
    assert.equal(numerator.display_status, 'Esperando otras firmas');
    assert.equal(numerator.can_sign_now, false);

    assert.equal(
      (await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: asIntegration('directora-obras') }))
        .status,
      200,
    );
    const after = (await mine('directora-obras', 'status=sent_to_sign')).body.data.documents.find(
      (d: { document_id: string }) => d.document_id === id,
    );
    assert.equal(after.usuario_ya_firmo, true);
    assert.equal(after.todos_firmantes_comunes_firmaron, true);
    assert.equal(after.can_sign_now, false);
    const numeratorNow = (await mine('intendente', 'status=sent_to_sign')).body.data.documents.find(
      (d: { document_id: string }) => d.document_id === id,
    );
    assert.equal(numeratorNow.display_status, 'Pendiente de su firma');
    assert.equal(numeratorNow.can_sign_now, true);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
    assert.equal(
      (
        await mine('agente-obras', `search=Para%20listar&document_type=INF&date_from=${today}&date_to=${today}`)
      ).body.data.documents.some((d: { document_id: string }) => d.document_id === id),
      true,
    );
    assert.equal((await mine('agente-obras', 'document_type=RESO&search=Para%20listar')).body.data.total, 0);
    assert.equal((await mine('agente-obras', 'date_to=2000-01-01')).body.data.total, 0);
    assert.equal((await mine('agente-obras', 'status=nope')).status, 400);
    assert.equal((await mine('agente-obras', 'page_size=101')).status, 400);

    const other = await get(`/api/v1/users/${demoUser('agente-obras')}/documents`, 'agente-mesa');
    assert.equal(other.status, 403, 'not oneself, not an administrator');
    const byAdmin = await get(`/api/v1/users/${demoId('user', 'agente-obras')}/documents`, 'intendente');
    assert.equal(byAdmin.status, 200);
  });
});
