/**
 * What the description says about one route, and how it becomes an OpenAPI operation. Paths
 * are the routers' own Express patterns (`/documents/:id`), so the coverage test compares them
 * with `listRoutes` directly.
 */
import type { JsonSchema } from './schemas.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: the interface's credentials with an acting user, without one, or nobody at all. */
export type Access = 'user' | 'key-only' | 'public';

/** A response: a JSON schema, or its content by media type (HTML pages, PDFs). */
export type ResponseSpec = JsonSchema | { content: Record<string, JsonSchema>; description?: string };

export interface OperationSpec {
  method: Method;
  /** Express path pattern, relative to the interface's prefix (`/api/v1`) unless `absolute`. */
  path: string;
  absolute?: boolean;
  tag: string;
  summary: string;
  description?: string;
  access?: Access;
  /** The route's ajv schema (a `BodyParser`), so the description cannot drift from validation. */
  body?: { readonly schema: unknown };
  multipart?: JsonSchema;
  /** Query parameters by name; a name ending in `!` is required. */
  query?: Record<string, JsonSchema>;
  /** Accepts an `Idempotency-Key` header (case creation, record reports). */
  idempotencyKey?: boolean;
  responses: Record<number, ResponseSpec>;
  /** The shape of this operation's errors (default: the interface's). */
  errors?: ResponseSpec;
}

const PATH_PARAM = /:([A-Za-z_]\w*)/g;

/** `/documents/:id` → `/documents/{id}`. */
export const openApiPath = (path: string) => path.replace(PATH_PARAM, '{$1}');

const ID_PARAMS = new Set(['id', 'userId', 'sectorId', 'relationId', 'linkId', 'documentId']);

function pathParameters(path: string) {
  return [...path.matchAll(PATH_PARAM)].map(([, name]) => ({
    name: name!,
    in: 'path',
    required: true,
    schema: ID_PARAMS.has(name!) ? { type: 'string', format: 'uuid' } : { type: 'string', minLength: 1 },
  }));
}

const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Creado',
  202: 'Aceptado: la operación sigue en curso',
  '4XX': 'Solicitud rechazada (validación, credenciales, permisos, inexistente, conflicto)',
  '5XX': 'Error interno o dependencia no disponible (503, reintentar)',
};

function response(status: string, spec: ResponseSpec) {
  if ('content' in spec) {
    const { content, description } = spec as { content: Record<string, JsonSchema>; description?: string };
    return {
      description: description ?? STATUS_TEXT[status] ?? status,
      content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])),
    };
  }
  return { description: STATUS_TEXT[status] ?? status, content: { 'application/json': { schema: spec } } };
}

export interface InterfaceStyle {
  /** The error shape of this interface's routes. */
  error: ResponseSpec;
  /** Security requirements per access level. */
  security: Record<Access, Record<string, string[]>[]>;
  prefix: string;
}

export function toOperation(op: OperationSpec, style: InterfaceStyle, operationId: string) {
  const parameters: Record<string, unknown>[] = pathParameters(op.path);
  // A query name ending in `!` is required (the operation answers 400 without it).
  for (const [key, schema] of Object.entries(op.query ?? {})) {
    const required = key.endsWith('!');
    parameters.push({ name: required ? key.slice(0, -1) : key, in: 'query', required, schema });
  }
  if (op.idempotencyKey) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Repetir la solicitud con la misma clave devuelve el mismo resultado',
      schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,100}$' },
    });
  }
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(op.responses)) responses[status] = response(status, spec);
  const error = op.errors ?? style.error;
  responses['4XX'] = response('4XX', error);
  responses['5XX'] = response('5XX', error);
  const requestBody = op.body
    ? {
        required: ((op.body.schema as { required?: string[] }).required ?? []).length > 0,
        content: { 'application/json': { schema: op.body.schema } },
      }
    : op.multipart
      ? { required: true, content: { 'multipart/form-data': { schema: op.multipart } } }
      : undefined;
  return {
    operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: style.security[op.access ?? 'user'],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** A stable operation id from method and path: `get_documents_by_id_content`. */
export function operationIdOf(method: string, path: string): string {
  return `${method.toLowerCase()}${path
    .replace(/:([A-Za-z_]\w*)/g, 'by_$1')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/_$/, '')}`;
}
