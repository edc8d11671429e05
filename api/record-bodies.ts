/** Request bodies of the records routes, shared by integration REST and the backend. */
import { RELATION_TYPES } from '../domain/records/relations.js';
import { RECORD_LIMITS } from '../domain/records/limits.js';
import { bodyParser, requiredText, uuid } from './validation.js';

const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

export const createRecordBody = bodyParser<{
  registry_code: string;
  display_name: string;
  data?: Record<string, unknown>;
}>({
  type: 'object',
  required: ['registry_code', 'display_name'],
  properties: {
    registry_code: requiredText(RECORD_LIMITS.registryCode),
    display_name: requiredText(RECORD_LIMITS.displayName),
    data: { type: 'object' },
  },
});

export const updateRecordBody = bodyParser<{ state?: string; display_name?: string; reason?: string }>({
  type: 'object',
  properties: {
    state: requiredText(RECORD_LIMITS.displayName),
    display_name: requiredText(RECORD_LIMITS.displayName),
    reason: { type: 'string', maxLength: RECORD_LIMITS.reason },
  },
});

/** Keys and values are checked against the family's schema by the domain (messages name the field). */
export const fieldBody = bodyParser<Record<string, unknown>>({ type: 'object' });

export const verifyBody = bodyParser<{ document_id: string; notes?: string | null }>({
  type: 'object',
  required: ['document_id'],
  properties: { document_id: uuid, notes: optionalText(RECORD_LIMITS.notes) },
});

export const relationBody = bodyParser<{
  target_record_id: string;
  relation_type: (typeof RELATION_TYPES)[number];
  notes?: string | null;
}>({
  type: 'object',
  required: ['target_record_id', 'relation_type'],
  properties: {
    target_record_id: uuid,
    relation_type: { type: 'string', enum: [...RELATION_TYPES] },
    notes: optionalText(RECORD_LIMITS.notes),
  },
});

export const caseLinkBody = bodyParser<{ case_id: string; notes?: string | null }>({
  type: 'object',
  required: ['case_id'],
  properties: { case_id: uuid, notes: optionalText(RECORD_LIMITS.notes) },
});

export const documentLinkBody = bodyParser<{ document_id: string; field_name?: string | null; notes?: string | null }>({
  type: 'object',
  required: ['document_id'],
  properties: { document_id: uuid, field_name: optionalText(100), notes: optionalText(RECORD_LIMITS.notes) },
});
