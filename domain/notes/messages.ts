/** Messages of the notes routes. */
export const NOTE_MESSAGES = {
  notFound: 'Nota no encontrada',
  noAccess: 'Sin permisos para ver esta nota: el usuario no es remitente ni destinatario',
  noSectorRights: 'Sin permisos en el sector indicado',
  notReceivedBySector: 'La nota no fue recibida por el sector indicado',
  onlyRecipientsArchive: 'Solo los sectores destinatarios pueden archivar una nota',
  archived: 'Nota archivada',
  unarchived: 'Nota desarchivada',
} as const;
