/** The batch signing operations (api/temporal/sign-batch.ts), described once for both interfaces. */
import { authorizeBody } from '../temporal/document-signing.js';
import { signBatchBody } from '../temporal/sign-batch.js';
import type { OperationSpec } from './operation.js';
import { arr, envelope, id, int, nstr, obj, oneOfValues, str, type JsonSchema } from './schemas.js';

const outcome = obj({
  document_id: id,
  status: oneOfValues('pending', 'signed', 'numbered', 'refused', 'awaiting_authorization'),
  document_number: nstr,
  signed_at: nstr,
  'error?': str,
  'http_status?': int,
});

/** The batch: each document's outcome in request order; `running` until every document has one. */
export const signBatch = obj({
  batch_id: str,
  status: oneOfValues('running', 'completed'),
  total: int,
  done: int,
  outcomes: arr(outcome),
  poll_url: str,
  // A personal signer's batch waiting for its one code.
  'authorization_required?': { const: true },
  'method?': oneOfValues('otp-email', 'totp'),
  'expires_at?': str,
  'authorize_url?': str,
});

const description =
  'Firma con el usuario actuante cada documento de la lista (1-100 UUID distintos) en su propia ronda de firma, con las reglas de la firma individual; ' +
  'cada documento recibe su respuesta (signed, numbered con su número, refused con el mensaje de la firma individual). Idempotency-Key es obligatorio ' +
  'y es el id del lote: repetirlo devuelve el mismo lote sin firmar dos veces. 200 si el lote terminó dentro de la espera, si no 202 con el progreso y poll_url. ' +
  'Quien firma con certificado personal recibe sus firmas preparadas (awaiting_authorization) y un solo código por e-mail para todas (authorization_required, authorize_url).';

const authorizeDescription =
  'El código del lote de un firmante con certificado personal: una autorización (CSC numSignatures) para todas sus firmas preparadas, que luego se completan documento por documento. ' +
  'Vence a los 5 minutos de la primera firma preparada; un código equivocado es 400 con los intentos restantes y el tercero anula la autorización (los documentos quedan refused); vencido o sin nada que autorizar, 409.';

function operations(wrap: (schema: JsonSchema) => JsonSchema): OperationSpec[] {
  return [
    {
      method: 'POST',
      path: '/documents/sign-batch',
      tag: 'Firma',
      summary: 'Firmar un lote de documentos',
      description,
      body: signBatchBody,
      idempotencyKey: true,
      responses: { 200: wrap(signBatch), 202: wrap(signBatch) },
    },
    {
      method: 'GET',
      path: '/documents/sign-batch/:key',
      tag: 'Firma',
      summary: 'Progreso de un lote de firma (solo para quien lo inició)',
      responses: { 200: wrap(signBatch), 202: wrap(signBatch) },
    },
    {
      method: 'POST',
      path: '/documents/sign-batch/:key/authorize',
      tag: 'Firma',
      summary: 'Autorizar con un código las firmas personales de un lote',
      description: authorizeDescription,
      body: authorizeBody,
      responses: { 200: wrap(signBatch), 202: wrap(signBatch) },
    },
  ];
}

export const integrationSignBatchOperations = operations((schema) => schema);
export const backendSignBatchOperations = operations((schema) => envelope(schema));
