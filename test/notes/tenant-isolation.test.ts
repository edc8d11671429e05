/**
 * Notes and memos never cross municipalities: a user of another tenant finds nothing of the
 * demo's notes and memos (404 by id, empty lists), and the demo's users find nothing of theirs.
 * Also the hostile inputs every route must refuse with a clear 4xx.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { tenantDb, type Tenant } from '../../db/tenancy.js';
import { createTenant } from '../../db/tenants.js';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, demoSector, request } from '../support/http.js';
import { sendMemo, sendNote } from '../support/communications.js';

describe('notes and memos: tenant isolation and hostile input', function () {
  this.timeout(120_000);
  let other: Tenant;
  const sectorB = randomUUID();
  const userB = randomUUID();
  const noteB = randomUUID();
  let note: { id: string };
  let memo: { id: string };
  const asB = () => ({ 'X-Tenant-Schema': other.schema, Authorization: `Bearer ${userB}` });

  before(async () => {
    const { db } = getStack();
    ({ tenant: other } = await createTenant(db, {
      schema: 'comms_b',
      municipalityCode: 'CMB',
      displayName: 'Municipalidad B',
      city: 'Ciudad B',
    }));
    await tenantDb(db, other).transaction(async (trx) => {
      await trx('sectors').insert({ id: sectorB, name: 'Mesa de B', acronym: 'MESAB' });
      await trx('users').insert({
        id: userB,
        full_name: 'Usuaria B',
        email: `usuaria.${userB.slice(0, 8)}@b.gob.ar`,
        role: 'director',
      });
      await trx('user_sector_permissions').insert({
        user_id: userB,
        sector_id: sectorB,
        can_edit: true,
        is_primary: true,
      });
      // An officialized note of tenant B, delivered to its sector (B has no signing certificate here).
      const type = await trx('document_types').where({ acronym: 'NOTA' }).first('id');
      await trx('documents').insert({
        id: noteB,
        document_type_id: type.id,
        reference: 'Nota de B',
        content: '<p>B</p>',
        status: 'signed',
        official_number: 'NO-2026-00000001-CMB-MESAB',
        sector_id: sectorB,
        created_by: userB,
        signed_at: trx.fn.now(),
      });
      await trx('note_recipients').insert({
        document_id: noteB,
        sector_id: sectorB,
        recipient_kind: 'to',
        delivered_at: trx.fn.now(),
      });
    });
    note = await sendNote('intendente', { to: ['MESA'] }, { reference: 'Nota solo para la demo' });
    memo = await sendMemo('agente-obras', { to: ['agente-mesa'] }, { reference: 'Memo solo para la demo' });
  });

  it("another tenant's user finds none of the demo's notes or memos", async () => {
    for (const path of [`/api/v1/notes/${note.id}`, `/api/v1/memos/${memo.id}`]) {
      const res = await request(path, { headers: asB() });
      assert.equal(res.status, 404, `${path}: ${res.text}`);
    }
    assert.equal(
      (await request(`/api/v1/memos/${memo.id}/archive`, { method: 'PATCH', headers: asB(), json: { archived: true } }))
        .status,
      404,
    );
    assert.equal(
      (
        await request(`/api/v1/notes/${note.id}/archive`, {
          method: 'POST',
          headers: asB(),
          json: { sector_id: sectorB },
        })
      ).status,
      404,
    );
    const notes = await request('/api/v1/notes/received', { headers: asB() });
    assert.deepEqual(
      notes.body.data.notes.map((n: { note_id: string }) => n.note_id),
      [noteB],
      "only its own tenant's note",
    );
    assert.equal((await request('/api/v1/memos/received', { headers: asB() })).body.data.total, 0);
    assert.equal((await request('/api/v1/memos/unread-count', { headers: asB() })).body.data.unread_count, 0);
    assert.equal((await request('/api/v1/dashboard/feed', { headers: asB() })).body.data.total, 0);
  });

  it("the demo's users find nothing of the other tenant, and are no users there", async () => {
    assert.equal((await request(`/api/v1/notes/${noteB}`, { headers: asIntegration('agente-mesa') })).status, 404);
    assert.equal((await request(`/api/v1/notes/${noteB}`, { headers: asBackend('agente-mesa') })).status, 404);
    const archive = await request(`/api/v1/notes/${noteB}/archive`, {
      method: 'PATCH',
      headers: asIntegration('agente-mesa'),
      json: { archived: true, sector_id: demoSector('MESA') },
    });
    assert.equal(archive.status, 404);
    const crossing = await request('/api/v1/notes/received', { headers: asBackend('agente-mesa', other.schema) });
    assert.equal(crossing.status, 401, crossing.text);
  });

  it('refuses hostile input with a clear 4xx', async () => {
    const integration = asIntegration('agente-mesa');
    const cases: [string, Parameters<typeof request>[1], number, string][] = [
      [
        '/api/v1/notes/x/archive',
        { method: 'PATCH', headers: { ...integration, 'content-type': 'text/plain' }, raw: 'archived=true' },
        415,
        'error',
      ],
      [
        `/api/v1/notes/${note.id}/archive`,
        { method: 'PATCH', headers: { ...integration, 'content-type': 'application/json' }, raw: '{"archived": tru' },
        400,
        'error',
      ],
      [`/api/v1/notes/${note.id}/archive`, { method: 'PATCH', headers: integration, json: [true] }, 400, 'error'],
      ['/api/v1/notes/%E0%A4%A', { headers: integration }, 400, 'error'],
      ['/api/v1/notes/received?search=%00', { headers: integration }, 400, 'error'],
      ['/api/v1/notes/received?page=abc', { headers: integration }, 400, 'error'],
      [`/api/v1/notes/received?search=${'a'.repeat(5000)}`, { headers: integration }, 400, 'error'],
      ['/api/v1/memos/received?page=1e3', { headers: asBackend('agente-mesa') }, 400, 'message'],
      ['/api/v1/memos/received?date_to=2026-02-30', { headers: asBackend('agente-mesa') }, 400, 'message'],
      [
        `/api/v1/memos/${memo.id}/archive`,
        { method: 'PATCH', headers: asBackend('agente-mesa'), json: { archived: 'yes' } },
        400,
        'message',
      ],
      [
        `/api/v1/memos/${memo.id}/archive`,
        { method: 'PATCH', headers: { ...asBackend('agente-mesa'), 'content-type': 'text/plain' }, raw: 'x' },
        415,
        'message',
      ],
      ['/api/v1/dashboard/feed?page=0', { headers: asBackend('agente-mesa') }, 400, 'message'],
    ];
    for (const [path, options, status, key] of cases) {
      const res = await request(path, options);
      assert.equal(res.status, status, `${path}: ${res.text}`);
      assert.ok(res.body && key in res.body, `${path}: ${res.text}`);
    }
  });
});
