/** Messages of the memos routes. */
export const MEMO_MESSAGES = {
  notFound: 'Memo no encontrado',
  noAccess: 'Sin permisos para ver este memo: el usuario no es remitente ni destinatario',
  senderCannotArchive: 'El remitente no puede archivar sus propios memos',
  archived: 'Memo archivado',
  unarchived: 'Memo desarchivado',
} as const;
