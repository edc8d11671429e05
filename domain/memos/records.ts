/**
 * Memos: officialized MEMO documents sent person to person. Officialization writes one
 * memo_recipients row per user (deduplicated when the draft was saved, strongest kind kept) with
 * the sector snapshots of sender and recipient taken at send time. What the memo reads share:
 * the row shapes, the base queries and the lookup of one memo.
 */
import type { Knex } from 'knex';
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import { notFound } from '../errors.js';
import { MEMO_MESSAGES } from './messages.js';

export type RecipientType = 'TO' | 'CC' | 'BCC';

export interface MemoRow {
  id: string;
  official_number: string;
  reference: string;
  content: string | null;
  signed_at: Date;
  ai_summary: string | null;
  created_by: string;
  sector_id: string;
  proposed_case_ids: string[];
  signing_round: number;
}

export interface RecipientRow {
  id: string;
  document_id: string;
  recipient_user_id: string;
  full_name: string;
  recipient_type: RecipientType;
  recipient_sector_acronym: string | null;
  sender_user_id: string;
  sender_name: string;
  sender_sector_acronym: string | null;
  sender_sector_name: string | null;
  is_archived: boolean;
  archived_at: Date | null;
  opened_at: Date | null;
  created_at: Date;
}

/** Signed, non-deleted MEMO documents. */
export function memosQuery(trx: Tx): Knex.QueryBuilder {
  return trx('documents as d')
    .join('document_types as t', 't.id', 'd.document_type_id')
    .where('t.acronym', 'MEMO')
    .andWhere('d.status', 'signed')
    .whereNull('d.deleted_at');
}

export const MEMO_COLUMNS = [
  'd.id',
  'd.official_number',
  'd.reference',
  'd.content',
  'd.signed_at',
  'd.ai_summary',
  'd.created_by',
  'd.sector_id',
  'd.proposed_case_ids',
  'd.signing_round',
] as const;

/** Recipient rows with the recipient's and sender's names and sector snapshots. */
export function recipientsQuery(trx: Tx): Knex.QueryBuilder {
  return trx('memo_recipients as mr')
    .join('users as ru', 'ru.id', 'mr.recipient_user_id')
    .join('users as su', 'su.id', 'mr.sender_user_id')
    .leftJoin('sectors as rs', 'rs.id', 'mr.recipient_sector_id')
    .leftJoin('sectors as ss', 'ss.id', 'mr.sender_sector_id');
}

export const RECIPIENT_COLUMNS = [
  'mr.id',
  'mr.document_id',
  'mr.recipient_user_id',
  'ru.full_name',
  'mr.recipient_type',
  'rs.acronym as recipient_sector_acronym',
  'mr.sender_user_id',
  'su.full_name as sender_name',
  'ss.acronym as sender_sector_acronym',
  'ss.name as sender_sector_name',
  'mr.is_archived',
  'mr.archived_at',
  'mr.opened_at',
  'mr.created_at',
] as const;

export const person = (userId: string, fullName: string, sectorAcronym: string | null) => ({
  user_id: userId,
  full_name: fullName,
  sector_acronym: sectorAcronym,
});

export async function senderOf(trx: Tx, userId: string, row: RecipientRow | undefined) {
  if (row) return { fullName: row.sender_name };
  const u = await trx('users').where({ id: userId }).first<{ full_name: string }>('full_name');
  return { fullName: u?.full_name ?? '' };
}

export async function requireMemo(trx: Tx, documentId: string): Promise<MemoRow> {
  if (!isUuid(documentId)) throw notFound(MEMO_MESSAGES.notFound);
  const memo = await memosQuery(trx).where('d.id', documentId).first<MemoRow | undefined>(MEMO_COLUMNS);
  if (!memo) throw notFound(MEMO_MESSAGES.notFound);
  return memo;
}
