/** Messages of the spec's error catalog (verbatim) and the module's own. */
import { SIGNING_REFUSALS } from '../../rules/signing-refusals.js';

export const DOCUMENT_MESSAGES = {
  // Catalog, 409
  notEditable: 'Documento no puede editarse en su estado actual',
  notSignable: SIGNING_REFUSALS.notSignable,
  notRejectable: SIGNING_REFUSALS.notRejectable,
  notDeletable: 'Solo se pueden eliminar documentos en estado draft o rejected',
  replaceOnlyDraft: 'Solo se puede reemplazar PDF en documentos draft',
  // Catalog, 403
  notAuthorizedToSign: SIGNING_REFUSALS.notAuthorizedToSign,
  // Catalog, 400
  typeRequired: 'document_type_acronym es requerido',
  referenceRequired: 'reference es requerido',
  reasonRequired: SIGNING_REFUSALS.reasonRequired,
  // Ours
  notFound: 'Documento no encontrado',
  caseNotFound: 'Expediente no encontrado',
  unknownType: 'Tipo de documento no encontrado',
  systemType: 'Este tipo de documento lo genera el sistema y no puede crearse manualmente',
  noEditPermission: 'Sin permisos para editar este documento',
  noCreatePermission: 'Sin permisos para crear documentos en su sector',
  creatorOnly: 'Solo el creador del documento puede realizar esta operación',
  needsContent: 'El documento no tiene contenido',
  needsSigners: 'El documento no tiene firmantes',
  needsNumerator: 'El documento necesita un firmante numerador',
  needsMemoRecipients: 'El memo necesita al menos un destinatario',
  notImported: 'El documento no es un PDF importado',
  importedHasNoHtml: 'Un documento importado no tiene contenido HTML: reemplace su PDF',
  notOfficial: 'El documento no es un documento oficial firmado',
  noPdf: 'El documento no tiene PDF',
  pdfInvalid: 'El archivo no es un PDF valido',
  pdfTooLarge: 'El PDF excede el tamaño máximo de 10 MB',
  pdfNotLetter: 'El PDF debe tener todas sus páginas en tamaño carta (612 x 792 puntos)',
} as const;
