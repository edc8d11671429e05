/** Loading document rows (with their type) and signers inside a tenant transaction. */
import type { Tx } from '../../db/tenancy.js';
import type { DocumentStatus, RoundView, SignerStatus, TurnFacts } from '../../rules/signing.js';

/** A document's and a signer's statuses are the signing rules'. */
export type { DocumentStatus, SignerStatus } from '../../rules/signing.js';

export interface Recipients {
  to: string[];
  cc: string[];
  bcc: string[];
}

export interface DocumentRow {
  id: string;
  document_type_id: string;
  type_acronym: string;
  type_name: string;
  type_prefix: string;
  reference: string;
  content: string | null;
  status: DocumentStatus;
  is_imported: boolean;
  official_number: string | null;
  case_id: string | null;
  source_key: string | null;
  sector_id: string;
  created_by: string;
  creator_name: string;
  proposed_case_ids: string[];
  recipients: Recipients;
  signing_round: number;
  sent_to_sign_at: Date | null;
  signed_at: Date | null;
  numbered_at: Date | null;
  rejected_by: string | null;
  rejection_reason: string | null;
  rejected_at: Date | null;
  workflow_id: string | null;
  /** The current round's deadline (tenant migration 016). */
  signing_due_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface SignerRow {
  user_id: string;
  full_name: string;
  position: number;
  is_numerator: boolean;
  status: SignerStatus;
  signed_at: Date | null;
}

/** The base query of every document read: type and creator joined, soft-deleted rows excluded. */
export function documentsQuery(trx: Tx) {
  return trx('documents as d')
    .join('document_types as t', 't.id', 'd.document_type_id')
    .join('users as cu', 'cu.id', 'd.created_by')
    .whereNull('d.deleted_at');
}

/**
 * The official (signed, not deleted) documents of one type a user sent, as `d`: the sent lists of
 * notes and memos count and page on this (the documents_sent_by index), then join the page.
 */
export function sentOfficialDocuments(trx: Tx, userId: string, typeAcronym: string) {
  return trx('documents as d')
    .where('d.created_by', userId)
    .andWhere('d.document_type_id', trx('document_types').where('acronym', typeAcronym).select('id'))
    .andWhere('d.status', 'signed')
    .whereNull('d.deleted_at');
}

export const DOCUMENT_COLUMNS = [
  'd.*',
  't.acronym as type_acronym',
  't.name as type_name',
  't.number_prefix as type_prefix',
  'cu.full_name as creator_name',
] as const;

export async function findDocument(
  trx: Tx,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DocumentRow | undefined> {
  const query = documentsQuery(trx).where('d.id', id).first<DocumentRow | undefined>(DOCUMENT_COLUMNS);
  return options.forUpdate ? query.forUpdate('d') : query;
}

export async function loadSigners(trx: Tx, documentId: string): Promise<SignerRow[]> {
  return trx('document_signers as s')
    .join('users as u', 'u.id', 's.user_id')
    .where('s.document_id', documentId)
    .orderBy('s.position')
    .select<SignerRow[]>('s.user_id', 'u.full_name', 's.position', 's.is_numerator', 's.status', 's.signed_at');
}

export const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/** A document and its signers as the signing rules read a round (rules/signing.ts). */
export function roundViewOf(
  doc: Pick<DocumentRow, 'status' | 'official_number'>,
  signers: Pick<SignerRow, 'user_id' | 'is_numerator' | 'status' | 'signed_at'>[],
): RoundView {
  return {
    status: doc.status,
    officialNumber: doc.official_number,
    signers: signers.map((s) => ({
      userId: s.user_id,
      isNumerator: s.is_numerator,
      status: s.status,
      signedAt: iso(s.signed_at),
    })),
  };
}

/** SQL for a list row of `d`: its common signers who have not signed (a numerator's turn waits for 0). */
export const PENDING_COMMONS_SQL =
  "(select count(*)::int from document_signers o where o.document_id = d.id and not o.is_numerator and o.status <> 'signed')";

/** What a list row knows of the user's turn: the document's status, the user's signer row, unsigned commons. */
export interface TurnRow {
  status: string;
  my_status: string | null;
  my_numerator: boolean | null;
  pending_commons: number;
}

/** A list row's facts for `maySignNow`. */
export function turnFactsOf(row: TurnRow): TurnFacts {
  return {
    status: row.status as DocumentStatus,
    me:
      row.my_status === null || row.my_numerator === null
        ? null
        : { isNumerator: row.my_numerator, status: row.my_status as 'pending' | 'signed' | 'rejected' },
    pendingCommons: Number(row.pending_commons),
  };
}
