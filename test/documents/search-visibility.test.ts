import assert from 'node:assert/strict';
import { createCase } from '../support/cases.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { asIntegration, demoSector, demoUser, request } from '../support/http.js';

const post = (path: string, user: string, json: unknown = {}) =>
  request(path, { method: 'POST', headers: asIntegration(user), json });
const search = (user: string, text: string) =>
  request(`/api/v1/documents/search?search=${encodeURIComponent(text)}`, { headers: asIntegration(user) });

/** Whether the search lists the document for the user, checked against what the detail says. */
async function listed(user: string, reference: string, id: string): Promise<boolean> {
  const res = await search(user, reference);
  assert.equal(res.status, 200, res.text);
  const inList = res.body.documents.some((d: { document_id: string }) => d.document_id === id);
  const detail = await request(`/api/v1/documents/${id}`, { headers: asIntegration(user) });
  assert.equal(inList, detail.status === 200, `${user}: the list and the detail disagree`);
  return inList;
}

describe('documents: search follows every way of seeing a document', function () {
  this.timeout(60_000);

  it('signers added and removed, and a deleted draft', async () => {
    const reference = `Visibilidad firmante ${Date.now()}`;
    const id = await prepareIntegrationDraft('agente-obras', ['directora-rentas'], { reference });
    assert.equal(await listed('directora-rentas', reference, id), true, 'a signer of another sector');
    assert.equal(await listed('agente-mesa', reference, id), false);

    const resaved = await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers: asIntegration('agente-obras'),
      json: { signers: [demoUser('intendente')] },
    });
    assert.equal(resaved.status, 200, resaved.text);
    assert.equal(await listed('directora-rentas', reference, id), false, 'no longer a signer');
    assert.equal(await listed('intendente', reference, id), true, 'the new signer');

    assert.equal(
      (await request(`/api/v1/documents/${id}`, { method: 'DELETE', headers: asIntegration('agente-obras') })).status,
      200,
    );
    assert.equal(await listed('agente-obras', reference, id), false, 'deleted');
    assert.equal(await listed('intendente', reference, id), false, 'deleted');
  });

  it('a document linked to a case follows the case to its new owner sector', async () => {
    const reference = `Visibilidad expediente ${Date.now()}`;
    const id = await prepareIntegrationDraft('directora-obras', ['directora-obras'], { reference });
    assert.equal((await post(`/api/v1/documents/${id}/start-signing`, 'directora-obras')).status, 200);
    assert.equal((await post(`/api/v1/documents/${id}/sign`, 'directora-obras')).status, 200);
    const c = await createCase('agente-obras', { reference: `Caso ${reference}` });
    assert.equal(
      (await post(`/api/v1/cases/${c.case_id}/documents/link`, 'agente-obras', { official_document_id: id })).status,
      200,
    );
    assert.equal(await listed('directora-rentas', reference, id), false);

    const moved = await post(`/api/v1/cases/${c.case_id}/transfer`, 'agente-obras', {
      target_sector_id: demoSector('RENT'),
      reason: 'Pase a Rentas',
    });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(await listed('directora-rentas', reference, id), true, 'its case is now owned by Rentas');
    assert.equal(await listed('agente-obras', reference, id), true, 'still a document of its own sector');
  });

  it('text matches regardless of case and of accents, with an exact total', async () => {
    const mark = `m${Date.now()}`;
    const id = await prepareIntegrationDraft('agente-obras', [], { reference: `Pasaje Álvarez Thomas ${mark}` });
    for (const text of [
      `Álvarez Thomas ${mark}`,
      `ÁLVAREZ THOMAS ${mark.toUpperCase()}`,
      `álvarez thomas ${mark}`,
      `alvarez thomas ${mark}`,
      `ALVAREZ THOMAS ${mark.toUpperCase()}`,
    ]) {
      const res = await search('agente-obras', text);
      assert.deepEqual(
        res.body.documents.map((d: { document_id: string }) => d.document_id),
        [id],
        text,
      );
      assert.deepEqual([res.body.total, res.body.total_exact], [1, true], text);
    }
    const other = await search('agente-obras', `alvarez thomasz ${mark}`);
    assert.deepEqual([other.body.documents.length, other.body.total], [0, 0]);
  });
});
