/**
 * Request body validation with JSON Schema (ajv). The first failure becomes a 400 whose message
 * follows the spec's style: "<field> es requerido", "<field> debe ser un UUID", ...
 */
import { Ajv, type ErrorObject, type JSONSchemaType, type Schema } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { badRequest } from '../domain/errors.js';
import { MESSAGES } from './errors.js';

const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });
// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (a: Ajv) => void;
addFormats(ajv);

const TYPE_NAMES: Record<string, string> = {
  string: 'un texto', boolean: 'true o false', array: 'una lista', object: 'un objeto', integer: 'un entero', number: 'un número',
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
      return `${field} no puede superar ${(error.params as { limit: number }).limit} caracteres`;
    case 'format':
      return (error.params as { format: string }).format === 'uuid' ? `${field} debe ser un UUID` : `${field} tiene un formato invalido`;
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

/** The path of the first string holding a NUL character (PostgreSQL cannot store it), if any. */
function nulPath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], `${path}.${i}`);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = nulPath(v, path ? `${path}.${k}` : k);
      if (found) return found;
    }
  }
  return undefined;
}

/** A parser for one request body shape; a missing body counts as `{}`. */
export function bodyParser<T>(schema: JSONSchemaType<T> | Schema): (body: unknown) => T {
  const validate = ajv.compile<T>(schema as Schema);
  return (body) => {
    const value = body === undefined ? {} : body;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(MESSAGES.invalidJson);
    if (!validate(value)) throw badRequest(messageFor(validate.errors![0]!));
    const bad = nulPath(value, '');
    if (bad) throw badRequest(`${bad} contiene caracteres no permitidos`);
    return value as T;
  };
}

/** A string that must contain something besides spaces. */
export const requiredText = (maxLength: number) => ({ type: 'string', minLength: 1, pattern: '\\S', maxLength }) as const;
export const uuid = { type: 'string', format: 'uuid' } as const;
export const uuidList = { type: 'array', items: uuid } as const;
