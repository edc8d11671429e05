/**
 * Webhooks are one more interface that shows notes and memos: what a subscribed receiver actually
 * gets over HTTP (the bodies as delivered, not the outbox rows) names no memo recipient, no blind
 * copy — of a memo or of a note — and carries no reference or content, whatever types it takes.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EVENT_TYPES } from '../../domain/webhooks/catalog.js';
import { sendMemo, sendNote } from '../support/communications.js';
import { asBackend, demoSector, demoUser, request } from '../support/http.js';
import { until } from '../support/until.js';
import { startTestReceiver, type TestReceiver } from '../support/webhook-receiver.js';

describe('privacy: webhook bodies as a receiver gets them', function () {
  this.timeout(120_000);
  let receiver: TestReceiver;
  let subscriptionId: string;

  before(async () => {
    receiver = await startTestReceiver();
    const created = await request('/api/v1/admin/webhooks', {
      method: 'POST',
      headers: asBackend('intendente'),
      json: { url: receiver.url, event_types: EVENT_TYPES },
    });
    assert.equal(created.status, 201, created.text);
    subscriptionId = created.body.data.id;
    receiver.secrets.push(created.body.data.secret);
  });
  after(async () => {
    await request(`/api/v1/admin/webhooks/${subscriptionId}`, { method: 'DELETE', headers: asBackend('intendente') });
    await receiver.close();
  });

  const bodiesOf = (documentId: string, types: string[]) =>
    until(
      `${types.join(', ')} of ${documentId}`,
      async () => {
        const got = receiver.received.filter((r) => r.body.data.document_id === documentId);
        return types.every((t) => got.some((r) => r.body.type === t)) ? got : undefined;
      },
      30_000,
    );

  it('a memo with TO, CC and BCC: no recipient, no reference, no content in any body', async () => {
    const tag = randomUUID().slice(0, 8);
    const memo = await sendMemo(
      'agente-obras',
      { to: ['agente-mesa'], cc: ['directora-rentas'], bcc: ['jefa-mesa'] },
      { reference: `Memo reservado ${tag}`, content: `<p>Contenido reservado ${tag}</p>` },
    );
    const got = await bodiesOf(memo.id, ['document.created', 'document.officialized', 'memo.delivered']);
    const raw = got.map((r) => JSON.stringify(r.body)).join('\n');
    for (const who of ['agente-mesa', 'directora-rentas', 'jefa-mesa'])
      assert.ok(!raw.includes(demoUser(who)), `${who} named`);
    assert.ok(!raw.includes(tag), 'reference or content delivered');
    assert.ok(got.every((r) => r.verifiedWith === 0));
    const delivered = got.find((r) => r.body.type === 'memo.delivered')!;
    assert.deepEqual(Object.keys(delivered.body.data).sort(), [
      'document_id',
      'document_type',
      'links',
      'municipality',
      'number',
    ]);
  });

  it('a note with a blind-copy sector: the sector stays out, and so do its reference and content', async () => {
    const tag = randomUUID().slice(0, 8);
    const note = await sendNote(
      'agente-obras',
      { to: ['DOP'], bcc: ['RENT'] },
      { reference: `Nota reservada ${tag}`, content: `<p>Contenido ${tag}</p>` },
    );
    const got = await bodiesOf(note.id, ['document.officialized', 'note.delivered']);
    const raw = got.map((r) => JSON.stringify(r.body)).join('\n');
    assert.ok(!raw.includes(demoSector('RENT')), 'the blind-copy sector is named');
    assert.ok(!raw.includes(tag));
    assert.deepEqual(got.find((r) => r.body.type === 'note.delivered')!.body.data.recipient_sector_ids, [
      demoSector('DOP'),
    ]);
  });
});
