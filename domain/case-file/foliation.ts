/**
 * Foliation: each document linked to a case gets, once, its position in the file and its folio
 * range (its official PDF's pages, continuing the case's last folio). Page counts are read before
 * the transaction (from storage, in a PDF worker); positions are given in one transaction that
 * holds the case row, so two runs can never give the same folios twice. Links whose document has
 * no official PDF yet (a cover still in signing) wait for a later pass.
 */
import type { TenantDb, Tx } from '../../db/tenancy.js';
import { runPdfTask } from '../documents/pdf-workers.js';
import type { DomainServices } from '../services.js';
import { writeIndexVersion } from './entries.js';

interface Unfoliated {
  document_id: string;
  file_id: string;
  storage_key: string;
  sha256: string;
}

/** The newest official revision of each unfoliated link of a case (or of every case), oldest link first. */
function unfoliatedLinks(trx: Tx) {
  return trx('case_documents as cd')
    .join('cases as c', 'c.id', 'cd.case_id')
    .joinRaw(
      `join lateral (select f.id, f.storage_key, f.sha256 from document_files f
         where f.document_id = cd.document_id and f.kind = 'official' order by f.revision desc limit 1) f on true`,
    )
    .where('cd.foliated', false)
    .andWhere('c.is_ready', true);
}

/** Cases with links to foliate, those waiting longest first (at most `limit`). */
export async function casesToFoliate(db: TenantDb, limit: number): Promise<string[]> {
  return db.transaction(async (trx) => {
    const rows = await unfoliatedLinks(trx)
      .groupBy('cd.case_id')
      .orderByRaw('min(cd.linked_at)')
      .limit(limit)
      .select<{ case_id: string }[]>('cd.case_id');
    return rows.map((r) => r.case_id);
  });
}

export interface FoliationResult {
  foliated: number;
  /** The index version written, or null when nothing was left to foliate. */
  version: number | null;
}

/** `progress` is called after each PDF is read (the activity's heartbeat: a large file takes a while). */
export async function foliateCase(
  ctx: { db: TenantDb; services: Pick<DomainServices, 'storage'> },
  caseId: string,
  progress: () => void = () => undefined,
): Promise<FoliationResult> {
  const links = await ctx.db.transaction((trx) =>
    unfoliatedLinks(trx)
      .where('cd.case_id', caseId)
      .orderBy(['cd.linked_at', 'cd.document_id'])
      .select<Unfoliated[]>('cd.document_id', 'f.id as file_id', 'f.storage_key', 'f.sha256'),
  );
  if (!links.length) return { foliated: 0, version: null };
  const pages = new Map<string, number>();
  for (const link of links) {
    const pdf = await ctx.services.storage.get(link.storage_key);
    if (!pdf)
      throw new Error(`the official PDF of document ${link.document_id} (${link.storage_key}) is missing from storage`);
    const { sizes } = await runPdfTask({ kind: 'check', pdf });
    pages.set(link.document_id, sizes.length);
    progress();
  }
  return ctx.db.transaction(async (trx) => {
    await trx('cases').where({ id: caseId }).forUpdate().first('id');
    const still = new Set(await trx('case_documents').where({ case_id: caseId, foliated: false }).pluck('document_id'));
    const last = await trx('case_folios')
      .where({ case_id: caseId })
      .first<{ position: number | null; folio: number | null }>(
        trx.raw('max(position) as position'),
        trx.raw('max(last_folio) as folio'),
      );
    let position = last?.position ?? 0;
    let folio = last?.folio ?? 0;
    let foliated = 0;
    for (const link of links) {
      if (!still.has(link.document_id)) continue;
      const count = pages.get(link.document_id)!;
      position += 1;
      await trx('case_folios').insert({
        case_id: caseId,
        document_id: link.document_id,
        position,
        first_folio: folio + 1,
        last_folio: folio + count,
        file_id: link.file_id,
        sha256: link.sha256,
      });
      folio += count;
      await trx('case_documents').where({ case_id: caseId, document_id: link.document_id }).update({ foliated: true });
      foliated++;
    }
    if (!foliated) return { foliated: 0, version: null };
    return { foliated, version: await writeIndexVersion(trx, caseId, 'foliated') };
  });
}
