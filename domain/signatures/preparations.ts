/**
 * A personal signature between its two halves: the signing service prepared the revision (the
 * prepared PDF, kept in the object store, and the digest the remote service signs) and the signer
 * was sent a code. What the steps after the code obtain (the SAD, the signature value) is kept here
 * as soon as it exists, so a retried step continues instead of asking the remote service again.
 */
import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/tenancy.js';
import type { DomainContext } from '../context.js';
import { documentObjectKey } from '../storage/object-store.js';

export interface PreparationKey {
  documentId: string;
  round: number;
  userId: string;
}

export interface Preparation extends PreparationKey {
  baseRevision: number;
  /** signing_credentials.id */
  credentialId: string;
  storageKey: string;
  digest: Buffer;
  codeRequestedAt: Date;
  sad: string | null;
  signature: Buffer | null;
}

interface Row {
  document_id: string;
  round: number;
  user_id: string;
  base_revision: number;
  credential_id: string;
  storage_key: string;
  digest: Buffer;
  code_requested_at: Date;
  sad: string | null;
  signature: Buffer | null;
}

const where = (key: PreparationKey) => ({ document_id: key.documentId, round: key.round, user_id: key.userId });

export async function findPreparation(trx: Tx, key: PreparationKey): Promise<Preparation | undefined> {
  const r = await trx('signature_preparations').where(where(key)).first<Row | undefined>();
  return (
    r && {
      documentId: r.document_id,
      round: r.round,
      userId: r.user_id,
      baseRevision: r.base_revision,
      credentialId: r.credential_id,
      storageKey: r.storage_key,
      digest: r.digest,
      codeRequestedAt: r.code_requested_at,
      sad: r.sad,
      signature: r.signature,
    }
  );
}

/**
 * Keeps a new preparation, replacing the signer's earlier one in the round. The PDF goes under a
 * key of its own, so a step that dies between the store and the row never pairs a row with
 * another preparation's bytes.
 */
export async function savePreparation(
  ctx: DomainContext,
  key: PreparationKey,
  prepared: { baseRevision: number; credentialId: string; pdf: Buffer; digest: Buffer },
): Promise<Preparation> {
  const storageKey = documentObjectKey(
    ctx.tenant.schema,
    key.documentId,
    `prepared/r${key.round}-${key.userId}-${randomUUID()}.pdf`,
  );
  await ctx.services.storage.put(storageKey, prepared.pdf);
  const previous = await ctx.db.transaction(async (trx) => {
    const before = await findPreparation(trx, key);
    await trx('signature_preparations')
      .insert({
        ...where(key),
        base_revision: prepared.baseRevision,
        credential_id: prepared.credentialId,
        storage_key: storageKey,
        digest: prepared.digest,
      })
      .onConflict(['document_id', 'round', 'user_id'])
      .merge({
        base_revision: prepared.baseRevision,
        credential_id: prepared.credentialId,
        storage_key: storageKey,
        digest: prepared.digest,
        code_requested_at: trx.fn.now(),
        sad: null,
        signature: null,
      });
    return before;
  });
  if (previous) await ctx.services.storage.delete(previous.storageKey).catch(() => undefined);
  return (await ctx.db.transaction((trx) => findPreparation(trx, key)))!;
}

export async function keepSad(ctx: DomainContext, key: PreparationKey, sad: string): Promise<void> {
  await ctx.db.transaction((trx) => trx('signature_preparations').where(where(key)).update({ sad }));
}

export async function keepSignatureValue(ctx: DomainContext, key: PreparationKey, signature: Buffer): Promise<void> {
  await ctx.db.transaction((trx) => trx('signature_preparations').where(where(key)).update({ signature }));
}

/** After the signature is recorded, or the attempt is abandoned: the prepared PDF is of no further use. */
export async function dropPreparation(ctx: DomainContext, key: PreparationKey): Promise<void> {
  const gone = await ctx.db.transaction(async (trx) => {
    const found = await findPreparation(trx, key);
    if (found) await trx('signature_preparations').where(where(key)).delete();
    return found;
  });
  if (gone) await ctx.services.storage.delete(gone.storageKey).catch(() => undefined);
}
