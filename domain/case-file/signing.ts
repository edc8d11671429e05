/**
 * Signing index versions with the municipality seal: each unsigned version is rendered
 * (./index-pdf.ts), signed by the signing service (activities/case-file.ts) and stored under the
 * tenant's prefix. Both steps are idempotent: a version already signed is left as it is.
 */
import { createHash } from 'node:crypto';
import type { TenantDb, Tx } from '../../db/tenancy.js';
import type { DomainServices } from '../services.js';
import { indexPdfKey, indexVersion, renderIndexPdf, type IndexPdfMeta, type IndexVersionRow } from './index.js';

type System = { db: TenantDb; services: Pick<DomainServices, 'storage' | 'timeZone'> };

export interface UnsignedVersion {
  case_id: string;
  version: number;
}

/** Versions waiting for their signature, oldest first (at most `limit`). */
export async function unsignedVersions(db: TenantDb, limit: number): Promise<UnsignedVersion[]> {
  return db.transaction((trx) =>
    trx('case_index_versions')
      .whereNull('signed_at')
      .orderBy(['created_at', 'case_id', 'version'])
      .limit(limit)
      .select<UnsignedVersion[]>('case_id', 'version'),
  );
}

/** What the index PDF of `row` prints besides its entries. */
export async function indexPdfMeta(
  trx: Tx,
  db: TenantDb,
  timeZone: string,
  row: Pick<IndexVersionRow, 'case_id' | 'version' | 'created_at'>,
): Promise<IndexPdfMeta> {
  const c = await trx('cases')
    .where({ id: row.case_id })
    .first<{ case_number: string; reference: string }>('case_number', 'reference');
  return {
    municipality: db.tenant.displayName,
    caseNumber: c.case_number,
    caseReference: c.reference,
    version: row.version,
    date: new Date(row.created_at),
    timeZone,
  };
}

export type IndexSigningRequest = { alreadySigned: true } | { alreadySigned: false; pdf: Buffer; fileName: string };

export async function indexSigningRequest(ctx: System, caseId: string, version: number): Promise<IndexSigningRequest> {
  return ctx.db.transaction(async (trx) => {
    const row = await indexVersion(trx, caseId, version);
    if (!row) throw new Error(`case ${caseId} has no index version ${version}`);
    if (row.signed_at) return { alreadySigned: true };
    const pdf = await renderIndexPdf(row.entries, await indexPdfMeta(trx, ctx.db, ctx.services.timeZone, row));
    return { alreadySigned: false, pdf, fileName: `indice-${caseId}-v${version}.pdf` };
  });
}

/** Stores the signed PDF and marks the version signed; a version signed meanwhile keeps its first signature. */
export async function recordIndexSignature(
  ctx: System,
  caseId: string,
  version: number,
  signed: Buffer,
): Promise<{ signedAt: string }> {
  const key = indexPdfKey(ctx.db.tenant.schema, caseId, version);
  return ctx.db.transaction(async (trx) => {
    const row = await trx('case_index_versions')
      .where({ case_id: caseId, version })
      .forUpdate()
      .first<{ signed_at: Date | null }>('signed_at');
    if (row.signed_at) return { signedAt: new Date(row.signed_at).toISOString() };
    await ctx.services.storage.put(key, signed);
    const [updated] = await trx('case_index_versions')
      .where({ case_id: caseId, version })
      .update({ pdf_key: key, pdf_sha256: createHash('sha256').update(signed).digest('hex'), signed_at: trx.fn.now() })
      .returning<{ signed_at: Date }[]>('signed_at');
    return { signedAt: new Date(updated!.signed_at).toISOString() };
  });
}

/** The seal's signer data: the municipality itself, not a person. */
export function sealSigner(db: TenantDb) {
  const name = db.tenant.displayName.slice(0, 100);
  return { name, seal: 'Sello electrónico', department: 'Índice del expediente', entity: name };
}
