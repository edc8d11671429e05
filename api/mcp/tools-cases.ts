/** Case tools: the operations of the integration REST case routes (api/operations/cases.ts). */
import {
  caseDocuments,
  caseHistory,
  casePermissions,
  getCase,
  getCaseByNumber,
  prepareAssignment,
  prepareTransfer,
  searchCasesIntegration,
} from '../../domain/cases/reads.js';
import { caseIndex } from '../../domain/case-file/reads.js';
import { listCaseTemplates } from '../../domain/catalogs.js';
import { TEXT_LIMITS } from '../../domain/limits.js';
import {
  assignCaseAnswer,
  decideProposalAnswer,
  decisionBody,
  movementBody,
  proposeBody,
  proposeDocumentAnswer,
} from '../operations/cases.js';
import { caseExports } from '../temporal/case-export.js';
import {
  bi,
  bool,
  ctxOf,
  cursor,
  deadlineArgs,
  objectSchema,
  page,
  pageSize,
  bodyFrom,
  pick,
  str,
  text,
  uuidArg,
  type McpTool,
} from './tool.js';

const caseId = uuidArg('Id (UUID) del expediente', 'Case id (UUID)');
const byCaseId = objectSchema({ case_id: caseId }, ['case_id']);

export const caseTools: McpTool[] = [
  {
    name: 'search_cases',
    title: 'Buscar expedientes / Search cases',
    description:
      'Busca los expedientes que el usuario puede ver, más recientes primero (como GET /api/v1/cases/search) / Searches the cases the user may see, newest first (same as GET /api/v1/cases/search)',
    inputSchema: objectSchema({
      search: str('Texto en la referencia o el número', 'Text in the reference or number'),
      status: str('Estado del expediente', 'Case status', { enum: ['active', 'inactive', 'archived'] }),
      date_filter: str('Período de creación', 'Creation period', { enum: ['today', 'week', 'month', 'year'] }),
      sector_filter: str('Sigla del sector dueño', 'Acronym of the owner sector'),
      page,
      page_size: pageSize(),
      cursor,
    }),
    readOnly: true,
    tenantScoped: true,
    run: (a, env) =>
      searchCasesIntegration(ctxOf(env), {
        page: a.page,
        page_size: a.page_size,
        search: text(a, 'search'),
        status: text(a, 'status'),
        date_filter: text(a, 'date_filter'),
        sector_filter: text(a, 'sector_filter'),
        cursor: text(a, 'cursor'),
      }),
  },
  {
    name: 'get_case',
    title: 'Ver expediente / Get case',
    description:
      'Un expediente con sus movimientos (GET /api/v1/cases/{case_id}) / One case with its movements (GET /api/v1/cases/{case_id})',
    inputSchema: objectSchema(
      { case_id: caseId, include_documents: bool('Incluir los documentos vinculados', 'Include the linked documents') },
      ['case_id'],
    ),
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => getCase(ctxOf(env), text(a, 'case_id')!, { includeDocuments: a.include_documents === true }),
  },
  {
    name: 'get_case_history',
    title: 'Historial del expediente / Case history',
    description: 'Los movimientos de un expediente (GET /api/v1/cases/{case_id}/history) / The movements of a case',
    inputSchema: byCaseId,
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => caseHistory(ctxOf(env), text(a, 'case_id')!),
  },
  {
    name: 'get_case_documents',
    title: 'Documentos del expediente / Case documents',
    description:
      'Los documentos vinculados a un expediente (GET /api/v1/cases/{case_id}/documents) / The documents linked to a case',
    inputSchema: byCaseId,
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => caseDocuments(ctxOf(env), text(a, 'case_id')!),
  },
  {
    name: 'get_case_index',
    title: 'Índice del expediente / Case index',
    description:
      'El índice foliado del expediente: versión actual con sus documentos (posición, número, fojas, SHA-256, anulación) y cada versión firmada con el sello del municipio (GET /api/v1/cases/{case_id}/index) / ' +
      "The case file's foliated index: the current version with its documents and every version signed with the municipality seal",
    inputSchema: byCaseId,
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => caseIndex(ctxOf(env), text(a, 'case_id')!),
  },
  {
    name: 'get_case_permissions',
    title: 'Permisos sobre el expediente / Case permissions',
    description:
      'Qué puede hacer el usuario con un expediente (GET /api/v1/cases/{case_id}/permissions) / What the user may do with a case',
    inputSchema: byCaseId,
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => casePermissions(ctxOf(env), text(a, 'case_id')!),
  },
  {
    name: 'get_case_by_number',
    title: 'Expediente por número / Case by number',
    description:
      'Un expediente por su número exacto, p. ej. EE-2026-00000001-MVE-DOP (GET /api/v1/cases/by-number/{case_number}) / A case by its exact number',
    inputSchema: objectSchema({ case_number: str('Número del expediente', 'Case number', { minLength: 1 }) }, [
      'case_number',
    ]),
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => getCaseByNumber(ctxOf(env), text(a, 'case_number')!),
  },
  {
    name: 'prepare_assignment',
    title: 'Preparar asignación / Prepare assignment',
    description:
      'Sectores y usuarios a los que se puede asignar una tarea del expediente; no cambia nada (GET /api/v1/cases/{case_id}/prepare-assignment) / Sectors and users a task of the case may be assigned to; changes nothing',
    inputSchema: byCaseId,
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => prepareAssignment(ctxOf(env), text(a, 'case_id')!),
  },
  {
    name: 'assign_case',
    title: 'Asignar tarea / Assign case task',
    description:
      'Asigna una tarea del expediente a un sector (y opcionalmente a un usuario) sin transferirlo; con create_official_doc genera y firma la providencia (POST /api/v1/cases/{case_id}/assign) / Assigns a task of the case to a sector (optionally a user) without transferring it; create_official_doc also generates and signs the providence',
    inputSchema: objectSchema(
      {
        case_id: caseId,
        target_sector_id: uuidArg('Sector destino (UUID)', 'Target sector (UUID)'),
        reason: str(
          `Motivo (5-${TEXT_LIMITS.movementReason} caracteres)`,
          `Reason (5-${TEXT_LIMITS.movementReason} characters)`,
          { maxLength: TEXT_LIMITS.movementReason },
        ),
        assigned_user_id: {
          anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }],
          description: 'Usuario asignado (UUID, opcional) / Assigned user (UUID, optional)',
        },
        create_official_doc: bool('Generar la providencia (PV) firmada', 'Generate the signed providence (PV)'),
        ...deadlineArgs,
      },
      // reason is checked by the domain, as on REST, so a missing one gets the catalog's message.
      ['case_id', 'target_sector_id'],
    ),
    readOnly: false,
    tenantScoped: true,
    run: (a, env) => assignCaseAnswer(env.deps, ctxOf(env), text(a, 'case_id')!, bodyFrom(movementBody, a)),
  },
  {
    name: 'prepare_transfer',
    title: 'Preparar transferencia / Prepare transfer',
    description:
      'Sectores a los que se puede transferir el expediente; no cambia nada (GET /api/v1/cases/{case_id}/prepare-transfer) / Sectors the case may be transferred to; changes nothing',
    inputSchema: byCaseId,
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => prepareTransfer(ctxOf(env), text(a, 'case_id')!),
  },
  {
    name: 'get_case_templates',
    title: 'Tipos de expediente / Case templates',
    description:
      'Las plantillas (tipos) de expediente del municipio (GET /api/v1/system/case-templates) / The case templates of the municipality',
    inputSchema: objectSchema({}),
    readOnly: true,
    tenantScoped: true,
    run: (_a, env) => listCaseTemplates(ctxOf(env)),
  },
  {
    name: 'propose_document',
    title: 'Proponer documento / Propose document',
    description:
      'Propone un borrador para vincularlo al expediente cuando sea oficial (POST /api/v1/cases/{case_id}/documents/propose) / Proposes a draft to be linked to the case once it is official',
    inputSchema: objectSchema(
      { case_id: caseId, document_draft_id: uuidArg('Borrador propuesto (UUID)', 'Proposed draft (UUID)') },
      ['case_id', 'document_draft_id'],
    ),
    readOnly: false,
    tenantScoped: true,
    run: (a, env) => proposeDocumentAnswer(ctxOf(env), text(a, 'case_id')!, bodyFrom(proposeBody, a)),
  },
  {
    name: 'reject_proposal',
    title: 'Rechazar propuesta / Reject proposal',
    description:
      'Rechaza un documento propuesto al expediente (POST /api/v1/cases/{case_id}/documents/reject-proposal) / Rejects a document proposed to the case',
    inputSchema: objectSchema(
      {
        case_id: caseId,
        proposed_id: uuidArg('Id de la propuesta (UUID)', 'Proposal id (UUID)'),
        reason: str('Motivo del rechazo', 'Reason for the rejection', { maxLength: TEXT_LIMITS.movementReason }),
      },
      ['case_id', 'proposed_id'],
    ),
    readOnly: false,
    destructive: true,
    tenantScoped: true,
    run: (a, env) =>
      decideProposalAnswer(env.deps, ctxOf(env), text(a, 'case_id')!, 'rejected', bodyFrom(decisionBody, a)),
  },
  {
    name: 'export_case',
    title: 'Exportar expediente / Export case',
    description:
      'Exporta el expediente: PDF completo (índice firmado, fojas estampadas, marcadores, originales firmados adjuntos) y paquete BagIt; sin export_id la inicia ' +
      '(POST /api/v1/cases/{case_id}/export), con export_id informa su progreso y, terminada, las URL temporales y sus SHA-256 (GET /api/v1/cases/{case_id}/exports/{export_id}). ' +
      'Un memo que el usuario no puede leer queda fuera. / Exports the case file: the complete PDF (signed index, stamped folios, bookmarks, the signed originals attached) and a ' +
      'BagIt package; without export_id it starts one, with export_id it reports its progress and, once done, the temporary URLs and their SHA-256. A memo the user may not read is left out.',
    inputSchema: objectSchema(
      {
        case_id: caseId,
        index_version: {
          type: 'integer',
          minimum: 1,
          description: bi(
            'Versión del índice a exportar (por defecto la última)',
            'Index version to export (the latest by default)',
          ),
        },
        export_id: uuidArg(
          'Exportación ya iniciada, para consultar su estado (UUID)',
          'An export already started, to read its status (UUID)',
        ),
      },
      ['case_id'],
    ),
    readOnly: false,
    tenantScoped: true,
    run: async (a, env) => {
      const exports = caseExports(env.deps);
      const exportId = text(a, 'export_id');
      if (exportId) return exports.view(ctxOf(env), text(a, 'case_id')!, exportId);
      return (await exports.start(ctxOf(env), text(a, 'case_id')!, pick(a, ['index_version']))).view;
    },
  },
];
