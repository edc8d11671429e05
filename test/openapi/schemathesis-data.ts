/**
 * Data for the schemathesis run: real documents, cases, records, notes and memos created through
 * the interfaces, offered to schemathesis as dictionaries for the path parameters (and a few body
 * fields) of the operations that take them, so generated requests reach the domain and not only
 * the 404 of an unknown id. Generated values still come through (probability below 1).
 */
import type { DocumentName } from '../../api/openapi/document.js';
import { demoId, USERS } from '../../db/seed/demo-data.js';
import { tenantDb } from '../../db/tenancy.js';
import { createCase } from '../support/cases.js';
import { sendMemo, sendNote } from '../support/communications.js';
import { createIntegrationDraft } from '../support/documents.js';
import { getStack } from '../support/hooks.js';
import { asIntegration, demoSector, request } from '../support/http.js';
import { createRecord, officialDocument } from '../records/support.js';

export interface SchemathesisData {
  dictionaries: Record<string, (string | number)[]>;
}

export async function seedForSchemathesis(): Promise<SchemathesisData> {
  const official = await officialDocument('directora-obras', 'Certificado para schemathesis');
  const drafts = [await createIntegrationDraft('directora-obras'), await createIntegrationDraft('intendente')];
  const kase = await createCase('agente-obras', { reference: 'Expediente para schemathesis' });
  const note = await sendNote('agente-obras', { to: ['DOP', 'INTEN'] });
  const memo = await sendMemo('directora-obras', { to: ['intendente'] });
  const record = await createRecord('directora-obras', 'ARQ', 'Arquitecto para schemathesis', {
    matricula: 'S-1',
    titulo: 'Arquitecto',
  });
  const other = await createRecord('directora-obras', 'ARQ', 'Otro arquitecto para schemathesis', {
    matricula: 'S-2',
    titulo: 'Arquitecta',
  });
  const post = (path: string, json: unknown) =>
    request(`/api/v1${path}`, { method: 'POST', headers: asIntegration('directora-obras'), json });
  const relation = (
    await post(`/records/${record.id}/relations`, { target_record_id: other.id, relation_type: 'related' })
  ).body.relation_id as string;
  const caseLink = (await post(`/records/${record.id}/cases`, { case_id: kase.case_id })).body.link_id as string;
  const docLink = (await post(`/records/${record.id}/documents`, { document_id: official.id })).body.link_id as string;
  const stack = getStack();
  const code = await tenantDb(stack.db, stack.demoTenant).transaction((trx) =>
    trx('document_verification_codes').where({ document_id: official.id }).first<{ code: string }>('code'),
  );
  return {
    dictionaries: {
      documents: [official.id, ...drafts],
      documentNumbers: [official.number],
      cases: [kase.case_id],
      caseNumbers: [kase.case_number],
      creationKeys: ['schemathesis-1'],
      notes: [note.id],
      memos: [memo.id],
      records: [record.id, other.id],
      recordFields: ['matricula', 'titulo', 'telefono', 'especialidad', 'seguro'],
      relations: [relation],
      links: [caseLink, docLink],
      reportKeys: ['schemathesis-report-1'],
      users: USERS.map((u) => demoId('user', u.key)),
      sectors: ['INTEN', 'DOP', 'MESA', 'RENT'].map(demoSector),
      families: ['ARQ', 'LUM', 'ORD'].map((f) => demoId('registry-family', f)),
      codes: [code!.code],
    },
  };
}

/** Which dictionary feeds which parameter, by path (the document's `{param}` templates); `only` limits it to one document. */
const BINDINGS: [pathRegex: string, parameters: Record<string, string>, only?: DocumentName][] = [
  ['^/api/v1/documents/\\{id\\}', { 'path.id': 'documents' }],
  ['^/api/v1/documents/search-official/', { 'path.number': 'documentNumbers' }],
  ['^/api/v1/cases/(number|by-number)/', { 'path.number': 'caseNumbers' }],
  [
    '^/api/v1/cases/\\{id\\}',
    {
      'path.id': 'cases',
      'body.official_document_id': 'documents',
      'body.document_id': 'documents',
      'body.document_draft_id': 'documents',
      'body.target_sector_id': 'sectors',
    },
  ],
  ['^/api/v1/cases/sectors/', { 'path.sectorId': 'sectors' }],
  ['^/api/v1/cases/creations/', { 'path.key': 'creationKeys' }],
  ['^/api/v1/notes/\\{id\\}', { 'path.id': 'notes' }],
  ['^/api/v1/memos/\\{id\\}', { 'path.id': 'memos' }, 'backend'],
  [
    '^/api/v1/records/\\{id\\}',
    {
      'path.id': 'records',
      'path.field': 'recordFields',
      'path.relationId': 'relations',
      'path.linkId': 'links',
      'path.key': 'reportKeys',
      'body.document_id': 'documents',
      'body.case_id': 'cases',
      'body.target_record_id': 'records',
    },
  ],
  ['^/api/v1/(system/)?users/', { 'path.userId': 'users', 'path.id': 'users' }],
  ['^/api/v1/registries/', { 'path.id': 'families' }, 'backend'],
  ['^/(verificar|api/v1/public/verify)/', { 'path.code': 'codes' }, 'integration'],
];

const toml = (value: unknown) => JSON.stringify(value);

export function schemathesisConfig(data: SchemathesisData, document: DocumentName): string {
  const lines: string[] = [];
  for (const [name, values] of Object.entries(data.dictionaries))
    lines.push(`[dictionaries.${name}]`, `values = ${toml(values)}`, '');
  for (const [regex, parameters, only] of BINDINGS) {
    if (only && only !== document) continue;
    lines.push('[[operations]]', `include-path-regex = ${toml(regex)}`, '[operations.parameters]');
    for (const [parameter, dictionary] of Object.entries(parameters))
      lines.push(`${toml(parameter)} = { dictionary = ${toml(dictionary)}, probability = 0.8 }`);
    lines.push('');
  }
  return lines.join('\n');
}
