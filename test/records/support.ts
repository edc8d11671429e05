/** Helpers of the records suites: records created and official documents signed through HTTP. */
import assert from 'node:assert/strict';
import { asBackend, asIntegration, request } from '../support/http.js';
import { prepareIntegrationDraft } from '../support/documents.js';
import { signAll, startSigning } from '../support/communications.js';

export const integration = (user: string, path: string, method = 'GET', json?: unknown) =>
  request(`/api/v1${path}`, { method, headers: asIntegration(user), ...(json !== undefined ? { json } : {}) });

export const backend = (user: string, path: string, method = 'GET', json?: unknown) =>
  request(`/api/v1${path}`, { method, headers: asBackend(user), ...(json !== undefined ? { json } : {}) });

export interface CreatedRecord {
  id: string;
  record_number: string;
  display_name: string;
  state: string;
}

export async function createRecord(
  user: string,
  registryCode: string,
  displayName: string,
  data?: Record<string, unknown>,
): Promise<CreatedRecord> {
  const res = await integration(user, '/records', 'POST', {
    registry_code: registryCode,
    display_name: displayName,
    ...(data ? { data } : {}),
  });
  assert.equal(res.status, 200, res.text);
  return res.body as CreatedRecord;
}

/** An INF signed and numbered by `user` alone: an official document of the tenant. */
export async function officialDocument(
  user: string,
  reference = 'Certificado de matrícula',
): Promise<{ id: string; number: string }> {
  const id = await prepareIntegrationDraft(user, [user], { reference });
  await startSigning(id, user);
  const signed = await signAll(id, [user]);
  assert.equal(signed.status, 'signed');
  return { id, number: signed.document_number };
}
