/** Users, tenants, notes and records tools (integration REST system, notes and records routes), and the agent guide. */
import { getUser, searchUsers } from '../../domain/catalogs.js';
import { listInbox, listSent, noteDetail } from '../../domain/notes/reads.js';
import { listRegistries, recordDetail, searchRecords } from '../../domain/records/index.js';
import { AGENT_GUIDE } from './guide.js';
import { tenantsAnswer } from './identity.js';
import { bool, ctxOf, objectSchema, page, pageSize, str, text, uuidArg, type McpTool } from './tool.js';

const noteList = objectSchema({
  search: str('Texto en la referencia', 'Text in the reference'),
  page,
  page_size: pageSize(),
});
const listInput = (a: Record<string, unknown>) => ({ page: a.page, page_size: a.page_size, search: text(a, 'search') });

export const userTools: McpTool[] = [
  {
    name: 'get_user_info',
    title: 'Datos de usuario / User info',
    description:
      "Los datos del usuario del token en el municipio, o de otro usuario por su id (GET /api/v1/system/users/{user_id}) / The token user's data in the municipality, or another user's by id",
    inputSchema: objectSchema({
      user_id: uuidArg('Usuario (UUID); por defecto el propio', 'User (UUID); the caller by default'),
    }),
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => getUser(ctxOf(env), text(a, 'user_id') ?? ctxOf(env).user!.id),
  },
  {
    name: 'search_users',
    title: 'Buscar usuarios / Search users',
    description:
      'Usuarios activos por nombre o email (GET /api/v1/system/users/search) / Active users by name or email',
    inputSchema: objectSchema(
      {
        q: str('Texto a buscar (al menos 2 caracteres)', 'Text to search (at least 2 characters)'),
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: 100,
          default: 10,
          description: 'Máximo de resultados (1-100, por defecto 10) / Maximum results (1-100, default 10)',
        },
      },
      // q is checked by the domain, as on REST, so a missing one gets the catalog's message.
    ),
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => searchUsers(ctxOf(env), { q: a.q, limit: text(a, 'limit') }),
  },
  {
    name: 'list_my_tenants',
    title: 'Mis municipios / My municipalities',
    description:
      "Los municipios donde el usuario del token es usuario activo; pase su tenant_id a las demás herramientas si son varios / The municipalities where the token's user is an active user; pass its tenant_id to the other tools when there are several",
    inputSchema: objectSchema({}),
    readOnly: true,
    tenantScoped: false,
    run: (_a, env) => tenantsAnswer(env.identity),
  },
  {
    name: 'get_agent_guide',
    title: 'Guía para agentes / Agent guide',
    description: 'Guía breve: áreas, flujos típicos y límites / A concise guide: areas, typical flows and limits',
    inputSchema: objectSchema({}),
    readOnly: true,
    tenantScoped: false,
    run: async () => AGENT_GUIDE,
  },
];

export const noteTools: McpTool[] = [
  {
    name: 'get_notes',
    title: 'Notas recibidas / Received notes',
    description:
      "Notas recibidas por los sectores del usuario, sin archivar (GET /api/v1/notes/received) / Notes received by the user's sectors, not archived",
    inputSchema: objectSchema({ ...noteList.properties, unread_only: bool('Solo no leídas', 'Unread only') }),
    readOnly: true,
    tenantScoped: true,
    run: (a, env) =>
      listInbox(
        ctxOf(env),
        { ...listInput(a), unread_only: a.unread_only === true },
        { archived: false, flavor: 'integration' },
      ),
  },
  {
    name: 'get_sent_notes',
    title: 'Notas enviadas / Sent notes',
    description: 'Notas enviadas por el usuario (GET /api/v1/notes/sent) / Notes sent by the user',
    inputSchema: noteList,
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => listSent(ctxOf(env), listInput(a), 'integration'),
  },
  {
    name: 'get_archived_notes',
    title: 'Notas archivadas / Archived notes',
    description: 'Notas recibidas y archivadas (GET /api/v1/notes/archived) / Received notes that were archived',
    inputSchema: noteList,
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => listInbox(ctxOf(env), listInput(a), { archived: true, flavor: 'integration' }),
  },
  {
    name: 'get_note_detail',
    title: 'Ver nota / Note detail',
    description:
      'Una nota con contenido, remitente y destinatarios (GET /api/v1/notes/{note_id}) / One note with content, sender and recipients',
    inputSchema: objectSchema({ note_id: uuidArg('Id (UUID) de la nota', 'Note id (UUID)') }, ['note_id']),
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => noteDetail(ctxOf(env), text(a, 'note_id')!, 'integration'),
  },
];

export const recordTools: McpTool[] = [
  {
    name: 'search_records',
    title: 'Buscar registros / Search records',
    description:
      'Registros de las familias que el usuario puede ver (GET /api/v1/records/search) / Records of the families the user may view',
    inputSchema: objectSchema({
      family_code: {
        type: ['string', 'null'],
        default: null,
        description: 'Código de la familia de registros / Registry family code',
      },
      search: {
        type: ['string', 'null'],
        default: null,
        description: 'Texto en número, nombre o datos / Text in number, name or data',
      },
      state: { type: ['string', 'null'], default: null, description: 'Estado del registro / Record state' },
      page,
      page_size: pageSize(),
    }),
    readOnly: true,
    tenantScoped: true,
    run: (a, env) =>
      searchRecords(ctxOf(env), {
        page: text(a, 'page'),
        page_size: text(a, 'page_size'),
        family_code: text(a, 'family_code'),
        search: text(a, 'search'),
        state: text(a, 'state'),
      }),
  },
  {
    name: 'get_record',
    title: 'Ver registro / Get record',
    description:
      'Un registro completo: número, nombre, estado, familia, datos, resumen y permisos (GET /api/v1/records/{record_id}) / A full record: number, name, state, family, data, summary and permissions',
    inputSchema: objectSchema({ record_id: uuidArg('Id (UUID) del registro', 'Record id (UUID)') }, ['record_id']),
    readOnly: true,
    tenantScoped: true,
    run: (a, env) => recordDetail(ctxOf(env), text(a, 'record_id')!, 'integration'),
  },
  {
    name: 'get_registry_families',
    title: 'Familias de registros / Registry families',
    description:
      'Las familias de registros visibles para el usuario (GET /api/v1/registries) / The registry families visible to the user',
    inputSchema: objectSchema({}),
    readOnly: true,
    tenantScoped: true,
    run: (_a, env) => listRegistries(ctxOf(env), 'integration'),
  },
];
