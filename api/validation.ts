/**
 * Request body validation with JSON Schema (ajv). The first failure becomes a 400 whose message
 * follows the spec's style: "<field> es requerido", "<field> debe ser un UUID", ...
 */
import { Ajv, type ErrorObject, type JSONSchemaType, type Schema, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { UUID_PATTERN } from '../domain/acting-user.js';
import { AppError, badRequest } from '../domain/errors.js';
import { tooLongMessage } from '../domain/limits.js';
import { isNonJsonBody } from './body.js';
import { MESSAGES } from './errors.js';

const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });
// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (a: Ajv) => void;
addFormats(ajv);
// ajv-formats also accepts `urn:uuid:`-prefixed ids; the platform's ids are only the canonical 36 characters.
ajv.addFormat('uuid', UUID_PATTERN);

const TYPE_NAMES: Record<string, string> = {
  string: 'un texto',
  boolean: 'true o false',
  array: 'una lista',
  object: 'un objeto',
  integer: 'un entero',
  number: 'un número',
};

function fieldOf(error: ErrorObject): string {
  return error.instancePath.slice(1).replace(/\//g, '.');
}

function messageFor(error: ErrorObject): string {
  const field = fieldOf(error);
  switch (error.keyword) {
    case 'required': {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      return `${field ? `${field}.` : ''}${missing} es requerido`;
    }
    case 'minLength':
    case 'pattern':
      return (error.params as { limit?: number }).limit && (error.params as { limit: number }).limit > 1
        ? `${field} debe tener al menos ${(error.params as { limit: number }).limit} caracteres`
        : `${field} es requerido`;
    case 'maxLength':
      return tooLongMessage(field, (error.params as { limit: number }).limit);
    case 'format':
      return (error.params as { format: string }).format === 'uuid'
        ? `${field} debe ser un UUID`
        : `${field} tiene un formato invalido`;
    case 'type': {
      const types = ([] as string[]).concat((error.params as { type: string | string[] }).type);
      return `${field} debe ser ${types.map((t) => TYPE_NAMES[t] ?? t).join(' o ')}`;
    }
    case 'enum':
      return `${field} debe ser uno de: ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    case 'uniqueItems':
      return `${field} tiene elementos repetidos`;
    default:
      return `${field || 'body'} invalido`;
  }
}

/**
 * The path of the first string holding a NUL character (PostgreSQL cannot store it), if any.
 * Walks with an explicit stack: bodies are depth-limited on arrival, but no walk here recurses.
 */
function nulPath(root: unknown): string | undefined {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}.${i}`]);
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--)
        stack.push([entries[i]![1], path ? `${path}.${entries[i]![0]}` : entries[i]![0]]);
    }
  }
  return undefined;
}

/** A body parser keeps its JSON Schema, so the OpenAPI document describes exactly what is validated. */
export type BodyParser<T> = ((body: unknown) => T) & { readonly schema: Schema };

/** Every parser's compile step, for `compileBodyParsers`. */
const compilers: Array<() => unknown> = [];

/**
 * Compiles every body parser made so far. Parsers compile on first use, which keeps ~150 compiles
 * off the process's start; a test calls this so that a bad schema still fails before release.
 */
export function compileBodyParsers(): number {
  for (const compile of compilers) compile();
  return compilers.length;
}

/** A parser for one request body shape; a missing body counts as `{}`. */
export function bodyParser<T>(schema: JSONSchemaType<T> | Schema): BodyParser<T> {
  let compiled: ValidateFunction<T> | undefined;
  const compile = () => (compiled ??= ajv.compile<T>(schema as Schema));
  compilers.push(compile);
  const parse = (body: unknown): T => {
    const validate = compile();
    if (isNonJsonBody(body)) throw new AppError(415, MESSAGES.unsupportedMediaType);
    const value = body === undefined ? {} : body;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(MESSAGES.invalidJson);
    if (!validate(value)) throw badRequest(messageFor(validate.errors![0]!));
    const bad = nulPath(value);
    if (bad) throw badRequest(`${bad} contiene caracteres no permitidos`);
    return value as T;
  };
  return Object.assign(parse, { schema: schema as Schema });
}

/** A string that must contain something besides spaces. */
export const requiredText = (maxLength: number) =>
  ({ type: 'string', minLength: 1, pattern: '\\S', maxLength }) as const;
export const uuid = { type: 'string', format: 'uuid' } as const;
export const uuidList = { type: 'array', items: uuid } as const;
