/**
 * One representative call of every described operation, made against the real stack with the
 * demo tenant's users. Each call is keyed like the OpenAPI operations (`<document> <METHOD>
 * <express path>`), so the response test can look up the documented responses of what it called.
 * Most calls succeed; the long signing flows are reached with a fixture prepared first.
 */
import { demoId } from '../../db/seed/demo-data.js';
import { getStack } from '../support/hooks.js';
import { createCase, newCaseTemplate, template } from '../support/cases.js';
import { sendMemo, sendNote, startSigning } from '../support/communications.js';
import {
  createBackendDraft,
  createIntegrationDraft,
  letterPdf,
  newDocumentType,
  pdfForm,
  prepareIntegrationDraft,
  SAMPLE_HTML,
} from '../support/documents.js';
import { asBackend, asIntegration, demoSector, demoUser, request, type HttpResult } from '../support/http.js';
import { createRecord, officialDocument } from '../records/support.js';
import { DEMO_ACCOUNT_PASSWORD, ensureAccount, userToken } from '../support/identity.js';
import { logoForm, pngLogo } from '../support/logo.js';
import { recordAttempt } from '../webhooks/support.js';
import { until } from '../support/until.js';
import { newSigningCode } from '../support/csc.js';
import { newUser, type NewUser } from '../support/users.js';
import { verificationCodeOf } from '../support/verification-codes.js';

export type DocumentName = 'integration' | 'backend';

export interface Call {
  document: DocumentName;
  method: string;
  /** Express path pattern, as listed by api/routes.ts (prefix-less under /api/v1 for the interfaces). */
  path: string;
  run: () => Promise<HttpResult>;
}

const MISSING = '00000000-0000-4000-8000-000000000000';

/** `method path` under /api/v1 with `as` headers (and any extra), with a JSON body when given. */
const callWith = (
  as: Record<string, string>,
  method: string,
  path: string,
  json?: unknown,
  headers: Record<string, string> = {},
) => request(`/api/v1${path}`, { method, headers: { ...as, ...headers }, ...(json !== undefined ? { json } : {}) });
const integration = (user: string, method: string, path: string, json?: unknown, headers?: Record<string, string>) =>
  callWith(asIntegration(user), method, path, json, headers);
const backend = (user: string, method: string, path: string, json?: unknown, headers?: Record<string, string>) =>
  callWith(asBackend(user), method, path, json, headers);

/** The data the calls need: created once through the public interfaces. */
async function fixtures() {
  const official = await officialDocument('agente-obras', 'Certificado para la descripción de la API');
  const verification = { code: await verificationCodeOf(official.id) };
  const note = await sendNote('agente-obras', { to: ['MESA'] });
  const memo = await sendMemo('intendente', { to: ['agente-obras'] });
  const kase = await createCase('agente-obras', { reference: 'Expediente de la descripción de la API' });
  const record = await createRecord('agente-obras', 'ARQ', 'Arquitecta de la API', {
    matricula: 'M-100',
    titulo: 'Arquitecta',
  });
  const other = await createRecord('agente-obras', 'ARQ', 'Otro arquitecto de la API', {
    matricula: 'M-101',
    titulo: 'Arquitecto',
  });
  const pdf = await letterPdf('Importado para la API');
  return { official, verification, note, memo, kase, record, other, pdf };
}

/** `method path` on `through` interface as `signer`. */
const callAs = (
  signer: NewUser,
  through: DocumentName,
  method: string,
  path: string,
  json?: unknown,
  headers?: Record<string, string>,
) => callWith((through === 'integration' ? signer.integration : signer.backend) ?? {}, method, path, json, headers);

/**
 * Runs `call` as a personal signer of its own (a seeded user's mode stays as other suites expect
 * it), with a document in signing whose only signer they are.
 */
async function asPersonalSigner(
  call: (signer: NewUser, documentId: string) => Promise<HttpResult>,
): Promise<HttpResult> {
  const signer = await newUser({
    fullName: 'Sofía Firmante',
    role: 'director',
    sectors: [{ acronym: 'MESA', canEdit: true }],
    apiKey: true,
  });
  await backend('intendente', 'PUT', `/users/${signer.id}/signature-mode`, { mode: 'personal' });
  const id = await prepareIntegrationDraft('agente-obras', [signer.id]);
  await startSigning(id, 'agente-obras');
  return call(signer, id);
}

/** A personal signature authorised with the code e-mailed for it. */
function authorizedPersonally(through: DocumentName): Promise<HttpResult> {
  return asPersonalSigner(async (signer, id) => {
    const { code } = await newSigningCode(getStack(), signer.email, () =>
      callAs(signer, through, 'POST', `/documents/${id}/${through === 'integration' ? 'sign' : 'super-sign'}`),
    );
    return callAs(signer, through, 'POST', `/documents/${id}/sign/authorize`, { code });
  });
}

/** A personal signer's batch of one document, authorised with the code e-mailed for it. */
function batchAuthorizedPersonally(through: DocumentName): Promise<HttpResult> {
  return asPersonalSigner(async (signer, id) => {
    const key = `openapi-personal-batch-${through}`;
    const { code } = await newSigningCode(getStack(), signer.email, () =>
      callAs(signer, through, 'POST', '/documents/sign-batch', { document_ids: [id] }, { 'Idempotency-Key': key }),
    );
    return callAs(signer, through, 'POST', `/documents/sign-batch/${key}/authorize`, { code });
  });
}

/** The case's documents not yet annulled once the case-file run has foliated them (with the current index version). */
async function foliated(caseId: string): Promise<{ document_id: string; version: number }[]> {
  return until('the case foliated', async () => {
    const res = await integration('agente-obras', 'GET', `/cases/${caseId}/index`);
    const open = (res.body?.current?.entries ?? []).filter((e: { annulled: boolean }) => !e.annulled);
    return open.length
      ? open.map((e: { document_id: string }) => ({
          document_id: e.document_id,
          version: res.body.current.version as number,
        }))
      : undefined;
  });
}

export async function representativeCalls(): Promise<Call[]> {
  const f = await fixtures();
  const I = (method: string, path: string, run: () => Promise<HttpResult>): Call => ({
    document: 'integration',
    method,
    path,
    run,
  });
  const B = (method: string, path: string, run: () => Promise<HttpResult>): Call => ({
    document: 'backend',
    method,
    path,
    run,
  });
  const c = f.kase.case_id;
  const r = f.record.id;
  const code = f.verification!.code;

  // Values handed from one call to a later one (a movement to close, a link to delete...).
  const s: Record<string, string> = {};
  const keep = (name: string, pick: (res: HttpResult) => unknown) => async (res: Promise<HttpResult>) => {
    const done = await res;
    const value = pick(done);
    if (typeof value === 'string') s[name] = value;
    return done;
  };

  return [
    // Outside the interfaces.
    I('GET', '/health', () => request('/health')),
    I('GET', '/verificar', () => request('/verificar')),
    I('GET', '/verificar/:code', () => request(`/verificar/${code}`)),
    I('GET', '/verificar/:code/documento.pdf', () => request(`/verificar/${code}/documento.pdf`)),
    I('GET', '/verificar/:code/paginas/:page.png', () => request(`/verificar/${code}/paginas/1.png`)),
    I('POST', '/verificar', () => request('/verificar', { method: 'POST', form: pdfForm({}, { bytes: f.pdf }) })),
    I('GET', '/api/v1/public/verify/:code', () => request(`/api/v1/public/verify/${code}`)),
    I('POST', '/api/v1/public/verify', () =>
      request('/api/v1/public/verify', { method: 'POST', form: pdfForm({}, { bytes: f.pdf }) }),
    ),

    // Integration REST: catalogs.
    I('GET', '/system/document-types', () => integration('agente-obras', 'GET', '/system/document-types')),
    I('GET', '/system/document-states', () => integration('agente-obras', 'GET', '/system/document-states')),
    I('GET', '/system/sectors', () => integration('agente-obras', 'GET', '/system/sectors')),
    I('GET', '/system/case-templates', () => integration('agente-obras', 'GET', '/system/case-templates')),
    I('GET', '/system/users/list', () => integration('agente-obras', 'GET', '/system/users/list')),
    I('GET', '/system/users/search', () => integration('agente-obras', 'GET', '/system/users/search?q=mar&limit=5')),
    I('GET', '/system/users/:userId', () =>
      integration('agente-obras', 'GET', `/system/users/${demoUser('intendente')}`),
    ),

    // Integration REST: documents.
    I('GET', '/documents/search', () => integration('agente-obras', 'GET', '/documents/search?page=1&page_size=5')),
    I('GET', '/documents/pending-signatures', () =>
      integration('agente-obras', 'GET', '/documents/pending-signatures'),
    ),
    I('GET', '/documents/check-signer-permissions', () =>
      integration(
        'agente-obras',
        'GET',
        `/documents/check-signer-permissions?user_id=${demoUser('agente-obras')}&document_type_acronym=INF`,
      ),
    ),
    I('GET', '/documents/search-official/:number', () =>
      integration('agente-obras', 'GET', `/documents/search-official/${encodeURIComponent(f.official.number)}`),
    ),
    I('POST', '/documents', () =>
      keep(
        'draft',
        (res) => res.body?.document_id,
      )(
        integration('agente-obras', 'POST', '/documents', {
          document_type_acronym: 'INF',
          reference: 'Borrador de la API',
        }),
      ),
    ),
    I('POST', '/documents/import', () =>
      keep(
        'imported',
        (res) => res.body?.document_id,
      )(
        request('/api/v1/documents/import', {
          method: 'POST',
          headers: asIntegration('agente-obras'),
          form: pdfForm({ document_type_acronym: 'INF', reference: 'Importado' }, { bytes: f.pdf }),
        }),
      ),
    ),
    I('GET', '/documents/:id', () => integration('agente-obras', 'GET', `/documents/${f.official.id}`)),
    I('GET', '/documents/:id/content', () => integration('agente-obras', 'GET', `/documents/${f.official.id}/content`)),
    I('GET', '/documents/:id/url', () => integration('agente-obras', 'GET', `/documents/${f.official.id}/url`)),
    I('GET', '/documents/:id/signature-details', () =>
      integration('agente-obras', 'GET', `/documents/${f.official.id}/signature-details`),
    ),
    I('PATCH', '/documents/:id', () =>
      integration('agente-obras', 'PATCH', `/documents/${s.draft}`, {
        content: SAMPLE_HTML,
        signers: [demoUser('agente-obras')],
      }),
    ),
    I('PUT', '/documents/:id/imported-pdf', () =>
      request(`/api/v1/documents/${s.imported}/imported-pdf`, {
        method: 'PUT',
        headers: asIntegration('agente-obras'),
        form: pdfForm({}, { bytes: f.pdf }),
      }),
    ),
    I('POST', '/documents/:id/start-signing', () =>
      integration('agente-obras', 'POST', `/documents/${s.draft}/start-signing`),
    ),
    I('POST', '/documents/:id/sign', () => integration('agente-obras', 'POST', `/documents/${s.draft}/sign`)),
    I('POST', '/documents/:id/sign/authorize', () => authorizedPersonally('integration')),
    I('POST', '/documents/:id/reject', async () => {
      const id = await prepareIntegrationDraft('agente-obras', ['directora-obras']);
      await startSigning(id, 'agente-obras');
      return integration('directora-obras', 'POST', `/documents/${id}/reject`, { reason: 'Falta el plano' });
    }),
    I('DELETE', '/documents/:id', async () =>
      integration('agente-obras', 'DELETE', `/documents/${await createIntegrationDraft('agente-obras')}`),
    ),

    // Integration REST: cases.
    I('GET', '/cases/search', () => integration('agente-obras', 'GET', '/cases/search?page=1&page_size=5')),
    I('GET', '/cases/number/:number', () =>
      integration('agente-obras', 'GET', `/cases/number/${encodeURIComponent(f.kase.case_number)}`),
    ),
    I('GET', '/cases/by-number/:number', () =>
      integration('agente-obras', 'GET', `/cases/by-number/${encodeURIComponent(f.kase.case_number)}`),
    ),
    I('GET', '/cases/sectors/:sectorId/users', () =>
      integration('agente-obras', 'GET', `/cases/sectors/${demoSector('DOP')}/users`),
    ),
    I('POST', '/cases', () =>
      keep(
        'creation',
        (res) => res.body?.case_id,
      )(
        integration(
          'agente-obras',
          'POST',
          '/cases',
          { case_template_id: template('PEROB'), reference: 'Alta desde la API' },
          { 'Idempotency-Key': 'openapi-case-1' },
        ),
      ),
    ),
    I('GET', '/cases/creations/:key', () => integration('agente-obras', 'GET', '/cases/creations/openapi-case-1')),
    I('GET', '/cases/:id', () => integration('agente-obras', 'GET', `/cases/${c}?include_documents=true`)),
    I('GET', '/cases/:id/history', () => integration('agente-obras', 'GET', `/cases/${c}/history`)),
    I('GET', '/cases/:id/documents', () => integration('agente-obras', 'GET', `/cases/${c}/documents`)),
    I('GET', '/cases/:id/permissions', () => integration('agente-obras', 'GET', `/cases/${c}/permissions`)),
    I('GET', '/cases/:id/prepare-assignment', () =>
      integration('agente-obras', 'GET', `/cases/${c}/prepare-assignment`),
    ),
    I('POST', '/cases/:id/prepare-assignment', () =>
      integration('agente-obras', 'POST', `/cases/${c}/prepare-assignment`),
    ),
    I('GET', '/cases/:id/prepare-transfer', () => integration('agente-obras', 'GET', `/cases/${c}/prepare-transfer`)),
    I('POST', '/cases/:id/prepare-transfer', () => integration('agente-obras', 'POST', `/cases/${c}/prepare-transfer`)),
    I('POST', '/cases/:id/assign', () =>
      keep(
        'movement',
        (res) => res.body?.movement_id,
      )(
        integration('agente-obras', 'POST', `/cases/${c}/assign`, {
          target_sector_id: demoSector('RENT'),
          reason: 'Revisión de tasas',
          assigned_user_id: demoUser('directora-rentas'),
        }),
      ),
    ),
    I('POST', '/cases/:id/close-assign', () =>
      integration('directora-rentas', 'POST', `/cases/${c}/close-assign`, {
        movement_id: s.movement,
        reason: 'Tasas revisadas',
      }),
    ),
    I('POST', '/cases/:id/documents/link', () =>
      integration('agente-obras', 'POST', `/cases/${c}/documents/link`, { official_document_id: f.official.id }),
    ),
    I('GET', '/cases/:id/index', () => integration('agente-obras', 'GET', `/cases/${c}/index`)),
    I('GET', '/cases/:id/index/versions/:version', async () =>
      integration('agente-obras', 'GET', `/cases/${c}/index/versions/${(await foliated(c))[0]!.version}`),
    ),
    I('POST', '/cases/:id/folios/:documentId/annul', async () =>
      integration('agente-obras', 'POST', `/cases/${c}/folios/${(await foliated(c))[0]!.document_id}/annul`, {
        reason: 'Vinculado por error',
      }),
    ),
    I('POST', '/cases/:id/documents/propose', async () =>
      keep(
        'proposed',
        (res) => res.body?.proposed_id,
      )(
        integration('agente-obras', 'POST', `/cases/${c}/documents/propose`, {
          document_draft_id: await createIntegrationDraft('agente-obras'),
        }),
      ),
    ),
    I('POST', '/cases/:id/documents/accept-proposal', () =>
      integration('directora-obras', 'POST', `/cases/${c}/documents/accept-proposal`, { proposed_id: s.proposed }),
    ),
    I('POST', '/cases/:id/documents/reject-proposal', async () => {
      const proposed = await integration('agente-obras', 'POST', `/cases/${c}/documents/propose`, {
        document_draft_id: await createIntegrationDraft('agente-obras'),
      });
      return integration('directora-obras', 'POST', `/cases/${c}/documents/reject-proposal`, {
        proposed_id: proposed.body.proposed_id,
        reason: 'No corresponde',
      });
    }),
    I('POST', '/cases/:id/transfer', () =>
      integration('agente-obras', 'POST', `/cases/${c}/transfer`, {
        target_sector_id: demoSector('MESA'),
        reason: 'Pase a Mesa de Entradas',
      }),
    ),

    // Integration REST: notes.
    I('GET', '/notes/received', () => integration('jefa-mesa', 'GET', '/notes/received')),
    I('GET', '/notes/sent', () => integration('agente-obras', 'GET', '/notes/sent')),
    I('GET', '/notes/archived', () => integration('jefa-mesa', 'GET', '/notes/archived')),
    I('GET', '/notes/:id', () => integration('jefa-mesa', 'GET', `/notes/${f.note.id}`)),
    I('PATCH', '/notes/:id/archive', () =>
      integration('jefa-mesa', 'PATCH', `/notes/${f.note.id}/archive`, {
        archived: true,
        sector_id: demoSector('MESA'),
      }),
    ),

    // Integration REST: registries and records.
    I('GET', '/registries', () => integration('agente-obras', 'GET', '/registries')),
    I('GET', '/records/search', () => integration('agente-obras', 'GET', '/records/search?family_code=ARQ')),
    I('POST', '/records', () =>
      integration('agente-obras', 'POST', '/records', {
        registry_code: 'ARQ',
        display_name: 'Alta de registro',
        data: { matricula: 'M-102', titulo: 'Arq.' },
      }),
    ),
    I('GET', '/records/:id', () => integration('agente-obras', 'GET', `/records/${r}`)),
    I('PATCH', '/records/:id', () =>
      integration('agente-obras', 'PATCH', `/records/${r}`, { display_name: 'Arquitecta de la API (editada)' }),
    ),
    I('PATCH', '/records/:id/fields/:field', () =>
      integration('agente-obras', 'PATCH', `/records/${r}/fields/telefono`, { value: '555-0101' }),
    ),
    I('POST', '/records/:id/fields/:field/verify', () =>
      integration('agente-obras', 'POST', `/records/${r}/fields/matricula/verify`, {
        document_id: f.official.id,
        notes: 'Verificada',
      }),
    ),
    I('GET', '/records/:id/history', () => integration('agente-obras', 'GET', `/records/${r}/history`)),
    I('POST', '/records/:id/relations', () =>
      keep(
        'relation',
        (res) => res.body?.id ?? res.body?.relation_id,
      )(
        integration('agente-obras', 'POST', `/records/${r}/relations`, {
          target_record_id: f.other.id,
          relation_type: 'related',
        }),
      ),
    ),
    I('GET', '/records/:id/relations', () => integration('agente-obras', 'GET', `/records/${r}/relations`)),
    I('DELETE', '/records/:id/relations/:relationId', () =>
      integration('agente-obras', 'DELETE', `/records/${r}/relations/${s.relation ?? MISSING}`),
    ),
    I('POST', '/records/:id/cases', () =>
      keep(
        'caseLink',
        (res) => res.body?.id ?? res.body?.link_id,
      )(integration('agente-obras', 'POST', `/records/${r}/cases`, { case_id: c })),
    ),
    I('GET', '/records/:id/cases', () => integration('agente-obras', 'GET', `/records/${r}/cases`)),
    I('DELETE', '/records/:id/cases/:linkId', () =>
      integration('agente-obras', 'DELETE', `/records/${r}/cases/${s.caseLink ?? MISSING}`),
    ),
    I('POST', '/records/:id/documents', () =>
      keep(
        'docLink',
        (res) => res.body?.id ?? res.body?.link_id,
      )(integration('agente-obras', 'POST', `/records/${r}/documents`, { document_id: f.official.id })),
    ),
    I('GET', '/records/:id/documents', () => integration('agente-obras', 'GET', `/records/${r}/documents`)),
    I('DELETE', '/records/:id/documents/:linkId', () =>
      integration('agente-obras', 'DELETE', `/records/${r}/documents/${s.docLink ?? MISSING}`),
    ),
    I('POST', '/records/:id/report', () =>
      integration('directora-obras', 'POST', `/records/${r}/report`, undefined, {
        'Idempotency-Key': 'openapi-report-1',
      }),
    ),
    I('GET', '/records/:id/reports/:key', () =>
      integration('directora-obras', 'GET', `/records/${r}/reports/openapi-report-1`),
    ),
    // The case's creator keeps sight of it wherever it moves.
    I('POST', '/cases/:id/export', () =>
      keep('export', (res) => res.body?.export_id)(integration('agente-obras', 'POST', `/cases/${c}/export`, {})),
    ),
    I('GET', '/cases/:id/exports/:exportId', () =>
      integration('agente-obras', 'GET', `/cases/${c}/exports/${s.export}`),
    ),
    I('POST', '/cases/:id/archive', async () =>
      integration('agente-obras', 'POST', `/cases/${(await createCase('agente-obras')).case_id}/archive`),
    ),
    I('POST', '/documents/sign-batch', () =>
      integration(
        'directora-obras',
        'POST',
        '/documents/sign-batch',
        { document_ids: [MISSING] },
        { 'Idempotency-Key': 'openapi-batch-1' },
      ),
    ),
    I('GET', '/documents/sign-batch/:key', () =>
      integration('directora-obras', 'GET', '/documents/sign-batch/openapi-batch-1'),
    ),
    I('POST', '/documents/sign-batch/:key/authorize', () => batchAuthorizedPersonally('integration')),

    // Backend.
    B('GET', '/auth/me', () => backend('intendente', 'GET', '/auth/me')),
    B('GET', '/me/notification-preferences', () => backend('intendente', 'GET', '/me/notification-preferences')),
    B('PUT', '/me/notification-preferences', async () =>
      request('/api/v1/me/notification-preferences', {
        method: 'PUT',
        headers: (await newUser()).backend,
        json: { note: 'digest' },
      }),
    ),
    B('GET', '/auth/tenants', async () => {
      await ensureAccount('martin.alvarez@villaesperanza.gob.ar', DEMO_ACCOUNT_PASSWORD);
      const token = await userToken('martin.alvarez@villaesperanza.gob.ar', DEMO_ACCOUNT_PASSWORD);
      return request('/api/v1/auth/tenants', { headers: { Authorization: `Bearer ${token}` } });
    }),
    B('GET', '/cases/templates', () => backend('agente-obras', 'GET', '/cases/templates')),
    B('GET', '/cases', () => backend('agente-obras', 'GET', '/cases?page=1&page_size=5')),
    B('POST', '/cases', () =>
      backend(
        'agente-obras',
        'POST',
        '/cases',
        { case_template_id: template('PEROB'), reference: 'Alta desde el backend' },
        { 'Idempotency-Key': 'openapi-case-2' },
      ),
    ),
    B('GET', '/cases/creations/:key', () => backend('agente-obras', 'GET', '/cases/creations/openapi-case-2')),
    B('GET', '/cases/by-number/:number', () =>
      backend('agente-obras', 'GET', `/cases/by-number/${encodeURIComponent(f.kase.case_number)}`),
    ),
    B('GET', '/cases/sectors/:sectorId/users', () =>
      backend('agente-obras', 'GET', `/cases/sectors/${demoSector('DOP')}/users`),
    ),
    B('GET', '/cases/:id', () => backend('agente-obras', 'GET', `/cases/${c}`)),
    B('GET', '/cases/:id/available-sectors', () => backend('jefa-mesa', 'GET', `/cases/${c}/available-sectors`)),
    B('POST', '/cases/:id/assign', () =>
      keep(
        'bMovement',
        (res) => res.body?.data?.movement_id,
      )(
        backend('jefa-mesa', 'POST', `/cases/${c}/assign`, {
          target_sector_id: demoSector('DOP'),
          reason: 'Revisión técnica',
        }),
      ),
    ),
    B('POST', '/cases/:id/close-assign', () =>
      backend('agente-obras', 'POST', `/cases/${c}/close-assign`, {
        movement_id: s.bMovement,
        reason: 'Revisión hecha',
      }),
    ),
    B('POST', '/cases/:id/link-document', async () =>
      backend('jefa-mesa', 'POST', `/cases/${c}/link-document`, {
        document_id: (await officialDocument('jefa-mesa')).id,
      }),
    ),
    B('POST', '/cases/:id/transfer', () =>
      backend('jefa-mesa', 'POST', `/cases/${c}/transfer`, {
        target_sector_id: demoSector('DOP'),
        reason: 'Vuelve a Obras',
      }),
    ),
    B('GET', '/cases/:id/index', () => backend('agente-obras', 'GET', `/cases/${c}/index`)),
    B('GET', '/cases/:id/index/versions/:version', async () =>
      backend('agente-obras', 'GET', `/cases/${c}/index/versions/${(await foliated(c))[0]!.version}`),
    ),
    B('POST', '/cases/:id/folios/:documentId/annul', async () =>
      backend('agente-obras', 'POST', `/cases/${c}/folios/${(await foliated(c)).at(-1)!.document_id}/annul`, {
        reason: 'Vinculado por error',
      }),
    ),
    B('GET', '/documents/search-official/:number', () =>
      backend('agente-obras', 'GET', `/documents/search-official/${encodeURIComponent(f.official.number)}`),
    ),
    B('POST', '/documents', () =>
      keep(
        'bDraft',
        (res) => res.body?.data?.document_id,
      )(
        backend('agente-obras', 'POST', '/documents', {
          document_type_acronym: 'INF',
          reference: 'Borrador del backend',
        }),
      ),
    ),
    B('POST', '/documents/import', () =>
      keep(
        'bImported',
        (res) => res.body?.data?.document_id,
      )(
        request('/api/v1/documents/import', {
          method: 'POST',
          headers: asBackend('agente-obras'),
          form: pdfForm({ document_type_acronym: 'INF', reference: 'Importado desde el escritorio' }, { bytes: f.pdf }),
        }),
      ),
    ),
    B('PUT', '/documents/:id/imported-pdf', () =>
      request(`/api/v1/documents/${s.bImported}/imported-pdf`, {
        method: 'PUT',
        headers: asBackend('agente-obras'),
        form: pdfForm({}, { bytes: f.pdf }),
      }),
    ),
    B('GET', '/documents/:id/signature-details', () =>
      backend('agente-obras', 'GET', `/documents/${f.official.id}/signature-details`),
    ),
    B('PATCH', '/documents/:id/save', () =>
      backend('agente-obras', 'PATCH', `/documents/${s.bDraft}/save`, {
        content: SAMPLE_HTML,
        signers: [{ user_id: demoUser('agente-obras'), is_numerator: true }],
      }),
    ),
    B('POST', '/documents/:id/preview-info', () =>
      backend('agente-obras', 'POST', `/documents/${s.bDraft}/preview-info`),
    ),
    B('POST', '/documents/:id/preview-download', () =>
      backend('agente-obras', 'POST', `/documents/${f.official.id}/preview-download`),
    ),
    B('GET', '/documents/:id/details', () => backend('agente-obras', 'GET', `/documents/${f.official.id}/details`)),
    B('POST', '/documents/:id/start-signing-process', () =>
      backend('agente-obras', 'POST', `/documents/${s.bDraft}/start-signing-process`),
    ),
    B('POST', '/documents/:id/super-sign', () => backend('agente-obras', 'POST', `/documents/${s.bDraft}/super-sign`)),
    B('POST', '/documents/:id/sign/authorize', () => authorizedPersonally('backend')),
    B('POST', '/documents/:id/reject', async () => {
      const id = await prepareIntegrationDraft('agente-obras', ['directora-obras']);
      await startSigning(id, 'agente-obras');
      return backend('directora-obras', 'POST', `/documents/${id}/reject`, { reason: 'Falta el plano' });
    }),
    B('DELETE', '/documents/:id', async () =>
      backend('agente-obras', 'DELETE', `/documents/${await createBackendDraft('agente-obras')}`),
    ),
    B('GET', '/users', () => backend('agente-obras', 'GET', '/users')),
    B('GET', '/users/search', () => backend('agente-obras', 'GET', '/users/search?query=mar')),
    B('POST', '/users', () =>
      keep(
        'newUser',
        (res) => res.body?.data?.user_id,
      )(
        backend('intendente', 'POST', '/users', {
          email: 'nueva.agente.api@openapi.example.org',
          full_name: 'Nueva Agente',
          role: 'empleado',
          sector_id: demoSector('MESA'),
        }),
      ),
    ),
    B('GET', '/users/:id/provisioning', () =>
      backend('intendente', 'GET', `/users/${s.newUser ?? demoUser('agente-mesa')}/provisioning`),
    ),
    B('POST', '/users/:id/resend-invitation', () =>
      backend('intendente', 'POST', `/users/${s.newUser ?? demoUser('agente-mesa')}/resend-invitation`),
    ),
    B('PUT', '/users/:id/signature-mode', () =>
      backend('intendente', 'PUT', `/users/${s.newUser}/signature-mode`, { mode: null }),
    ),
    B('GET', '/admin/signatures', () => backend('intendente', 'GET', '/admin/signatures')),
    B('PUT', '/admin/signatures', async () => {
      // The municipality's mode as it is: other suites share the demo tenant.
      const now = await backend('intendente', 'GET', '/admin/signatures');
      return backend('intendente', 'PUT', '/admin/signatures', {
        default_mode: now.body?.data?.default_mode ?? 'seal',
      });
    }),
    B('POST', '/users/:id/deactivate', () => backend('intendente', 'POST', `/users/${s.newUser}/deactivate`)),
    B('GET', '/users/:id/profile', () => backend('agente-obras', 'GET', `/users/${demoUser('intendente')}/profile`)),
    B('GET', '/users/:id/documents', () =>
      backend('agente-obras', 'GET', `/users/${demoUser('agente-obras')}/documents`),
    ),
    B('GET', '/notes/received', () => backend('jefa-mesa', 'GET', '/notes/received')),
    B('GET', '/notes/sent', () => backend('agente-obras', 'GET', '/notes/sent')),
    B('GET', '/notes/archived', () => backend('jefa-mesa', 'GET', '/notes/archived')),
    B('GET', '/notes/:id', () => backend('jefa-mesa', 'GET', `/notes/${f.note.id}`)),
    B('POST', '/notes/:id/archive', () =>
      backend('jefa-mesa', 'POST', `/notes/${f.note.id}/archive`, { archived: false }),
    ),
    B('GET', '/memos/received', () => backend('agente-obras', 'GET', '/memos/received')),
    B('GET', '/memos/sent', () => backend('intendente', 'GET', '/memos/sent')),
    B('GET', '/memos/archived', () => backend('agente-obras', 'GET', '/memos/archived')),
    B('GET', '/memos/unread-count', () => backend('agente-obras', 'GET', '/memos/unread-count')),
    B('GET', '/memos/:id', () => backend('agente-obras', 'GET', `/memos/${f.memo.id}`)),
    B('PATCH', '/memos/:id/archive', () =>
      backend('agente-obras', 'PATCH', `/memos/${f.memo.id}/archive`, { archived: true }),
    ),
    B('GET', '/dashboard/feed', () => backend('agente-obras', 'GET', '/dashboard/feed')),
    B('GET', '/dashboard/stats', () => backend('agente-obras', 'GET', '/dashboard/stats')),
    B('GET', '/registries', () => backend('agente-obras', 'GET', '/registries')),
    B('GET', '/registries/:id', () =>
      backend('agente-obras', 'GET', `/registries/${demoId('registry-family', 'ARQ')}`),
    ),
    B('GET', '/records', () => backend('agente-obras', 'GET', '/records?page=1&page_size=5')),
    B('GET', '/records/autocomplete', () => backend('agente-obras', 'GET', '/records/autocomplete?q=arq')),
    B('POST', '/records', () =>
      backend('agente-obras', 'POST', '/records', {
        registry_code: 'ARQ',
        display_name: 'Alta desde el backend',
        data: { matricula: 'M-103', titulo: 'Arq.' },
      }),
    ),
    B('GET', '/records/:id', () => backend('agente-obras', 'GET', `/records/${r}`)),
    B('PATCH', '/records/:id', () =>
      backend('agente-obras', 'PATCH', `/records/${r}`, { state: 'Suspendido', reason: 'Seguro vencido' }),
    ),
    B('PATCH', '/records/:id/fields/:field', () =>
      backend('agente-obras', 'PATCH', `/records/${r}/fields/telefono`, { value: '555-0102' }),
    ),
    B('POST', '/records/:id/fields/:field/verify', () =>
      backend('agente-obras', 'POST', `/records/${r}/fields/titulo/verify`, { document_id: f.official.id }),
    ),
    B('GET', '/records/:id/history', () => backend('agente-obras', 'GET', `/records/${r}/history`)),
    B('POST', '/records/:id/relations', () =>
      keep(
        'bRelation',
        (res) => res.body?.data?.id ?? res.body?.data?.relation_id,
      )(
        backend('agente-obras', 'POST', `/records/${r}/relations`, {
          target_record_id: f.other.id,
          relation_type: 'related',
        }),
      ),
    ),
    B('GET', '/records/:id/relations', () => backend('agente-obras', 'GET', `/records/${r}/relations`)),
    B('DELETE', '/records/:id/relations/:relationId', () =>
      backend('agente-obras', 'DELETE', `/records/${r}/relations/${s.bRelation ?? MISSING}`),
    ),
    B('POST', '/records/:id/cases', () =>
      keep(
        'bCaseLink',
        (res) => res.body?.data?.id ?? res.body?.data?.link_id,
      )(backend('agente-obras', 'POST', `/records/${r}/cases`, { case_id: c })),
    ),
    B('GET', '/records/:id/cases', () => backend('agente-obras', 'GET', `/records/${r}/cases`)),
    B('DELETE', '/records/:id/cases/:linkId', () =>
      backend('agente-obras', 'DELETE', `/records/${r}/cases/${s.bCaseLink ?? MISSING}`),
    ),
    B('POST', '/records/:id/documents', () =>
      keep(
        'bDocLink',
        (res) => res.body?.data?.id ?? res.body?.data?.link_id,
      )(backend('agente-obras', 'POST', `/records/${r}/documents`, { document_id: f.official.id })),
    ),
    B('GET', '/records/:id/documents', () => backend('agente-obras', 'GET', `/records/${r}/documents`)),
    B('DELETE', '/records/:id/documents/:linkId', () =>
      backend('agente-obras', 'DELETE', `/records/${r}/documents/${s.bDocLink ?? MISSING}`),
    ),
    B('POST', '/records/:id/report', () =>
      backend('directora-obras', 'POST', `/records/${r}/report`, undefined, { 'Idempotency-Key': 'openapi-report-2' }),
    ),
    B('GET', '/records/:id/reports/:key', () =>
      backend('directora-obras', 'GET', `/records/${r}/reports/openapi-report-2`),
    ),
    B('POST', '/cases/:id/export', () =>
      keep('bExport', (res) => res.body?.data?.export_id)(backend('agente-obras', 'POST', `/cases/${c}/export`, {})),
    ),
    B('GET', '/cases/:id/exports/:exportId', () => backend('agente-obras', 'GET', `/cases/${c}/exports/${s.bExport}`)),
    B('POST', '/documents/sign-batch', () =>
      backend(
        'directora-obras',
        'POST',
        '/documents/sign-batch',
        { document_ids: [MISSING] },
        { 'Idempotency-Key': 'openapi-batch-2' },
      ),
    ),
    B('GET', '/documents/sign-batch/:key', () =>
      backend('directora-obras', 'GET', '/documents/sign-batch/openapi-batch-2'),
    ),
    B('POST', '/documents/sign-batch/:key/authorize', () => batchAuthorizedPersonally('backend')),
    B('GET', '/admin/api-keys', () => backend('intendente', 'GET', '/admin/api-keys')),
    B('POST', '/admin/api-keys', () =>
      keep(
        'key',
        (res) => res.body?.data?.id,
      )(
        backend('intendente', 'POST', '/admin/api-keys', {
          name: 'Clave de la API',
          all_users: true,
          expires_in_days: 30,
        }),
      ),
    ),
    B('GET', '/admin/api-keys/:id/audit', () => backend('intendente', 'GET', `/admin/api-keys/${s.key}/audit`)),
    B('POST', '/admin/api-keys/:id/rotate', () =>
      backend('intendente', 'POST', `/admin/api-keys/${s.key}/rotate`, { overlap_hours: 1 }),
    ),
    B('POST', '/admin/api-keys/:id/revoke', () => backend('intendente', 'POST', `/admin/api-keys/${s.key}/revoke`, {})),
    B('POST', '/admin/calendar', () =>
      backend('intendente', 'POST', '/admin/calendar', {
        date: '2099-03-18',
        description: 'Día de la descripción de la API',
      }),
    ),
    B('GET', '/admin/calendar', () => backend('intendente', 'GET', '/admin/calendar?year=2099')),
    B('DELETE', '/admin/calendar/:date', () => backend('intendente', 'DELETE', '/admin/calendar/2099-03-18')),
    B('POST', '/admin/webhooks', () =>
      keep(
        'webhook',
        (res) => res.body?.data?.id,
      )(
        backend('intendente', 'POST', '/admin/webhooks', {
          url: 'http://127.0.0.1:9/descripcion-api',
          event_types: ['document.signed'],
          description: 'Receptor de la descripción de la API',
        }),
      ),
    ),
    B('GET', '/admin/webhooks', () => backend('intendente', 'GET', '/admin/webhooks')),
    B('GET', '/admin/webhooks/:id', () => backend('intendente', 'GET', `/admin/webhooks/${s.webhook}`)),
    B('PATCH', '/admin/webhooks/:id', () =>
      backend('intendente', 'PATCH', `/admin/webhooks/${s.webhook}`, {
        status: 'disabled',
        rotate_secret: true,
        previous_secret_valid_hours: 1,
      }),
    ),
    B('GET', '/admin/webhooks/:id/deliveries', async () => {
      const stack = getStack();
      s.attempt = (await recordAttempt(stack.db, stack.demoTenant, s.webhook!)).deliveryId;
      return backend('intendente', 'GET', `/admin/webhooks/${s.webhook}/deliveries?limit=10`);
    }),
    B('POST', '/admin/webhooks/deliveries/:id/redeliver', () =>
      backend('intendente', 'POST', `/admin/webhooks/deliveries/${s.attempt}/redeliver`),
    ),
    // Retention: a case of its own is archived (archiving closes it for good); a template of its own gets a period.
    B('POST', '/cases/:id/archive', async () =>
      backend('agente-obras', 'POST', `/cases/${(await createCase('agente-obras')).case_id}/archive`),
    ),
    B('GET', '/admin/retention', () => backend('intendente', 'GET', '/admin/retention?page_size=5')),
    B('PUT', '/admin/case-templates/:id/retention', async () =>
      backend('intendente', 'PUT', `/admin/case-templates/${(await newCaseTemplate()).id}/retention`, {
        retention_years: 10,
      }),
    ),
    B('DELETE', '/admin/webhooks/:id', () => backend('intendente', 'DELETE', `/admin/webhooks/${s.webhook}`)),
    B('GET', '/admin/document-types', () => backend('intendente', 'GET', '/admin/document-types')),
    B('PUT', '/admin/document-types/:acronym', async () =>
      backend('intendente', 'PUT', `/admin/document-types/${(await newDocumentType()).acronym}`, {
        signing_due_business_days: 5,
      }),
    ),
    B('PUT', '/admin/municipality/logo', () =>
      request('/api/v1/admin/municipality/logo', {
        method: 'PUT',
        headers: asBackend('intendente'),
        form: logoForm(pngLogo()),
      }),
    ),
    B('GET', '/admin/municipality', () => backend('intendente', 'GET', '/admin/municipality')),
    B('GET', '/admin/municipality/logo', () => backend('intendente', 'GET', '/admin/municipality/logo')),
    I('GET', '/verificar/:code/logo', () => request(`/verificar/${code}/logo`)),
    B('DELETE', '/admin/municipality/logo', () => backend('intendente', 'DELETE', '/admin/municipality/logo')),
  ];
}
