/**
 * A personal signer's batch: every signature prepared, one code e-mailed for all of them (CSC
 * numSignatures), and one authorisation that completes each document through its round.
 */
import assert from 'node:assert/strict';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, request } from '../support/http.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { newSigningCode } from '../support/csc.js';
import { pdfSignatures } from '../support/pdf-tools.js';
import { newUser, type NewUser } from '../support/users.js';

describe('signatures: a personal signer signs a batch with one code', function () {
  this.timeout(180_000);
  let api: { url: string; close(): Promise<void> };
  /** A personal signer of the suite's own: a seeded user's mode stays as other suites expect it. */
  let signer: NewUser;
  before(async () => {
    signer = await newUser({ fullName: 'Lucía Lote', role: 'director', apiKey: true });
    const set = await request(`/api/v1/users/${signer.id}/signature-mode`, {
      method: 'PUT',
      headers: asBackend('intendente'),
      json: { mode: 'personal' },
    });
    assert.equal(set.status, 200, set.text);
    api = await getStack().extraApi({ WORKFLOW_WAIT_MS: '3000' });
  });
  after(async () => {
    await api.close();
  });

  async function inSigning(signers: string[], reference: string): Promise<string> {
    const id = await prepareIntegrationDraft('agente-obras', signers, { reference });
    assert.equal(
      (
        await request(`/api/v1/documents/${id}/start-signing`, {
          method: 'POST',
          headers: asIntegration('agente-obras'),
        })
      ).status,
      200,
    );
    return id;
  }

  it('three documents numbered with one code; a document not yet hers is refused alone; a wrong code counts down', async () => {
    const stack = getStack();
    const mine = [
      await inSigning([signer.id], 'Lote personal 1'),
      await inSigning([signer.id], 'Lote personal 2'),
      await inSigning([signer.id], 'Lote personal 3'),
    ];
    const notYet = await inSigning(['jefa-mesa', signer.id], 'Lote personal, aún no');
    const key = `lote-personal-${Date.now()}`;
    const batch = (path = '', json?: unknown, method = 'POST') =>
      request(`/api/v1/documents/sign-batch${path}`, {
        method,
        headers: { ...signer.integration, 'Idempotency-Key': key },
        baseUrl: api.url,
        ...(json ? { json } : {}),
      });

    let started: Awaited<ReturnType<typeof batch>> | undefined;
    const { code, message } = await newSigningCode(stack, signer.email, async () => {
      started = await batch('', { document_ids: [...mine, notYet] });
    });
    assert.match(message.text, /3 documentos en un lote de firma/);
    let progress = started!;
    while (!progress.body.authorization_required) {
      assert.equal(progress.status, 202, progress.text);
      progress = await batch(`/${key}`, undefined, 'GET');
    }
    assert.equal(progress.body.method, 'otp-email');
    assert.equal(progress.body.authorize_url, `/api/v1/documents/sign-batch/${key}/authorize`);
    assert.deepEqual(
      progress.body.outcomes.map((o: { status: string }) => o.status),
      ['awaiting_authorization', 'awaiting_authorization', 'awaiting_authorization', 'refused'],
    );
    assert.equal(progress.body.outcomes[3].http_status, 409);
    const codes = (await stack.mail.messages()).filter(
      (m) => m.to.some((t) => t.address === signer.email) && m.text.includes(code),
    );
    assert.equal(codes.length, 1, 'one e-mail, one code, for the three documents');

    const wrong = await batch(`/${key}/authorize`, { code: code === '000000' ? '111111' : '000000' });
    assert.deepEqual(
      [wrong.status, wrong.body],
      [400, { error: 'Código de autorización incorrecto (le quedan 2 intentos)' }],
    );
    let done = await batch(`/${key}/authorize`, { code });
    while (done.status === 202) done = await batch(`/${key}`, undefined, 'GET');
    assert.equal(done.status, 200, done.text);
    assert.equal(done.body.status, 'completed');
    assert.equal(done.body.authorization_required, undefined);
    assert.deepEqual(
      done.body.outcomes.map((o: { status: string }) => o.status),
      ['numbered', 'numbered', 'numbered', 'refused'],
    );

    for (const id of mine) {
      const details = await request(`/api/v1/documents/${id}/signature-details`, {
        headers: asIntegration('agente-obras'),
      });
      assert.equal(details.body.signature_status, 'fully_signed');
      assert.equal(details.body.signers[0].signature_kind, 'personal');
      const url = await request(`/api/v1/documents/${id}/url`, { headers: asIntegration('agente-obras') });
      const signatures = pdfSignatures(Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer()));
      assert.equal(signatures.length, 1);
      assert.ok(signatures[0]!.valid);
    }
    const again = await batch(`/${key}/authorize`, { code });
    assert.equal(again.status, 200, 'a repeated authorisation answers the finished batch');
  });

  it('nothing to authorise: an unknown batch is 404, an empty code 400', async () => {
    const unknown = await request('/api/v1/documents/sign-batch/no-such-batch/authorize', {
      method: 'POST',
      headers: signer.integration,
      json: { code: '123456' },
    });
    assert.equal(unknown.status, 404);
    const empty = await request('/api/v1/documents/sign-batch/no-such-batch/authorize', {
      method: 'POST',
      headers: signer.integration,
      json: {},
    });
    assert.equal(empty.status, 400);
  });
});
