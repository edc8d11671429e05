/** The backend API (`/api/v1`, bearer JWT + X-Tenant-Schema, `{success, data, message}`). */
import { createBody as apiKeyCreateBody, revokeBody, rotateBody } from '../backend/api-keys.js';
import { addDayBody, typeDeadlineBody } from '../backend/calendar.js';
import { createBody, rejectBody, saveBody } from '../operations/documents.js';
import { archiveBody as memoArchiveBody } from '../backend/memos.js';
import { archiveBody as noteArchiveBody } from '../backend/notes.js';
import { preferencesBody } from '../backend/notification-preferences.js';
import { createBody as userCreateBody } from '../backend/users.js';
import { createWebhookBody, updateWebhookBody } from '../backend/webhooks.js';
import {
  backendLinkBody as linkBody,
  backendMovementBody as movementBody,
  caseCreationBody,
  closeBody,
} from '../operations/cases.js';
import {
  caseLinkBody,
  createRecordBody,
  documentLinkBody,
  fieldBody,
  relationBody,
  updateRecordBody,
  verifyBody,
} from '../operations/records.js';
import type { OperationSpec } from './operation.js';
import { authorizationFields, backendPersonalSignatureOperations, signatureMadeWith } from './personal-signatures.js';
import { MAX_PAGE } from '../../domain/lists/pagination.js';
import { BACKEND_DATE_FILTERS } from '../../domain/calendar.js';
import {
  anyObject,
  apiKey,
  arr,
  bool,
  caseDeadline,
  dataSchema,
  familyPermissions,
  recordData,
  caseCreating,
  caseLink,
  caseLinksPage,
  caseSummary,
  documentLink,
  documentLinksPage,
  documentRow,
  envelope,
  fieldUpdated,
  flatEnvelope,
  historyPage,
  id,
  importUpload,
  int,
  linkRemoved,
  movementRow,
  nid,
  nobj,
  nstr,
  obj,
  officialDocument,
  nullable,
  oneOfValues,
  page,
  pdfUpload,
  permissions,
  recordUpdated,
  relation,
  relationRemoved,
  relationsPage,
  reportDone,
  reportInProgress,
  searchStr,
  sectorRef,
  str,
  userRef,
  verification,
  webhookDelivery,
  webhookSubscription,
  type JsonSchema,
} from './schemas.js';
import { backendSignBatchOperations } from './sign-batch.js';
import { backendRetentionOperations } from './retention.js';
import { backendCaseExportOperations } from './case-export.js';
import { backendCaseIndexOperations } from './case-index.js';
import { startSigningBody } from '../deadline-body.js';

const paging = {
  page: { type: 'integer', minimum: 1, maximum: MAX_PAGE },
  page_size: { type: 'integer', minimum: 1, maximum: 100 },
};
const dateFilter = { type: 'string', enum: [...BACKEND_DATE_FILTERS] };
const dates = { date_from: { type: 'string', format: 'date' }, date_to: { type: 'string', format: 'date' } };
const ok = (data: JsonSchema) => envelope(data);
const typeDeadline = obj({ acronym: str, name: str, signing_due_business_days: { anyOf: [int, { type: 'null' }] } });
const logoImage = { type: 'string', contentMediaType: 'image/png' };
const municipality = obj({
  name: str,
  city: str,
  municipality_code: str,
  logo: nullable(
    obj({
      content_type: oneOfValues('image/png', 'image/jpeg'),
      size: int,
      width: int,
      height: int,
      updated_by: str,
      updated_at: str,
    }),
  ),
});
const signingAccepted = envelope(
  obj({ document_id: id, document_status: { const: 'sent_to_sign' }, in_progress: { const: true } }),
);
const created = obj({
  case: obj({ case_id: id, case_number: str, reference: str, status: str, created_at: str }),
  cover: obj({ document_id: id, official_number: nstr }),
});
const sectorShort = obj({ sector_id: id, acronym: str, 'name?': str });
const noteSender = obj({ user_id: id, full_name: str, sector: sectorRef });
const sectorRecipients = obj({ to: arr(sectorRef), cc: arr(sectorRef), bcc: arr(sectorRef) });
const receptionKind = oneOfValues('to', 'cc', 'bcc');
/** Received and archived items carry the reception; sent items carry the recipients. */
const notesPage = page(
  'notes',
  obj({
    note_id: id,
    document_id: id,
    official_number: nstr,
    reference: str,
    content: nstr,
    date: nstr,
    sender: noteSender,
    'reception_kind?': receptionKind,
    'is_read?': bool,
    'is_archived?': bool,
    'archived_at?': nstr,
    'recipients?': sectorRecipients,
  }),
  { total_pages: int },
);
const memoPerson = obj({ user_id: id, full_name: str, sector_acronym: nstr });
const memoRead = obj({ opened: bool, opened_at: nstr });
/** Received and archived items carry the reading; sent items carry the recipients and openings. */
const memosPage = page(
  'memos',
  obj({
    document_id: id,
    official_number: nstr,
    reference: str,
    signed_at: nstr,
    ai_summary: nstr,
    document_type: str,
    sender: memoPerson,
    'recipient_type?': str,
    'read_status?': memoRead,
    'is_archived?': bool,
    'archived_at?': nstr,
    'recipients?': arr(obj({ user_id: id, full_name: str, recipient_type: str, sector_acronym: nstr })),
    'openings_count?': int,
  }),
  { total_pages: int },
);
const registry = obj({
  id,
  code: str,
  name: str,
  description: nstr,
  data_schema: dataSchema,
  allowed_states: arr(str),
  is_active: bool,
  'record_count?': int,
  permissions: familyPermissions,
});
const nonWorkingDay = obj({
  date: { type: 'string', format: 'date' },
  name: str,
  source: oneOfValues('national', 'municipal'),
});
const municipalDay = obj({
  date: { type: 'string', format: 'date' },
  description: str,
  created_by: str,
  created_at: str,
});
const deliveryValue = oneOfValues('immediate', 'digest', 'off');
const notificationPreferences = obj({
  preferences: obj({
    signature_request: deliveryValue,
    document_outcome: deliveryValue,
    note: deliveryValue,
    memo: deliveryValue,
  }),
  digest_hour: int,
  time_zone: str,
});
const newWebhook = obj({ ...(webhookSubscription.properties as Record<string, JsonSchema>), secret: str });
const webhookUpdated = obj({ ...(webhookSubscription.properties as Record<string, JsonSchema>), 'secret?': str });
const newKey = obj({ ...(apiKey.properties as Record<string, JsonSchema>), key: str });

const docStatus = oneOfValues('draft', 'sent_to_sign', 'signed', 'rejected');
const recipients = obj({ to: arr(id), cc: arr(id), bcc: arr(id) });
const documentDetails = obj({
  document_id: id,
  document_type: obj({ acronym: str, name: str }),
  reference: str,
  status: docStatus,
  official_number: nstr,
  is_imported: bool,
  created_by: obj({ user_id: id, full_name: str }),
  created_at: str,
  last_modified_at: str,
  state_category: oneOfValues('editing', 'signing'),
  'editing?': obj({
    content: nstr,
    signers: arr(obj({ user_id: id, full_name: str, is_numerator: bool })),
    recipients: nullable(recipients),
    proposed_case_ids: arr(id),
    can_edit: bool,
    is_creator: bool,
    rejection: nullable(obj({ rejected_by: nid, reason: nstr, rejected_at: nstr })),
  }),
  'signing?': obj({
    signature_status: oneOfValues('unsigned', 'pending', 'partially_signed', 'fully_signed', 'rejected'),
    signers: arr(
      obj({
        user_id: id,
        full_name: str,
        is_numerator: bool,
        status: oneOfValues('pending', 'signed', 'rejected'),
        signed_at: nstr,
      }),
    ),
    sent_to_sign_at: nstr,
    signed_at: nstr,
    due_at: nstr,
    overdue: bool,
    current_user: obj({ is_signer: bool, is_numerator: bool, has_signed: bool, can_sign_now: bool }),
  }),
});
const userDocument = obj({
  document_id: id,
  reference: str,
  status: docStatus,
  display_status: str,
  doc_type: oneOfValues('draft', 'official'),
  acronym: str,
  official_number: nstr,
  rol_usuario: oneOfValues('creador', 'firmante', 'numerador', 'otro'),
  usuario_ya_firmo: bool,
  todos_firmantes_comunes_firmaron: bool,
  /** The signing rules' answer: the user may sign this document now (the desk's pending list). */
  can_sign_now: bool,
  due_at: nstr,
  overdue: bool,
  created_at: str,
  last_modified_at: str,
});
const feedItem = obj({
  event_id: str,
  kind: str,
  occurred_at: str,
  description: str,
  object: obj({ type: oneOfValues('document', 'case'), id, number: nstr, reference: nstr, 'document_type?': nstr }),
});

export const backendOperations: OperationSpec[] = [
  {
    method: 'GET',
    path: '/auth/tenants',
    tag: 'Sesión',
    summary: 'Los municipios donde el usuario del token está activo (sin X-Tenant-Schema)',
    access: 'key-only',
    responses: { 200: ok(obj({ tenants: arr(obj({ schema: str, name: str, city: str })) })) },
  },
  {
    method: 'GET',
    path: '/auth/me',
    tag: 'Sesión',
    summary: 'El usuario autenticado y sus permisos por sector',
    responses: {
      200: ok(
        obj({
          user_id: id,
          auth_id: nstr,
          full_name: str,
          email: str,
          role: str,
          is_admin: bool,
          permissions: arr(
            obj({ sector_id: id, name: str, acronym: str, can_view: bool, can_edit: bool, is_primary: bool }),
          ),
        }),
      ),
    },
  },

  // Cases.
  {
    method: 'GET',
    path: '/cases/templates',
    tag: 'Expedientes',
    summary: 'Tipos de expediente (trata)',
    responses: {
      200: ok(
        obj({
          templates: arr(
            obj({ id, name: str, acronym: str, description: nstr, is_active: bool, filing_department_name: nstr }),
          ),
          total: int,
        }),
      ),
    },
  },
  {
    method: 'GET',
    path: '/cases',
    tag: 'Expedientes',
    summary: 'Expedientes visibles para el usuario',
    query: {
      ...paging,
      status: oneOfValues('active', 'inactive', 'archived'),
      search: searchStr,
      date_filter: dateFilter,
      ...dates,
      sector_filter: id,
      trata_filter: id,
    },
    responses: {
      200: ok(
        page(
          'cases',
          obj({
            id,
            case_number: str,
            reference: str,
            status: oneOfValues('active', 'inactive', 'archived'),
            created_at: str,
            last_modified_at: nstr,
            case_type: obj({ name: str, acronym: str }),
            access_reason: str,
            admin_sector: obj({ sector_id: id, acronym: str, department: nstr }),
            assigned_sectors: arr(sectorRef),
            current_sector: sectorRef,
            deadline: caseDeadline,
          }),
          { total_pages: int, 'total_exact?': bool },
        ),
      ),
    },
  },
  {
    method: 'POST',
    path: '/cases',
    tag: 'Expedientes',
    summary: 'Crear un expediente (con su carátula firmada)',
    body: caseCreationBody,
    idempotencyKey: true,
    responses: { 201: ok(created), 202: ok(caseCreating) },
  },
  {
    method: 'GET',
    path: '/cases/creations/:key',
    tag: 'Expedientes',
    summary: 'Estado de una creación en curso',
    responses: { 200: ok(created), 202: ok(caseCreating) },
  },
  {
    method: 'GET',
    path: '/cases/by-number/:number',
    tag: 'Expedientes',
    summary: 'Expediente por número',
    responses: { 200: ok(caseSummary) },
  },
  {
    method: 'GET',
    path: '/cases/sectors/:sectorId/users',
    tag: 'Expedientes',
    summary: 'Usuarios de un sector',
    responses: { 200: ok(obj({ users: arr(obj({ user_id: id, full_name: str, email: str, role: str })) })) },
  },
  {
    method: 'GET',
    path: '/cases/:id',
    tag: 'Expedientes',
    summary: 'Un expediente con movimientos, documentos y permisos',
    responses: {
      200: ok(
        obj({
          ...(caseSummary.properties as Record<string, JsonSchema>),
          short_ai_summary: nstr,
          access_reason: str,
          deadline: caseDeadline,
          document_links: arr(
            obj({
              document_id: id,
              document_number: nstr,
              document_type: str,
              reference: str,
              linked_by: nstr,
              linked_at: str,
            }),
          ),
          admin_sector: obj({ sector_id: id, acronym: str, department: nstr }),
          assigned_sectors: arr(sectorRef),
          movements: arr(
            obj({
              ...(movementRow.properties as Record<string, JsonSchema>),
              'status?': nstr,
              'assigned_user?': nullable(userRef),
              'closed_at?': nstr,
            }),
          ),
          documents: arr(
            obj({
              document_id: id,
              document_number: nstr,
              document_type: str,
              reference: str,
              status: docStatus,
              created_at: str,
            }),
          ),
          my_proposed_drafts: arr(
            obj({ document_id: id, document_type: str, reference: str, status: docStatus, created_at: str }),
          ),
          permissions,
        }),
      ),
    },
  },
  {
    method: 'GET',
    path: '/cases/:id/available-sectors',
    tag: 'Expedientes',
    summary: 'Sectores a los que se puede mover',
    responses: { 200: ok(obj({ sectors: arr(sectorRef), total: int })) },
  },
  {
    method: 'POST',
    path: '/cases/:id/transfer',
    tag: 'Expedientes',
    summary: 'Transferir (o asignar, sin transferir la titularidad)',
    body: movementBody,
    responses: {
      200: ok(
        obj({
          movement_id: id,
          movement_type: str,
          from_sector: nobj,
          to_sector: sectorShort,
          assigned_user_id: nid,
          'due_at?': str,
          'official_document?': officialDocument,
        }),
      ),
    },
  },
  {
    method: 'POST',
    path: '/cases/:id/assign',
    tag: 'Expedientes',
    summary: 'Asignar una tarea a otro sector',
    body: movementBody,
    responses: {
      200: ok(
        obj({
          movement_id: id,
          assigned_to: nid,
          sector: sectorShort,
          'due_at?': str,
          'official_document?': officialDocument,
        }),
      ),
    },
  },
  {
    method: 'POST',
    path: '/cases/:id/close-assign',
    tag: 'Expedientes',
    summary: 'Cerrar una asignación',
    body: closeBody,
    responses: { 200: ok(obj({ movement_id: id, status: { const: 'closed' } })) },
  },
  ...backendCaseIndexOperations,
  {
    method: 'POST',
    path: '/cases/:id/link-document',
    tag: 'Expedientes',
    summary: 'Vincular un documento oficial',
    body: linkBody,
    responses: { 200: ok(obj({ case_id: id, document_id: id, official_number: nstr })) },
  },

  // Documents.
  {
    method: 'GET',
    path: '/documents/search-official/:number',
    tag: 'Documentos',
    summary: 'Documento oficial por número',
    responses: { 200: ok(documentRow) },
  },
  {
    method: 'POST',
    path: '/documents',
    tag: 'Documentos',
    summary: 'Crear un borrador',
    body: createBody,
    responses: { 200: flatEnvelope({ document_id: id, status: str }) },
  },
  {
    method: 'POST',
    path: '/documents/import',
    tag: 'Documentos',
    summary: 'Importar un PDF externo como borrador',
    multipart: importUpload(),
    responses: {
      201: ok(
        obj({
          document_id: id,
          document_type: str,
          reference: str,
          status: str,
          is_imported: { const: true },
          created_at: str,
        }),
      ),
    },
  },
  {
    method: 'PUT',
    path: '/documents/:id/imported-pdf',
    tag: 'Documentos',
    summary: 'Reemplazar el PDF de un borrador importado',
    multipart: pdfUpload(),
    responses: { 200: ok(obj({ document_id: id, updated_at: str })) },
  },
  {
    method: 'GET',
    path: '/documents/:id/signature-details',
    tag: 'Firma',
    summary: 'Firmantes y validación del PDF oficial (certificados, sellos de tiempo)',
    responses: {
      200: ok(
        obj({
          document_id: id,
          document_number: nstr,
          signature_status: str,
          verification_code: nstr,
          signers: arr(
            obj({
              user_id: id,
              full_name: str,
              role: oneOfValues('signer', 'numerator'),
              status: str,
              signed_at: nstr,
              ...signatureMadeWith,
            }),
          ),
          validation: nullable(verification),
        }),
      ),
    },
  },
  {
    method: 'PATCH',
    path: '/documents/:id/save',
    tag: 'Documentos',
    summary: 'Guardar un borrador',
    body: saveBody,
    responses: { 200: flatEnvelope({ document_id: id, status: str, last_modified_at: str }) },
  },
  {
    method: 'POST',
    path: '/documents/:id/preview-info',
    tag: 'Documentos',
    summary: 'Datos para la vista previa',
    responses: {
      200: ok(
        obj({
          document_id: id,
          document_type: obj({ acronym: str, name: str }),
          reference: str,
          status: docStatus,
          content: nstr,
          signers: arr(obj({ user_id: id, full_name: str, is_numerator: bool, status: str, signed_at: nstr })),
          municipality: str,
        }),
      ),
    },
  },
  {
    method: 'POST',
    path: '/documents/:id/preview-download',
    tag: 'Documentos',
    summary: 'PDF de la vista previa (URL firmada si ya está guardado, o el PDF)',
    responses: {
      200: {
        content: {
          'application/json': ok(obj({ document_id: id, pdf_url: str, expires_in: int })),
          'application/pdf': { type: 'string', contentMediaType: 'application/pdf' },
        },
      },
    },
  },
  {
    method: 'GET',
    path: '/documents/:id/details',
    tag: 'Documentos',
    summary: 'Detalle unificado con el estado de la firma',
    responses: { 200: ok(documentDetails) },
  },
  {
    method: 'POST',
    path: '/documents/:id/start-signing-process',
    tag: 'Firma',
    summary: 'Enviar a firma (con plazo opcional)',
    body: startSigningBody,
    responses: {
      200: ok(
        obj({
          document_id: id,
          status: { const: 'sent_to_sign' },
          'due_at?': str,
          signers: arr(obj({ user_id: id, full_name: str, is_numerator: bool, status: str })),
        }),
      ),
      202: signingAccepted,
    },
  },
  {
    method: 'POST',
    path: '/documents/:id/super-sign',
    tag: 'Firma',
    summary: 'Firmar (el numerador numera)',
    description:
      'Un firmante con firma personal recibe 202 con authorization_required: se le envió un código para autorizarla en POST /documents/{document_id}/sign/authorize.',
    responses: {
      200: flatEnvelope({
        document_id: id,
        document_status: str,
        is_numerator: bool,
        official_number: nstr,
        'signed_pdf_url?': str,
      }),
      202: envelope(
        obj({
          document_id: id,
          document_status: { const: 'sent_to_sign' },
          'in_progress?': { const: true },
          'is_numerator?': bool,
          ...authorizationFields,
        }),
      ),
    },
  },
  ...backendPersonalSignatureOperations,
  ...backendSignBatchOperations,
  ...backendRetentionOperations,
  ...backendCaseExportOperations,
  {
    method: 'POST',
    path: '/documents/:id/reject',
    tag: 'Firma',
    summary: 'Rechazar la firma',
    body: rejectBody,
    responses: {
      200: ok(obj({ document_id: id, status: str, rejected_by: str, reason: str, rejected_at: nstr })),
      202: signingAccepted,
    },
  },
  {
    method: 'DELETE',
    path: '/documents/:id',
    tag: 'Documentos',
    summary: 'Eliminar un borrador propio',
    responses: { 200: ok(obj({ document_id: id, deleted: { const: true } })) },
  },

  // Users.
  {
    method: 'GET',
    path: '/users',
    tag: 'Usuarios',
    summary: 'Usuarios activos',
    responses: { 200: ok(obj({ users: arr(obj({ user_id: id, full_name: str, email: str })), total: int })) },
  },
  {
    method: 'GET',
    path: '/users/search',
    tag: 'Usuarios',
    summary: 'Buscar en el directorio',
    query: { query: searchStr, ...paging },
    responses: {
      200: ok(
        page('users', obj({ user_id: id, full_name: str, email: str, sector: nstr, sector_acronym: nstr }), {
          total_pages: int,
        }),
      ),
    },
  },
  {
    method: 'POST',
    path: '/users',
    tag: 'Usuarios',
    summary: 'Dar de alta un usuario (administradores)',
    body: userCreateBody,
    responses: {
      201: ok(obj({ user_id: id, email: str, provisioning_status: str, ticket_expires_at: nstr })),
      202: ok(obj({ email: str, provisioning_status: { const: 'provisioning' } })),
    },
  },
  {
    method: 'POST',
    path: '/users/:id/resend-invitation',
    tag: 'Usuarios',
    summary: 'Reenviar la invitación (administradores)',
    responses: { 202: ok(obj({ user_id: id, workflow_id: str })) },
  },
  {
    method: 'GET',
    path: '/users/:id/provisioning',
    tag: 'Usuarios',
    summary: 'Estado del alta (administradores)',
    responses: {
      200: ok(
        obj({
          status: oneOfValues('provisioning', 'invited', 'active', 'linked_social', 'expired'),
          email: str,
          userId: nstr,
          identityUserId: nstr,
          authId: nstr,
          ticketsIssued: int,
          ticketExpiresAt: nstr,
          workflow_id: nstr,
        }),
      ),
    },
  },
  {
    method: 'GET',
    path: '/users/:id/profile',
    tag: 'Usuarios',
    summary: 'Perfil de un usuario',
    responses: {
      200: ok(
        obj({
          user_id: id,
          full_name: str,
          email: str,
          cuit: nstr,
          role: str,
          is_active: bool,
          profile_picture_url: nstr,
          default_seal_id: nid,
          default_seal_name: nstr,
          sector_id: nid,
          sector_acronym: nstr,
          sector_name: nstr,
          department_id: nid,
          department_name: nstr,
          department_acronym: nstr,
          additional_sectors: arr(obj({ sector_id: id, name: str, acronym: str, can_view: bool, can_edit: bool })),
        }),
      ),
    },
  },
  {
    method: 'GET',
    path: '/users/:id/documents',
    tag: 'Usuarios',
    summary: 'Documentos de un usuario',
    query: { ...paging, status: docStatus, document_type: searchStr, search: searchStr, ...dates },
    responses: { 200: ok(page('documents', userDocument, { total_pages: int, 'total_exact?': bool })) },
  },

  // Notes and memos.
  {
    method: 'GET',
    path: '/notes/received',
    tag: 'Notas',
    summary: 'Notas recibidas',
    query: { ...paging, search: searchStr, unread_only: { type: 'boolean' } },
    responses: { 200: ok(notesPage) },
  },
  {
    method: 'GET',
    path: '/notes/sent',
    tag: 'Notas',
    summary: 'Notas enviadas',
    query: { ...paging, search: searchStr },
    responses: { 200: ok(notesPage) },
  },
  {
    method: 'GET',
    path: '/notes/archived',
    tag: 'Notas',
    summary: 'Notas archivadas',
    query: { ...paging, search: searchStr },
    responses: { 200: ok(notesPage) },
  },
  {
    method: 'GET',
    path: '/notes/:id',
    tag: 'Notas',
    summary: 'Una nota (la marca leída)',
    responses: {
      200: ok(
        obj({
          note_id: id,
          document_id: id,
          official_number: nstr,
          reference: str,
          content: nstr,
          status: str,
          sent_at: nstr,
          is_read: bool,
          read_at: nstr,
          is_archived: bool,
          archived_at: nstr,
          sender: noteSender,
          recipients: sectorRecipients,
          my_access: obj({
            is_sender: bool,
            reception_kind: nullable(receptionKind),
            sectors: arr(obj({ sector_id: id, reception_kind: receptionKind, is_archived: bool, archived_at: nstr })),
          }),
        }),
      ),
    },
  },
  {
    method: 'POST',
    path: '/notes/:id/archive',
    tag: 'Notas',
    summary: 'Archivar (o desarchivar) una nota',
    body: noteArchiveBody,
    responses: { 200: ok(obj({ note_id: id, archived: bool, archived_at: nstr, sector_ids: arr(id) })) },
  },
  {
    method: 'GET',
    path: '/memos/received',
    tag: 'Memos',
    summary: 'Memos recibidos',
    query: { ...paging, search: searchStr, date_filter: dateFilter, ...dates },
    responses: { 200: ok(memosPage) },
  },
  {
    method: 'GET',
    path: '/memos/sent',
    tag: 'Memos',
    summary: 'Memos enviados',
    query: { ...paging, search: searchStr, date_filter: dateFilter, ...dates },
    responses: { 200: ok(memosPage) },
  },
  {
    method: 'GET',
    path: '/memos/archived',
    tag: 'Memos',
    summary: 'Memos archivados',
    query: { ...paging, search: searchStr, date_filter: dateFilter, ...dates },
    responses: { 200: ok(memosPage) },
  },
  {
    method: 'GET',
    path: '/memos/unread-count',
    tag: 'Memos',
    summary: 'Memos sin leer',
    responses: { 200: ok(obj({ unread_count: int })) },
  },
  {
    method: 'GET',
    path: '/memos/:id',
    tag: 'Memos',
    summary: 'Un memo (registra la apertura)',
    responses: {
      200: ok(
        obj({
          document_id: id,
          official_number: nstr,
          reference: str,
          content: obj({ html: str }),
          signed_at: nstr,
          signed_pdf_url: nstr,
          ai_summary: nstr,
          document_type: str,
          sender: obj({ user_id: id, full_name: str, sector_acronym: nstr, sector_name: nstr }),
          recipients: obj({ to: arr(memoPerson), cc: arr(memoPerson), bcc: nullable(arr(memoPerson)) }),
          read_status: memoRead,
          my_access: obj({
            is_sender: bool,
            recipient_type: nstr,
            first_open: bool,
            opened_at: nstr,
            is_archived: bool,
            archived_at: nstr,
          }),
          openings: nullable(
            arr(obj({ user_id: id, full_name: str, sector_acronym: nstr, recipient_type: str, opened_at: nstr })),
          ),
          proposed_cases: nullable(arr(obj({ case_id: id, case_number: str, reference: str }))),
        }),
      ),
    },
  },
  {
    method: 'PATCH',
    path: '/memos/:id/archive',
    tag: 'Memos',
    summary: 'Archivar o desarchivar un memo',
    body: memoArchiveBody,
    responses: { 200: flatEnvelope({ archived: bool, archived_at: nstr }) },
  },

  // Dashboard.
  {
    method: 'GET',
    path: '/dashboard/feed',
    tag: 'Tablero',
    summary: 'Actividad reciente',
    query: paging,
    responses: { 200: ok(page('items', feedItem, { total_pages: int })) },
  },
  {
    method: 'GET',
    path: '/dashboard/stats',
    tag: 'Tablero',
    summary: 'Contadores del usuario',
    responses: {
      200: ok(
        obj({
          documents_by_status: obj({ draft: int, sent_to_sign: int, signed: int, rejected: int }),
          pending_signatures: int,
          overdue_signatures: int,
          active_cases: int,
          recent_activity: obj({ last_7_days: int, last_30_days: int }),
        }),
      ),
    },
  },

  // Registries and records.
  {
    method: 'GET',
    path: '/registries',
    tag: 'Registros',
    summary: 'Familias de registro visibles',
    responses: { 200: ok(obj({ registries: arr(registry), total: int })) },
  },
  {
    method: 'GET',
    path: '/registries/:id',
    tag: 'Registros',
    summary: 'Una familia de registro',
    responses: { 200: ok(registry) },
  },
  {
    method: 'GET',
    path: '/records',
    tag: 'Registros',
    summary: 'Legajos visibles',
    query: { ...paging, registry: str, state: str, search: searchStr },
    responses: {
      200: ok(
        page(
          'records',
          obj({
            id,
            record_number: str,
            display_name: str,
            state: str,
            registry_code: str,
            registry_name: str,
            resume: nstr,
            next_expiration: nstr,
            created_at: str,
            updated_at: str,
          }),
          { total_pages: int, 'total_exact?': bool },
        ),
      ),
    },
  },
  {
    method: 'GET',
    path: '/records/autocomplete',
    tag: 'Registros',
    summary: 'Autocompletar legajos',
    query: { q: str, limit: { type: 'integer', minimum: 1 } },
    responses: {
      200: ok(
        obj({
          records: arr(obj({ record_id: id, record_number: str, display_name: str, family_code: str, state: str })),
          total: int,
          'query?': str,
        }),
      ),
    },
  },
  {
    method: 'POST',
    path: '/records',
    tag: 'Registros',
    summary: 'Crear un legajo',
    body: createRecordBody,
    responses: {
      200: ok(
        obj({
          id,
          record_number: str,
          display_name: str,
          state: str,
          registry_code: str,
          registry_name: str,
          created_at: str,
        }),
      ),
    },
  },
  {
    method: 'GET',
    path: '/records/:id',
    tag: 'Registros',
    summary: 'Un legajo con su familia y permisos',
    responses: {
      200: ok(
        obj({
          id,
          record_number: str,
          display_name: str,
          state: str,
          registry: obj({ id, code: str, name: str, data_schema: dataSchema, allowed_states: arr(str) }),
          data: recordData,
          resume: nstr,
          next_expiration: nstr,
          permissions: familyPermissions,
          created_by: obj({ user_id: nid, name: nstr, sector: nstr, department: nstr }),
          created_at: str,
          updated_at: str,
        }),
      ),
    },
  },
  {
    method: 'PATCH',
    path: '/records/:id',
    tag: 'Registros',
    summary: 'Cambiar estado o nombre',
    body: updateRecordBody,
    responses: { 200: ok(recordUpdated) },
  },
  {
    method: 'PATCH',
    path: '/records/:id/fields/:field',
    tag: 'Registros',
    summary: 'Actualizar un campo',
    body: fieldBody,
    responses: { 200: ok(fieldUpdated) },
  },
  {
    method: 'POST',
    path: '/records/:id/fields/:field/verify',
    tag: 'Registros',
    summary: 'Verificar un campo con un documento oficial',
    body: verifyBody,
    responses: { 200: ok(fieldUpdated) },
  },
  {
    method: 'GET',
    path: '/records/:id/history',
    tag: 'Registros',
    summary: 'Historial del legajo',
    query: paging,
    responses: { 200: ok(historyPage) },
  },
  {
    method: 'GET',
    path: '/records/:id/relations',
    tag: 'Registros',
    summary: 'Relaciones del legajo',
    query: paging,
    responses: { 200: ok(relationsPage) },
  },
  {
    method: 'POST',
    path: '/records/:id/relations',
    tag: 'Registros',
    summary: 'Relacionar con otro legajo',
    body: relationBody,
    responses: { 200: ok(relation) },
  },
  {
    method: 'DELETE',
    path: '/records/:id/relations/:relationId',
    tag: 'Registros',
    summary: 'Quitar una relación',
    responses: { 200: ok(relationRemoved) },
  },
  {
    method: 'GET',
    path: '/records/:id/cases',
    tag: 'Registros',
    summary: 'Expedientes vinculados',
    query: paging,
    responses: { 200: ok(caseLinksPage) },
  },
  {
    method: 'POST',
    path: '/records/:id/cases',
    tag: 'Registros',
    summary: 'Vincular un expediente',
    body: caseLinkBody,
    responses: { 200: ok(caseLink) },
  },
  {
    method: 'DELETE',
    path: '/records/:id/cases/:linkId',
    tag: 'Registros',
    summary: 'Desvincular un expediente',
    responses: { 200: ok(linkRemoved) },
  },
  {
    method: 'GET',
    path: '/records/:id/documents',
    tag: 'Registros',
    summary: 'Documentos vinculados',
    query: paging,
    responses: { 200: ok(documentLinksPage) },
  },
  {
    method: 'POST',
    path: '/records/:id/documents',
    tag: 'Registros',
    summary: 'Vincular un documento',
    body: documentLinkBody,
    responses: { 200: ok(documentLink) },
  },
  {
    method: 'DELETE',
    path: '/records/:id/documents/:linkId',
    tag: 'Registros',
    summary: 'Desvincular un documento',
    responses: { 200: ok(linkRemoved) },
  },
  {
    method: 'POST',
    path: '/records/:id/report',
    tag: 'Registros',
    summary: 'Generar el informe IFRLM firmado',
    idempotencyKey: true,
    responses: { 200: ok(reportDone), 202: ok(reportInProgress) },
  },
  {
    method: 'GET',
    path: '/records/:id/reports/:key',
    tag: 'Registros',
    summary: 'Estado de un informe en generación',
    responses: { 200: ok(reportDone), 202: ok(reportInProgress) },
  },

  // API keys (administrators).
  {
    method: 'GET',
    path: '/admin/api-keys',
    tag: 'API Keys',
    summary: 'API Keys del municipio',
    responses: { 200: ok(obj({ items: arr(apiKey) })) },
  },
  {
    method: 'POST',
    path: '/admin/api-keys',
    tag: 'API Keys',
    summary: 'Crear una API Key (la clave se muestra una sola vez)',
    body: apiKeyCreateBody,
    responses: { 201: ok(newKey) },
  },
  {
    method: 'GET',
    path: '/admin/api-keys/:id/audit',
    tag: 'API Keys',
    summary: 'Auditoría de una API Key',
    responses: {
      200: ok(obj({ items: arr(obj({ occurred_at: str, action: str, actor: nstr, details: anyObject })) })),
    },
  },
  {
    method: 'POST',
    path: '/admin/api-keys/:id/revoke',
    tag: 'API Keys',
    summary: 'Revocar una API Key',
    body: revokeBody,
    responses: { 200: ok(apiKey) },
  },
  {
    method: 'POST',
    path: '/admin/api-keys/:id/rotate',
    tag: 'API Keys',
    summary: 'Rotar una API Key',
    body: rotateBody,
    responses: { 200: ok(newKey) },
  },

  // Business-day calendar (administrators).
  {
    method: 'GET',
    path: '/admin/calendar',
    tag: 'Calendario',
    summary: 'Días no laborables del año (feriados nacionales y municipales)',
    description: 'Los fines de semana no se listan. Sin year, el año en curso del municipio.',
    query: { year: { type: 'integer', minimum: 2000, maximum: 2100 } },
    responses: { 200: ok(obj({ year: int, items: arr(nonWorkingDay) })) },
  },
  {
    method: 'POST',
    path: '/admin/calendar',
    tag: 'Calendario',
    summary: 'Agregar un día no laborable municipal',
    body: addDayBody,
    responses: { 201: ok(municipalDay) },
  },
  {
    method: 'DELETE',
    path: '/admin/calendar/:date',
    tag: 'Calendario',
    summary: 'Eliminar un día no laborable municipal',
    description: 'date en formato YYYY-MM-DD. Los feriados nacionales no se pueden eliminar (400).',
    responses: { 200: ok(municipalDay) },
  },
  {
    method: 'GET',
    path: '/admin/document-types',
    tag: 'Calendario',
    summary: 'Plazo de firma por defecto de cada tipo de documento',
    responses: { 200: ok(obj({ document_types: arr(typeDeadline) })) },
  },
  {
    method: 'PUT',
    path: '/admin/document-types/:acronym',
    tag: 'Calendario',
    summary: 'Fijar el plazo de firma por defecto de un tipo (días hábiles; null: sin plazo)',
    body: typeDeadlineBody,
    responses: { 200: ok(typeDeadline) },
  },

  // The municipality's own settings (administrators): its logo on the public verification page.
  {
    method: 'GET',
    path: '/admin/municipality',
    tag: 'Municipio',
    summary: 'Nombre, ciudad y logo del municipio',
    responses: { 200: ok(municipality) },
  },
  {
    method: 'GET',
    path: '/admin/municipality/logo',
    tag: 'Municipio',
    summary: 'La imagen del logo del municipio',
    description: 'PNG o JPEG, tal como se subió; 404 si el municipio no tiene logo.',
    responses: {
      200: {
        content: { 'image/png': logoImage, 'image/jpeg': { type: 'string', contentMediaType: 'image/jpeg' } },
        description: 'El logo',
      },
    },
  },
  {
    method: 'PUT',
    path: '/admin/municipality/logo',
    tag: 'Municipio',
    summary: 'Subir o reemplazar el logo del municipio',
    description:
      'multipart/form-data con el archivo en logo: PNG o JPEG (reconocido por su contenido) de hasta 256 KB y 4096 píxeles por lado. Más grande: 413; otro tipo: 415; imagen dañada o vacía: 400. Se muestra en la página pública de verificación de los documentos del municipio.',
    multipart: {
      type: 'object',
      required: ['logo'],
      properties: { logo: { type: 'string', contentMediaType: 'image/png', description: 'PNG o JPEG, hasta 256 KB' } },
    },
    responses: { 200: ok(municipality) },
  },
  {
    method: 'DELETE',
    path: '/admin/municipality/logo',
    tag: 'Municipio',
    summary: 'Quitar el logo del municipio',
    description: '404 si no tiene logo.',
    responses: { 200: ok(municipality) },
  },

  // Webhooks (administrators): subscriptions of other systems to the municipality's events.
  {
    method: 'GET',
    path: '/admin/webhooks',
    tag: 'Webhooks',
    summary: 'Suscripciones a webhooks del municipio',
    responses: { 200: ok(arr(webhookSubscription)) },
  },
  {
    method: 'POST',
    path: '/admin/webhooks',
    tag: 'Webhooks',
    summary: 'Registrar una suscripción (el secreto se muestra una sola vez)',
    body: createWebhookBody,
    description:
      'Recibe los eventos que ocurran desde ahora. La URL se comprueba: en producción solo https y direcciones públicas (nunca privadas, de loopback ni link-local).',
    responses: { 201: ok(newWebhook) },
  },
  {
    method: 'GET',
    path: '/admin/webhooks/:id',
    tag: 'Webhooks',
    summary: 'Una suscripción',
    responses: { 200: ok(webhookSubscription) },
  },
  {
    method: 'PATCH',
    path: '/admin/webhooks/:id',
    tag: 'Webhooks',
    summary: 'Cambiar, activar, desactivar o rotar el secreto de una suscripción',
    body: updateWebhookBody,
    description:
      'Con rotate_secret: true la respuesta trae el secreto nuevo (una sola vez) y el anterior sigue firmando previous_secret_valid_hours. status active reanuda una suscripción fallida desde donde se detuvo.',
    responses: { 200: ok(webhookUpdated) },
  },
  {
    method: 'DELETE',
    path: '/admin/webhooks/:id',
    tag: 'Webhooks',
    summary: 'Eliminar una suscripción y su historial de entregas',
    responses: { 200: ok(webhookSubscription) },
  },
  {
    method: 'GET',
    path: '/admin/webhooks/:id/deliveries',
    tag: 'Webhooks',
    summary: 'Intentos de entrega de una suscripción, los más recientes primero',
    query: {
      limit: { type: 'integer', minimum: 1, maximum: 100 },
      offset: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    },
    responses: { 200: ok(arr(webhookDelivery)) },
  },
  {
    method: 'POST',
    path: '/admin/webhooks/deliveries/:id/redeliver',
    tag: 'Webhooks',
    summary: 'Reenviar el evento de un intento de entrega',
    responses: { 202: ok(obj({ redelivery_id: id, event_id: id })) },
  },

  // The user's own e-mail notifications.
  {
    method: 'GET',
    path: '/me/notification-preferences',
    tag: 'Notificaciones',
    summary: 'Cómo recibe el usuario cada tipo de aviso por e-mail',
    description:
      'Por tipo (signature_request: documento para firmar; document_outcome: su documento firmado o rechazado; note: nota a su sector; memo: memorándum recibido): immediate, digest (resumen diario a las digest_hour en time_zone) u off.',
    responses: { 200: ok(notificationPreferences) },
  },
  {
    method: 'PUT',
    path: '/me/notification-preferences',
    tag: 'Notificaciones',
    summary: 'Cambiar cómo recibe el usuario cada tipo de aviso',
    description:
      'Solo cambian los tipos nombrados. Un tipo desconocido o un valor que no sea immediate, digest u off es 400.',
    body: preferencesBody,
    responses: { 200: ok(notificationPreferences) },
  },
];
