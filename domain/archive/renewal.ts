/**
 * Archive time-stamp renewal, tenant by tenant (run by the archive renewal workflows). Each step
 * is idempotent: examining records what the newest official revision holds; a renewal is stored
 * as the next official revision only if the revision it extends is still the newest, so a step
 * retried after a crash, or run twice, never stacks two renewals.
 *
 * A document is renewed once per time-stamp generation: only when the time-stamp authority now
 * answering holds longer than the newest time-stamp in the file (horizon.ts `improves`). While
 * the authority's own certificate is inside the window, documents it stamped wait for its next
 * certificate instead of getting one more time-stamp (three more revisions) every day. Each
 * renewal stored is recorded in archive_renewals (migration 014).
 */
import type { Tx, TenantDb, Tenant } from '../../db/tenancy.js';
import type { ObjectStore } from '../storage/object-store.js';
import { fileKey, sha256 } from '../documents/files.js';
import { RETIRED_DIGESTS, archiveHorizon, renewalDue, type ArchiveHorizon } from './horizon.js';

export interface ArchiveScope {
  tenant: Tenant;
  db: TenantDb;
  storage: ObjectStore;
}

interface OfficialFile {
  revision: number;
  storage_key: string;
}

/** The newest official revision of a document (renewals add revisions; the first is 0). */
export async function newestOfficialFile(trx: Tx, documentId: string): Promise<OfficialFile | undefined> {
  return trx('document_files')
    .where({ document_id: documentId, kind: 'official' })
    .orderBy('revision', 'desc')
    .first<OfficialFile | undefined>('revision', 'storage_key');
}

async function officialBytes(scope: ArchiveScope, file: OfficialFile): Promise<Buffer> {
  const bytes = await scope.storage.get(file.storage_key);
  if (!bytes) throw new Error(`official file ${file.storage_key} is missing from the store`);
  return bytes;
}

/**
 * Examines up to `limit` official documents whose newest revision has not been examined: records
 * its archive horizon. Returns how many were examined (0: none left).
 */
export async function examineOfficialDocuments(scope: ArchiveScope, limit: number): Promise<number> {
  const pending = await scope.db.transaction((trx) =>
    trx('documents as d')
      .join('document_files as f', (j) => j.on('f.document_id', 'd.id').andOnVal('f.kind', 'official'))
      .where('d.status', 'signed')
      .whereNull('d.archive_checked_revision')
      .orderBy('d.id')
      .limit(limit)
      .distinctOn('d.id')
      .select<{ id: string }[]>('d.id'),
  );
  for (const { id } of pending) {
    const file = await scope.db.transaction((trx) => newestOfficialFile(trx, id));
    if (!file) continue;
    const horizon = archiveHorizon(await officialBytes(scope, file));
    await scope.db.transaction((trx) =>
      trx('documents').where({ id }).update({
        archive_checked_revision: file.revision,
        archive_valid_until: horizon.validUntil,
        archive_digest: horizon.digest,
      }),
    );
  }
  return pending.length;
}

/**
 * Documents due for renewal `windowDays` ahead of `now`, soonest first, except `skip` and those
 * renewed since `renewedSince` (a run renews a document once, even when the new time-stamp's
 * authority certificate is itself inside the window). With `improvableBy` (what a time-stamp of
 * the authority now answering holds), only those such a time-stamp improves on: none when its
 * digest is retired, else those expiring before it or with a retired or unknown digest.
 */
export async function documentsDueForRenewal(
  scope: ArchiveScope,
  opts: {
    now: Date;
    windowDays: number;
    limit: number;
    skip?: string[];
    renewedSince?: Date;
    only?: string[];
    improvableBy?: Pick<ArchiveHorizon, 'validUntil' | 'digest'>;
  },
): Promise<string[]> {
  const until = new Date(opts.now.getTime() + opts.windowDays * 24 * 3600 * 1000);
  const generation = opts.improvableBy;
  // A time-stamp that holds nothing up (no expiry, a retired or unknown digest) improves on nothing.
  if (
    generation &&
    (generation.validUntil === null || generation.digest === null || RETIRED_DIGESTS.includes(generation.digest))
  )
    return [];
  const rows = await scope.db.transaction((trx) =>
    trx('documents')
      .whereNotNull('archive_valid_until')
      .modify((q) => {
        if (generation)
          q.where((g) =>
            g
              .where('archive_valid_until', '<', generation.validUntil!)
              .orWhereNull('archive_digest')
              .orWhereIn('archive_digest', [...RETIRED_DIGESTS]),
          );
      })
      .modify((q) => {
        if (opts.renewedSince) {
          q.whereNotExists((f) =>
            f
              .select(trx.raw('1'))
              .from('document_files')
              .whereRaw('document_files.document_id = documents.id')
              .where({ kind: 'official' })
              .where('revision', '>', 0)
              .where('created_at', '>=', opts.renewedSince!),
          );
        }
      })
      .where((q) =>
        q
          .where('archive_valid_until', '<', until)
          .orWhereNull('archive_digest')
          .orWhereIn('archive_digest', [...RETIRED_DIGESTS]),
      )
      .whereNotIn('id', opts.skip ?? [])
      .modify((q) => {
        // Compared as text: an id mistyped by an operator matches nothing instead of failing the step.
        if (opts.only) q.whereRaw('id::text = any(?::text[])', [opts.only]);
      })
      .orderBy('archive_valid_until')
      .limit(opts.limit)
      .select<{ id: string }[]>('id'),
  );
  return rows.map((r) => r.id);
}

export interface RenewalCandidate {
  documentId: string;
  /** The official revision the renewal extends. */
  revision: number;
  pdf: Buffer;
  /** What its newest document time-stamp holds (a renewal must improve on it). */
  horizon: ArchiveHorizon;
}

/** The newest official PDF of a document if it is (still) due; undefined when there is nothing to do. */
export async function renewalCandidate(
  scope: ArchiveScope,
  documentId: string,
  opts: { now: Date; windowDays: number },
): Promise<RenewalCandidate | undefined> {
  const file = await scope.db.transaction((trx) => newestOfficialFile(trx, documentId));
  if (!file) return undefined;
  const pdf = await officialBytes(scope, file);
  const horizon = archiveHorizon(pdf);
  if (!renewalDue(horizon, opts.now, opts.windowDays)) return undefined;
  return { documentId, revision: file.revision, pdf, horizon };
}

export interface RenewalOutcome {
  /** false: another run stored a renewal of this revision first (nothing was changed). */
  stored: boolean;
  revision: number;
  validUntil: string | null;
}

/**
 * Stores `renewed` (the official PDF of `revision` with one more document time-stamp) as the next
 * official revision, its horizon on the document and the renewal in archive_renewals (what the
 * newest time-stamp held before — the candidate's horizon, else what the document recorded — and
 * holds now), in one transaction.
 */
export async function recordRenewal(
  scope: ArchiveScope,
  candidate: Pick<RenewalCandidate, 'documentId' | 'revision'> & Partial<Pick<RenewalCandidate, 'horizon'>>,
  renewed: Buffer,
): Promise<RenewalOutcome> {
  const horizon = archiveHorizon(renewed);
  const revision = candidate.revision + 1;
  const key = fileKey({ tenant: scope.tenant }, candidate.documentId, 'official', 0, revision);
  // Stored before the row that points to it commits: a crash in between leaves only an unused object.
  await scope.storage.put(key, renewed);
  return scope.db.transaction(async (trx) => {
    const before = await trx('documents')
      .where({ id: candidate.documentId })
      .forUpdate()
      .first<{ archive_valid_until: Date | null; archive_digest: string | null } | undefined>(
        'archive_valid_until',
        'archive_digest',
      );
    const newest = await newestOfficialFile(trx, candidate.documentId);
    if (!newest || newest.revision !== candidate.revision) {
      return { stored: false, revision: newest?.revision ?? candidate.revision, validUntil: null };
    }
    await trx('document_files').insert({
      document_id: candidate.documentId,
      kind: 'official',
      round: 0,
      revision,
      storage_key: key,
      sha256: sha256(renewed),
      size_bytes: renewed.length,
    });
    await trx('documents').where({ id: candidate.documentId }).update({
      archive_checked_revision: revision,
      archive_valid_until: horizon.validUntil,
      archive_digest: horizon.digest,
    });
    await trx('archive_renewals').insert({
      document_id: candidate.documentId,
      revision,
      previous_valid_until: candidate.horizon ? candidate.horizon.validUntil : (before?.archive_valid_until ?? null),
      previous_digest: candidate.horizon ? candidate.horizon.digest : (before?.archive_digest ?? null),
      valid_until: horizon.validUntil,
      digest: horizon.digest,
      authority_certificate: horizon.authority,
    });
    return { stored: true, revision, validUntil: horizon.validUntil?.toISOString() ?? null };
  });
}
