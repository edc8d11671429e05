/**
 * The dashboard of a user who starts with nothing: a scripted sequence of document and case
 * actions through the backend, then the feed (newest first, paginated) and the stats.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { tenantDb } from '../../db/tenancy.js';
import { getStack } from '../support/hooks.js';
import { createApiKey } from '../../db/control.js';
import { asBackend, demoSector, demoUser, request } from '../support/http.js';
import { SAMPLE_HTML } from '../support/documents.js';
import { template } from '../support/cases.js';

describe('dashboard: feed and stats of the acting user', function () {
  this.timeout(180_000);
  const userId = randomUUID();
  const as = () => ({ 'X-Tenant-Schema': 'demo', Authorization: `Bearer ${userId}` });
  const call = async (method: string, path: string, json?: unknown, headers = as()) => {
    const res = await request(`/api/v1${path}`, { method, headers, ...(json !== undefined ? { json } : {}) });
    assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${res.text}`);
    return res.body.data;
  };
  const draft = async (reference: string) =>
    (await call('POST', '/documents', { document_type_acronym: 'INF', reference })).document_id as string;
  const save = (id: string) =>
    call('PATCH', `/documents/${id}/save`, {
      content: SAMPLE_HTML,
      signers: [{ user_id: userId, is_numerator: true }],
    });
  let initialCases: number;
  let apiKey: string;

  before(async () => {
    const { db, demoTenant } = getStack();
    await tenantDb(db, demoTenant).transaction(async (trx) => {
      await trx('users').insert({
        id: userId,
        full_name: 'Ana Tablero',
        email: `ana.tablero.${userId.slice(0, 8)}@pruebas.example`,
        role: 'director',
      });
      await trx('user_sector_permissions').insert({
        user_id: userId,
        sector_id: demoSector('DOP'),
        can_edit: true,
        is_primary: true,
      });
    });
    apiKey = (await createApiKey(db, { tenantId: demoTenant.id, name: `tablero-${userId}`, userIds: [userId] })).key;
  });

  it('starts empty', async () => {
    const feed = await call('GET', '/dashboard/feed');
    assert.deepEqual(feed, { items: [], total: 0, page: 1, page_size: 20, total_pages: 0 });
    const stats = await call('GET', '/dashboard/stats');
    assert.deepEqual(stats.documents_by_status, { draft: 0, sent_to_sign: 0, signed: 0, rejected: 0 });
    assert.equal(stats.pending_signatures, 0);
    assert.deepEqual(stats.recent_activity, { last_7_days: 0, last_30_days: 0 });
    initialCases = stats.active_cases;
  });

  it('lists the scripted actions newest first, with object and a Spanish line', async () => {
    // A document signed and numbered.
    const signed = await draft('Informe de avance de obra');
    await save(signed);
    await call('POST', `/documents/${signed}/start-signing-process`);
    const numbered = await call('POST', `/documents/${signed}/super-sign`);
    // A document rejected by its signer.
    const rejected = await draft('Informe con errores');
    await save(rejected);
    await call('POST', `/documents/${rejected}/start-signing-process`);
    await call('POST', `/documents/${rejected}/reject`, { reason: 'Faltan los planos' });
    // A draft that stays a draft.
    await draft('Borrador pendiente');
    // A case created then transferred, another created with a task assigned.
    const transferred = await call('POST', '/cases', {
      case_template_id: template('PEROB'),
      reference: 'Permiso de obra Belgrano 50',
    });
    await call('POST', `/cases/${transferred.case.case_id}/transfer`, {
      target_sector_id: demoSector('MESA'),
      reason: 'Para su registro',
      transfer_ownership: true,
    });
    const assigned = await call('POST', '/cases', {
      case_template_id: template('PEROB'),
      reference: 'Permiso de obra Mitre 12',
    });
    await call('POST', `/cases/${assigned.case.case_id}/assign`, {
      target_sector_id: demoSector('RENT'),
      reason: 'Calcular la tasa',
    });

    const feed = await call('GET', '/dashboard/feed?page_size=100');
    const kinds = (feed.items as { kind: string; object: { type: string; id: string } }[])
      .filter(
        (i) =>
          i.object.type === 'case' ||
          ![transferred.cover.document_id, assigned.cover.document_id].includes(i.object.id),
      )
      .map((i) => i.kind)
      .reverse();
    assert.deepEqual(kinds, [
      'document_created',
      'document_edited',
      'document_sent_to_sign',
      'document_signed',
      'document_officialized',
      'document_created',
      'document_edited',
      'document_sent_to_sign',
      'document_rejected',
      'document_created',
      'case_created',
      'case_transferred',
      'case_created',
      'case_assigned',
    ]);
    const times = (feed.items as { occurred_at: string }[]).map((i) => Date.parse(i.occurred_at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
      'newest first',
    );

    const officialized = feed.items.find(
      (i: { kind: string; object: { id: string } }) => i.kind === 'document_officialized' && i.object.id === signed,
    );
    assert.deepEqual(officialized.object, {
      type: 'document',
      id: signed,
      document_type: 'INF',
      number: numbered.official_number,
      reference: 'Informe de avance de obra',
    });
    assert.equal(
      officialized.description,
      `INF "Informe de avance de obra" oficializado como ${numbered.official_number}`,
    );
    assert.ok(officialized.event_id && officialized.occurred_at);
    const transfer = feed.items.find((i: { kind: string }) => i.kind === 'case_transferred');
    assert.deepEqual(transfer.object, {
      type: 'case',
      id: transferred.case.case_id,
      number: transferred.case.case_number,
      reference: 'Permiso de obra Belgrano 50',
    });
    assert.equal(
      transfer.description,
      `Ana Tablero transfirió el expediente ${transferred.case.case_number} a MESA: Para su registro`,
    );
    const rejection = feed.items.find((i: { kind: string }) => i.kind === 'document_rejected');
    assert.equal(rejection.description, 'Ana Tablero rechazó INF "Informe con errores": Faltan los planos');

    // Pages cut the same list.
    const page2 = await call('GET', '/dashboard/feed?page=2&page_size=5');
    assert.deepEqual(page2.items, feed.items.slice(5, 10));
    assert.equal(page2.total, feed.total);
    assert.equal(page2.total_pages, Math.ceil(feed.total / 5));
  });

  it("stats count the user's documents, pending signatures, sector cases and activity", async () => {
    // Someone else asks this user for a signature.
    const other = await request('/api/v1/documents', {
      method: 'POST',
      headers: asBackend('agente-obras'),
      json: { document_type_acronym: 'INF', reference: 'Para la firma de Ana' },
    });
    const otherId = other.body.data.document_id;
    await request(`/api/v1/documents/${otherId}/save`, {
      method: 'PATCH',
      headers: asBackend('agente-obras'),
      json: { content: SAMPLE_HTML, signers: [{ user_id: userId, is_numerator: true }] },
    });
    const started = await request(`/api/v1/documents/${otherId}/start-signing-process`, {
      method: 'POST',
      headers: asBackend('agente-obras'),
    });
    assert.equal(started.status, 200, started.text);
    // This user numbers another one, whose common signer has not signed yet: it does not wait for them.
    const later = (
      await request('/api/v1/documents', {
        method: 'POST',
        headers: asBackend('agente-obras'),
        json: { document_type_acronym: 'INF', reference: 'Numerar después' },
      })
    ).body.data.document_id;
    const signers = [
      { user_id: demoUser('agente-obras'), is_numerator: false },
      { user_id: userId, is_numerator: true },
    ];
    await request(`/api/v1/documents/${later}/save`, {
      method: 'PATCH',
      headers: asBackend('agente-obras'),
      json: { content: SAMPLE_HTML, signers },
    });
    const startedLater = await request(`/api/v1/documents/${later}/start-signing-process`, {
      method: 'POST',
      headers: asBackend('agente-obras'),
    });
    assert.equal(startedLater.status, 200, startedLater.text);

    const stats = await call('GET', '/dashboard/stats');
    // Signed: the numbered report and the two case covers the user's case creations signed.
    assert.deepEqual(stats.documents_by_status, { draft: 1, sent_to_sign: 0, signed: 3, rejected: 1 });
    assert.equal(stats.pending_signatures, 1);
    // The figure counts what the pending-signatures list shows.
    const listed = await request('/api/v1/documents/pending-signatures', {
      headers: { 'X-API-Key': apiKey, 'X-User-ID': userId },
    });
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(
      listed.body.documents.map((d: { document_id: string }) => d.document_id),
      [otherId],
    );
    assert.equal(stats.active_cases, initialCases + 1, 'two cases created in DOP, one transferred away');
    const feed = await call('GET', '/dashboard/feed?page_size=1');
    assert.deepEqual(stats.recent_activity, { last_7_days: feed.total, last_30_days: feed.total });
  });

  it('refuses bad paging with 400 and needs credentials', async () => {
    const bad = await request('/api/v1/dashboard/feed?page_size=101', { headers: as() });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'page_size debe ser un entero entre 1 y 100');
    const anonymous = await request('/api/v1/dashboard/stats', { headers: { 'X-Tenant-Schema': 'demo' } });
    assert.equal(anonymous.status, 401);
  });
});
