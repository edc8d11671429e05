/**
 * The case file's index: what each version lists and how a version is read. A version is written
 * once (by foliation or an annulment, ./foliation.ts and ./annulment.ts) and only ever gains its
 * signature (./signing.ts); the export reads the same rows (`indexVersion`) and renders the same
 * PDF (`renderIndexPdf`, ./index-pdf.ts).
 */
import { createHash } from 'node:crypto';
import type { Tx } from '../../db/tenancy.js';
import { assertObjectKey } from '../storage/object-store.js';

export { renderIndexPdf, type IndexPdfMeta } from './index-pdf.js';

/** One document of the file as a version lists it. A memo's entry never carries its reference. */
export interface IndexEntry {
  position: number;
  document_id: string;
  number: string;
  /** The document type's acronym ("MEMO" for a memo). */
  type: string;
  type_name: string;
  /** Null for a memo: it is private, the index says "Memo" and its number only. */
  reference: string | null;
  is_memo: boolean;
  signed_at: string | null;
  first_folio: number;
  last_folio: number;
  /** SHA-256 of the official PDF foliated. */
  sha256: string;
  annulled: boolean;
  annulled_at: string | null;
  annulment_reason: string | null;
}

export type IndexVersionReason = 'foliated' | 'annulled';

export interface IndexVersionRow {
  id: string;
  case_id: string;
  version: number;
  reason: IndexVersionReason;
  entries: IndexEntry[];
  entries_sha256: string;
  created_at: Date;
  pdf_key: string | null;
  pdf_sha256: string | null;
  signed_at: Date | null;
}

const VERSION_COLUMNS = [
  'id',
  'case_id',
  'version',
  'reason',
  'entries',
  'entries_sha256',
  'created_at',
  'pdf_key',
  'pdf_sha256',
  'signed_at',
] as const;

/** A case's index version (the newest without `version`), or undefined when it has none. */
export async function indexVersion(trx: Tx, caseId: string, version?: number): Promise<IndexVersionRow | undefined> {
  const query = trx('case_index_versions').where({ case_id: caseId });
  if (version !== undefined) query.andWhere({ version });
  return query.orderBy('version', 'desc').first<IndexVersionRow | undefined>(VERSION_COLUMNS);
}

/** Every version of a case, oldest first, without their entries. */
export async function indexVersions(trx: Tx, caseId: string): Promise<Omit<IndexVersionRow, 'entries'>[]> {
  return trx('case_index_versions')
    .where({ case_id: caseId })
    .orderBy('version')
    .select(VERSION_COLUMNS.filter((c) => c !== 'entries'));
}

/** JSON with object keys sorted at every level: what `entries_sha256` is computed over (jsonb reorders keys). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return `{${Object.keys(obj)
      .sort()
      .filter((k) => obj[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export const entriesSha256 = (entries: IndexEntry[]) =>
  createHash('sha256').update(canonicalJson(entries)).digest('hex');

/** `tenants/<schema>/cases/<case id>/index-v<n>.pdf`: the signed PDF of a version. */
export function indexPdfKey(tenant: string, caseId: string, version: number): string {
  return assertObjectKey(`tenants/${tenant}/cases/${caseId}/index-v${version}.pdf`);
}
