/** Helpers that drive documents through the public HTTP interfaces. */
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { tenantDb } from '../../db/tenancy.js';
import { getStack } from './hooks.js';
import { asBackend, asIntegration, demoSector, demoUser, request } from './http.js';

export const SAMPLE_HTML =
  '<h1>Informe técnico</h1><p>Se informa al <b>Señor Núñez</b> que la obra de la <i>calle Güemes</i> cumple la normativa.</p>' +
  '<ul><li>Plano aprobado</li><li>Seguro vigente</li></ul><table><tr><th>Ítem</th><th>Estado</th></tr><tr><td>Cañería</td><td>Correcta</td></tr></table>';

export async function createIntegrationDraft(userKey: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await request('/api/v1/documents', {
    method: 'POST',
    headers: asIntegration(userKey),
    json: { document_type_acronym: 'INF', reference: 'Informe de prueba', ...body },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.document_id as string;
}

export async function createBackendDraft(userKey: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await request('/api/v1/documents', {
    method: 'POST',
    headers: asBackend(userKey),
    json: { document_type_acronym: 'INF', reference: 'Informe de prueba', ...body },
  });
  assert.equal(res.status, 200, res.text);
  return res.body.data.document_id as string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A seeded user's key, or the id of a user a suite made (newUser), as the user's id. */
const userIdOf = (keyOrId: string) => (UUID.test(keyOrId) ? keyOrId : demoUser(keyOrId));

/** Saves content and signers (user keys or ids; the last one numbers) through the integration PATCH. */
export async function prepareIntegrationDraft(
  creatorKey: string,
  signerKeys: string[],
  body: Record<string, unknown> = {},
): Promise<string> {
  const id = await createIntegrationDraft(creatorKey, body);
  const res = await request(`/api/v1/documents/${id}`, {
    method: 'PATCH',
    headers: asIntegration(creatorKey),
    json: { content: SAMPLE_HTML, signers: signerKeys.map(userIdOf) },
  });
  assert.equal(res.status, 200, res.text);
  return id;
}

export async function letterPdf(
  text = 'Documento externo',
  pages = 1,
  size: [number, number] = [612, 792],
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) pdf.addPage(size).drawText(`${text} ${i + 1}`, { x: 72, y: 700, size: 14, font });
  return Buffer.from(await pdf.save());
}

export function pdfForm(
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name?: string; field?: string },
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file)
    form.set(
      file.field ?? 'pdf_file',
      new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }),
      file.name ?? 'externo.pdf',
    );
  return form;
}

export const sector = demoSector;

/**
 * A document type of a suite's own in the demo municipality: its settings (a default signing
 * deadline...) are the suite's to change, the seeded types stay as seeded. Its acronym is also
 * its number prefix.
 */
export async function newDocumentType(): Promise<{ acronym: string; name: string }> {
  const { db, demoTenant } = getStack();
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(65 + randomInt(26))).join('');
  const type = { acronym: `PRU${letters}`, name: `Tipo de prueba ${letters}` };
  await tenantDb(db, demoTenant).transaction((trx) =>
    trx('document_types').insert({ acronym: type.acronym, number_prefix: type.acronym, name: type.name }),
  );
  return type;
}
