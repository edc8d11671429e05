/** Helpers that send notes (NOTA) and memos (MEMO) through the public HTTP interfaces. */
import assert from 'node:assert/strict';
import { asBackend, asIntegration, demoSector, demoUser, request } from './http.js';
import { SAMPLE_HTML } from './documents.js';

export interface SectorRecipients {
  to: string[];
  cc?: string[];
  bcc?: string[];
}

const sectors = (r: SectorRecipients) => ({
  to: r.to.map(demoSector),
  cc: (r.cc ?? []).map(demoSector),
  bcc: (r.bcc ?? []).map(demoSector),
});

/** A NOTA draft with content and signers (user keys; the last numbers), not yet sent to signing. */
export async function draftNote(
  creator: string,
  recipients: SectorRecipients,
  options: { reference?: string; content?: string; signers?: string[] } = {},
) {
  const created = await request('/api/v1/documents', {
    method: 'POST',
    headers: asIntegration(creator),
    json: {
      document_type_acronym: 'NOTA',
      reference: options.reference ?? 'Nota de prueba',
      recipients: sectors(recipients),
    },
  });
  assert.equal(created.status, 201, created.text);
  const id = created.body.document_id as string;
  const saved = await request(`/api/v1/documents/${id}`, {
    method: 'PATCH',
    headers: asIntegration(creator),
    json: { content: options.content ?? SAMPLE_HTML, signers: (options.signers ?? [creator]).map(demoUser) },
  });
  assert.equal(saved.status, 200, saved.text);
  return id;
}

export async function startSigning(id: string, creator: string) {
  const res = await request(`/api/v1/documents/${id}/start-signing`, {
    method: 'POST',
    headers: asIntegration(creator),
  });
  assert.equal(res.status, 200, res.text);
}

/** Every signer signs in order; returns the last answer (the numerator's, with the number). */
export async function signAll(id: string, signers: string[]) {
  let last;
  for (const s of signers) {
    last = await request(`/api/v1/documents/${id}/sign`, { method: 'POST', headers: asIntegration(s) });
    assert.equal(last.status, 200, last.text);
  }
  return last!.body as { status: string; document_number: string };
}

/** A NOTA sent end to end: drafted, signed and numbered, so delivered to its sectors. */
export async function sendNote(
  creator: string,
  recipients: SectorRecipients,
  options: { reference?: string; content?: string; signers?: string[] } = {},
) {
  const signers = options.signers ?? [creator];
  const id = await draftNote(creator, recipients, { ...options, signers });
  await startSigning(id, creator);
  const signed = await signAll(id, signers);
  assert.equal(signed.status, 'signed');
  return { id, number: signed.document_number };
}

export interface UserRecipients {
  to: string[];
  cc?: string[];
  bcc?: string[];
}

/** A MEMO sent through the backend document flow (create, save, start signing, super-sign). */
export async function sendMemo(
  sender: string,
  recipients: UserRecipients,
  options: { reference?: string; content?: string } = {},
) {
  const created = await request('/api/v1/documents', {
    method: 'POST',
    headers: asBackend(sender),
    json: {
      document_type_acronym: 'MEMO',
      reference: options.reference ?? 'Memo de prueba',
      recipients: {
        to: recipients.to.map(demoUser),
        cc: (recipients.cc ?? []).map(demoUser),
        bcc: (recipients.bcc ?? []).map(demoUser),
      },
    },
  });
  assert.equal(created.status, 200, created.text);
  const id = created.body.data.document_id as string;
  const saved = await request(`/api/v1/documents/${id}/save`, {
    method: 'PATCH',
    headers: asBackend(sender),
    json: { content: options.content ?? SAMPLE_HTML, signers: [{ user_id: demoUser(sender), is_numerator: true }] },
  });
  assert.equal(saved.status, 200, saved.text);
  const started = await request(`/api/v1/documents/${id}/start-signing-process`, {
    method: 'POST',
    headers: asBackend(sender),
  });
  assert.equal(started.status, 200, started.text);
  const signed = await request(`/api/v1/documents/${id}/super-sign`, { method: 'POST', headers: asBackend(sender) });
  assert.equal(signed.status, 200, signed.text);
  assert.equal(signed.body.data.document_status, 'signed');
  return { id, number: signed.body.data.official_number as string };
}
