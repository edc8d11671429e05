import assert from 'node:assert/strict';
import { tenantDb } from '../../db/tenancy.js';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, demoSector, demoUser, request } from '../support/http.js';
import { createCase, createCaseBackend } from '../support/cases.js';
import { createBackendDraft, createIntegrationDraft, prepareIntegrationDraft } from '../support/documents.js';

const post = (path: string, user: string, json: unknown) =>
  request(path, { method: 'POST', headers: asIntegration(user), json });
const postBackend = (path: string, user: string, json: unknown) =>
  request(path, { method: 'POST', headers: asBackend(user), json });

async function officialDocument(userKey: string): Promise<string> {
  const id = await prepareIntegrationDraft(userKey, [userKey]);
  assert.equal((await post(`/api/v1/documents/${id}/start-signing`, userKey, {})).status, 200);
  assert.equal((await post(`/api/v1/documents/${id}/sign`, userKey, {})).status, 200);
  return id;
}

describe('cases: reads, movements and documents', function () {
  this.timeout(120_000);
  let caseId: string;
  let caseNumber: string;

  before(async () => {
    const created = await createCase('agente-obras', { reference: `Obra ${Date.now()}` });
    caseId = created.case_id;
    caseNumber = created.case_number;
  });

  describe('reads', () => {
    it('detail (with and without documents), by number in both spellings; without X-User-ID only a system-scope key reads', async () => {
      const detail = await request(`/api/v1/cases/${caseId}`, { headers: asIntegration('agente-obras') });
      assert.equal(detail.status, 200);
      assert.deepEqual(detail.body.current_sector, {
        sector_id: demoSector('DOP'),
        name: 'Dirección de Obras Particulares',
        acronym: 'DOP',
      });
      assert.equal(detail.body.documents, undefined);
      const withDocs = await request(`/api/v1/cases/${caseId}?include_documents=true`, {
        headers: asIntegration('agente-obras'),
      });
      assert.equal(withDocs.body.documents.length, 1);
      assert.deepEqual(Object.keys(withDocs.body.documents[0]).sort(), [
        'document_id',
        'document_number',
        'reference',
        'status',
      ]);
      const unclear = await request(`/api/v1/cases/${caseId}?include_documents=yes`, {
        headers: asIntegration('agente-obras'),
      });
      assert.deepEqual([unclear.status, unclear.body], [400, { error: 'include_documents debe ser true o false' }]);

      for (const path of [`/api/v1/cases/number/${caseNumber}`, `/api/v1/cases/by-number/${caseNumber}`]) {
        const byNumber = await request(path, { headers: asIntegration('agente-obras') });
        assert.equal(byNumber.body.case_id, caseId, path);
      }
      const backendByNumber = await request(`/api/v1/cases/by-number/${caseNumber}`, {
        headers: asBackend('agente-obras'),
      });
      assert.equal(backendByNumber.body.data.case_id, caseId);

      const stranger = await request(`/api/v1/cases/${caseId}`, { headers: asIntegration('directora-rentas') });
      assert.equal(stranger.status, 404);
      const noUser = await request(`/api/v1/cases/${caseId}`, {
        headers: { 'X-API-Key': asIntegration()['X-API-Key']! },
      });
      assert.deepEqual(
        [noUser.status, noUser.body],
        [401, { error: 'X-User-ID header requerido para REST API' }],
        'the demo key is scoped to users',
      );
      const missing = await request('/api/v1/cases/00000000-0000-4000-8000-000000000000', { headers: asIntegration() });
      assert.deepEqual([missing.status, missing.body], [404, { error: 'Expediente no encontrado' }]);
    });

    it('search: text, status, date filter, sector filter, pagination; only what the user may see', async () => {
      const s = (user: string, q: string) => request(`/api/v1/cases/search?${q}`, { headers: asIntegration(user) });
      const byNumber = await s('agente-obras', `search=${caseNumber}`);
      assert.deepEqual(byNumber.body.cases, [
        {
          case_id: caseId,
          case_number: caseNumber,
          reference: byNumber.body.cases[0].reference,
          status: 'active',
          deadline: null,
        },
      ]);
      assert.equal((await s('agente-obras', `search=${caseNumber}&status=archived`)).body.total, 0);
      for (const f of ['today', 'week', 'month', 'year'])
        assert.equal((await s('agente-obras', `search=${caseNumber}&date_filter=${f}`)).body.total, 1, f);
      assert.equal((await s('agente-obras', `search=${caseNumber}&sector_filter=DOP`)).body.total, 1);
      assert.equal((await s('agente-obras', `search=${caseNumber}&sector_filter=RENT`)).body.total, 0);
      assert.equal((await s('directora-rentas', `search=${caseNumber}`)).body.total, 0);
      const page = await s('agente-obras', 'page=1&page_size=1');
      assert.equal(page.body.cases.length, 1);
      assert.equal(page.body.page_size, 1);
      for (const bad of ['date_filter=hoy', 'status=closed', 'page_size=500'])
        assert.equal((await s('agente-obras', bad)).status, 400, bad);
    });

    it('search by cursor: next_cursor leads through the same pages as page numbers; a cursor of another list is 400', async () => {
      const s = async (q: string) => {
        const res = await request(`/api/v1/cases/search?${q}`, { headers: asIntegration('agente-obras') });
        assert.equal(res.status, 200, `${q}: ${JSON.stringify(res.body)}`);
        return res.body as { cases: { case_id: string }[]; page: number; total: number; next_cursor: string | null };
      };
      const reference = `Cursor de expedientes ${Date.now()}`;
      const created = [];
      for (let i = 0; i < 3; i++)
        created.push((await createCase('agente-obras', { reference: `${reference} ${i}` })).case_id);
      // The unfiltered list needs a third page of two (five cases) however this file is run: alone,
      // the user sees only this file's cases, not those other files create on the shared stack.
      for (let i = 0; i < 2; i++) await createCase('agente-obras', { reference: `Otro expediente ${Date.now()} ${i}` });
      for (const q of [`search=${encodeURIComponent(reference)}&page_size=1`, 'page_size=2']) {
        const byNumber = [await s(`${q}&page=1`), await s(`${q}&page=2`), await s(`${q}&page=3`)];
        const byCursor = [byNumber[0]!];
        while (byCursor.length < 3) byCursor.push(await s(`${q}&cursor=${byCursor.at(-1)!.next_cursor}`));
        assert.deepEqual(
          byCursor.map((p) => p.cases.map((c) => c.case_id)),
          byNumber.map((p) => p.cases.map((c) => c.case_id)),
          q,
        );
        assert.deepEqual(
          byCursor.map((p) => [p.page, p.total]),
          byNumber.map((p) => [p.page, p.total]),
          q,
        );
      }
      const text = await s(`search=${encodeURIComponent(reference)}&page_size=2`);
      const last = await s(`search=${encodeURIComponent(reference)}&page_size=2&cursor=${text.next_cursor}`);
      assert.deepEqual(
        [...text.cases, ...last.cases].map((c) => c.case_id),
        [...created].reverse(),
        'newest first, each once',
      );
      assert.equal(last.next_cursor, null);
      const documentsCursor = (
        await request('/api/v1/documents/search?page_size=1', { headers: asIntegration('agente-obras') })
      ).body.next_cursor;
      const crossed = await request(`/api/v1/cases/search?page_size=1&cursor=${documentsCursor}`, {
        headers: asIntegration('agente-obras'),
      });
      assert.deepEqual(
        [crossed.status, crossed.body.error],
        [400, 'cursor pertenece a otra búsqueda: repita los mismos filtros y page_size que la página anterior'],
      );
    });

    it('backend list: items carry case_type, access_reason, admin_sector, assigned_sectors, last_modified_at; filters by date and sectors', async () => {
      const list = await request(`/api/v1/cases?search=${caseNumber}`, { headers: asBackend('agente-obras') });
      assert.equal(list.status, 200);
      const item = list.body.data.cases[0];
      assert.deepEqual(item.case_type, { name: 'Permiso de obra', acronym: 'PEROB' });
      assert.equal(item.access_reason, 'owner_sector');
      assert.deepEqual(item.admin_sector, {
        sector_id: demoSector('DOP'),
        acronym: 'DOP',
        department: 'Secretaría de Obras Públicas',
      });
      assert.deepEqual(item.assigned_sectors, []);
      assert.ok(item.last_modified_at);
      assert.ok('total_pages' in list.body.data);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
      const q = (extra: string) =>
        request(`/api/v1/cases?search=${caseNumber}&${extra}`, { headers: asBackend('agente-obras') }).then(
          (r) => r.body.data.total,
        );
      assert.equal(await q('date_filter=hoy'), 1);
      assert.equal(await q('date_filter=ayer'), 0);
      assert.equal(await q('date_filter=ultimos_7_dias'), 1);
      assert.equal(await q('date_filter=ultimos_30_dias'), 1);
      assert.equal(await q(`date_from=${today}&date_to=${today}`), 1);
      assert.equal(await q('date_to=2000-01-01'), 0);
      assert.equal(await q(`trata_filter=${demoSector('DOP')}`), 1);
      assert.equal(await q(`trata_filter=${demoSector('RENT')}`), 0);
      assert.equal(
        (await request('/api/v1/cases?date_from=2026-13-40', { headers: asBackend('agente-obras') })).status,
        400,
      );
      assert.equal(
        (await request('/api/v1/cases?date_filter=week', { headers: asBackend('agente-obras') })).status,
        400,
      );
    });

    it('permissions, prepare-transfer and prepare-assignment (GET and POST), available sectors, sector users', async () => {
      const perms = await request(`/api/v1/cases/${caseId}/permissions`, { headers: asIntegration('directora-obras') });
      assert.deepEqual(perms.body, {
        can_view: true,
        can_transfer: true,
        can_assign: true,
        can_add_documents: true,
        can_close: false,
      });
      for (const method of ['GET', 'POST']) {
        const transfer = await request(`/api/v1/cases/${caseId}/prepare-transfer`, {
          method,
          headers: asIntegration('directora-obras'),
        });
        assert.equal(transfer.status, 200, method);
        assert.ok(!transfer.body.available_sectors.some((s: { acronym: string }) => s.acronym === 'DOP'));
        const assignment = await request(`/api/v1/cases/${caseId}/prepare-assignment`, {
          method,
          headers: asIntegration('directora-obras'),
        });
        const rent = assignment.body.available_sectors.find((s: { acronym: string }) => s.acronym === 'RENT');
        assert.ok(rent.users.some((u: { user_id: string }) => u.user_id === demoUser('directora-rentas')));
      }
      const refused = await request(`/api/v1/cases/${caseId}/prepare-transfer`, {
        headers: asIntegration('directora-rentas'),
      });
      assert.equal(refused.status, 403);
      const available = await request(`/api/v1/cases/${caseId}/available-sectors`, {
        headers: asBackend('agente-obras'),
      });
      assert.equal(available.body.data.total, 3);
      const users = await request(`/api/v1/cases/sectors/${demoSector('MESA')}/users`, { headers: asIntegration() });
      assert.ok(
        users.body.users.some(
          (u: { user_id: string; role: string }) => u.user_id === demoUser('agente-mesa') && u.role === 'empleado',
        ),
      );
      assert.equal(
        (
          await request('/api/v1/cases/sectors/00000000-0000-4000-8000-000000000000/users', {
            headers: asIntegration(),
          })
        ).status,
        404,
      );
    });
  });

  describe('movements', () => {
    it('assign needs a 5-500 character reason; the assigned sector sees the case and closes the assignment', async () => {
      const c = await createCase('agente-obras', { reference: 'Para asignar' });
      const path = `/api/v1/cases/${c.case_id}/assign`;
      for (const reason of ['', 'abc', 'x'.repeat(501)]) {
        const res = await post(path, 'agente-obras', { target_sector_id: demoSector('RENT'), reason });
        assert.equal(res.status, 400, `reason of ${reason.length}`);
      }
      const noRights = await post(path, 'directora-rentas', {
        target_sector_id: demoSector('MESA'),
        reason: 'Revisión de tasas',
      });
      assert.deepEqual([noRights.status, noRights.body], [403, { error: 'Sin permisos para asignar' }]);
      const wrongUser = await post(path, 'agente-obras', {
        target_sector_id: demoSector('RENT'),
        reason: 'Revisión de tasas',
        assigned_user_id: demoUser('agente-mesa'),
      });
      assert.equal(wrongUser.status, 400);

      const assigned = await post(path, 'agente-obras', {
        target_sector_id: demoSector('RENT'),
        reason: 'Revisión de tasas',
        assigned_user_id: demoUser('directora-rentas'),
      });
      assert.equal(assigned.status, 200, assigned.text);
      assert.deepEqual(Object.keys(assigned.body).sort(), ['assigned_to', 'message', 'movement_id', 'sector']);
      assert.equal(assigned.body.sector, 'RENT');
      const assignedEvent = await tenantDb(getStack().db, getStack().demoTenant).transaction((trx) =>
        trx('activity_events').where({ entity_id: c.case_id, kind: 'case_assigned' }).first(),
      );
      assert.match(assignedEvent.summary, /Revisión de tasas/);
      assert.equal(assignedEvent.data.assigned_user_id, demoUser('directora-rentas'));

      const seen = await request(`/api/v1/cases/${c.case_id}/permissions`, {
        headers: asIntegration('directora-rentas'),
      });
      assert.deepEqual(seen.body, {
        can_view: true,
        can_transfer: false,
        can_assign: false,
        can_add_documents: true,
        can_close: true,
      });
      const list = await request(`/api/v1/cases?search=${c.case_number}`, { headers: asBackend('directora-rentas') });
      assert.equal(list.body.data.cases[0].access_reason, 'assigned_user');
      assert.deepEqual(
        list.body.data.cases[0].assigned_sectors.map((s: { acronym: string }) => s.acronym),
        ['RENT'],
      );
      const bySector = await request(`/api/v1/cases?sector_filter=${demoSector('RENT')}&search=${c.case_number}`, {
        headers: asBackend('agente-obras'),
      });
      assert.equal(bySector.body.data.total, 1);

      const close = `/api/v1/cases/${c.case_id}/close-assign`;
      assert.equal(
        (await post(close, 'directora-rentas', { movement_id: assigned.body.movement_id, reason: 'ok' })).status,
        400,
        'reason too short',
      );
      const closed = await post(close, 'directora-rentas', {
        movement_id: assigned.body.movement_id,
        reason: 'Tasas revisadas',
      });
      assert.deepEqual(closed.body, { message: 'Asignación cerrada', movement_id: assigned.body.movement_id });
      const again = await post(close, 'directora-rentas', {
        movement_id: assigned.body.movement_id,
        reason: 'Tasas revisadas',
      });
      assert.equal(again.status, 400, 'only an active assignment can be closed');
      const history = await request(`/api/v1/cases/${c.case_id}/history`, { headers: asIntegration('agente-obras') });
      assert.deepEqual(
        history.body.movements.map((m: { movement_type: string }) => m.movement_type),
        ['assignment', 'creation'],
      );
      assert.equal(history.body.movements[0].status, 'closed');
    });

    it('transfer: 403 for someone who is not the responsible; moves ownership; the old sector loses control', async () => {
      const c = await createCase('agente-obras', { reference: 'Para transferir' });
      const path = `/api/v1/cases/${c.case_id}/transfer`;
      const notResponsible = await post(path, 'agente-mesa', { target_sector_id: demoSector('MESA'), reason: 'Pase' });
      assert.deepEqual([notResponsible.status, notResponsible.body], [403, { error: 'Sin permisos para transferir' }]);
      const same = await post(path, 'agente-obras', { target_sector_id: demoSector('DOP'), reason: 'Pase' });
      assert.equal(same.status, 400);
      const unknown = await post(path, 'agente-obras', {
        target_sector_id: '00000000-0000-4000-8000-000000000000',
        reason: 'Pase',
      });
      assert.equal(unknown.status, 404);
      for (const body of [{ reason: ' ' }, {}]) {
        const noReason = await post(path, 'agente-obras', { target_sector_id: demoSector('MESA'), ...body });
        assert.deepEqual(
          [noReason.status, noReason.body],
          [400, { error: 'reason es requerido y no puede estar vacio' }],
        );
      }

      const moved = await post(path, 'agente-obras', { target_sector_id: demoSector('MESA'), reason: 'Pase a mesa' });
      assert.equal(moved.status, 200, moved.text);
      assert.deepEqual([moved.body.from_sector, moved.body.to_sector], ['DOP', 'MESA']);
      const detail = await request(`/api/v1/cases/${c.case_id}`, { headers: asIntegration('agente-mesa') });
      assert.equal(detail.body.current_sector.acronym, 'MESA');
      const back = await post(path, 'agente-obras', { target_sector_id: demoSector('RENT'), reason: 'Pase' });
      assert.equal(back.status, 403, 'the former owner is no longer responsible');

      const { db, demoTenant } = getStack();
      const kinds = await tenantDb(db, demoTenant).transaction((trx) =>
        trx('activity_events').where({ entity_id: c.case_id }).pluck('kind'),
      );
      assert.ok(kinds.includes('case_created') && kinds.includes('case_transferred'), JSON.stringify(kinds));
    });

    it('backend transfer: reason 5-500; transfer_ownership false assigns a task; create_official_doc signs a PV linked to the case', async () => {
      const c = await createCaseBackend('jefa-mesa');
      const path = `/api/v1/cases/${c.case.case_id}/transfer`;
      assert.equal(
        (await postBackend(path, 'jefa-mesa', { target_sector_id: demoSector('DOP'), reason: 'pase' })).status,
        400,
      );
      const task = await postBackend(path, 'jefa-mesa', {
        target_sector_id: demoSector('DOP'),
        reason: 'Revisión técnica',
        transfer_ownership: false,
      });
      assert.equal(task.status, 200, task.text);
      assert.equal(task.body.data.movement_type, 'assignment');
      const still = await request(`/api/v1/cases/${c.case.case_id}`, { headers: asBackend('jefa-mesa') });
      assert.equal(still.body.data.current_sector.acronym, 'MESA');

      const withPv = await postBackend(path, 'jefa-mesa', {
        target_sector_id: demoSector('RENT'),
        reason: 'Pase a Rentas para liquidación',
        transfer_ownership: true,
        assigned_user_id: demoUser('directora-rentas'),
        create_official_doc: true,
      });
      assert.equal(withPv.status, 200, withPv.text);
      assert.equal(withPv.body.data.official_document.status, 'signed');
      assert.match(withPv.body.data.official_document.official_number, /^PV-\d{4}-\d{8}-MVE-MESA$/);
      const docs = await request(`/api/v1/cases/${c.case.case_id}/documents`, {
        headers: asIntegration('directora-rentas'),
      });
      assert.ok(
        docs.body.documents.some(
          (d: { document_type: string; status: string }) => d.document_type === 'PV' && d.status === 'signed',
        ),
      );
    });
  });

  describe('documents on a case', () => {
    it('link: official only (400), once (409), by someone who may add documents (403)', async () => {
      const c = await createCase('agente-obras', { reference: 'Con documentos' });
      const link = (user: string, id: string) =>
        post(`/api/v1/cases/${c.case_id}/documents/link`, user, { official_document_id: id });
      const draft = await createIntegrationDraft('agente-obras');
      const notOfficial = await link('agente-obras', draft);
      assert.deepEqual(
        [notOfficial.status, notOfficial.body],
        [400, { error: 'El documento no es un documento oficial firmado' }],
      );
      const official = await officialDocument('directora-obras');
      const ok = await link('agente-obras', official);
      assert.deepEqual(ok.body, {
        message: 'Documento vinculado al expediente',
        case_id: c.case_id,
        document_id: official,
      });
      const twice = await link('agente-obras', official);
      assert.equal(twice.status, 409);
      const stranger = await link('directora-rentas', official);
      assert.deepEqual([stranger.status, stranger.body], [403, { error: 'Sin permisos para vincular documento' }]);
      const listed = await request(`/api/v1/cases/${c.case_id}/documents`, { headers: asIntegration('agente-obras') });
      assert.ok(listed.body.documents.some((d: { document_id: string }) => d.document_id === official));
      const backendLink = await postBackend(`/api/v1/cases/${c.case_id}/link-document`, 'agente-obras', {
        document_id: await officialDocument('directora-obras'),
      });
      assert.equal(backendLink.status, 200);
    });

    it('propose a draft (pending_approval), accept it as the responsible, and the signed draft is linked', async () => {
      const c = await createCase('agente-obras', { reference: 'Con propuestas' });
      // Mesa de Entradas may propose only to a case it can see: the case is assigned to it.
      const assigned = await post(`/api/v1/cases/${c.case_id}/assign`, 'agente-obras', {
        target_sector_id: demoSector('MESA'),
        reason: 'Para adjuntar la nota recibida',
      });
      assert.equal(assigned.status, 200, assigned.text);
      const draft = await prepareIntegrationDraft('agente-mesa', ['agente-mesa']);
      const proposed = await post(`/api/v1/cases/${c.case_id}/documents/propose`, 'agente-mesa', {
        document_draft_id: draft,
      });
      assert.equal(proposed.status, 200, proposed.text);
      assert.equal(proposed.body.status, 'pending_approval');
      assert.equal(
        (await post(`/api/v1/cases/${c.case_id}/documents/propose`, 'agente-mesa', { document_draft_id: draft }))
          .status,
        409,
      );
      const official = await officialDocument('agente-mesa');
      assert.equal(
        (await post(`/api/v1/cases/${c.case_id}/documents/propose`, 'agente-mesa', { document_draft_id: official }))
          .status,
        400,
        'not a draft',
      );

      const notResponsible = await post(`/api/v1/cases/${c.case_id}/documents/accept-proposal`, 'agente-mesa', {
        proposed_id: proposed.body.proposed_id,
      });
      assert.equal(notResponsible.status, 403);
      const accepted = await post(`/api/v1/cases/${c.case_id}/documents/accept-proposal`, 'directora-obras', {
        proposed_id: proposed.body.proposed_id,
      });
      assert.equal(accepted.status, 200, accepted.text);
      assert.equal(accepted.body.status, 'accepted');
      assert.equal(
        (
          await post(`/api/v1/cases/${c.case_id}/documents/accept-proposal`, 'directora-obras', {
            proposed_id: proposed.body.proposed_id,
          })
        ).status,
        409,
      );

      assert.equal((await post(`/api/v1/documents/${draft}/start-signing`, 'agente-mesa', {})).status, 200);
      assert.equal((await post(`/api/v1/documents/${draft}/sign`, 'agente-mesa', {})).status, 200);
      const listed = await request(`/api/v1/cases/${c.case_id}/documents`, { headers: asIntegration('agente-obras') });
      assert.ok(
        listed.body.documents.some(
          (d: { document_id: string; status: string }) => d.document_id === draft && d.status === 'signed',
        ),
      );
    });

    it('a draft created in one case and accepted by another is linked to both when signed', async () => {
      const home = await createCase('agente-obras', { reference: 'Caso de origen' });
      const other = await createCase('agente-obras', { reference: 'Caso que acepta' });
      const draft = await prepareIntegrationDraft('agente-obras', ['agente-obras'], { case_id: home.case_id });
      const proposed = await post(`/api/v1/cases/${other.case_id}/documents/propose`, 'agente-obras', {
        document_draft_id: draft,
      });
      assert.equal(
        (
          await post(`/api/v1/cases/${other.case_id}/documents/accept-proposal`, 'directora-obras', {
            proposed_id: proposed.body.proposed_id,
          })
        ).body.linked,
        false,
      );
      assert.equal((await post(`/api/v1/documents/${draft}/start-signing`, 'agente-obras', {})).status, 200);
      assert.equal((await post(`/api/v1/documents/${draft}/sign`, 'agente-obras', {})).status, 200);
      for (const c of [home, other]) {
        const listed = await request(`/api/v1/cases/${c.case_id}/documents`, {
          headers: asIntegration('agente-obras'),
        });
        assert.ok(
          listed.body.documents.some((d: { document_id: string }) => d.document_id === draft),
          c.reference,
        );
      }
    });

    it("backend: the case shows the user's own drafts proposed to it, and only theirs", async () => {
      const { case: c } = await createCaseBackend('agente-obras', { reference: 'Propuestas del escritorio' });
      const mine = await createBackendDraft('agente-obras', { reference: 'Mi informe propuesto' });
      const other = await createBackendDraft('agente-obras', { reference: 'Otro borrador' });
      const theirs = await createBackendDraft('directora-obras', { reference: 'Informe de la directora' });
      for (const [id, user] of [
        [mine, 'agente-obras'],
        [theirs, 'directora-obras'],
      ] as const) {
        const saved = await request(`/api/v1/documents/${id}/save`, {
          method: 'PATCH',
          headers: asBackend(user),
          json: { proposed_case_ids: [c.case_id] },
        });
        assert.equal(saved.status, 200, saved.text);
      }
      const detail = await request(`/api/v1/cases/${c.case_id}`, { headers: asBackend('agente-obras') });
      assert.equal(detail.status, 200, detail.text);
      assert.deepEqual(
        detail.body.data.my_proposed_drafts.map((d: { document_id: string; reference: string; status: string }) => [
          d.document_id,
          d.reference,
          d.status,
        ]),
        [[mine, 'Mi informe propuesto', 'draft']],
      );
      assert.ok(!detail.body.data.my_proposed_drafts.some((d: { document_id: string }) => d.document_id === other));
      const hers = await request(`/api/v1/cases/${c.case_id}`, { headers: asBackend('directora-obras') });
      assert.deepEqual(
        hers.body.data.my_proposed_drafts.map((d: { document_id: string }) => d.document_id),
        [theirs],
      );
    });

    it('reject a proposal', async () => {
      const c = await createCase('agente-obras', { reference: 'Propuesta rechazada' });
      const draft = await createIntegrationDraft('agente-obras');
      const proposed = await post(`/api/v1/cases/${c.case_id}/documents/propose`, 'agente-obras', {
        document_draft_id: draft,
      });
      const rejected = await post(`/api/v1/cases/${c.case_id}/documents/reject-proposal`, 'directora-obras', {
        proposed_id: proposed.body.proposed_id,
        reason: 'No corresponde',
      });
      assert.equal(rejected.body.status, 'rejected');
      const missing = await post(`/api/v1/cases/${c.case_id}/documents/accept-proposal`, 'directora-obras', {
        proposed_id: '00000000-0000-4000-8000-000000000000',
      });
      assert.equal(missing.status, 404);
    });
  });
});
