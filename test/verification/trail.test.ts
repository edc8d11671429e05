/**
 * The trail on an official document's public verification page and its JSON twin, read from the
 * document's outbox events: created, sent to signing, each signature with the signer's name and
 * time, officialized with its number, in order; only the round that made it official (a round
 * returned for correction is not shown, nor its reason); a memo shows only its signature and its
 * officialization, never a recipient.
 */
import assert from 'node:assert/strict';
import { formatVerificationCode } from '../../lib/verification-code.js';
import { sendMemo } from '../support/communications.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { asBackend, asIntegration, request } from '../support/http.js';
import { verificationCodeOf } from '../support/verification-codes.js';

const codeOf = verificationCodeOf;
const integration = (user: string, url: string, json?: unknown) =>
  request(`/api/v1${url}`, { method: 'POST', headers: asIntegration(user), ...(json !== undefined ? { json } : {}) });

interface Trail {
  event: string;
  at: string;
  signer_name: string | null;
  number: string | null;
}

describe('verification: the trail of an official document', function () {
  this.timeout(90_000);

  it('shows created, sent to signing, each signature (name, time) and officialized (number) of the round that made it official, on the page and in its JSON', async () => {
    const id = await prepareIntegrationDraft('intendente', ['directora-obras', 'intendente'], {
      reference: 'Disposición con historial',
    });
    // A first round returned for correction.
    for (const [user, url, body] of [
      ['intendente', 'start-signing'],
      ['directora-obras', 'sign'],
      ['intendente', 'reject', { reason: 'Falta el anexo de planos' }],
    ] as const) {
      const res = await integration(user, `/documents/${id}/${url}`, body);
      assert.equal(res.status, 200, `${url}: ${res.text}`);
    }
    // Saving on the desk is how a rejected document is corrected.
    const corrected = await request(`/api/v1/documents/${id}/save`, {
      method: 'PATCH',
      headers: asBackend('intendente'),
      json: { reference: 'Disposición con historial (corregida)' },
    });
    assert.equal(corrected.status, 200, corrected.text);
    assert.equal((await integration('intendente', `/documents/${id}/start-signing`)).status, 200);
    assert.equal((await integration('directora-obras', `/documents/${id}/sign`)).status, 200);
    const last = await integration('intendente', `/documents/${id}/sign`);
    assert.equal(last.status, 200, last.text);
    const number = last.body.document_number as string;
    const code = formatVerificationCode(await codeOf(id));

    const json = await request(`/api/v1/public/verify/${code}`);
    assert.equal(json.status, 200, json.text);
    const trail = json.body.document.trail as Trail[];
    assert.deepEqual(
      trail.map((t) => [t.event, t.signer_name, t.number]),
      [
        ['created', null, null],
        ['sent_to_sign', null, null],
        ['signed', 'Lucía Fernández', null],
        ['signed', 'Martín Álvarez', null],
        ['officialized', null, number],
      ],
    );
    const times = trail.map((t) => Date.parse(t.at));
    assert.deepEqual(
      [...times].sort((a, b) => a - b),
      times,
      'oldest first',
    );
    const signers = json.body.document.signers as { name: string; signed_at: string }[];
    for (const s of signers)
      assert.equal(
        trail.find((t) => t.signer_name === s.name)!.at,
        s.signed_at,
        `${s.name} signed when the register says`,
      );
    assert.equal(trail.filter((t) => t.event === 'signed').length, 2, 'the returned round is not shown');
    assert.ok(!json.text.includes('Falta el anexo'), 'no rejection reason');

    const page = await request(`/verificar/${code}`);
    assert.equal(page.status, 200);
    const rows = [...page.text.matchAll(/<tr data-trail="([a-z_]+)"><td>([^<]*)<\/td><td>([^<]*)<\/td>/g)].map((m) => [
      m[1],
      m[2],
      m[3],
    ]);
    assert.deepEqual(rows, [
      ['created', 'Creado', ''],
      ['sent_to_sign', 'Enviado a firmar', ''],
      ['signed', 'Firmado', 'Lucía Fernández'],
      ['signed', 'Firmado', 'Martín Álvarez'],
      ['officialized', 'Oficializado', `con el número ${number}`],
    ]);
    assert.ok(page.text.includes('<h2>Historial</h2>'));
  });

  it('a memo shows nothing its page did not already: its signature and officialization, no recipient, no drafting', async () => {
    const memo = await sendMemo(
      'directora-obras',
      { to: ['agente-obras'], cc: ['jefa-mesa'], bcc: ['intendente'] },
      { reference: 'Memo reservado del historial' },
    );
    const code = formatVerificationCode(await codeOf(memo.id));
    const json = await request(`/api/v1/public/verify/${code}`);
    assert.equal(json.status, 200, json.text);
    assert.deepEqual(
      (json.body.document.trail as Trail[]).map((t) => [t.event, t.signer_name, t.number]),
      [
        ['signed', 'Lucía Fernández', null],
        ['officialized', null, memo.number],
      ],
    );
    const page = await request(`/verificar/${code}`);
    for (const text of [json.text, page.text]) {
      for (const name of ['Jorge Peña', 'Sofía Ibáñez', 'Martín Álvarez', 'Memo reservado'])
        assert.ok(!text.includes(name), `${name} is not shown`);
    }
    assert.ok(!page.text.includes('data-trail="created"'));
  });
});
