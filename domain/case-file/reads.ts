/**
 * Reading a case's index: the current version with its entries and every version with whether it
 * is signed and, once it is, a temporary download URL of its signed PDF. Whoever may see the case
 * may read its index; entries of memos carry no reference (./entries.ts).
 */
import type { DomainContext } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { isResponsible, requireCase } from '../cases/access.js';
import { indexVersion, indexVersions, type IndexEntry, type IndexVersionRow } from './index.js';
import { CASE_FILE_MESSAGES } from './messages.js';

export interface IndexVersionSummary {
  version: number;
  reason: IndexVersionRow['reason'];
  created_at: string;
  entries_sha256: string;
  signed: boolean;
  signed_at: string | null;
  pdf_sha256: string | null;
  /** Temporary URL of the signed PDF (null until signed). */
  pdf_url: string | null;
  pdf_url_expires_at: string | null;
}

export interface IndexVersionView extends IndexVersionSummary {
  entries: IndexEntry[];
}

export interface CaseIndexView {
  case_id: string;
  case_number: string;
  current: IndexVersionView | null;
  versions: IndexVersionSummary[];
  permissions: { can_annul: boolean };
}

function summary(ctx: DomainContext, row: Omit<IndexVersionRow, 'entries'>): IndexVersionSummary {
  const url = row.pdf_key && row.signed_at ? ctx.services.urls.sign(row.pdf_key) : null;
  return {
    version: row.version,
    reason: row.reason,
    created_at: new Date(row.created_at).toISOString(),
    entries_sha256: row.entries_sha256,
    signed: row.signed_at !== null,
    signed_at: row.signed_at ? new Date(row.signed_at).toISOString() : null,
    pdf_sha256: row.pdf_sha256,
    pdf_url: url?.url ?? null,
    pdf_url_expires_at: url?.expiresAt ?? null,
  };
}

const view = (ctx: DomainContext, row: IndexVersionRow): IndexVersionView => ({
  ...summary(ctx, row),
  entries: row.entries,
});

export async function caseIndex(ctx: DomainContext, caseId: string): Promise<CaseIndexView> {
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, ctx.user, caseId);
    const current = await indexVersion(trx, c.id);
    const versions = await indexVersions(trx, c.id);
    return {
      case_id: c.id,
      case_number: c.case_number,
      current: current ? view(ctx, current) : null,
      versions: versions.map((v) => summary(ctx, v)),
      permissions: { can_annul: ctx.user ? isResponsible(ctx.user, c) : false },
    };
  });
}

/** `version` as the path gives it: a positive integer, else 400. */
export function parseVersion(raw: unknown): number {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^[1-9]\d{0,8}$/.test(text)) throw badRequest(CASE_FILE_MESSAGES.versionInvalid);
  return Number(text);
}

export async function caseIndexVersion(
  ctx: DomainContext,
  caseId: string,
  rawVersion: unknown,
): Promise<IndexVersionView> {
  const version = parseVersion(rawVersion);
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, ctx.user, caseId);
    const row = await indexVersion(trx, c.id, version);
    if (!row) throw notFound(CASE_FILE_MESSAGES.versionNotFound);
    return view(ctx, row);
  });
}
