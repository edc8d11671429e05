/**
 * What an MCP tool is here: a name, a bilingual description, a JSON Schema input, annotations and
 * a thin adapter over the operation its REST twin calls (api/operations/, or a domain read).
 */
import type { BodyParser } from '../validation.js';
import type { UserContext } from '../../domain/context.js';
import { TEXT_LIMITS } from '../../domain/limits.js';
import type { ApiDeps } from '../deps.js';
import type { DocumentSigning } from '../temporal/document-signing.js';
import type { McpIdentity } from './identity.js';

export type JsonSchema = Record<string, unknown>;

export interface ObjectSchema {
  type: 'object';
  properties: Record<string, JsonSchema>;
  required?: string[];
  /** Always false: an argument a tool does not take is refused, never ignored (see tools.ts `validateArgs`). */
  additionalProperties: false;
}

/** What a tool call runs with: the acting user's context in the chosen tenant. */
export interface ToolEnv {
  deps: ApiDeps;
  signing: DocumentSigning;
  identity: McpIdentity;
  /** Undefined only for the tools that need no tenant (list_my_tenants, get_agent_guide). */
  ctx: UserContext | undefined;
}

export type ToolArgs = Record<string, unknown>;

export interface McpTool {
  name: string;
  title: string;
  /** Spanish, then English. */
  description: string;
  inputSchema: ObjectSchema;
  /** Reads only: annotated `readOnlyHint: true`. */
  readOnly: boolean;
  /** Writes that undo or refuse something (a rejection). */
  destructive?: boolean;
  /** False for the tools that answer about the token's user across tenants. */
  tenantScoped: boolean;
  run(args: ToolArgs, env: ToolEnv): Promise<unknown>;
}

/** A bilingual description: Spanish first (the platform's language), then English. */
export const bi = (es: string, en: string) => `${es} / ${en}`;

export const str = (es: string, en: string, extra: JsonSchema = {}): JsonSchema => ({
  type: 'string',
  description: bi(es, en),
  ...extra,
});
export const uuidArg = (es: string, en: string): JsonSchema => str(es, en, { format: 'uuid' });
export const bool = (es: string, en: string): JsonSchema => ({ type: 'boolean', description: bi(es, en) });

/** A deadline, as start-signing, transfer and assign take it. */
export const deadlineArgs: Record<string, JsonSchema> = {
  due_at: {
    anyOf: [{ type: 'string', maxLength: 40 }, { type: 'null' }],
    description: bi(
      'Plazo: AAAA-MM-DD (fin de ese día) o fecha y hora ISO 8601 con zona',
      'Deadline: YYYY-MM-DD (end of that day) or an ISO 8601 date-time with offset',
    ),
  },
  due_in_business_days: {
    anyOf: [{ type: 'integer', minimum: 1, maximum: 240 }, { type: 'null' }],
    description: bi(
      'Plazo en días hábiles del municipio (en lugar de due_at)',
      "Deadline in the municipality's business days (instead of due_at)",
    ),
  },
};

export const page: JsonSchema = {
  type: 'integer',
  minimum: 1,
  default: 1,
  description: bi('Página (desde 1)', 'Page number (from 1)'),
};
export const pageSize = (fallback = 20): JsonSchema => ({
  type: 'integer',
  minimum: 1,
  maximum: 100,
  default: fallback,
  description: bi(
    `Resultados por página (1-100, por defecto ${fallback})`,
    `Results per page (1-100, default ${fallback})`,
  ),
});

/** A list's continuation: `next_cursor` of the previous answer (see domain/lists/cursor.ts). */
export const cursor: JsonSchema = {
  type: 'string',
  description: bi(
    'next_cursor de la respuesta anterior: la página siguiente, tan rápida como la primera (mismos filtros y page_size; sin page)',
    'next_cursor of the previous answer: the next page, as fast as the first (same filters and page_size; no page)',
  ),
};

/**
 * A tool's input: these properties and no others. A misspelt argument (`query` for `search`) would
 * otherwise be dropped and the call answered as if it had not been given.
 */
export function objectSchema(properties: Record<string, JsonSchema>, required: string[] = []): ObjectSchema {
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

/**
 * `schema` with every text bounded: a string keeps its own maxLength (the limits table of
 * domain/limits.ts, as the REST bodies have it), any other gets the search limit. A request body
 * may carry megabytes; no tool argument is worth matching at that size. Clients see the limits in
 * the listed schemas, and a longer text is refused with REST's message before the tool runs.
 */
export function withTextLimits(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.includes('string') && out.maxLength === undefined) out.maxLength = TEXT_LIMITS.search;
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, JsonSchema>).map(([k, v]) => [k, withTextLimits(v)]),
    );
  }
  if (schema.items) out.items = withTextLimits(schema.items as JsonSchema);
  if (Array.isArray(schema.anyOf)) out.anyOf = (schema.anyOf as JsonSchema[]).map(withTextLimits);
  return out;
}

/** The acting user's context; tenant-scoped tools always have one. */
export function ctxOf(env: ToolEnv): UserContext {
  if (!env.ctx) throw new Error('tenant-scoped tool ran without a tenant context');
  return env.ctx;
}

/** The named arguments as a string, as REST reads them from a path or query. */
export function text(args: ToolArgs, name: string): string | undefined {
  const value = args[name];
  return value === undefined || value === null ? undefined : String(value);
}

/** The arguments among `names` that were given: the body a REST route would have received. */
export function pick(args: ToolArgs, names: string[]): Record<string, unknown> {
  return Object.fromEntries(names.filter((n) => args[n] !== undefined).map((n) => [n, args[n]]));
}

/**
 * The arguments `parse` reads, checked by it: the operation's one request schema, as its REST twin
 * checks its body, so a tool's refusal is REST's message. The tool's listed input schema only
 * names and describes the arguments for the agent.
 */
export function bodyFrom<T>(parse: BodyParser<T>, args: ToolArgs): T {
  const properties = (parse.schema as { properties?: Record<string, unknown> }).properties ?? {};
  return parse(pick(args, Object.keys(properties)));
}
