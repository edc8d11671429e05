/**
 * A family's `data_schema` as a JSON Schema, validated with ajv. Compiling costs far more than
 * validating, so each family's validator is compiled once per version of the family (tenant,
 * id and `updated_at`, which migration 005 bumps on every schema change) and reused.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { UUID_PATTERN } from '../acting-user.js';
import { badRequest } from '../errors.js';
import { tooLongMessage } from '../limits.js';
import { RECORD_LIMITS } from './limits.js';
import { RECORD_MESSAGES } from './messages.js';

export const FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'select', 'file'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldDefinition {
  label: string;
  type: FieldType;
  required: boolean;
  has_expiration: boolean;
  has_verification: boolean;
  has_document: boolean;
  /** Choices of a `select` field. */
  options?: string[];
}

export type DataSchema = Record<string, FieldDefinition>;

/** The keys a caller may write on a field (create data and PATCH .../fields/{name}). */
export const WRITABLE_ENTRY_KEYS = [
  'value',
  'expiration_date',
  'document_id',
  'notes',
  'document_reference',
  'document_resume',
] as const;
export type WritableEntryKey = (typeof WRITABLE_ENTRY_KEYS)[number];
export type EntryInput = Partial<Record<WritableEntryKey, unknown>>;

/** A field entry as stored in `records.data` and answered (spec "Field entry in data"). */
export interface FieldEntry {
  value: unknown;
  expiration_date: string | null;
  document_id: string | null;
  notes: string | null;
  document_reference: string | null;
  document_resume: string | null;
  verified: boolean;
  verified_at: string | null;
  verified_by: string | null;
  verified_by_name: string | null;
  verified_document_id: string | null;
  verified_document_number: string | null;
  verified_document_resume: string | null;
  verification_notes: string | null;
}

export function emptyEntry(): FieldEntry {
  return {
    value: null,
    expiration_date: null,
    document_id: null,
    notes: null,
    document_reference: null,
    document_resume: null,
    verified: false,
    verified_at: null,
    verified_by: null,
    verified_by_name: null,
    verified_document_id: null,
    verified_document_number: null,
    verified_document_resume: null,
    verification_notes: null,
  };
}

/** A stored entry with every key present (older rows or partial writes get nulls). */
export function completeEntry(stored: unknown): FieldEntry {
  const base = emptyEntry();
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return base;
  const entry = { ...base, ...(stored as Partial<FieldEntry>) };
  entry.verified = entry.verified === true;
  return entry;
}

const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });
// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (a: Ajv) => void;
addFormats(ajv);
ajv.addFormat('uuid', UUID_PATTERN);
// Expirations are dates; a full ISO 8601 timestamp is accepted and its date kept.
ajv.addFormat('iso-date', /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/);

const nullable = (schema: Record<string, unknown>) => ({ ...schema, type: [schema.type as string, 'null'] });

function valueSchema(field: FieldDefinition): Record<string, unknown> {
  switch (field.type) {
    case 'number':
      return nullable({ type: 'number' });
    case 'date':
      return nullable({ type: 'string', format: 'date' });
    case 'boolean':
      return nullable({ type: 'boolean' });
    case 'select':
      return { enum: [...(field.options ?? []), null] };
    case 'file':
      return nullable({ type: 'string', format: 'uuid' });
    default: // 'text'
      return nullable({ type: 'string', maxLength: RECORD_LIMITS.fieldText });
  }
}

function entrySchema(field: FieldDefinition) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      value: valueSchema(field),
      expiration_date: nullable({ type: 'string', format: 'iso-date' }),
      document_id: nullable({ type: 'string', format: 'uuid' }),
      notes: nullable({ type: 'string', maxLength: RECORD_LIMITS.notes }),
      document_reference: nullable({ type: 'string', maxLength: RECORD_LIMITS.documentReference }),
      document_resume: nullable({ type: 'string', maxLength: RECORD_LIMITS.documentResume }),
    },
  };
}

/**
 * The JSON Schema of a family's data: one entry object per field, unknown fields refused.
 * Required fields are not enforced: the spec lets records be created (and edited) with required
 * fields still empty, to be completed later.
 */
export function jsonSchemaOf(schema: DataSchema) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(Object.entries(schema).map(([name, field]) => [name, entrySchema(field)])),
  };
}

const TYPE_NAMES: Record<string, string> = {
  string: 'un texto',
  boolean: 'true o false',
  number: 'un número',
  null: 'null',
  object: 'un objeto',
};

function messageOf(error: ErrorObject, prefix: string, familyCode: string): string {
  const inner = error.instancePath.slice(1).replace(/\//g, '.');
  const path = inner ? `${prefix}${inner}` : prefix.replace(/\.$/, '');
  const at = (name: string) => (path ? `${path}.${name}` : name);
  switch (error.keyword) {
    case 'additionalProperties': {
      const extra = (error.params as { additionalProperty: string }).additionalProperty;
      return error.instancePath.split('/').length <= 1
        ? RECORD_MESSAGES.unknownField(at(extra), familyCode)
        : RECORD_MESSAGES.unknownEntryKey(at(extra));
    }
    case 'type': {
      const types = ([] as string[]).concat((error.params as { type: string | string[] }).type);
      return `${path} debe ser ${types.map((t) => TYPE_NAMES[t] ?? t).join(' o ')}`;
    }
    case 'enum':
      return `${path} debe ser uno de: ${(error.params as { allowedValues: unknown[] }).allowedValues.filter((v) => v !== null).join(', ')}`;
    case 'format': {
      const format = (error.params as { format: string }).format;
      if (format === 'uuid') return `${path} debe ser un UUID`;
      return `${path} debe ser una fecha (AAAA-MM-DD)`;
    }
    case 'maxLength':
      return tooLongMessage(path, (error.params as { limit: number }).limit);
    default:
      return `${path} invalido`;
  }
}

interface CachedValidator {
  version: string;
  validate: ValidateFunction;
}

const compiled = new Map<string, CachedValidator>();

/** The family whose data is validated: its identity and version select the compiled validator. */
export interface SchemaSource {
  tenantSchema: string;
  familyId: string;
  familyCode: string;
  version: string;
  dataSchema: DataSchema;
}

function validatorOf(source: SchemaSource): ValidateFunction {
  const key = `${source.tenantSchema}:${source.familyId}`;
  const cached = compiled.get(key);
  if (cached && cached.version === source.version) return cached.validate;
  const validate = ajv.compile(jsonSchemaOf(source.dataSchema));
  compiled.set(key, { version: source.version, validate });
  return validate;
}

/** How many compilations the cache holds (tests assert reuse). */
export const compiledValidatorCount = () => compiled.size;

/**
 * Validates `data` (field name → entry input) against the family; a bad value is a 400 naming
 * the field (`<prefix><field>.<key> ...`).
 */
export function validateData(source: SchemaSource, data: Record<string, EntryInput>, prefix: string): void {
  const validate = validatorOf(source);
  if (!validate(data)) throw badRequest(messageOf(validate.errors![0]!, prefix, source.familyCode));
  for (const [name, entry] of Object.entries(data)) {
    if (entry.expiration_date != null && !source.dataSchema[name]!.has_expiration)
      throw badRequest(RECORD_MESSAGES.noExpiration(name));
  }
}

/** `data` of a create request: each field is an entry object, or a bare value standing for `{value}`. */
export function normalizeCreateData(data: Record<string, unknown>): Record<string, EntryInput> {
  return Object.fromEntries(
    Object.entries(data).map(([name, raw]) => [
      name,
      raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as EntryInput) : { value: raw },
    ]),
  );
}

/** Dates are kept as YYYY-MM-DD (a timestamp given for an expiration keeps its date part). */
export const dateOnly = (value: unknown): string | null => (typeof value === 'string' ? value.slice(0, 10) : null);

/** The earliest expiration among the entries (spec `next_expiration`). */
export function nextExpiration(data: Record<string, unknown>): string | null {
  let earliest: string | null = null;
  for (const stored of Object.values(data)) {
    const date = completeEntry(stored).expiration_date;
    if (date && (earliest === null || date < earliest)) earliest = date;
  }
  return earliest;
}
