/**
 * The 35 MCP tools of the spec and sign_batch (which always refuses), each with the validator of its input. Validation refuses an
 * argument the tool does not take (naming the accepted ones), then keeps the JSON Schema's types, required fields and lengths (every
 * text has one: `withTextLimits`); ranges, enums and formats are left to the domain (and the REST body parsers the write tools reuse),
 * so a refused value gets REST's message.
 */
import type { Schema } from 'ajv';
import { badRequest } from '../../domain/errors.js';
import { bodyParser, type BodyParser } from '../validation.js';
import { caseTools } from './tools-cases.js';
import { documentTools } from './tools-documents.js';
import { noteTools, recordTools, userTools } from './tools-people.js';
import { str, withTextLimits, type JsonSchema, type McpTool, type ObjectSchema, type ToolArgs } from './tool.js';

export const MCP_TOOLS: readonly McpTool[] = [
  ...caseTools,
  ...documentTools,
  ...userTools,
  ...noteTools,
  ...recordTools,
];

const tenantId = str(
  'Municipio (tenant_id de list_my_tenants); obligatorio si el usuario pertenece a varios',
  'Municipality (tenant_id from list_my_tenants); required when the user belongs to several',
);

/** The input schema a client sees: tenant-scoped tools also take `tenant_id`; every text is bounded. */
export function advertisedSchema(tool: McpTool): ObjectSchema {
  const schema = tool.tenantScoped
    ? { ...tool.inputSchema, properties: { ...tool.inputSchema.properties, tenant_id: tenantId } }
    : tool.inputSchema;
  return withTextLimits(schema as unknown as JsonSchema) as unknown as ObjectSchema;
}

const LEFT_TO_DOMAIN = new Set(['minimum', 'maximum', 'enum', 'format', 'default']);

function forValidation(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (LEFT_TO_DOMAIN.has(key)) continue;
    if (key === 'properties')
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, forValidation(v)]),
      );
    else if (key === 'items') out[key] = forValidation(value as JsonSchema);
    else if (key === 'anyOf') out[key] = (value as JsonSchema[]).map(forValidation);
    else out[key] = value;
  }
  return out;
}

const validators = new Map<string, BodyParser<ToolArgs>>(
  MCP_TOOLS.map((t) => [
    t.name,
    bodyParser<ToolArgs>(forValidation(advertisedSchema(t) as unknown as JsonSchema) as Schema),
  ]),
);

/** The names a call may use: the tool's own arguments, and `tenant_id` for tenant-scoped tools. */
export function acceptedArgs(tool: McpTool): string[] {
  return [...(tool.tenantScoped ? ['tenant_id'] : []), ...Object.keys(tool.inputSchema.properties)];
}

/** An argument's name as a message shows it: a name is the caller's text, so a long one is cut. */
const shown = (name: string) => (name.length > 64 ? `${name.slice(0, 64)}…` : name);

/**
 * The refusal of arguments the tool does not take (its schema's `additionalProperties: false`),
 * naming them and the accepted ones: an ignored `query` would answer as if no filter were given.
 */
export function unknownArgsMessage(tool: McpTool, unknown: string[]): string {
  const names = unknown.slice(0, 10).map(shown).join(', ') + (unknown.length > 10 ? ', …' : '');
  const accepted = acceptedArgs(tool);
  const one = unknown.length === 1;
  const es = `${one ? 'Argumento desconocido' : 'Argumentos desconocidos'}: ${names}. ${accepted.length ? `Argumentos aceptados: ${accepted.join(', ')}` : 'Esta herramienta no acepta argumentos'}`;
  const en = `${one ? 'Unknown argument' : 'Unknown arguments'}: ${names}. ${accepted.length ? `Accepted arguments: ${accepted.join(', ')}` : 'This tool takes no arguments'}`;
  return `${es} / ${en}`;
}

/**
 * The arguments of a call, checked against the tool's schema (400 with REST's message style):
 * first that every argument is one the tool takes, then types, required fields and lengths.
 */
export function validateArgs(tool: McpTool, args: unknown): ToolArgs {
  if (args && typeof args === 'object' && !Array.isArray(args)) {
    const accepted = new Set(acceptedArgs(tool));
    const unknown = Object.keys(args).filter((name) => !accepted.has(name));
    if (unknown.length) throw badRequest(unknownArgsMessage(tool, unknown));
  }
  return validators.get(tool.name)!(args ?? {});
}

export const toolNamed = (name: string) => MCP_TOOLS.find((t) => t.name === name);
