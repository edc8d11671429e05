/** Messages of the case file (index, folios, annulments). */
export const CASE_FILE_MESSAGES = {
  versionInvalid: 'version debe ser un entero positivo',
  versionNotFound: 'Versión del índice no encontrada',
  documentNotFoliated: 'El documento no está foliado en este expediente',
  alreadyAnnulled: 'La foja del documento ya está anulada',
  noAnnulPermission: 'Solo un editor del sector responsable del expediente puede anular fojas',
  reasonRequired: 'reason es requerido y no puede estar vacio',
  reasonLength: 'reason debe tener entre 5 y 500 caracteres',
} as const;
