/**
 * The messages of a signing round's refusals, in one place for every layer: the workflow's
 * validators and handlers, the domain's checks and steps, and the APIs' request checks.
 */
export const SIGNING_REFUSALS = {
  notSignable: 'Documento no puede firmarse en su estado actual',
  notRejectable: 'Documento no puede rechazarse en su estado actual',
  notAuthorizedToSign: 'Usuario no autorizado para firmar este documento',
  reasonRequired: 'reason es requerido y no puede estar vacio',
} as const;
