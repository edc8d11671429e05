/** The case file's index operations (domain/case-file/), described once for both interfaces. */
import { annulBody } from '../operations/cases.js';
import type { OperationSpec } from './operation.js';
import { arr, bool, envelope, id, int, nstr, obj, oneOfValues, str, type JsonSchema } from './schemas.js';

const entry = obj({
  position: int,
  document_id: id,
  number: str,
  type: str,
  type_name: str,
  reference: { type: ['string', 'null'], description: 'null para un memo: el índice dice "Memo" y su número' },
  is_memo: bool,
  signed_at: nstr,
  first_folio: int,
  last_folio: int,
  sha256: str,
  annulled: bool,
  annulled_at: nstr,
  annulment_reason: nstr,
});
const versionSummary = {
  version: int,
  reason: oneOfValues('foliated', 'annulled'),
  created_at: str,
  entries_sha256: str,
  signed: bool,
  signed_at: nstr,
  pdf_sha256: nstr,
  pdf_url: {
    type: ['string', 'null'],
    description: 'URL temporal del PDF del índice firmado con el sello del municipio (null hasta que se firma)',
  },
  pdf_url_expires_at: nstr,
};
export const indexVersionView = obj({ ...versionSummary, entries: arr(entry) });
export const caseIndexView = obj({
  case_id: id,
  case_number: str,
  current: { anyOf: [indexVersionView, { type: 'null' }] },
  versions: arr(obj(versionSummary)),
  permissions: obj({ can_annul: bool }),
});
const annulled = obj({ case_id: id, document_id: id, version: int, annulled_at: str });

const indexDescription =
  'Cada documento agregado al expediente recibe su posición y sus fojas (las páginas de su PDF oficial, a continuación de la última foja). ' +
  'Cada cambio (documentos foliados, una foja anulada) es una nueva versión del índice, firmada con el sello del municipio (PAdES-B-LTA); las anteriores se conservan. ' +
  'Un memo figura como "Memo" y su número, sin referencia.';

/** Reads take the integration key without X-User-ID too (system scope), like GET /cases/{id}. */
function operations(
  wrap: (schema: JsonSchema) => JsonSchema,
  extra: (schema: JsonSchema) => JsonSchema,
  read: Pick<OperationSpec, 'access'>,
): OperationSpec[] {
  return [
    {
      method: 'GET',
      path: '/cases/:id/index',
      tag: 'Expedientes',
      summary: 'Índice del expediente: versión actual y versiones',
      description: indexDescription,
      ...read,
      responses: { 200: wrap(caseIndexView) },
    },
    {
      method: 'GET',
      path: '/cases/:id/index/versions/:version',
      tag: 'Expedientes',
      summary: 'Una versión del índice del expediente',
      ...read,
      responses: { 200: wrap(indexVersionView) },
    },
    {
      method: 'POST',
      path: '/cases/:id/folios/:documentId/annul',
      tag: 'Expedientes',
      summary: 'Anular las fojas de un documento del expediente',
      description:
        'Solo un editor del sector responsable. Nada se quita: la entrada queda anulada (quién, cuándo, motivo de 5 a 500 caracteres) en una nueva versión del índice.',
      body: annulBody,
      responses: { 200: wrap(extra(annulled)) },
    },
  ];
}

export const integrationCaseIndexOperations = operations(
  (s) => s,
  (s) => ({
    ...s,
    required: [...(s.required as string[]), 'message'],
    properties: { message: str, ...(s.properties as object) },
  }),
  { access: 'key-only' },
);
export const backendCaseIndexOperations = operations(
  (s) => envelope(s),
  (s) => s,
  {},
);
