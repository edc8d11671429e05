/**
 * Response schemas of the OpenAPI description (JSON Schema 2020-12, as OpenAPI 3.1 takes it).
 * Request bodies are not here: they are the routes' own ajv schemas (`BodyParser.schema`).
 * Objects list the fields every answer carries as required and leave room for more
 * (no `additionalProperties: false`), so a new field is not a breaking change.
 */
import { TEXT_LIMITS } from '../../domain/limits.js';

export type JsonSchema = Record<string, unknown>;

export const str: JsonSchema = { type: 'string' };
/** A free-text search parameter (search, q, query), limited like every search (domain/limits.ts). */
export const searchStr: JsonSchema = { type: 'string', maxLength: TEXT_LIMITS.search };
export const nstr: JsonSchema = { type: ['string', 'null'] };
export const int: JsonSchema = { type: 'integer' };
export const nint: JsonSchema = { type: ['integer', 'null'] };
export const bool: JsonSchema = { type: 'boolean' };
export const id: JsonSchema = { type: 'string', format: 'uuid' };
export const nid: JsonSchema = { anyOf: [id, { type: 'null' }] };
export const anyObject: JsonSchema = { type: 'object' };
export const nobj: JsonSchema = { type: ['object', 'null'] };

/** An object; a key ending in `?` is optional, every other key is required. */
export function obj(props: Record<string, JsonSchema>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, schema] of Object.entries(props)) {
    const name = key.endsWith('?') ? key.slice(0, -1) : key;
    if (name === key) required.push(name);
    properties[name] = schema;
  }
  return { type: 'object', required, properties };
}

export const arr = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
export const oneOfValues = (...values: string[]): JsonSchema => ({ type: 'string', enum: values });
export const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

/** A page of `key` items with the spec's pagination fields. */
export function page(key: string, item: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema {
  return obj({ [key]: arr(item), total: int, page: int, page_size: int, ...extra });
}

// --- Error shapes of each interface (api/http.ts sendError) ---

export const integrationError = obj({ error: str });
export const backendError = obj({ success: { const: false }, data: { type: 'null' }, message: str });
export const publicError = obj({ code: str, message: str });

/** The backend envelope `{success, data, message}` around `data`. */
export const envelope = (data: JsonSchema): JsonSchema => obj({ success: { const: true }, data, message: str });

/** sendBackendFlat: the envelope, with the data's fields repeated at the top level. */
export function flatEnvelope(props: Record<string, JsonSchema>): JsonSchema {
  const inner = obj(props);
  return {
    ...inner,
    required: ['success', 'data', 'message', ...(inner.required as string[])],
    properties: { success: { const: true }, data: inner, message: str, ...(inner.properties as object) },
  };
}

// --- Shapes several routes share ---

export const sectorRef = obj({ sector_id: id, name: str, acronym: str });
export const userRef = obj({ user_id: id, full_name: str });
export const documentRow = obj({
  document_id: id,
  document_number: nstr,
  'document_type?': str,
  reference: str,
  status: str,
  'created_at?': str,
});
export const caseCreated = obj({ case_id: id, case_number: str, reference: str, status: str, created_at: str });
export const caseCreating = obj({
  workflow_id: str,
  status: { const: 'creating' },
  idempotency_key: str,
  poll_url: str,
});
export const caseSummary = obj({
  case_id: id,
  case_number: str,
  reference: str,
  status: str,
  created_at: str,
  last_modified_at: nstr,
  current_sector: nullable(sectorRef),
  case_type: obj({ name: str, acronym: str }),
  created_by: nullable(userRef),
});
export const movementRow = obj({
  movement_id: id,
  movement_type: str,
  from_sector: nstr,
  to_sector: nstr,
  reason: nstr,
  created_by: nstr,
  created_at: str,
  due_at: nstr,
});
/** A case's open deadline that ends first ("retorno programado"), or null. */
export const caseDeadline = nullable(obj({ movement_id: id, sector: str, due_at: str, overdue: bool }));
export const permissions = obj({
  can_view: bool,
  can_transfer: bool,
  can_assign: bool,
  can_add_documents: bool,
  can_close: bool,
});
/** A provenance PV generated with a movement (`create_official_doc`): signed, still signing, or failed. */
export const officialDocument = {
  type: 'object',
  properties: {
    document_id: id,
    official_number: str,
    workflow_id: str,
    status: oneOfValues('signed', 'signing', 'failed'),
    message: str,
  },
  required: ['status'],
};
export const signingInProgress = obj({ document_id: id, status: { const: 'sent_to_sign' }, message: str });

export const fieldData = obj({
  value: {},
  expiration_date: nstr,
  document_id: nid,
  notes: nstr,
  verified: bool,
  verified_at: nstr,
  verified_by: nstr,
  'verified_by_name?': nstr,
  'verified_document_id?': nid,
  'verified_document_number?': nstr,
  'verification_notes?': nstr,
  'document_reference?': nstr,
  'document_resume?': nstr,
  'verified_document_resume?': nstr,
});
/** What a sector may do with a registry family's records. */
export const familyPermissions = obj({ can_view: bool, can_create: bool, can_edit: bool, can_verify: bool });
/** A family's fields by name: label, type and which extras (expiration, verification, document) each takes. */
export const dataSchema: JsonSchema = {
  type: 'object',
  additionalProperties: obj({
    label: str,
    type: str,
    required: bool,
    has_expiration: bool,
    has_verification: bool,
    has_document: bool,
    'options?': arr(str),
  }),
};
/** A record's entries by field name. */
export const recordData: JsonSchema = { type: 'object', additionalProperties: fieldData };
export const recordCreated = obj({ id, record_number: str, display_name: str, state: str });
export const recordUpdated = obj({ id, state: str, display_name: str, updated_at: str });
export const fieldUpdated = obj({ field_name: str, field_data: fieldData, 'next_expiration?': nstr, updated_at: str });
export const historyPage = page(
  'entries',
  obj({
    id,
    action: str,
    field_name: nstr,
    before_value: {},
    after_value: {},
    user_id: nid,
    user_name: nstr,
    created_at: str,
  }),
  { total_pages: int },
);
export const relation = obj({
  relation_id: id,
  source_record_id: id,
  target_record_id: id,
  relation_type: str,
  notes: nstr,
  created_at: str,
});
export const relationsPage = page(
  'relations',
  obj({
    relation_id: id,
    relation_type: str,
    direction: str,
    notes: nstr,
    created_at: str,
    related_record: obj({ id, record_number: str, display_name: str, state: str }),
  }),
  { total_pages: int },
);
export const caseLink = obj({
  link_id: id,
  case_id: id,
  notes: nstr,
  linked_at: str,
  case_number: str,
  reference: str,
});
export const caseLinksPage = page('cases', caseLink, { total_pages: int });
export const documentLink = obj({
  link_id: id,
  document_id: id,
  document_number: nstr,
  document_type: str,
  reference: str,
  status: str,
  field_name: nstr,
  notes: nstr,
  linked_at: str,
});
export const documentLinksPage = page('documents', documentLink, { total_pages: int });
export const relationRemoved = obj({ removed: bool, relation_id: id });
export const linkRemoved = obj({ removed: bool, link_id: id });
export const reportDone = obj({
  record_id: id,
  record_number: str,
  document_id: id,
  document_number: str,
  document_type: str,
  status: str,
  signed_at: nstr,
  link_id: id,
});
export const reportInProgress = {
  type: 'object',
  required: ['status'],
  properties: { record_id: id, workflow_id: str, status: str, idempotency_key: str, poll_url: str },
};

const nbool: JsonSchema = { type: ['boolean', 'null'] };
/**
 * A recorded signer: how they signed (null: not signed) and, for a personal signature, the
 * certificate recorded as theirs and whether it signs in the file (null: the seal).
 */
const signerRecord = obj({
  name: str,
  signed_at: nstr,
  signature_kind: nullable(oneOfValues('seal', 'personal')),
  certificate: nullable(obj({ subject: str, sha256: str })),
  certificate_found: nbool,
});

export const verification = obj({
  verdict: str,
  message: str,
  document: nullable(
    obj({
      verification_code: str,
      document_number: nstr,
      document_type: nstr,
      'date?': nstr,
      municipality: nstr,
      signers: arr(signerRecord),
      // The document's trail from its events, oldest first (only on answers about a registered document).
      'trail?': arr(
        obj({
          event: oneOfValues('created', 'sent_to_sign', 'signed', 'officialized'),
          at: str,
          signer_name: nstr,
          number: nstr,
        }),
      ),
    }),
  ),
  file: obj({
    sha256: str,
    size_bytes: int,
    revisions: int,
    matches_registered_original: { type: ['boolean', 'null'] },
    after_last_signature: nstr,
    modifications: arr({}),
    changes: arr(
      obj({
        revision: int,
        kind: oneOfValues(
          'signature',
          'timestamp',
          'validation_data',
          'metadata',
          'empty_field',
          'unchanged',
          'modification',
        ),
        field_name: nstr,
        signer: nstr,
        code: nstr,
        page: nint,
        object: nint,
        detail: nstr,
      }),
    ),
  }),
  signatures: arr(
    obj({
      field_name: nstr,
      kind: oneOfValues('signature', 'timestamp'),
      signer_subject: nstr,
      signer_issuer: nstr,
      trusted: bool,
      signing_time: nstr,
      timestamp: nullable(obj({ time: nstr, authority: nstr, valid: bool, trusted: bool })),
      signature_valid: bool,
      digest_valid: bool,
      covers_revision: bool,
      revision: nint,
      modified_after: bool,
      problems: arr(str),
      // Who made it by the register: a personal signer by their recorded certificate, or the municipality's seal (null: no one recorded).
      signed_by: nullable(
        obj({ name: str, signature_kind: oneOfValues('seal', 'personal'), certificate_matches: nbool }),
      ),
    }),
  ),
});

/**
 * Public verification's answer: the validation, plus the registered document itself (null when
 * no registered document matched) — its official file and the images of its first pages.
 */
export const publicVerification: JsonSchema = (() => {
  const registered = nullable(
    obj({
      pdf_url: str,
      sha256: str,
      page_count: nint,
      pages_shown: int,
      page_image_url_template: str,
      page_images: arr(obj({ page: int, url: str, width: int, height: int })),
    }),
  );
  const base = verification as { required: string[]; properties: Record<string, JsonSchema> };
  return {
    ...verification,
    required: [...base.required, 'registered_document'],
    properties: { ...base.properties, registered_document: registered },
  };
})();

export const health = obj({
  status: oneOfValues('ok', 'unavailable'),
  service: str,
  checks: obj({
    postgres: obj({ status: oneOfValues('up', 'down'), latency_ms: int, 'error?': str }),
    temporal: obj({ status: oneOfValues('up', 'down'), latency_ms: int, 'error?': str }),
  }),
});

export const apiKey = obj({
  id,
  tenant: str,
  name: str,
  prefix: str,
  state: oneOfValues('active', 'expired', 'revoked', 'rotating'),
  created_at: str,
  last_used_at: nstr,
  expires_at: nstr,
  revoked_at: nstr,
  rotated_at: nstr,
  previous_prefix: nstr,
  previous_valid_until: nstr,
  all_users: bool,
  user_ids: arr(id),
  system_read: bool,
  system_read_count: int,
  last_system_read_at: nstr,
});

/** A webhook subscription as administrators see it: never its secret. */
export const webhookSubscription = obj({
  id,
  url: str,
  description: str,
  event_types: arr(str),
  status: oneOfValues('active', 'disabled', 'failing'),
  failing_since: nstr,
  failure_reason: nstr,
  previous_secret_expires_at: nstr,
  created_at: str,
  updated_at: str,
});

/** One delivery attempt of an event to a subscription. */
export const webhookDelivery = obj({
  id,
  event_id: id,
  event_type: str,
  attempt: int,
  manual: bool,
  outcome: oneOfValues('delivered', 'failed'),
  status_code: nint,
  error: nstr,
  latency_ms: int,
  response_excerpt: str,
  created_at: str,
});

/** A multipart form with one PDF (`pdf_file`, up to 10 MB) and these text fields. */
export const pdfUpload = (fields: Record<string, unknown> = {}, required: string[] = []) => ({
  type: 'object',
  required: ['pdf_file', ...required],
  properties: {
    ...fields,
    pdf_file: { type: 'string', contentMediaType: 'application/pdf', description: 'PDF, hasta 10 MB' },
  },
});

/** The fields of an imported document's form. */
export const importUpload = () =>
  pdfUpload({ document_type_acronym: { type: 'string', minLength: 1 }, reference: { type: 'string', minLength: 1 } }, [
    'document_type_acronym',
    'reference',
  ]);
