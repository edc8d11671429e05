/** Documents as records refer to them: stored documents of the tenant, and official ones for verification. */
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import { badRequest, notFound } from '../errors.js';
import { RECORD_MESSAGES } from './messages.js';
import type { EntryInput, SchemaSource } from './schema.js';

/** Every document id an entry refers to must be a (not deleted) document of the tenant; else 400 naming the field. */
export async function checkReferencedDocuments(
  trx: Tx,
  source: Pick<SchemaSource, 'dataSchema'>,
  data: Record<string, EntryInput>,
  prefix: string,
): Promise<void> {
  const refs: { path: string; id: string }[] = [];
  for (const [name, entry] of Object.entries(data)) {
    if (source.dataSchema[name]?.type === 'file' && typeof entry.value === 'string')
      refs.push({ path: `${prefix}${name}.value`, id: entry.value.toLowerCase() });
    if (typeof entry.document_id === 'string')
      refs.push({ path: `${prefix}${name}.document_id`, id: entry.document_id.toLowerCase() });
  }
  if (refs.length === 0) return;
  const found = new Set(
    (
      await trx('documents')
        .whereIn('id', [...new Set(refs.map((r) => r.id))])
        .whereNull('deleted_at')
        .select<{ id: string }[]>('id')
    ).map((r) => r.id),
  );
  const missing = refs.find((r) => !found.has(r.id));
  if (missing) throw badRequest(`${missing.path}: ${RECORD_MESSAGES.documentNotFound}`);
}

export interface OfficialDocument {
  id: string;
  official_number: string;
  reference: string;
}

/** A signed, numbered, not deleted document of the tenant: 404 when missing, 400 when not official. */
export async function requireOfficialDocument(trx: Tx, id: string): Promise<OfficialDocument> {
  if (!isUuid(id)) throw notFound(RECORD_MESSAGES.documentNotFound);
  const doc = await trx('documents')
    .where('id', id)
    .whereNull('deleted_at')
    .first<{ id: string; status: string; official_number: string | null; reference: string } | undefined>(
      'id',
      'status',
      'official_number',
      'reference',
    );
  if (!doc) throw notFound(RECORD_MESSAGES.documentNotFound);
  if (doc.status !== 'signed' || !doc.official_number) throw badRequest(RECORD_MESSAGES.notOfficial);
  return { id: doc.id, official_number: doc.official_number, reference: doc.reference };
}
