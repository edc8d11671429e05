/**
 * The events a webhook subscription can receive: one table, from which both the TypeScript type
 * of each event's data and the JSON Schema published in the OpenAPI documents are made, so the
 * two cannot disagree. Data carries ids, numbers, types and times only: never a document's
 * reference or content, a memo's recipients, a rejection's reason or a record's values.
 */

/** A field's kind; `?` marks one that may be null. */
type Kind = 'uuid' | 'uuid?' | 'string' | 'string?' | 'integer' | 'datetime' | 'datetime?' | 'uuid[]' | 'string[]';

const DOCUMENT = { document_id: 'uuid', document_type: 'string' } as const;
const CASE = { case_id: 'uuid', case_number: 'string' } as const;
const RECORD = { record_id: 'uuid', record_number: 'string', family: 'string' } as const;

export const EVENT_FIELDS = {
  'document.created': { ...DOCUMENT, created_by_user_id: 'uuid' },
  'document.sent_to_sign': {
    ...DOCUMENT,
    round: 'integer',
    signer_user_ids: 'uuid[]',
    numerator_user_id: 'uuid',
    due_at: 'datetime?',
  },
  'document.signed': {
    ...DOCUMENT,
    round: 'integer',
    signer_user_id: 'uuid',
    signed_at: 'datetime',
    pending_signers: 'integer',
  },
  'document.officialized': {
    ...DOCUMENT,
    round: 'integer',
    number: 'string',
    officialized_at: 'datetime',
    verification_code: 'string?',
  },
  'document.rejected': { ...DOCUMENT, round: 'integer', rejected_by_user_id: 'uuid', rejected_at: 'datetime' },
  'case.created': {
    ...CASE,
    template: 'string',
    owner_sector_id: 'uuid',
    created_by_user_id: 'uuid',
    cover_document_id: 'uuid?',
  },
  'case.transferred': {
    ...CASE,
    movement_id: 'uuid',
    from_sector_id: 'uuid?',
    to_sector_id: 'uuid',
    by_user_id: 'uuid',
  },
  'case.assigned': { ...CASE, movement_id: 'uuid', sector_id: 'uuid', assigned_user_id: 'uuid?', by_user_id: 'uuid' },
  'case.assignment_closed': { ...CASE, movement_id: 'uuid', by_user_id: 'uuid?' },
  'case.document_linked': { ...CASE, document_id: 'uuid', document_number: 'string?', by_user_id: 'uuid?' },
  'note.delivered': { ...DOCUMENT, number: 'string', recipient_sector_ids: 'uuid[]' },
  'memo.delivered': { ...DOCUMENT, number: 'string' },
  'record.created': { ...RECORD, created_by_user_id: 'uuid' },
  'record.updated': { ...RECORD, change: 'string', changed_fields: 'string[]', by_user_id: 'uuid?' },
  'record.report_generated': { ...RECORD, document_id: 'uuid', document_number: 'string' },
  'signing.overdue': { ...DOCUMENT, round: 'integer', due_at: 'datetime' },
} as const satisfies Record<string, Record<string, Kind>>;

export type EventType = keyof typeof EVENT_FIELDS;
export const EVENT_TYPES = Object.keys(EVENT_FIELDS) as EventType[];

type ValueOf<K> = K extends 'integer'
  ? number
  : K extends 'uuid[]' | 'string[]'
    ? string[]
    : K extends `${string}?`
      ? string | null
      : string;
export type EventData<T extends EventType> = {
  -readonly [F in keyof (typeof EVENT_FIELDS)[T]]: ValueOf<(typeof EVENT_FIELDS)[T][F]>;
};

/**
 * Audit-only events: state changes the audit trail (the outbox, hash-chained) keeps but no
 * webhook reports, so they are not among EVENT_TYPES and no subscription can take them. Data
 * carries ids and the names of changed fields, never their values.
 */
export const AUDIT_EVENT_FIELDS = {
  'document.edited': { ...DOCUMENT, by_user_id: 'uuid', changed_fields: 'string[]' },
  'document.deleted': { ...DOCUMENT, by_user_id: 'uuid' },
  'user.created': { user_id: 'uuid', by_user_id: 'uuid?' },
  'user.updated': { user_id: 'uuid', changed_fields: 'string[]', by_user_id: 'uuid?' },
  'user.deactivated': { user_id: 'uuid', by_user_id: 'uuid?' },
  'user.activated': { user_id: 'uuid', by_user_id: 'uuid?' },
  'user.permissions_changed': { user_id: 'uuid', sector_ids: 'uuid[]', by_user_id: 'uuid?' },
  'api_key.created': { api_key_id: 'uuid', by_user_id: 'uuid?' },
  'api_key.rotated': { api_key_id: 'uuid', by_user_id: 'uuid?' },
  'api_key.revoked': { api_key_id: 'uuid', by_user_id: 'uuid?' },
  'case.archived': { ...CASE, by_user_id: 'uuid' },
  'case.folio_annulled': { ...CASE, document_id: 'uuid', index_version: 'integer', by_user_id: 'uuid' },
  'case_template.retention_changed': { template_id: 'uuid', by_user_id: 'uuid' },
} as const satisfies Record<string, Record<string, Kind>>;

export type AuditEventType = keyof typeof AUDIT_EVENT_FIELDS;
export const AUDIT_EVENT_TYPES = Object.keys(AUDIT_EVENT_FIELDS) as AuditEventType[];

const WEBHOOK_TYPES: ReadonlySet<string> = new Set(EVENT_TYPES);
/** True for a type a webhook may deliver (never an audit-only one, whatever a subscription lists). */
export const isWebhookEventType = (type: string): type is EventType => WEBHOOK_TYPES.has(type);

/** Every type the outbox holds: webhook events and audit-only ones. */
export type AnyEventType = EventType | AuditEventType;
type AllFields = typeof EVENT_FIELDS & typeof AUDIT_EVENT_FIELDS;
export type AnyEventData<T extends AnyEventType> = { -readonly [F in keyof AllFields[T]]: ValueOf<AllFields[T][F]> };

/** What an event is about: its delivery order is kept per subject. */
export type SubjectKind = 'document' | 'case' | 'record' | 'user' | 'api_key' | 'case_template';
export const subjectOf = (kind: SubjectKind, id: string) => `${kind}:${id}`;

/** Added by the delivery to every event's data: the municipality and where to read the subject. */
export const COMMON_FIELDS = { municipality: 'string' } as const;

function schemaOf(kind: Kind): Record<string, unknown> {
  const nullable = kind.endsWith('?');
  const base = kind.replace('?', '');
  const one: Record<string, unknown> =
    base === 'uuid'
      ? { type: 'string', format: 'uuid' }
      : base === 'integer'
        ? { type: 'integer', minimum: 0 }
        : base === 'datetime'
          ? { type: 'string', format: 'date-time' }
          : base === 'uuid[]'
            ? { type: 'array', items: { type: 'string', format: 'uuid' } }
            : base === 'string[]'
              ? { type: 'array', items: { type: 'string' } }
              : { type: 'string' };
  return nullable ? { ...one, type: [one.type, 'null'] } : one;
}

const LINKS_SCHEMA = {
  type: 'object',
  description: 'Where to read the subject with the integration API (and, once official, its public verification page).',
  required: ['api'],
  properties: { api: { type: 'string', format: 'uri' }, verification: { type: 'string', format: 'uri' } },
  additionalProperties: false,
};

/** The JSON Schema of one event's body as delivered (Standard Webhooks: type, timestamp, data). */
export function eventBodySchema(type: EventType): Record<string, unknown> {
  const fields: Record<string, Kind> = { ...EVENT_FIELDS[type], ...COMMON_FIELDS };
  return {
    type: 'object',
    required: ['type', 'timestamp', 'data'],
    properties: {
      type: { const: type },
      timestamp: { type: 'string', format: 'date-time', description: 'When the change was committed.' },
      data: {
        type: 'object',
        required: [...Object.keys(fields), 'links'],
        properties: {
          ...Object.fromEntries(Object.entries(fields).map(([name, kind]) => [name, schemaOf(kind)])),
          links: LINKS_SCHEMA,
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
}
