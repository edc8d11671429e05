/**
 * Memos are seen only by their sender, signers and recipients in every read, looking one up by
 * its (sequential) number included; BCC recipients are shown to the sender only — a BCC
 * recipient sees themself, TO and CC see none — on the integration detail and the desk's
 * preview-info, as /memos/{id} and /notes/{id} already do.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sendMemo, sendNote } from '../support/communications.js';
import { prepareIntegrationDraft, SAMPLE_HTML } from '../support/documents.js';
import { asBackend, asIntegration, demoSector, demoUser, request } from '../support/http.js';

const integration = (user: string, path: string) => request(path, { headers: asIntegration(user) });
const backend = (user: string, path: string, method = 'GET', json?: unknown) =>
  request(path, { method, headers: asBackend(user), ...(json !== undefined ? { json } : {}) });

describe('private communications: memo visibility and BCC on every interface', function () {
  this.timeout(240_000);
  const tag = randomUUID().slice(0, 8);
  let memo: { id: string; number: string };
  let note: { id: string; number: string };

  before(async () => {
    // Jorge → Carlos (TO), María José (CC), Martín (BCC); Lucía and Sofía are no party.
    memo = await sendMemo(
      'agente-obras',
      { to: ['agente-mesa'], cc: ['directora-rentas'], bcc: ['intendente'] },
      { reference: `Memo reservado ${tag}` },
    );
    // Jorge's sector → Mesa (TO) with Intendencia as BCC; Rentas is no party.
    note = await sendNote('agente-obras', { to: ['MESA'], bcc: ['INTEN'] }, { reference: `Nota reservada ${tag}` });
  });

  describe('search-official', () => {
    it('integration: 404 for a memo to a non-party, 200 for its sender and recipients', async () => {
      const path = `/api/v1/documents/search-official/${encodeURIComponent(memo.number)}`;
      for (const user of ['directora-obras', 'jefa-mesa']) {
        const res = await integration(user, path);
        assert.deepEqual([res.status, res.body], [404, { error: 'Documento no encontrado' }], user);
      }
      for (const user of ['agente-obras', 'agente-mesa', 'directora-rentas', 'intendente']) {
        const res = await integration(user, path);
        assert.equal(res.status, 200, `${user}: ${res.text}`);
        assert.equal(res.body.document_id, memo.id);
      }
    });

    it('backend: 404 for a memo to a non-party, 200 for its sender and recipients', async () => {
      const path = `/api/v1/documents/search-official/${encodeURIComponent(memo.number)}`;
      for (const user of ['directora-obras', 'jefa-mesa']) assert.equal((await backend(user, path)).status, 404, user);
      for (const user of ['agente-obras', 'agente-mesa', 'intendente']) {
        const res = await backend(user, path);
        assert.equal(res.status, 200, `${user}: ${res.text}`);
        assert.equal(res.body.data.document_id, memo.id);
      }
    });

    it('a note is found only by its parties; any other official document by anyone', async () => {
      const path = `/api/v1/documents/search-official/${encodeURIComponent(note.number)}`;
      assert.equal((await integration('directora-rentas', path)).status, 404);
      assert.equal((await integration('agente-mesa', path)).status, 200);
      assert.equal((await integration('agente-obras', path)).status, 200);
      // An official INF of Obras is still found by a user of another sector (the spec's lookup).
      const inf = await prepareIntegrationDraft('agente-obras', ['agente-obras'], {
        reference: `Informe público ${tag}`,
      });
      assert.equal(
        (
          await request(`/api/v1/documents/${inf}/start-signing`, {
            method: 'POST',
            headers: asIntegration('agente-obras'),
          })
        ).status,
        200,
      );
      const signed = await request(`/api/v1/documents/${inf}/sign`, {
        method: 'POST',
        headers: asIntegration('agente-obras'),
      });
      const byRentas = await integration(
        'directora-rentas',
        `/api/v1/documents/search-official/${encodeURIComponent(signed.body.document_number)}`,
      );
      assert.equal(byRentas.status, 200, byRentas.text);
      assert.equal(byRentas.body.document_id, inf);
    });
  });

  describe('a non-party gets nothing of the memo', () => {
    it('detail, content, url, signature details and search (integration)', async () => {
      for (const sub of ['', '/content', '/url', '/signature-details']) {
        const res = await integration('directora-obras', `/api/v1/documents/${memo.id}${sub}`);
        assert.equal(res.status, 404, `${sub}: ${res.text}`);
      }
      for (const q of [
        `search=${encodeURIComponent(memo.number)}`,
        `search=${encodeURIComponent(`Memo reservado ${tag}`)}`,
        'document_type=MEMO&page_size=100',
      ]) {
        const res = await integration('directora-obras', `/api/v1/documents/search?${q}`);
        assert.equal(res.status, 200, res.text);
        assert.ok(!res.body.documents.some((d: { document_id: string }) => d.document_id === memo.id), q);
      }
      const sender = await integration(
        'agente-obras',
        `/api/v1/documents/search?search=${encodeURIComponent(memo.number)}`,
      );
      assert.deepEqual(
        sender.body.documents.map((d: { document_id: string }) => d.document_id),
        [memo.id],
        'the sender finds it',
      );
    });

    it('desk routes: details, preview-info, signature details', async () => {
      assert.equal((await backend('directora-obras', `/api/v1/documents/${memo.id}/details`)).status, 404);
      assert.equal((await backend('directora-obras', `/api/v1/documents/${memo.id}/preview-info`, 'POST')).status, 404);
      assert.equal((await backend('directora-obras', `/api/v1/documents/${memo.id}/signature-details`)).status, 404);
    });

    it('pending lists and the dashboard feed: a signer taken off a memo learns nothing of what it became', async () => {
      // Jorge asks Lucía to sign a memo to Carlos; she rejects it, he removes her, renames and sends it.
      const created = await backend('agente-obras', '/api/v1/documents', 'POST', {
        document_type_acronym: 'MEMO',
        reference: `Borrador para Lucía ${tag}`,
        recipients: { to: [demoUser('agente-mesa')], cc: [], bcc: [] },
      });
      assert.equal(created.status, 200, created.text);
      const id = created.body.data.document_id as string;
      const save = (json: unknown) => backend('agente-obras', `/api/v1/documents/${id}/save`, 'PATCH', json);
      assert.equal(
        (
          await save({
            content: SAMPLE_HTML,
            signers: [
              { user_id: demoUser('directora-obras'), is_numerator: false },
              { user_id: demoUser('agente-obras'), is_numerator: true },
            ],
          })
        ).status,
        200,
      );
      assert.equal(
        (await backend('agente-obras', `/api/v1/documents/${id}/start-signing-process`, 'POST')).status,
        200,
      );
      const pending = await integration('directora-obras', '/api/v1/documents/pending-signatures');
      assert.ok(
        pending.body.documents.some((d: { document_id: string }) => d.document_id === id),
        'while she signs, it waits for her',
      );
      const rejected = await request(`/api/v1/documents/${id}/reject`, {
        method: 'POST',
        headers: asIntegration('directora-obras'),
        json: { reason: 'No me corresponde' },
      });
      assert.equal(rejected.status, 200, rejected.text);
      const secret = `Asunto definitivo ${tag}`;
      assert.equal(
        (await save({ reference: secret, signers: [{ user_id: demoUser('agente-obras'), is_numerator: true }] }))
          .status,
        200,
      );
      assert.equal(
        (await backend('agente-obras', `/api/v1/documents/${id}/start-signing-process`, 'POST')).status,
        200,
      );
      const signed = await backend('agente-obras', `/api/v1/documents/${id}/super-sign`, 'POST');
      assert.equal(signed.body.data.document_status, 'signed', signed.text);
      const number = signed.body.data.official_number as string;

      const feed = await backend('directora-obras', '/api/v1/dashboard/feed?page_size=100');
      assert.equal(feed.status, 200, feed.text);
      const mine = feed.body.data.items.filter((i: { object: { id: string } }) => i.object.id === id);
      assert.ok(mine.length > 0, 'her own rejection stays in her feed');
      for (const item of mine) {
        assert.equal(item.object.number, null);
        assert.equal(item.object.reference, null);
      }
      assert.ok(!JSON.stringify(feed.body).includes(number), 'no number of the memo');
      assert.ok(!JSON.stringify(feed.body).includes(secret), 'no subject of the memo');
      const senderFeed = await backend('agente-obras', '/api/v1/dashboard/feed?page_size=100');
      assert.ok(
        senderFeed.body.data.items.some(
          (i: { object: { id: string; number: string } }) => i.object.id === id && i.object.number === number,
        ),
        'the sender sees it',
      );

      assert.ok(
        !(await integration('directora-obras', '/api/v1/documents/pending-signatures')).body.documents.some(
          (d: { document_id: string }) => d.document_id === id,
        ),
      );
      assert.equal((await integration('directora-obras', `/api/v1/documents/${id}`)).status, 404);
      const received = await backend('directora-obras', `/api/v1/memos/received?search=${tag}`);
      assert.deepEqual(received.body.data.memos, []);
      const listed = await backend(
        'intendente',
        `/api/v1/users/${demoUser('agente-obras')}/documents?document_type=MEMO&page_size=100`,
      );
      assert.equal(listed.status, 200, listed.text);
      assert.ok(
        !listed.body.data.documents.some((d: { document_id: string }) => d.document_id === id),
        "an administrator listing the sender's documents does not see a memo he is no party to",
      );
      assert.ok(
        listed.body.data.documents.some((d: { document_id: string }) => d.document_id === memo.id),
        'but sees one he received',
      );
    });
  });

  describe('BCC', () => {
    it('integration document detail: TO and CC see no BCC, the BCC recipient only themself, the sender all', async () => {
      const bccOf = async (user: string, id: string) => {
        const res = await integration(user, `/api/v1/documents/${id}`);
        assert.equal(res.status, 200, `${user}: ${res.text}`);
        return res.body.recipients.bcc as string[];
      };
      assert.deepEqual(await bccOf('agente-mesa', memo.id), []);
      assert.deepEqual(await bccOf('directora-rentas', memo.id), []);
      assert.deepEqual(await bccOf('intendente', memo.id), [demoUser('intendente')]);
      assert.deepEqual(await bccOf('agente-obras', memo.id), [demoUser('intendente')]);
      const to = await integration('agente-mesa', `/api/v1/documents/${memo.id}`);
      assert.deepEqual(to.body.recipients.to, [demoUser('agente-mesa')]);
      assert.deepEqual(to.body.recipients.cc, [demoUser('directora-rentas')]);
      // Notes: sectors.
      assert.deepEqual(await bccOf('agente-mesa', note.id), []);
      assert.deepEqual(await bccOf('agente-obras', note.id), [demoSector('INTEN')]);
    });

    it('backend preview-info: TO and CC see no BCC, the sender does', async () => {
      const preview = async (user: string, id: string) => {
        const res = await backend(user, `/api/v1/documents/${id}/preview-info`, 'POST');
        assert.equal(res.status, 200, `${user}: ${res.text}`);
        return res.body.data.recipients.bcc as string[];
      };
      assert.deepEqual(await preview('agente-mesa', memo.id), []);
      assert.deepEqual(await preview('directora-rentas', memo.id), []);
      assert.deepEqual(await preview('agente-obras', memo.id), [demoUser('intendente')]);
      assert.deepEqual(await preview('agente-mesa', note.id), []);
      assert.deepEqual(await preview('agente-obras', note.id), [demoSector('INTEN')]);
    });
  });
});
