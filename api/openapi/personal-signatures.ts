/** Personal signatures (both interfaces) and their administration (backend), described once. */
import { defaultModeBody, userModeBody } from '../backend/users.js';
import { authorizeBody } from '../temporal/document-signing.js';
import type { OperationSpec } from './operation.js';
import { arr, bool, envelope, flatEnvelope, id, nstr, obj, oneOfValues, str, type JsonSchema } from './schemas.js';

/** How a signature was made, in signature-details: the seal, or the signer's own certificate (its subject, serialNumber and SHA-256). */
export const signatureMadeWith: Record<string, JsonSchema> = {
  'signature_kind?': { anyOf: [oneOfValues('seal', 'personal'), { type: 'null' }] },
  'certificate?': { anyOf: [obj({ subject: str, serial_number: nstr, sha256: nstr }), { type: 'null' }] },
};

const method = oneOfValues('otp-email', 'totp');
const mode = oneOfValues('seal', 'personal');

/** The 202 of a signature that waits for its signer's code (expires_at null: the code is still on its way). */
export const authorizationFields: Record<string, JsonSchema> = {
  'authorization_required?': { const: true },
  'method?': method,
  'expires_at?': nstr,
};

const authorizeDescription =
  'Completa la firma personal que el último pedido de firma del usuario preparó, con el código que recibió por e-mail (o de su aplicación TOTP). ' +
  'El código vence a los 5 minutos y sirve una sola vez; un código equivocado es 400 y el tercero anula ese intento (no la ronda); vencido o sin firma esperando, 409; ' +
  'si otra firma se agregó mientras tanto, 409 y se envía un código nuevo para la versión actual. 202 si la firma sigue en curso (el servicio de firma remota no responde): se completa sola.';

export const integrationPersonalSignatureOperations: OperationSpec[] = [
  {
    method: 'POST',
    path: '/documents/:id/sign/authorize',
    tag: 'Firma',
    summary: 'Autorizar una firma personal con su código',
    description: authorizeDescription,
    body: authorizeBody,
    responses: {
      200: obj({ document_id: id, status: str, document_number: nstr, signed_at: nstr }),
      202: obj({ document_id: id, status: { const: 'sent_to_sign' }, message: str }),
    },
  },
];

const settings = obj({ default_mode: mode, users: arr(obj({ user_id: id, full_name: str, mode })) });

export const backendPersonalSignatureOperations: OperationSpec[] = [
  {
    method: 'POST',
    path: '/documents/:id/sign/authorize',
    tag: 'Firma',
    summary: 'Autorizar una firma personal con su código',
    description: authorizeDescription,
    body: authorizeBody,
    responses: {
      200: flatEnvelope({
        document_id: id,
        document_status: str,
        is_numerator: bool,
        official_number: nstr,
        'signed_pdf_url?': str,
      }),
      202: envelope(obj({ document_id: id, document_status: { const: 'sent_to_sign' }, in_progress: { const: true } })),
    },
  },
  {
    method: 'GET',
    path: '/admin/signatures',
    tag: 'Firma',
    summary: 'Modo de firma del municipio y usuarios con otro modo',
    description:
      'Solo administradores. seal: el sello del municipio (certificado del municipio); personal: el certificado propio de cada usuario en el servicio de firma remota, autorizado con un código en cada firma.',
    responses: { 200: envelope(settings) },
  },
  {
    method: 'PUT',
    path: '/admin/signatures',
    tag: 'Firma',
    summary: 'Cambiar el modo de firma del municipio',
    description: 'Solo administradores.',
    body: defaultModeBody,
    responses: { 200: envelope(settings) },
  },
  {
    method: 'PUT',
    path: '/users/:id/signature-mode',
    tag: 'Usuarios',
    summary: 'Modo de firma de un usuario (administradores)',
    description:
      'mode null: el del municipio. Los documentos que genera el sistema (carátulas, providencias, informes) se firman siempre con el sello del municipio.',
    body: userModeBody,
    responses: { 200: envelope(obj({ user_id: id, mode: { anyOf: [mode, { type: 'null' }] }, effective_mode: mode })) },
  },
  {
    method: 'POST',
    path: '/users/:id/deactivate',
    tag: 'Usuarios',
    summary: 'Dar de baja a un usuario (administradores)',
    description:
      'No puede volver a actuar ni firmar; lo que firmó sigue siendo válido. Su certificado de firma personal se revoca (CredentialRevocationWorkflow).',
    responses: {
      200: envelope(
        obj({ user_id: id, is_active: { const: false }, deactivated_at: str, credential_revocation_workflow_id: str }),
      ),
    },
  },
];
