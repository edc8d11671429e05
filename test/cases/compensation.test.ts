/**
 * A case creation that fails for good half-way (the signing service refuses the tenant's
 * certificate: a 4xx, not retryable) is undone: the caller gets a clear 4xx and no trace of the
 * case, its movement or its cover remains.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { createApiKey } from '../../db/control.js';
import { tenantDb, type Tenant } from '../../db/tenancy.js';
import { createTenant } from '../../db/tenants.js';
import { issueTenantCertificate } from '../../signer/dev-pki.js';
import { getStack } from '../support/hooks.js';
import { request } from '../support/http.js';

describe("the signing service refuses a tenant's certificate (a 4xx: not retried)", function () {
  this.timeout(120_000);
  let tenant: Tenant;
  let key: string;
  const userId = '5c5c5c5c-0000-4000-8000-000000000001';
  const sectorId = '5c5c5c5c-0000-4000-8000-000000000002';
  const templateId = '5c5c5c5c-0000-4000-8000-000000000003';

  before(async () => {
    const { db, pki } = getStack();
    ({ tenant } = await createTenant(db, {
      schema: 'sin_firma',
      municipalityCode: 'MSF',
      displayName: 'Municipalidad Sin Firma',
      city: 'Sin Firma',
    }));
    await tenantDb(db, tenant).transaction(async (trx) => {
      await trx('sectors').insert({ id: sectorId, name: 'Mesa General', acronym: 'MG' });
      await trx('users').insert({
        id: userId,
        full_name: 'Ana Única',
        email: 'ana@sinfirma.example',
        role: 'director',
      });
      await trx('user_sector_permissions').insert({
        user_id: userId,
        sector_id: sectorId,
        can_edit: true,
        is_primary: true,
      });
      await trx('case_templates').insert({ id: templateId, name: 'Trámite general', acronym: 'TG' });
    });
    ({ key } = await createApiKey(db, { tenantId: tenant.id, name: 'k', userIds: [userId] }));
    // A certificate whose password nobody recorded: the signing service answers 400 CERTIFICATE_LOAD_ERROR.
    await issueTenantCertificate(pki, {
      tenant: 'sin_firma',
      file: path.join(pki.certsDir, 'sin_firma.p12'),
      password: 'nadie-la-sabe',
    });
  });

  it("answers 422 with the signing service's reason and discards the case, its movement and its cover", async () => {
    const res = await request('/api/v1/cases', {
      method: 'POST',
      headers: { 'X-API-Key': key, 'X-User-ID': userId, 'Idempotency-Key': 'falla-1' },
      json: { case_template_id: templateId, reference: 'No llegará a existir' },
    });
    assert.equal(res.status, 422, res.text);
    assert.match(res.body.error, /CERTIFICATE_LOAD_ERROR/);

    const counts = await tenantDb(getStack().db, tenant).transaction(async (trx) => ({
      cases: Number((await trx('cases').count('* as n'))[0]!.n),
      movements: Number((await trx('case_movements').count('* as n'))[0]!.n),
      documents: Number((await trx('documents').count('* as n'))[0]!.n),
    }));
    assert.deepEqual(counts, { cases: 0, movements: 0, documents: 0 });
    const search = await request('/api/v1/cases/search', { headers: { 'X-API-Key': key, 'X-User-ID': userId } });
    assert.equal(search.body.total, 0);
    const poll = await request('/api/v1/cases/creations/falla-1', {
      headers: { 'X-API-Key': key, 'X-User-ID': userId },
    });
    assert.equal(poll.status, 422, 'polling answers what the creation answered');
  });

  it('a transfer whose providence cannot be signed still stands: 200, the PV reported failed and withdrawn', async () => {
    const caseId = '5c5c5c5c-0000-4000-8000-000000000010';
    const otherSector = '5c5c5c5c-0000-4000-8000-000000000011';
    await tenantDb(getStack().db, tenant).transaction(async (trx) => {
      await trx('sectors').insert({ id: otherSector, name: 'Obras', acronym: 'OB' });
      // A case made earlier (by hand here: this tenant cannot sign covers).
      await trx('cases').insert({
        id: caseId,
        case_number: 'EE-2026-00000099-MSF-MG',
        reference: 'Caso previo',
        template_id: templateId,
        owner_sector_id: sectorId,
        created_by: userId,
      });
      await trx('case_movements').insert({
        case_id: caseId,
        movement_type: 'creation',
        to_sector_id: sectorId,
        created_by: userId,
        status: 'closed',
      });
    });
    const res = await request(`/api/v1/cases/${caseId}/transfer`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'X-User-ID': userId },
      json: { target_sector_id: otherSector, reason: 'Pase a obras', create_official_doc: true },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.to_sector, 'OB');
    assert.equal(res.body.official_document.status, 'failed');
    assert.match(res.body.official_document.message, /CERTIFICATE_LOAD_ERROR/);
    const state = await tenantDb(getStack().db, tenant).transaction(async (trx) => ({
      owner: (await trx('cases').where({ id: caseId }).first()).owner_sector_id,
      pv: await trx('documents').where({ case_id: caseId }).first(),
    }));
    assert.equal(state.owner, otherSector, 'the transfer happened');
    assert.ok(state.pv.deleted_at, 'the unsigned providence was withdrawn');
    assert.notEqual(state.pv.status, 'signed');
  });

  it('a document signature answers 422 with the reason; the document stays in signing and the signer pending', async () => {
    const headers = { 'X-API-Key': key, 'X-User-ID': userId };
    const created = await request('/api/v1/documents', {
      method: 'POST',
      headers,
      json: { document_type_acronym: 'INF', reference: 'Informe sin firma posible' },
    });
    const id = created.body.document_id;
    await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers,
      json: { content: '<p>Contenido</p>', signers: [userId] },
    });
    assert.equal((await request(`/api/v1/documents/${id}/start-signing`, { method: 'POST', headers })).status, 200);
    const signed = await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers });
    assert.equal(signed.status, 422, signed.text);
    assert.match(signed.body.error, /CERTIFICATE_LOAD_ERROR/);
    const details = await request(`/api/v1/documents/${id}/signature-details`, { headers });
    assert.equal(details.body.signature_status, 'pending');
    assert.deepEqual(
      details.body.signers.map((s: { status: string }) => s.status),
      ['pending'],
    );
    const again = await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers });
    assert.equal(again.status, 422, 'asking again gets the same clear answer, not a hang');
  });
});
