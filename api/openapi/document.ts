/**
 * The OpenAPI 3.1 descriptions, built from the operation tables. Integration REST and the backend
 * share `/api/v1` and many paths (the credentials decide which interface answers), and one
 * OpenAPI document can hold one operation per method and path, so each interface is its own
 * document: `/.well-known/openapi.json` (integration REST, public verification, /health — what
 * AI assistant actions import) and `/.well-known/openapi-backend.json` (the web front end's API).
 */
import { backendOperations } from './backend.js';
import { integrationOperations } from './integration.js';
import { openApiPath, operationIdOf, toOperation, type InterfaceStyle, type OperationSpec } from './operation.js';
import { backendError, integrationError } from './schemas.js';
import { webhookDescriptions } from './webhooks.js';

export const OPENAPI_VERSION = '1.0.0';
export const OPENAPI_PATHS = {
  integration: '/.well-known/openapi.json',
  backend: '/.well-known/openapi-backend.json',
} as const;
export type DocumentName = keyof typeof OPENAPI_PATHS;

export const API_PREFIX = '/api/v1';

const STYLES: Record<DocumentName, InterfaceStyle> = {
  integration: {
    prefix: API_PREFIX,
    error: integrationError,
    security: {
      user: [{ apiKey: [], userId: [] }],
      'key-only': [{ apiKey: [], userId: [] }, { apiKey: [] }],
      public: [],
    },
  },
  backend: {
    prefix: API_PREFIX,
    error: backendError,
    // 'key-only' on the backend: the token alone, before a municipality is chosen (/auth/tenants).
    security: { user: [{ bearer: [], tenant: [] }], 'key-only': [{ bearer: [] }], public: [] },
  },
};

const SECURITY_SCHEMES: Record<DocumentName, Record<string, unknown>> = {
  integration: {
    apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'API Key de integración del municipio' },
    userId: {
      type: 'apiKey',
      in: 'header',
      name: 'X-User-ID',
      description: 'UUID del usuario en cuyo nombre actúa la integración',
    },
  },
  backend: {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'Access token RS256 del proveedor de identidad',
    },
    tenant: { type: 'apiKey', in: 'header', name: 'X-Tenant-Schema', description: 'Esquema del municipio (tenant)' },
  },
};

const INFO: Record<DocumentName, { title: string; description: string }> = {
  integration: {
    title: 'expediente — integración REST',
    description:
      'API de integración de expediente (gestión documental y firma para municipios). Credenciales: `X-API-Key` y `X-User-ID` (el usuario en cuyo nombre se actúa). ' +
      'Sin `X-User-ID` solo responde una API Key creada con alcance de sistema (`system_read`), y solo en el detalle de un documento, de un expediente y sus documentos: lee expedientes y documentos oficiales, nunca memos, notas, borradores ni rechazados (404); cualquier otra API Key recibe 401. ' +
      'Respuestas JSON sin envoltorio; errores `{error}`. La verificación pública (`/verificar`, `/api/v1/public/verify`) no pide credenciales y responde errores `{code, message}`. ' +
      `El API del front end web (mismo prefijo, otras credenciales) está en ${OPENAPI_PATHS.backend}.`,
  },
  backend: {
    title: 'expediente — backend',
    description:
      'API del front end web de expediente. Credenciales: `Authorization: Bearer <JWT>` y `X-Tenant-Schema`. Respuestas `{success, data, message}`; errores `{success: false, data: null, message}`. ' +
      `Comparte el prefijo /api/v1 con la integración REST (${OPENAPI_PATHS.integration}): las credenciales deciden qué interfaz responde.`,
  },
};

export function operationsOf(name: DocumentName): OperationSpec[] {
  return name === 'integration' ? integrationOperations : backendOperations;
}

/** The full path an operation is served at. */
export const servedPath = (name: DocumentName, op: OperationSpec) =>
  op.absolute ? op.path : `${STYLES[name].prefix}${op.path}`;

export function openApiDocument(name: DocumentName, serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operationsOf(name)) {
    const path = servedPath(name, op);
    const item = (paths[openApiPath(path)] ??= {});
    const method = op.method.toLowerCase();
    if (item[method]) throw new Error(`OpenAPI: ${op.method} ${path} described twice`);
    item[method] = toOperation(op, STYLES[name], operationIdOf(op.method, path));
  }
  // Both documents publish what a subscribed system receives (the webhooks object of OpenAPI 3.1).
  const tags = [...new Set([...operationsOf(name).map((op) => op.tag), 'Webhooks'])].map((tag) => ({ name: tag }));
  return {
    openapi: '3.1.0',
    info: { ...INFO[name], version: OPENAPI_VERSION },
    servers: [{ url: serverUrl }],
    tags,
    paths,
    webhooks: webhookDescriptions(),
    components: { securitySchemes: SECURITY_SCHEMES[name] },
  };
}
