/**
 * A personal signer deactivated after signing: what they signed stays valid (the signature was
 * time-stamped while the certificate was good, and the PDF carries the validation data), their
 * certificate is revoked at the remote signing service and in the development PKI, and anything
 * they try afterwards — a new signature, or a code for one prepared before — is refused saying why.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createApiKey } from '../../db/control.js';
import { tenantDb } from '../../db/tenancy.js';
import { getStack } from '../support/hooks.js';
import { asBackend, asIntegration, demoSector, demoUser, request } from '../support/http.js';
import { createIntegrationDraft, SAMPLE_HTML } from '../support/documents.js';
import { cscClient, newSigningCode } from '../support/csc.js';
import { pdfSignatures } from '../support/pdf-tools.js';

describe('signatures: a personal signer deactivated after signing', function () {
  this.timeout(180_000);
  const userId = randomUUID();
  const email = `firma.baja.${userId.slice(0, 8)}@pruebas.example`;
  let key: string;
  const asSigner = () => ({ 'X-API-Key': key, 'X-User-ID': userId });

  before(async () => {
    const { db, demoTenant } = getStack();
    await tenantDb(db, demoTenant).transaction(async (trx) => {
      await trx('users').insert({
        id: userId,
        full_name: 'Elena Baja',
        email,
        role: 'director',
        cuit: '27-12345678-4',
      });
      await trx('user_sector_permissions').insert({
        user_id: userId,
        sector_id: demoSector('DOP'),
        can_edit: true,
        is_primary: true,
      });
    });
    key = (await createApiKey(db, { tenantId: demoTenant.id, name: `baja-${userId}`, userIds: [userId] })).key;
    const set = await request(`/api/v1/users/${userId}/signature-mode`, {
      method: 'PUT',
      headers: asBackend('intendente'),
      json: { mode: 'personal' },
    });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(set.body.data, { user_id: userId, mode: 'personal', effective_mode: 'personal' });
  });

  async function inSigning(): Promise<string> {
    const id = await createIntegrationDraft('agente-obras');
    const saved = await request(`/api/v1/documents/${id}`, {
      method: 'PATCH',
      headers: asIntegration('agente-obras'),
      json: { content: SAMPLE_HTML, signers: [userId, demoUser('intendente')] },
    });
    assert.equal(saved.status, 200, saved.text);
    const started = await request(`/api/v1/documents/${id}/start-signing`, {
      method: 'POST',
      headers: asIntegration('agente-obras'),
    });
    assert.equal(started.status, 200, started.text);
    return id;
  }

  it('earlier signatures stay valid; the certificate is revoked; a new attempt and a code prepared before are refused', async () => {
    const stack = getStack();
    const signedEarlier = await inSigning();
    const waiting = await inSigning();

    const { code } = await newSigningCode(stack, email, async () => {
      const asked = await request(`/api/v1/documents/${signedEarlier}/sign`, { method: 'POST', headers: asSigner() });
      assert.equal(asked.status, 202, asked.text);
    });
    const done = await request(`/api/v1/documents/${signedEarlier}/sign/authorize`, {
      method: 'POST',
      headers: asSigner(),
      json: { code },
    });
    assert.equal(done.status, 200, done.text);
    const numbered = await request(`/api/v1/documents/${signedEarlier}/sign`, {
      method: 'POST',
      headers: asIntegration('intendente'),
    });
    assert.equal(numbered.body.status, 'signed', numbered.text);

    // A signature prepared (its code sent) before the deactivation.
    const { code: pending } = await newSigningCode(stack, email, async () => {
      assert.equal(
        (await request(`/api/v1/documents/${waiting}/sign`, { method: 'POST', headers: asSigner() })).status,
        202,
      );
    });

    const { db, demoTenant } = stack;
    const credentialId = await tenantDb(db, demoTenant).transaction((trx) =>
      trx('signing_credentials').where({ user_id: userId }).first('credential_id'),
    );
    const deactivated = await request(`/api/v1/users/${userId}/deactivate`, {
      method: 'POST',
      headers: asBackend('intendente'),
    });
    assert.equal(deactivated.status, 200, deactivated.text);
    assert.equal(deactivated.body.data.is_active, false);
    await stack.client.workflow.getHandle(deactivated.body.data.credential_revocation_workflow_id).result();

    const info = await cscClient(stack).credentialInfo(credentialId.credential_id);
    assert.equal(info.status, 'revoked', 'the remote service reports the certificate revoked');
    const recorded = await tenantDb(db, demoTenant).transaction((trx) =>
      trx('signing_credentials').where({ user_id: userId }).first('revoked_at'),
    );
    assert.ok(recorded.revoked_at, 'and so does our record');

    // What was signed before stays valid, certificate and all.
    const details = await request(`/api/v1/documents/${signedEarlier}/signature-details`, {
      headers: asBackend('agente-obras'),
    });
    assert.equal(details.body.data.validation.verdict, 'authentic', JSON.stringify(details.body.data.validation));
    const mine = details.body.data.validation.signatures.find((s: { signer_subject: string | null }) =>
      /CN=Elena Baja/.test(s.signer_subject ?? ''),
    );
    assert.ok(mine?.signature_valid && mine.trusted && mine.timestamp?.valid, JSON.stringify(mine));
    const url = await request(`/api/v1/documents/${signedEarlier}/url`, { headers: asIntegration('agente-obras') });
    assert.ok(pdfSignatures(Buffer.from(await (await fetch(url.body.pdf_url)).arrayBuffer())).every((s) => s.valid));

    const again = await request(`/api/v1/documents/${waiting}/sign`, { method: 'POST', headers: asSigner() });
    assert.deepEqual(
      [again.status, again.body],
      [401, { error: 'Usuario dado de baja: ya no puede operar ni firmar' }],
    );
    const late = await request(`/api/v1/documents/${waiting}/sign/authorize`, {
      method: 'POST',
      headers: asSigner(),
      json: { code: pending },
    });
    assert.deepEqual([late.status, late.body], [401, { error: 'Usuario dado de baja: ya no puede operar ni firmar' }]);

    const repeat = await request(`/api/v1/users/${userId}/deactivate`, {
      method: 'POST',
      headers: asBackend('intendente'),
    });
    assert.equal(repeat.status, 200);
    assert.equal(repeat.body.message, 'El usuario ya estaba dado de baja');
  });

  it('only administrators deactivate, never themselves', async () => {
    const other = await request(`/api/v1/users/${userId}/deactivate`, {
      method: 'POST',
      headers: asBackend('directora-obras'),
    });
    assert.equal(other.status, 403);
    const self = await request(`/api/v1/users/${demoUser('intendente')}/deactivate`, {
      method: 'POST',
      headers: asBackend('intendente'),
    });
    assert.deepEqual([self.status, self.body.message], [400, 'No puede darse de baja a sí mismo']);
    for (const id of [randomUUID(), 'null,null']) {
      const nobody = await request(`/api/v1/users/${encodeURIComponent(id)}/deactivate`, {
        method: 'POST',
        headers: asBackend('intendente'),
      });
      assert.equal(nobody.status, 404, id);
      const mode = await request(`/api/v1/users/${encodeURIComponent(id)}/signature-mode`, {
        method: 'PUT',
        headers: asBackend('intendente'),
        json: { mode: null },
      });
      assert.equal(mode.status, 404, id);
    }
  });
});
