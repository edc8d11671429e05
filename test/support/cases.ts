/** Helpers that drive cases through the public HTTP interfaces. */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { demoId } from '../../db/seed/demo-data.js';
import { tenantDb } from '../../db/tenancy.js';
import { getStack } from './hooks.js';
import { asBackend, asIntegration, request } from './http.js';

export const template = (acronym: string) => demoId('case-template', acronym);

/**
 * A case template of a suite's own in the demo municipality, filed by `department` (an acronym):
 * its settings (a retention period...) are the suite's to change, the seeded templates stay as seeded.
 */
export async function newCaseTemplate(department = 'SOP'): Promise<{ id: string; acronym: string; name: string }> {
  const { db, demoTenant } = getStack();
  const id = randomUUID();
  const acronym = `PRU${id.slice(0, 6).toUpperCase()}`;
  const name = `Trámite de prueba ${acronym}`;
  await tenantDb(db, demoTenant).transaction((trx) =>
    trx('case_templates').insert({ id, acronym, name, filing_department_id: demoId('department', department) }),
  );
  return { id, acronym, name };
}

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
