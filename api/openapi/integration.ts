/**
 * Integration REST (`/api/v1`, X-API-Key + X-User-ID, bare JSON, errors `{error}`), plus what
 * answers without credentials: `/health` and public verification.
 */
import { caseCreationBody, closeBody, decisionBody, linkBody, movementBody, proposeBody } from '../operations/cases.js';
import { createBody, patchBody, rejectBody } from '../operations/documents.js';
import { archiveBody } from '../integration/notes.js';
import {
  caseLinkBody,
  createRecordBody,
  documentLinkBody,
  fieldBody,
  relationBody,
  updateRecordBody,
  verifyBody,
} from '../operations/records.js';
import { TEXT_LIMITS } from '../../domain/limits.js';
import type { OperationSpec } from './operation.js';
import {
  authorizationFields,
  integrationPersonalSignatureOperations,
  signatureMadeWith,
} from './personal-signatures.js';
import { MAX_PAGE } from '../../domain/lists/pagination.js';
import { INTEGRATION_DATE_FILTERS } from '../../domain/calendar.js';
import type { JsonSchema } from './schemas.js';
import { integrationSignBatchOperations } from './sign-batch.js';
import { integrationRetentionOperations } from './retention.js';
import { integrationCaseExportOperations } from './case-export.js';
import { integrationCaseIndexOperations } from './case-index.js';
import { startSigningBody } from '../deadline-body.js';
import {
  anyObject,
  arr,
  bool,
  caseCreated,
  caseDeadline,
  caseCreating,
  caseLink,
  caseLinksPage,
  caseSummary,
  documentLink,
  documentLinksPage,
  documentRow,
  fieldUpdated,
  health,
  historyPage,
  id,
  int,
  linkRemoved,
  movementRow,
  nid,
  nstr,
  obj,
  officialDocument,
  importUpload,
  oneOfValues,
  page,
  pdfUpload,
  permissions,
  publicError,
  recordCreated,
  recordUpdated,
  publicVerification,
  relation,
  relationRemoved,
  relationsPage,
  reportDone,
  reportInProgress,
  searchStr,
  sectorRef,
  signingInProgress,
  str,
  userRef,
} from './schemas.js';

const paging = {
  page: { type: 'integer', minimum: 1, maximum: MAX_PAGE },
  page_size: { type: 'integer', minimum: 1, maximum: 100 },
};
const dateFilter = { type: 'string', enum: [...INTEGRATION_DATE_FILTERS] };
/** Keyset continuation (domain/lists/cursor.ts): the previous answer's next_cursor, with the same filters. */
const cursor = {
  type: 'string',
  description:
    'next_cursor de la página anterior (mismos filtros y page_size); la página siguiente sin recorrer las anteriores',
};
const html = { content: { 'text/html': { type: 'string' } } };
const htmlError = { content: { 'text/html': { type: 'string' } }, description: 'Página con el motivo' };
const pngPage = {
  content: { 'image/png': { type: 'string', contentMediaType: 'image/png' } },
  description: 'La página, en PNG a 150 dpi',
};
const registeredPdf = {
  content: { 'application/pdf': { type: 'string', contentMediaType: 'application/pdf' } },
  description: 'El PDF oficial registrado (Content-Disposition: attachment)',
};
const notModified = { content: {}, description: 'Sin cambios desde la copia que tiene el cliente (If-None-Match)' };

const noteItem = obj({ note_id: id, note_number: nstr, subject: str, created_at: str });
const notesPage = page('notes', noteItem, { total_pages: int });
const movement = (extra: Record<string, JsonSchema>) =>
  obj({ message: str, movement_id: id, ...extra, 'due_at?': str, 'official_document?': officialDocument });
const proposal = obj({ message: str, proposed_id: id, case_id: id, document_id: id, status: str });

export const integrationOperations: OperationSpec[] = [
  {
    method: 'GET',
    path: '/health',
    absolute: true,
    tag: 'Sistema',
    summary: 'Estado del API: PostgreSQL y Temporal',
    access: 'public',
    responses: { 200: health, 503: health },
  },

  // Public verification: the pages and their JSON twins.
  {
    method: 'GET',
    path: '/verificar',
    absolute: true,
    tag: 'Verificación pública',
    summary: 'Formulario de verificación (página)',
    access: 'public',
    query: { codigo: str },
    responses: { 200: html, 303: { content: {}, description: 'Redirige a /verificar/{code}' } },
    errors: htmlError,
  },
  {
    method: 'GET',
    path: '/verificar/:code',
    absolute: true,
    tag: 'Verificación pública',
    summary: 'Resultado de verificar un código (página)',
    access: 'public',
    responses: { 200: html },
    errors: htmlError,
  },
  {
    method: 'GET',
    path: '/verificar/:code/documento.pdf',
    absolute: true,
    tag: 'Verificación pública',
    summary: 'Descargar el documento oficial registrado',
    access: 'public',
    description:
      'La revisión oficial más reciente, tal como está registrada (su SHA-256 es el de la verificación). Solo documentos oficiales; un código desconocido responde 404.',
    responses: { 200: registeredPdf, 304: notModified },
    errors: htmlError,
  },
  {
    method: 'GET',
    path: '/verificar/:code/paginas/:page.png',
    absolute: true,
    tag: 'Verificación pública',
    summary: 'Imagen de una página del documento registrado',
    access: 'public',
    description:
      'Páginas 1 a 50 (las demás, en la descarga), dibujadas del PDF oficial registrado. Límite de solicitudes propio: 10 veces el de la verificación pública.',
    responses: { 200: pngPage, 304: notModified },
    errors: htmlError,
  },
  {
    method: 'GET',
    path: '/verificar/:code/logo',
    absolute: true,
    tag: 'Verificación pública',
    summary: 'Logo del municipio que emitió el documento',
    access: 'public',
    description:
      'PNG o JPEG. Con v igual al indicado por la página (parte de su SHA-256), se guarda en caché un año; 404 si el municipio no tiene logo.',
    query: { v: { type: 'string', maxLength: 64 } },
    responses: {
      200: {
        content: {
          'image/png': { type: 'string', contentMediaType: 'image/png' },
          'image/jpeg': { type: 'string', contentMediaType: 'image/jpeg' },
        },
        description: 'El logo',
      },
      304: notModified,
    },
    errors: htmlError,
  },
  {
    method: 'POST',
    path: '/verificar',
    absolute: true,
    tag: 'Verificación pública',
    summary: 'Verificar un PDF subido (página)',
    access: 'public',
    multipart: pdfUpload(),
    responses: { 200: html },
    errors: htmlError,
  },
  {
    method: 'GET',
    path: '/api/v1/public/verify/:code',
    absolute: true,
    tag: 'Verificación pública',
    summary: 'Verificar un documento por su código',
    access: 'public',
    responses: { 200: publicVerification },
    errors: publicError,
  },
  {
    method: 'POST',
    path: '/api/v1/public/verify',
    absolute: true,
    tag: 'Verificación pública',
    summary: 'Verificar un PDF subido',
    access: 'public',
    multipart: pdfUpload(),
    responses: { 200: publicVerification },
    errors: publicError,
  },

  // Catalogs.
  {
    method: 'GET',
    path: '/system/document-types',
    tag: 'Catálogos',
    summary: 'Tipos de documento',
    responses: {
      200: obj({ document_types: arr(obj({ acronym: str, name: str, description: nstr, is_active: bool })) }),
    },
  },
  {
    method: 'GET',
    path: '/system/document-states',
    tag: 'Catálogos',
    summary: 'Estados de documento',
    responses: { 200: obj({ document_states: arr(obj({ code: str, name: str, description: str })) }) },
  },
  {
    method: 'GET',
    path: '/system/sectors',
    tag: 'Catálogos',
    summary: 'Sectores',
    responses: {
      200: obj({ sectors: arr(obj({ sector_id: id, name: str, acronym: str, department: nstr, is_active: bool })) }),
    },
  },
  {
    method: 'GET',
    path: '/system/case-templates',
    tag: 'Catálogos',
    summary: 'Tipos de expediente (trata)',
    responses: {
      200: obj({ case_templates: arr(obj({ case_template_id: id, name: str, description: nstr, is_active: bool })) }),
    },
  },
  {
    method: 'GET',
    path: '/system/users/list',
    tag: 'Catálogos',
    summary: 'Usuarios activos',
    responses: {
      200: obj({
        users: arr(obj({ user_id: id, full_name: str, email: str, sector: nstr, role: str, is_active: bool })),
      }),
    },
  },
  {
    method: 'GET',
    path: '/system/users/search',
    tag: 'Catálogos',
    summary: 'Buscar usuarios',
    query: {
      'q!': { type: 'string', minLength: 2, maxLength: TEXT_LIMITS.search, pattern: '\\S.*\\S' },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
    },
    responses: { 200: obj({ users: arr(obj({ user_id: id, full_name: str, email: str, sector: nstr })) }) },
  },
  {
    method: 'GET',
    path: '/system/users/:userId',
    tag: 'Catálogos',
    summary: 'Un usuario',
    responses: {
      200: obj({
        user_id: id,
        full_name: str,
        email: str,
        role: str,
        is_active: bool,
        created_at: str,
        sector: { anyOf: [sectorRef, { type: 'null' }] },
      }),
    },
  },

  // Documents.
  {
    method: 'GET',
    path: '/documents/search',
    tag: 'Documentos',
    summary: 'Buscar documentos',
    query: {
      ...paging,
      search: searchStr,
      status: oneOfValues('draft', 'sent_to_sign', 'signed', 'rejected'),
      document_type: searchStr,
      case_id: id,
      cursor,
    },
    responses: { 200: page('documents', documentRow, { 'total_exact?': bool, next_cursor: nstr }) },
  },
  {
    method: 'GET',
    path: '/documents/pending-signatures',
    tag: 'Documentos',
    summary: 'Documentos que esperan la firma del usuario',
    responses: { 200: obj({ documents: arr(anyObject) }) },
  },
  {
    method: 'GET',
    path: '/documents/check-signer-permissions',
    tag: 'Documentos',
    summary: '¿Puede un usuario firmar un tipo de documento?',
    query: { 'user_id!': id, 'document_type_acronym!': { type: 'string', minLength: 1 } },
    responses: { 200: obj({ user_id: id, document_type_acronym: str, can_sign: bool, 'reason?': nstr }) },
  },
  {
    method: 'GET',
    path: '/documents/search-official/:number',
    tag: 'Documentos',
    summary: 'Documento oficial por número',
    responses: { 200: documentRow },
  },
  {
    method: 'POST',
    path: '/documents',
    tag: 'Documentos',
    summary: 'Crear un borrador',
    body: createBody,
    responses: { 201: obj({ document_id: id, document_type: str, reference: str, status: str, created_at: str }) },
  },
  {
    method: 'POST',
    path: '/documents/import',
    tag: 'Documentos',
    summary: 'Importar un PDF externo como borrador',
    multipart: importUpload(),
    responses: {
      201: obj({
        document_id: id,
        document_type: str,
        reference: str,
        status: str,
        is_imported: { const: true },
        created_at: str,
      }),
    },
  },
  {
    method: 'GET',
    path: '/documents/:id',
    tag: 'Documentos',
    summary: 'Un documento',
    access: 'key-only',
    responses: {
      200: obj({
        document_id: id,
        document_type: obj({ acronym: str, name: str }),
        reference: str,
        status: str,
        official_number: nstr,
        is_imported: bool,
        created_at: str,
        'signers?': arr(anyObject),
      }),
    },
  },
  {
    method: 'GET',
    path: '/documents/:id/content',
    tag: 'Documentos',
    summary: 'Contenido HTML de un documento',
    responses: { 200: obj({ document_id: id, document_number: nstr, content: nstr }) },
  },
  {
    method: 'GET',
    path: '/documents/:id/url',
    tag: 'Documentos',
    summary: 'URL firmada temporal del PDF',
    responses: { 200: obj({ document_id: id, official_number: nstr, pdf_url: str, expires_in: int }) },
  },
  {
    method: 'GET',
    path: '/documents/:id/signature-details',
    tag: 'Documentos',
    summary: 'Estado de las firmas',
    responses: {
      200: obj({
        document_id: id,
        document_number: nstr,
        signature_status: str,
        signers: arr(obj({ user_id: id, full_name: str, status: str, signed_at: nstr, ...signatureMadeWith })),
      }),
    },
  },
  {
    method: 'PATCH',
    path: '/documents/:id',
    tag: 'Documentos',
    summary: 'Guardar un borrador (contenido, firmantes, destinatarios)',
    body: patchBody,
    responses: { 200: obj({ document_id: id, status: str, updated_at: str }) },
  },
  {
    method: 'PUT',
    path: '/documents/:id/imported-pdf',
    tag: 'Documentos',
    summary: 'Reemplazar el PDF de un borrador importado',
    multipart: pdfUpload(),
    responses: { 200: obj({ document_id: id, message: str, updated_at: str }) },
  },
  {
    method: 'DELETE',
    path: '/documents/:id',
    tag: 'Documentos',
    summary: 'Eliminar un borrador',
    responses: { 200: obj({ document_id: id, deleted: { const: true }, message: str }) },
  },
  {
    method: 'POST',
    path: '/documents/:id/start-signing',
    tag: 'Firma',
    summary: 'Enviar a firma (con plazo opcional)',
    body: startSigningBody,
    responses: {
      200: obj({ document_id: id, status: { const: 'sent_to_sign' }, message: str, 'due_at?': str }),
      202: signingInProgress,
    },
  },
  {
    method: 'POST',
    path: '/documents/:id/sign',
    tag: 'Firma',
    summary: 'Firmar (el último firmante numera)',
    description:
      'Un firmante con firma personal recibe 202 con authorization_required: se le envió un código para autorizarla en POST /documents/{document_id}/sign/authorize.',
    responses: {
      200: obj({ document_id: id, status: str, document_number: nstr, signed_at: nstr }),
      202: obj({ document_id: id, status: { const: 'sent_to_sign' }, message: str, ...authorizationFields }),
    },
  },
  ...integrationPersonalSignatureOperations,
  ...integrationSignBatchOperations,
  ...integrationRetentionOperations,
  ...integrationCaseExportOperations,
  {
    method: 'POST',
    path: '/documents/:id/reject',
    tag: 'Firma',
    summary: 'Rechazar la firma',
    body: rejectBody,
    responses: { 200: obj({ document_id: id, status: str, rejected_by: str, reason: str }), 202: signingInProgress },
  },

  // Cases.
  {
    method: 'GET',
    path: '/cases/search',
    tag: 'Expedientes',
    summary: 'Buscar expedientes',
    query: {
      ...paging,
      search: searchStr,
      status: oneOfValues('active', 'inactive', 'archived'),
      date_filter: dateFilter,
      sector_filter: searchStr,
      cursor,
    },
    responses: {
      200: page('cases', obj({ case_id: id, case_number: str, reference: str, status: str, deadline: caseDeadline }), {
        'total_exact?': bool,
        next_cursor: nstr,
      }),
    },
  },
  {
    method: 'GET',
    path: '/cases/number/:number',
    tag: 'Expedientes',
    summary: 'Expediente por número',
    responses: { 200: caseSummary },
  },
  {
    method: 'GET',
    path: '/cases/by-number/:number',
    tag: 'Expedientes',
    summary: 'Expediente por número (otra forma de la ruta)',
    responses: { 200: caseSummary },
  },
  {
    method: 'GET',
    path: '/cases/sectors/:sectorId/users',
    tag: 'Expedientes',
    summary: 'Usuarios de un sector',
    responses: { 200: obj({ users: arr(obj({ user_id: id, full_name: str, email: str, role: str })) }) },
  },
  {
    method: 'GET',
    path: '/cases/creations/:key',
    tag: 'Expedientes',
    summary: 'Estado de una creación en curso',
    responses: { 200: caseCreated, 202: caseCreating },
  },
  {
    method: 'POST',
    path: '/cases',
    tag: 'Expedientes',
    summary: 'Crear un expediente (con su carátula firmada)',
    body: caseCreationBody,
    idempotencyKey: true,
    responses: { 201: caseCreated, 202: caseCreating },
  },
  {
    method: 'GET',
    path: '/cases/:id',
    tag: 'Expedientes',
    summary: 'Un expediente',
    access: 'key-only',
    query: { include_documents: { type: 'boolean' } },
    responses: {
      200: { ...caseSummary, properties: { ...(caseSummary.properties as object), documents: arr(documentRow) } },
    },
  },
  {
    method: 'GET',
    path: '/cases/:id/history',
    tag: 'Expedientes',
    summary: 'Movimientos del expediente',
    responses: { 200: obj({ movements: arr(movementRow) }) },
  },
  {
    method: 'GET',
    path: '/cases/:id/documents',
    tag: 'Expedientes',
    summary: 'Documentos del expediente',
    access: 'key-only',
    responses: { 200: obj({ documents: arr(documentRow) }) },
  },
  {
    method: 'GET',
    path: '/cases/:id/permissions',
    tag: 'Expedientes',
    summary: 'Permisos del usuario sobre el expediente',
    responses: { 200: permissions },
  },
  ...(['GET', 'POST'] as const).flatMap((method): OperationSpec[] => [
    {
      method,
      path: '/cases/:id/prepare-assignment',
      tag: 'Expedientes',
      summary: 'Sectores y usuarios a los que se puede asignar',
      responses: {
        200: obj({ available_sectors: arr(obj({ sector_id: id, name: str, acronym: str, 'users?': arr(userRef) })) }),
      },
    },
    {
      method,
      path: '/cases/:id/prepare-transfer',
      tag: 'Expedientes',
      summary: 'Sectores a los que se puede transferir',
      responses: { 200: obj({ available_sectors: arr(sectorRef) }) },
    },
  ]),
  {
    method: 'POST',
    path: '/cases/:id/transfer',
    tag: 'Expedientes',
    summary: 'Transferir a otro sector',
    body: movementBody,
    responses: { 200: movement({ from_sector: str, to_sector: str }) },
  },
  {
    method: 'POST',
    path: '/cases/:id/assign',
    tag: 'Expedientes',
    summary: 'Asignar una tarea a otro sector',
    body: movementBody,
    responses: { 200: movement({ assigned_to: nid, sector: str }) },
  },
  {
    method: 'POST',
    path: '/cases/:id/close-assign',
    tag: 'Expedientes',
    summary: 'Cerrar una asignación',
    body: closeBody,
    responses: { 200: obj({ message: str, movement_id: id }) },
  },
  {
    method: 'POST',
    path: '/cases/:id/documents/link',
    tag: 'Expedientes',
    summary: 'Vincular un documento oficial',
    body: linkBody,
    responses: { 200: obj({ message: str, case_id: id, document_id: id }) },
  },
  {
    method: 'POST',
    path: '/cases/:id/documents/propose',
    tag: 'Expedientes',
    summary: 'Proponer un borrador al expediente',
    body: proposeBody,
    responses: { 200: proposal },
  },
  {
    method: 'POST',
    path: '/cases/:id/documents/accept-proposal',
    tag: 'Expedientes',
    summary: 'Aceptar una propuesta',
    body: decisionBody,
    responses: { 200: { ...proposal, properties: { ...(proposal.properties as object), linked: bool } } },
  },
  ...integrationCaseIndexOperations,
  {
    method: 'POST',
    path: '/cases/:id/documents/reject-proposal',
    tag: 'Expedientes',
    summary: 'Rechazar una propuesta',
    body: decisionBody,
    responses: { 200: { ...proposal, properties: { ...(proposal.properties as object), linked: bool } } },
  },

  // Notes.
  {
    method: 'GET',
    path: '/notes/received',
    tag: 'Notas',
    summary: 'Notas recibidas',
    query: { ...paging, search: searchStr, unread_only: { type: 'boolean' } },
    responses: { 200: notesPage },
  },
  {
    method: 'GET',
    path: '/notes/sent',
    tag: 'Notas',
    summary: 'Notas enviadas',
    query: { ...paging, search: searchStr },
    responses: { 200: notesPage },
  },
  {
    method: 'GET',
    path: '/notes/archived',
    tag: 'Notas',
    summary: 'Notas archivadas',
    query: { ...paging, search: searchStr },
    responses: { 200: notesPage },
  },
  {
    method: 'GET',
    path: '/notes/:id',
    tag: 'Notas',
    summary: 'Una nota (la marca leída)',
    responses: {
      200: obj({
        note_id: id,
        note_number: nstr,
        subject: str,
        body: nstr,
        is_read: bool,
        is_archived: bool,
        sender: anyObject,
        recipients: arr(anyObject),
        created_at: str,
      }),
    },
  },
  {
    method: 'PATCH',
    path: '/notes/:id/archive',
    tag: 'Notas',
    summary: 'Archivar o desarchivar una nota',
    body: archiveBody,
    responses: { 200: obj({ note_id: id, archived: bool, message: str }) },
  },

  // Registries and records.
  {
    method: 'GET',
    path: '/registries',
    tag: 'Registros',
    summary: 'Familias de registro visibles',
    responses: { 200: obj({ registries: arr(obj({ code: str, name: str })), total: int }) },
  },
  {
    method: 'GET',
    path: '/records/search',
    tag: 'Registros',
    summary: 'Buscar legajos',
    query: { ...paging, family_code: str, search: searchStr, state: str },
    responses: {
      200: page('records', obj({ id, record_number: str, display_name: str, state: str }), {
        total_pages: int,
        'total_exact?': bool,
      }),
    },
  },
  {
    method: 'POST',
    path: '/records',
    tag: 'Registros',
    summary: 'Crear un legajo',
    body: createRecordBody,
    responses: { 200: recordCreated },
  },
  {
    method: 'GET',
    path: '/records/:id',
    tag: 'Registros',
    summary: 'Un legajo',
    responses: {
      200: obj({
        id,
        record_number: str,
        display_name: str,
        state: str,
        registry: obj({ code: str, name: str }),
        data: anyObject,
        permissions: anyObject,
        created_at: str,
        updated_at: str,
      }),
    },
  },
  {
    method: 'PATCH',
    path: '/records/:id',
    tag: 'Registros',
    summary: 'Cambiar estado o nombre',
    body: updateRecordBody,
    responses: { 200: recordUpdated },
  },
  {
    method: 'PATCH',
    path: '/records/:id/fields/:field',
    tag: 'Registros',
    summary: 'Actualizar un campo',
    body: fieldBody,
    responses: { 200: fieldUpdated },
  },
  {
    method: 'POST',
    path: '/records/:id/fields/:field/verify',
    tag: 'Registros',
    summary: 'Verificar un campo con un documento oficial',
    body: verifyBody,
    responses: { 200: fieldUpdated },
  },
  {
    method: 'GET',
    path: '/records/:id/history',
    tag: 'Registros',
    summary: 'Historial del legajo',
    query: paging,
    responses: { 200: historyPage },
  },
  {
    method: 'GET',
    path: '/records/:id/relations',
    tag: 'Registros',
    summary: 'Relaciones del legajo',
    query: paging,
    responses: { 200: relationsPage },
  },
  {
    method: 'POST',
    path: '/records/:id/relations',
    tag: 'Registros',
    summary: 'Relacionar con otro legajo',
    body: relationBody,
    responses: { 201: relation },
  },
  {
    method: 'DELETE',
    path: '/records/:id/relations/:relationId',
    tag: 'Registros',
    summary: 'Quitar una relación',
    responses: { 200: relationRemoved },
  },
  {
    method: 'GET',
    path: '/records/:id/cases',
    tag: 'Registros',
    summary: 'Expedientes vinculados',
    query: paging,
    responses: { 200: caseLinksPage },
  },
  {
    method: 'POST',
    path: '/records/:id/cases',
    tag: 'Registros',
    summary: 'Vincular un expediente',
    body: caseLinkBody,
    responses: { 201: caseLink },
  },
  {
    method: 'DELETE',
    path: '/records/:id/cases/:linkId',
    tag: 'Registros',
    summary: 'Desvincular un expediente',
    responses: { 200: linkRemoved },
  },
  {
    method: 'GET',
    path: '/records/:id/documents',
    tag: 'Registros',
    summary: 'Documentos vinculados',
    query: paging,
    responses: { 200: documentLinksPage },
  },
  {
    method: 'POST',
    path: '/records/:id/documents',
    tag: 'Registros',
    summary: 'Vincular un documento',
    body: documentLinkBody,
    responses: { 201: documentLink },
  },
  {
    method: 'DELETE',
    path: '/records/:id/documents/:linkId',
    tag: 'Registros',
    summary: 'Desvincular un documento',
    responses: { 200: linkRemoved },
  },
  {
    method: 'POST',
    path: '/records/:id/report',
    tag: 'Registros',
    summary: 'Generar el informe IFRLM firmado',
    idempotencyKey: true,
    responses: { 200: reportDone, 201: reportDone, 202: reportInProgress },
  },
  {
    method: 'GET',
    path: '/records/:id/reports/:key',
    tag: 'Registros',
    summary: 'Estado de un informe en generación',
    responses: { 200: reportDone, 202: reportInProgress },
  },
];
