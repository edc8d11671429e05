/** Helpers that drive cases through the public HTTP interfaces. */
import assert from 'node:assert/strict';
import { demoId } from '../../db/seed/demo-data.js';
import { asBackend, asIntegration, request } from './http.js';

export const template = (acronym: string) => demoId('case-template', acronym);

export async function createCase(
  userKey: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const res = await request('/api/v1/cases', {
    method: 'POST',
    headers: { ...asIntegration(userKey), ...headers },
    json: { case_template_id: template('PEROB'), reference: 'Permiso de obra calle Güemes 123', ...body },
  });
  assert.equal(res.status, 201, res.text);
  return res.body as { case_id: string; case_number: string; reference: string; status: string; created_at: string };
}

export async function createCaseBackend(userKey: string, body: Record<string, unknown> = {}) {
  const res = await request('/api/v1/cases', {
    method: 'POST',
    headers: asBackend(userKey),
    json: { case_template_id: template('HABCOM'), reference: 'Habilitación comercial kiosco', ...body },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.data as {
    case: { case_id: string; case_number: string };
    cover: { document_id: string; official_number: string };
  };
}
