/**
 * Who may see and change a document. Visible: its creator, its signers, users who can view the
 * document's sector, recipients of an officialized note (members of a receiving sector, as the
 * notes module counts them) or memo (by user), and users who can view a case it is linked to —
 * except memos, private person to person, which only their creator, signers and recipients see.
 * Editable: its creator and users who can edit in its sector. A document the user may not see is
 * "not found" (404), so its existence does not leak; a visible document the user may not change
 * is 403.
 *
 * Without a user (a system-scope API key, the only caller that may omit X-User-ID) the rule is
 * `whereSystemReadable`: no memo, no note, nothing unofficial (draft or rejected) of anybody.
 */
import type { Knex } from 'knex';
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import type { ActingUser } from '../context.js';
import { forbidden, notFound } from '../errors.js';
import { memberSectorIds } from '../notes/records.js';
import { afterCondition, type Ranges } from '../lists/pagination.js';
import { DOCUMENT_MESSAGES } from './messages.js';
import { DOCUMENT_COLUMNS, documentsQuery, type DocumentRow } from './records.js';

export const viewSectorIds = (user: ActingUser) => user.sectors.filter((s) => s.canView).map((s) => s.sectorId);
export const editSectorIds = (user: ActingUser) => user.sectors.filter((s) => s.canEdit).map((s) => s.sectorId);

/**
 * Excludes documents of a case still being created (its cover, numbered and in signing): nothing
 * of a half-made case is shown. Only the creation workflow's own steps see them.
 */
export function whereOutsideCaseCreation(query: Knex.QueryBuilder, trx: Tx): Knex.QueryBuilder {
  return query.whereNotExists(
    trx('cases as creating').whereRaw('creating.id = d.case_id').andWhere('creating.is_ready', false),
  );
}

export interface VisibilityOptions {
  /** Internal signing steps of a case creation see the case's cover while the case is hidden. */
  includeCreating?: boolean;
}

/** Adds "visible to `user`" to a query over `documents as d`. */
export function whereVisibleTo(
  query: Knex.QueryBuilder,
  trx: Tx,
  user: ActingUser,
  options: VisibilityOptions = {},
): Knex.QueryBuilder {
  const viewable = viewSectorIds(user);
  // A delivered note reaches the members of its sectors, as /notes counts them (view or edit rights).
  const members = memberSectorIds(user);
  if (!options.includeCreating) whereOutsideCaseCreation(query, trx);
  // Memos are private: their sector and linked cases give no sight of them (migration 007).
  const notMemo = trx('document_types as vt').whereRaw('vt.id = d.document_type_id').andWhere('vt.acronym', 'MEMO');
  return query.where((w) => {
    w.where('d.created_by', user.id)
      .orWhere((sector) => sector.whereIn('d.sector_id', viewable).whereNotExists(notMemo.clone()))
      .orWhereExists(trx('document_signers as vs').whereRaw('vs.document_id = d.id').andWhere('vs.user_id', user.id))
      .orWhereExists(
        trx('note_recipients as nr')
          .whereRaw('nr.document_id = d.id')
          .whereNotNull('nr.delivered_at')
          .whereIn('nr.sector_id', members),
      )
      .orWhereExists(
        trx('memo_recipients as mr').whereRaw('mr.document_id = d.id').andWhere('mr.recipient_user_id', user.id),
      )
      .orWhere((linked) =>
        linked
          .whereExists(
            trx('case_documents as cd')
              .join('cases as c', 'c.id', 'cd.case_id')
              .whereRaw('cd.document_id = d.id')
              .whereIn('c.owner_sector_id', viewable),
          )
          .whereNotExists(notMemo.clone()),
      );
  });
}

/** Types that are private communications (memos person to person, notes sector to sector). */
export const COMMUNICATION_TYPES = ['MEMO', 'NOTA'] as const;

/**
 * Adds "readable without a user" (system scope) to a query over `documents as d`: official or in
 * signing (the detail then asks for X-User-ID, as the spec does), never a memo or a note, and
 * nothing of a case still being created.
 */
export function whereSystemReadable(query: Knex.QueryBuilder, trx: Tx): Knex.QueryBuilder {
  whereOutsideCaseCreation(query, trx);
  return query
    .whereIn('d.status', ['signed', 'sent_to_sign'])
    .whereNotExists(
      trx('document_types as st').whereRaw('st.id = d.document_type_id').whereIn('st.acronym', COMMUNICATION_TYPES),
    );
}

/** A user, or null for a system-scope key (see `whereSystemReadable`). */
export type Reader = ActingUser | null;

/** The rule for whoever reads: the user's visibility, or the system scope without a user. */
export function whereReadableBy(query: Knex.QueryBuilder, trx: Tx, reader: Reader): Knex.QueryBuilder {
  return reader ? whereVisibleTo(query, trx, reader) : whereSystemReadable(query, trx);
}

/** The document if `reader` may read it, else 404: what every read of one document calls. */
export async function requireReadable(trx: Tx, reader: Reader, id: string): Promise<DocumentRow> {
  if (!isUuid(id)) throw notFound(DOCUMENT_MESSAGES.notFound);
  const doc = await whereReadableBy(documentsQuery(trx).where('d.id', id), trx, reader).first<DocumentRow | undefined>(
    DOCUMENT_COLUMNS,
  );
  if (!doc) throw notFound(DOCUMENT_MESSAGES.notFound);
  return doc;
}

export function canEditDocument(user: ActingUser, doc: Pick<DocumentRow, 'created_by' | 'sector_id'>): boolean {
  return doc.created_by === user.id || editSectorIds(user).includes(doc.sector_id);
}

/**
 * The document, if it exists and (when a user is given) is visible to that user; else 404.
 * A null user skips the check: only for internal steps that checked the user otherwise (the
 * signing round's signer check). Reads on behalf of a caller use `requireReadable`.
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

/** Bits of document_access.kinds: why a key may see a document (migration 003 writes them). */
export const ACCESS_KIND = {
  ownSector: 1,
  caseOwner: 2,
  noteDelivered: 4,
  creator: 8,
  signer: 16,
  memoRecipient: 32,
} as const;

export const DOCUMENT_STATUSES = ['draft', 'sent_to_sign', 'signed', 'rejected'] as const;

interface AccessKey {
  key: string;
  notesOnly: boolean;
}

/**
 * The same rule, read from `document_access`, which keeps one row per document and key that may
 * see it. Lists read it instead of testing the rule document by document: a user's documents are
 * the rows of a few keys — the user, each sector they view (own documents, linked cases' and
 * delivered notes), and the sectors they belong to without viewing (delivered notes only).
 */
function accessKeys(user: ActingUser): AccessKey[] {
  const viewable = viewSectorIds(user);
  // Member sectors without view rights give delivered notes only (as /notes counts members).
  const others = memberSectorIds(user).filter((id) => !viewable.includes(id));
  return [user.id, ...viewable]
    .map((key) => ({ key, notesOnly: false }))
    .concat(others.map((key) => ({ key, notesOnly: true })));
}

/** document_type_id of memos, which no sector key may give (migration 007 writes none; kept here too). */
const MEMO_TYPE_IDS = "select id from document_types where acronym = 'MEMO'";

/** Adds "visible to `user`" to a query over `documents as d`, through document_access. */
export function whereAccessibleTo(query: Knex.QueryBuilder, trx: Tx, user: ActingUser): Knex.QueryBuilder {
  const keys = accessKeys(user);
  const sectors = keys.filter((k) => !k.notesOnly && k.key !== user.id).map((k) => k.key);
  const notes = keys.filter((k) => k.notesOnly).map((k) => k.key);
  return query.whereExists(
    trx('document_access as a')
      .whereRaw('a.document_id = d.id')
      .andWhere((w) => {
        w.where('a.key', user.id);
        if (sectors.length)
          w.orWhere((s) => s.whereIn('a.key', sectors).andWhereRaw(`a.document_type_id not in (${MEMO_TYPE_IDS})`));
        if (notes.length)
          w.orWhere((n) => n.whereIn('a.key', notes).andWhereRaw(`a.kinds & ${ACCESS_KIND.noteDelivered} <> 0`));
      }),
  );
}

export interface StreamFilter {
  statuses: readonly string[];
  documentTypeId?: string;
}

/**
 * The user's visible documents as ranges of document_access (see `Ranges`): one per key and
 * status, newest first; `take` bounds each (null: the whole range).
 */
export function visibleRanges(user: ActingUser, filter: StreamFilter): Ranges {
  return (take, after) =>
    accessKeys(user).flatMap(({ key, notesOnly }) =>
      filter.statuses.map((status) => {
        const conditions = ['key = ?', 'status = ?'];
        const bindings: Knex.RawBinding[] = [key, status];
        if (notesOnly) conditions.push(`kinds & ${ACCESS_KIND.noteDelivered} <> 0`);
        else if (key !== user.id) conditions.push(`document_type_id not in (${MEMO_TYPE_IDS})`);
        if (filter.documentTypeId) {
          conditions.push('document_type_id = ?');
          bindings.push(filter.documentTypeId);
        }
        if (after) {
          const position = afterCondition('created_at', 'document_id', after);
          conditions.push(position.sql);
          bindings.push(...position.bindings);
        }
        const order = take === null ? '' : ' order by created_at desc, document_id limit ?';
        return {
          sql: `select created_at, document_id as id from document_access where ${conditions.join(' and ')}${order}`,
          bindings: take === null ? bindings : [...bindings, take],
        };
      }),
    );
}
