/** Messages of the records module (the spec's catalog has none of its own besides 'q'). */
export const RECORD_MESSAGES = {
  // Catalog
  qRequired: "El parametro 'q' es requerido y debe tener al menos 2 caracteres",
  // Ours
  registryNotFound: 'Registro no encontrado',
  recordNotFound: 'Legajo no encontrado',
  noView: 'Sin permisos para ver legajos de este registro',
  noCreate: 'Sin permisos para crear legajos en este registro',
  noEdit: 'Sin permisos para editar legajos de este registro',
  noVerify: 'Sin permisos para verificar campos de este registro',
  nothingToUpdate: 'Debe indicar state o display_name',
  fieldNothingToUpdate:
    'Debe indicar al menos uno de: value, expiration_date, document_id, notes, document_reference, document_resume',
  invalidState: (states: readonly string[]) => `state debe ser uno de: ${states.join(', ')}`,
  fieldNotFound: (field: string, code: string) => `El campo '${field}' no existe en el registro ${code}`,
  notVerifiable: (field: string) => `El campo '${field}' no admite verificación`,
  noExpiration: (field: string) => `El campo '${field}' no admite vencimiento`,
  unknownField: (path: string, code: string) => `${path} no es un campo del registro ${code}`,
  unknownEntryKey: (path: string) => `${path} no es una propiedad de un campo`,
  documentNotFound: 'Documento no encontrado',
  notOfficial: 'El documento no es un documento oficial',
  selfRelation: 'Un legajo no puede relacionarse consigo mismo',
  targetNotFound: 'Legajo destino no encontrado',
  relationExists: 'La relación ya existe',
  relationNotFound: 'Relación no encontrada',
  caseAlreadyLinked: 'El expediente ya está vinculado al legajo',
  documentAlreadyLinked: 'El documento ya está vinculado al legajo',
  linkNotFound: 'Vínculo no encontrado',
  searchTooShort: 'search debe tener al menos 2 caracteres',
  qTooLong: 'q no puede superar 50 caracteres',
  limitRange: 'limit debe ser un entero entre 1 y 50',
} as const;
