/**
 * Who may see and change a document. Visible: its creator, its signers, users who can view the
 * document's sector, recipients of an officialized note (by sector) or memo (by user), and users
 * who can view a case it is linked to. Editable: its creator and users who can edit in its sector.
 * A document the user may not see is "not found" (404), so its existence does not leak; a visible
 * document the user may not change is 403.
 */
import type { Knex } from 'knex';
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import type { ActingUser } from '../context.js';
import { forbidden, notFound } from '../errors.js';
import { DOCUMENT_MESSAGES } from './messages.js';
import { DOCUMENT_COLUMNS, documentsQuery, type DocumentRow } from './records.js';

export const viewSectorIds = (user: ActingUser) => user.sectors.filter((s) => s.canView).map((s) => s.sectorId);
export const editSectorIds = (user: ActingUser) => user.sectors.filter((s) => s.canEdit).map((s) => s.sectorId);

/**
 * Excludes documents of a case still being created (its cover, numbered and in signing): nothing
 * of a half-made case is shown. Only the creation workflow's own steps see them.
 */
export function whereOutsideCaseCreation(query: Knex.QueryBuilder, trx: Tx): Knex.QueryBuilder {
  return query.whereNotExists(trx('cases as creating').whereRaw('creating.id = d.case_id').andWhere('creating.is_ready', false));
}

export interface VisibilityOptions {
  /** Internal signing steps of a case creation see the case's cover while the case is hidden. */
  includeCreating?: boolean;
}

/** Adds "visible to `user`" to a query over `documents as d`. */
export function whereVisibleTo(query: Knex.QueryBuilder, trx: Tx, user: ActingUser, options: VisibilityOptions = {}): Knex.QueryBuilder {
  const viewable = viewSectorIds(user);
  const allSectors = user.sectors.map((s) => s.sectorId);
  if (!options.includeCreating) whereOutsideCaseCreation(query, trx);
  return query.where((w) => {
    w.where('d.created_by', user.id)
      .orWhereIn('d.sector_id', viewable)
      .orWhereExists(trx('document_signers as vs').whereRaw('vs.document_id = d.id').andWhere('vs.user_id', user.id))
      .orWhereExists(
        trx('note_recipients as nr').whereRaw('nr.document_id = d.id').whereNotNull('nr.delivered_at').whereIn('nr.sector_id', allSectors),
      )
      .orWhereExists(trx('memo_recipients as mr').whereRaw('mr.document_id = d.id').andWhere('mr.recipient_user_id', user.id))
      .orWhereExists(
        trx('case_documents as cd').join('cases as c', 'c.id', 'cd.case_id').whereRaw('cd.document_id = d.id').whereIn('c.owner_sector_id', viewable),
      );
  });
}

export function canEditDocument(user: ActingUser, doc: Pick<DocumentRow, 'created_by' | 'sector_id'>): boolean {
  return doc.created_by === user.id || editSectorIds(user).includes(doc.sector_id);
}

/**
 * The document, if it exists and (when a user is given) is visible to that user; else 404.
 * A null user means the caller is allowed to skip the permission check (spec: X-User-ID omitted).
 */
export async function requireDocument(
  trx: Tx,
  user: ActingUser | null,
  id: string,
  options: { forUpdate?: boolean } & VisibilityOptions = {},
): Promise<DocumentRow> {
  if (!isUuid(id)) throw notFound(DOCUMENT_MESSAGES.notFound);
  let query = documentsQuery(trx).where('d.id', id);
  if (user) query = whereVisibleTo(query, trx, user, options);
  else if (!options.includeCreating) query = whereOutsideCaseCreation(query, trx);
  if (options.forUpdate) query = query.forUpdate('d');
  const doc = await query.first<DocumentRow | undefined>(DOCUMENT_COLUMNS);
  if (!doc) throw notFound(DOCUMENT_MESSAGES.notFound);
  return doc;
}

export function requireEditable(user: ActingUser, doc: DocumentRow): void {
  if (!canEditDocument(user, doc)) throw forbidden(DOCUMENT_MESSAGES.noEditPermission);
}
