/** Messages of personal signatures and their authorisation. */
export const SIGNATURE_MESSAGES = {
  invalidMode: "mode debe ser 'seal' o 'personal' (o null para el usuario: el modo del municipio)",
  userNotFound: 'Usuario no encontrado',
  deactivated: 'El usuario está dado de baja: no puede firmar',
  noCredential: 'El usuario no tiene un certificado de firma personal en el servicio de firma remota',
  credentialRevoked: 'El certificado de firma personal del usuario está revocado: no puede firmar con él',
  remoteNotConfigured:
    'No hay un servicio de firma remota configurado (CSC_URL): las firmas personales no están disponibles',
  codeRequired: 'code es requerido: el código de autorización que recibió el firmante',
  agentsCannotAuthorize:
    'Este firmante firma con su certificado personal: cada firma necesita su autorización con un código que solo él recibe. Un agente no puede autorizarla; el firmante debe firmar desde el escritorio o la API.',
} as const;
