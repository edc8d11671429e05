/**
 * Document tools: the operations of the integration REST document routes (api/operations/documents.ts).
 * No tool signs: `sign_batch` checks its input as POST /api/v1/documents/sign-batch does, then
 * always refuses, so an agent asked to sign learns why and where signing happens.
 */
import { listDocumentStates, listDocumentTypes } from '../../domain/catalogs.js';
import {
  documentContent,
  getDocument,
  pendingSignatures,
  searchDocuments,
  searchOfficial,
  signatureDetails,
} from '../../domain/documents/reads.js';
import { forbidden } from '../../domain/errors.js';
import { TEXT_LIMITS } from '../../domain/limits.js';
import { SIGN_BATCH_MAX } from '../../contract/sign-batch.js';
import {
  createBody,
  createDocumentAnswer,
  patchBody,
  rejectBody,
  rejectDocumentAnswer,
  saveDocumentAnswer,
  startSigningAnswer,
} from '../operations/documents.js';
import { signBatchBody } from '../temporal/sign-batch.js';
import { startSigningBody } from '../deadline-body.js';
import {
  bi,
  ctxOf,
  cursor,
  deadlineArgs,
  objectSchema,
  page,
  pageSize,
  bodyFrom,
  str,
  text,
  uuidArg,
  type JsonSchema,
  type McpTool,
} from './tool.js';

const documentId = uuidArg('Id (UUID) del documento', 'Document id (UUID)');
const byDocumentId = objectSchema({ document_id: documentId }, ['document_id']);
const uuidList = (es: string, en: string): JsonSchema => ({
  type: 'array',
  items: { type: 'string', format: 'uuid' },
  description: `${es} / ${en}`,
});

/** The refusal of `sign_batch` (403): signatures are the signer's own act, in the application. */
export const AGENT_CANNOT_SIGN =
  'Las firmas se hacen en la aplicación: un agente no puede firmar documentos / Signatures are made in the application: an agent cannot sign documents';

const recipients: JsonSchema = {
  type: 'object',
  description:
    'Destinatarios de una NOTA: sectores (UUID) en to, cc y bcc / Recipients of a NOTA: sectors (UUID) in to, cc and bcc',
  properties: { to: uuidList('Para', 'To'), cc: uuidList('Copia', 'Cc'), bcc: uuidList('Copia oculta', 'Bcc') },
};

export const documentTools: McpTool[] = [
  {
    name: 'create_document',
    title: 'Crear documento / Create document',
    description:
      'Crea un borrador de documento del tipo indicado (POST /api/v1/documents); luego save_document y start_signing / Creates a draft document of the given type; then save_document and start_signing',
    inputSchema: objectSchema(
      {
        document_type_acronym: str(
          'Sigla del tipo de documento (ver get_document_types)',
          'Document type acronym (see get_document_types)',
          { maxLength: TEXT_LIMITS.documentTypeAcronym },
        ),
        reference: str('Referencia (asunto)', 'Reference (subject)', { maxLength: TEXT_LIMITS.reference }),
        case_id: {
          anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }],
          description: 'Expediente al que se propone (UUID, opcional) / Case it is proposed to (UUID, optional)',
        },
        recipients,
      },
      ['document_type_acronym', 'reference'],
    ),
    readOnly: false,
    tenantScoped: true,
    run: (a, env) => createDocumentAnswer(ctxOf(env), bodyFrom(createBody, a)),
  },
  {
    name: 'save_document',
    title: 'Guardar borrador / Save draft',
    description:
      'Guarda el contenido HTML, la referencia, los firmantes (el último numera), destinatarios o expedientes propuestos de un borrador (PATCH /api/v1/documents/{document_id}) / Saves the HTML content, reference, signers (the last one numbers), recipients or proposed cases of a draft',
    inputSchema: objectSchema(
      {
        document_id: documentId,
        content: str('Contenido HTML', 'HTML content', { maxLength: TEXT_LIMITS.content }),
        reference: str('Referencia (asunto)', 'Reference (subject)', { maxLength: TEXT_LIMITS.reference }),
        signers: uuidList(
          'Firmantes (UUID de usuario), el último numera',
          'Signers (user UUIDs), the last one numbers',
        ),
        recipients,
        proposed_case_ids: uuidList('Expedientes propuestos (UUID)', 'Proposed cases (UUIDs)'),
      },
      ['document_id'],
    ),
    readOnly: false,
    tenantScoped: true,
    run: (a, env) => saveDocumentAnswer(ctxOf(env), text(a, 'document_id')!, bodyFrom(patchBody, a)),
  },
  {
    name: 'search_documents',
    title: 'Buscar documentos / Search documents',
    description:
      'Busca los documentos que el usuario puede ver, más recientes primero (GET /api/v1/documents/search) / Searches the documents the user may see, newest first',
    inputSchema: objectSchema({
      search: str('Texto en la referencia o el número oficial', 'Text in the reference or official number'),
      status: str('Estado', 'Status', { enum: ['pending', 'sent_to_sign', 'signed', 'rejected'] }),
      document_type: str('Sigla del tipo de documento', 'Document type acronym'),
      case_id: uuidArg('Expediente (UUID)', 'Case (UUID)'),
      page,
      page_size: pageSize(),
      cursor,
    }),
    readOnly: true,
    tenantScoped: true,
    run: (a, env) =>
      searchDocuments(ctxOf(env), {
        page: a.page,
        page_size: a.page_size,
        search: text(a, 'search'),
        status: text(a, 'status'),
        document_type: text(a, 'document_type'),
        case_id: text(a, 'case_id'),
        cursor: text(a, 'cursor'),
      }),
  },
  {
    name: 'get_document',
    title: 'Ver documento / Get document',
    description: 'Un documento con sus firmantes (GET /api/v1/documents/{document_id}) / One document with its signers',
    inputSchema: byDocumentId,
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => getDocument(ctxOf(env), text(a, 'document_id')!),
  },
  {
    name: 'get_document_content',
    title: 'Contenido del documento / Document content',
    description:
      'El contenido HTML de un documento (GET /api/v1/documents/{document_id}/content) / The HTML content of a document',
    inputSchema: byDocumentId,
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => documentContent(ctxOf(env), text(a, 'document_id')!),
  },
  {
    name: 'get_pending_signatures',
    title: 'Firmas pendientes / Pending signatures',
    description:
      "Los documentos que esperan la firma del usuario (GET /api/v1/documents/pending-signatures) / The documents waiting for the user's signature",
    inputSchema: objectSchema({}),
    readOnly: true,
    tenantScoped: true,
    run: (_a, env) => pendingSignatures(ctxOf(env)),
  },
  {
    name: 'get_document_types',
    title: 'Tipos de documento / Document types',
    description:
      'Los tipos de documento del municipio (GET /api/v1/system/document-types) / The document types of the municipality',
    inputSchema: objectSchema({}),
    readOnly: true,
    tenantScoped: true,
    run: (_a, env) => listDocumentTypes(ctxOf(env)),
  },
  {
    name: 'get_document_states',
    title: 'Estados de documento / Document states',
    description:
      'Los estados posibles de un documento (GET /api/v1/system/document-states) / The states a document can be in',
    inputSchema: objectSchema({}),
    readOnly: true,
    tenantScoped: true,
    run: async () => listDocumentStates(),
  },
  {
    name: 'search_document_by_number',
    title: 'Documento por número / Document by number',
    description:
      'Un documento oficial por su número exacto, p. ej. IF-2026-00000001-MVE-DOP (GET /api/v1/documents/search-official/{number}) / An official document by its exact number',
    inputSchema: objectSchema({ document_number: str('Número oficial', 'Official number', { minLength: 1 }) }, [
      'document_number',
    ]),
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => searchOfficial(ctxOf(env), text(a, 'document_number')!),
  },
  {
    name: 'reject_document',
    title: 'Rechazar documento / Reject document',
    description:
      'Un firmante rechaza un documento en firma, con motivo (POST /api/v1/documents/{document_id}/reject) / A signer rejects a document being signed, with a reason',
    inputSchema: objectSchema(
      {
        document_id: documentId,
        reason: str('Motivo del rechazo', 'Reason for the rejection', { maxLength: TEXT_LIMITS.rejectReason }),
      },
      // reason is checked as on REST, so a missing one gets the catalog's message.
      ['document_id'],
    ),
    readOnly: false,
    destructive: true,
    tenantScoped: true,
    run: async (a, env) =>
      (await rejectDocumentAnswer(env.signing, ctxOf(env), text(a, 'document_id')!, bodyFrom(rejectBody, a))).body,
  },
  {
    name: 'start_signing',
    title: 'Enviar a firma / Start signing',
    description:
      'Envía un borrador a firma (necesita firmantes y un numerador); la firma la hace cada firmante en la aplicación, nunca un agente (POST /api/v1/documents/{document_id}/start-signing) / Sends a draft to signing (needs signers and a numerator); each signer signs in the application, never an agent',
    inputSchema: objectSchema({ document_id: documentId, ...deadlineArgs }, ['document_id']),
    readOnly: false,
    tenantScoped: true,
    run: async (a, env) =>
      (await startSigningAnswer(env.signing, ctxOf(env), text(a, 'document_id')!, bodyFrom(startSigningBody, a))).body,
  },
  {
    name: 'get_signature_details',
    title: 'Detalle de firmas / Signature details',
    description:
      'Quién firmó, quién falta y cuándo (GET /api/v1/documents/{document_id}/signature-details) / Who signed, who is missing and when',
    inputSchema: byDocumentId,
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => signatureDetails(ctxOf(env), text(a, 'document_id')!),
  },
  {
    name: 'sign_batch',
    title: 'Firmar lote (no disponible para agentes) / Sign batch (not available to agents)',
    description:
      'Siempre rechaza (403): las firmas las hace cada firmante en la aplicación (POST /api/v1/documents/sign-batch), nunca un agente; ' +
      'use get_pending_signatures para decirle al usuario qué tiene para firmar / Always refuses (403): each signer signs in the application, never an agent; ' +
      'use get_pending_signatures to tell the user what awaits their signature',
    inputSchema: objectSchema(
      {
        document_ids: {
          type: 'array',
          items: { type: 'string', format: 'uuid' },
          minItems: 1,
          maxItems: SIGN_BATCH_MAX,
          uniqueItems: true,
          description: bi(
            `Documentos a firmar (1-${SIGN_BATCH_MAX} UUID distintos)`,
            `Documents to sign (1-${SIGN_BATCH_MAX} distinct UUIDs)`,
          ),
        },
      },
      ['document_ids'],
    ),
    // Nothing changes, whatever the arguments: the call is refused after its input is checked.
    readOnly: true,
    tenantScoped: true,
    run: async (a) => {
      bodyFrom(signBatchBody, a);
      throw forbidden(AGENT_CANNOT_SIGN);
    },
  },
];
