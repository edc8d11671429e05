/**
 * The 35 MCP tools of the spec and sign_batch (which always refuses), each with the validator of its input. Validation keeps the JSON
 * Schema's types, required fields and lengths (every text has one: `withTextLimits`); ranges, enums and formats are left to the domain
 * (and the REST body parsers the write tools reuse), so a refused value gets REST's message.
 */
import type { Schema } from 'ajv';
import { bodyParser, type BodyParser } from '../validation.js';
import { caseTools } from './tools-cases.js';
import { documentTools } from './tools-documents.js';
import { noteTools, recordTools, userTools } from './tools-people.js';
import { str, withTextLimits, type JsonSchema, type McpTool, type ObjectSchema, type ToolArgs } from './tool.js';

export const MCP_TOOLS: readonly McpTool[] = [...caseTools, ...documentTools, ...userTools, ...noteTools, ...recordTools];

const tenantId = str(
  'Municipio (tenant_id de list_my_tenants); obligatorio si el usuario pertenece a varios',
  'Municipality (tenant_id from list_my_tenants); required when the user belongs to several',
);

/** The input schema a client sees: tenant-scoped tools also take `tenant_id`; every text is bounded. */
export function advertisedSchema(tool: McpTool): ObjectSchema {
  const schema = tool.tenantScoped ? { ...tool.inputSchema, properties: { ...tool.inputSchema.properties, tenant_id: tenantId } } : tool.inputSchema;
  return withTextLimits(schema as unknown as JsonSchema) as unknown as ObjectSchema;
}

const LEFT_TO_DOMAIN = new Set(['minimum', 'maximum', 'enum', 'format', 'default']);

function forValidation(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (LEFT_TO_DOMAIN.has(key)) continue;
    if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, forValidation(v)]));
    else if (key === 'items') out[key] = forValidation(value as JsonSchema);
    else if (key === 'anyOf') out[key] = (value as JsonSchema[]).map(forValidation);
    else out[key] = value;
  }
  return out;
}

const validators = new Map<string, BodyParser<ToolArgs>>(MCP_TOOLS.map((t) => [t.name, bodyParser<ToolArgs>(forValidation(advertisedSchema(t) as unknown as JsonSchema) as Schema)]));

/** The arguments of a call, checked against the tool's schema (400 with REST's message style). */
export function validateArgs(tool: McpTool, args: unknown): ToolArgs {
  return validators.get(tool.name)!(args ?? {});
}

export const toolNamed = (name: string) => MCP_TOOLS.find((t) => t.name === name);
