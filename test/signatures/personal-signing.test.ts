/**
 * Personal signatures through the real stack: each signer's certificate is held by the development
 * remote signing service (CSC API v2); every signature waits for a code e-mailed to its signer.
 */
import assert from 'node:assert/strict';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, request } from '../support/http.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { newSigningCode } from '../support/csc.js';
import { pdfDocumentTimestamps, pdfSignatures } from '../support/pdf-tools.js';
import { newUser, type NewUser } from '../support/users.js';

const setMode = (user: NewUser, mode: 'seal' | 'personal' | null) =>
  request(`/api/v1/users/${user.id}/signature-mode`, {
    method: 'PUT',
    headers: asBackend('intendente'),
    json: { mode },
  });
const sign = (id: string, user: NewUser) =>
  request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: user.integration });
const authorize = (id: string, headers: Record<string, string>, code: string) =>
  request(`/api/v1/documents/${id}/sign/authorize`, { method: 'POST', headers, json: { code } });

/** Signs as `user`, reads the code the remote service e-mails, authorises with it. */
async function signPersonally(id: string, user: NewUser) {
  let asked: Awaited<ReturnType<typeof sign>> | undefined;
  const { code } = await newSigningCode(getStack(), user.email, async () => {
    asked = await sign(id, user);
  });
  assert.equal(asked!.status, 202, asked!.text);
  assert.equal(asked!.body.authorization_required, true);
  assert.equal(asked!.body.method, 'otp-email');
  assert.ok(Date.parse(asked!.body.expires_at) > Date.now() + 4 * 60_000, 'the code is good for five minutes');
  const done = await authorize(id, user.integration, code);
  assert.equal(done.status, 200, done.text);
  return { code, done };
}

async function officialPdf(id: string): Promise<Buffer> {
  const url = await request(`/api/v1/documents/${id}/url`, { headers: asIntegration('agente-obras') });
  return Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer());
}

describe('signatures: personal certificates authorised with a code', function () {
  this.timeout(180_000);

  // Signers of this suite's own: their modes and certificates leave the seeded users as other suites expect them.
  let lucia: NewUser;
  let sofia: NewUser;
  let martin: NewUser;

  before(async () => {
    lucia = await newUser({
      fullName: 'Lucía Firmante',
      role: 'director',
      seal: 'Directora de Obras Particulares',
      apiKey: true,
    });
    sofia = await newUser({
      fullName: 'Sofía Firmante',
      role: 'director',
      sectors: [
        { acronym: 'MESA', canEdit: true },
        { acronym: 'RENT', canEdit: true },
      ],
      seal: 'Jefa de Mesa de Entradas',
      apiKey: true,
    });
    martin = await newUser({
      fullName: 'Martín Firmante',
      role: 'director',
      sectors: [{ acronym: 'INTEN', canEdit: true }],
      seal: 'Intendente Municipal',
      apiKey: true,
    });
    for (const user of [lucia, sofia, martin]) assert.equal((await setMode(user, 'personal')).status, 200);
  });

  it('three signers sign with their own certificates: three different signers in the PDF, each checked against its user', async () => {
    const id = await prepareIntegrationDraft('agente-obras', [lucia.id, sofia.id, martin.id]);
    assert.equal(
      (
        await request(`/api/v1/documents/${id}/start-signing`, {
          method: 'POST',
          headers: asIntegration('agente-obras'),
        })
      ).status,
      200,
    );

    // A wrong code is refused with the tries left; the right one then signs.
    let asked: Awaited<ReturnType<typeof sign>> | undefined;
    const { code } = await newSigningCode(getStack(), lucia.email, async () => {
      asked = await sign(id, lucia);
    });
    assert.equal(asked!.status, 202, asked!.text);
    assert.deepEqual(Object.keys(asked!.body).sort(), [
      'authorization_required',
      'document_id',
      'expires_at',
      'message',
      'method',
      'status',
    ]);
    const wrong = await authorize(id, lucia.integration, code === '000000' ? '111111' : '000000');
    assert.deepEqual(
      [wrong.status, wrong.body],
      [400, { error: 'Código de autorización incorrecto (le quedan 2 intentos)' }],
    );
    const first = await authorize(id, lucia.integration, code);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.status, 'sent_to_sign');
    const repeated = await authorize(id, lucia.integration, code);
    assert.deepEqual(repeated.body, first.body, 'a repeated authorisation answers the signature made');

    await signPersonally(id, sofia);
    const { done: last } = await signPersonally(id, martin);
    assert.equal(last.body.status, 'signed');
    assert.match(last.body.document_number, /^IF-\d{4}-\d{8}-MVE-INTEN$/);

    const details = await request(`/api/v1/documents/${id}/signature-details`, {
      headers: asIntegration('agente-obras'),
    });
    assert.equal(details.status, 200, details.text);
    const hashes = new Set<string>();
    for (const s of details.body.signers) {
      const signer = [lucia, sofia, martin].find((u) => u.id === s.user_id)!;
      assert.equal(s.signature_kind, 'personal');
      assert.match(s.certificate.subject, new RegExp(`CN=${signer.fullName}`));
      assert.match(s.certificate.subject, /O=Municipalidad|O=.*Villa Esperanza/);
      hashes.add(s.certificate.sha256);
    }
    assert.equal(hashes.size, 3, 'three different certificates');

    const validated = await request(`/api/v1/documents/${id}/signature-details`, {
      headers: asBackend('agente-obras'),
    });
    const signatures = validated.body.data.validation.signatures.filter(
      (s: { kind: string }) => s.kind === 'signature',
    );
    assert.equal(signatures.length, 3);
    for (const s of signatures)
      assert.ok(s.signature_valid && s.digest_valid && s.trusted && s.timestamp?.valid, JSON.stringify(s));
    assert.deepEqual(
      signatures.map((s: { signer_subject: string }) => /CN=([^,]+)/.exec(s.signer_subject)![1]).sort(),
      [lucia, sofia, martin].map((u) => u.fullName).sort(),
      "each signature is made by its signer's certificate, not the municipality's",
    );

    const pdf = await officialPdf(id);
    const checked = pdfSignatures(pdf);
    assert.equal(checked.length, 3);
    assert.ok(
      checked.every((s) => s.valid),
      JSON.stringify(checked),
    );
    assert.equal(pdfDocumentTimestamps(pdf).length, 1, 'B-LTA: an archive time-stamp over the three');
  });

  it('a code used once cannot sign again, and a seal signer signs as before beside a personal one', async () => {
    await setMode(sofia, 'seal');
    try {
      const id = await prepareIntegrationDraft('agente-obras', [lucia.id, sofia.id]);
      assert.equal(
        (
          await request(`/api/v1/documents/${id}/start-signing`, {
            method: 'POST',
            headers: asIntegration('agente-obras'),
          })
        ).status,
        200,
      );
      const other = await prepareIntegrationDraft('agente-obras', [lucia.id, sofia.id]);
      assert.equal(
        (
          await request(`/api/v1/documents/${other}/start-signing`, {
            method: 'POST',
            headers: asIntegration('agente-obras'),
          })
        ).status,
        200,
      );

      const { code } = await signPersonally(id, lucia);
      // The same code for another document (another hash): refused.
      const { code: fresh } = await newSigningCode(getStack(), lucia.email, async () => {
        assert.equal((await sign(other, lucia)).status, 202);
      });
      if (fresh !== code) {
        const replayed = await authorize(other, lucia.integration, code);
        assert.equal(replayed.status, 400, replayed.text);
        assert.match(replayed.body.error, /Código de autorización incorrecto/);
      }

      const sealed = await sign(id, sofia);
      assert.equal(sealed.status, 200, sealed.text);
      assert.equal(sealed.body.status, 'signed', 'the seal signer is the numerator here and signs at once');
      const details = await request(`/api/v1/documents/${id}/signature-details`, {
        headers: asIntegration('agente-obras'),
      });
      assert.deepEqual(
        details.body.signers.map((s: { signature_kind: string }) => s.signature_kind),
        ['personal', 'seal'],
      );
      const pdf = await officialPdf(id);
      assert.ok(pdfSignatures(pdf).every((s) => s.valid));
    } finally {
      await setMode(sofia, 'personal');
    }
  });

  it('no code to authorise, an empty code, and a signer who is not one: clear refusals', async () => {
    const id = await prepareIntegrationDraft('agente-obras', [lucia.id, sofia.id]);
    assert.equal(
      (
        await request(`/api/v1/documents/${id}/start-signing`, {
          method: 'POST',
          headers: asIntegration('agente-obras'),
        })
      ).status,
      200,
    );
    const none = await authorize(id, lucia.integration, '123456');
    assert.deepEqual(
      [none.status, none.body],
      [
        409,
        {
          error:
            'No hay una firma suya esperando autorización en este documento: firme nuevamente para recibir un código',
        },
      ],
    );
    const empty = await authorize(id, lucia.integration, ' ');
    assert.equal(empty.status, 400);
    const stranger = await authorize(id, asIntegration('agente-obras'), '123456');
    assert.equal(stranger.status, 403);
  });
});
