/**
 * Quick checks the API makes before it talks to a signing workflow: they give the caller an
 * immediate, precise answer (404, 403, 409, or "you already signed"), while the workflow and its
 * activities stay the authority if something changes in between.
 */
import type { DomainContext } from '../context.js';
import { conflict, forbidden } from '../errors.js';
import { requireDocument } from './access.js';
import { DOCUMENT_MESSAGES } from './messages.js';
import { iso, loadSigners, type DocumentRow } from './records.js';
import { checkStartable, type StartOptions } from './signing.js';

export interface ExistingSignature {
  documentId: string;
  status: 'sent_to_sign' | 'signed';
  isNumerator: boolean;
  officialNumber: string | null;
  signedAt: string;
}

export async function checkCanStart(ctx: DomainContext, documentId: string, options: StartOptions): Promise<DocumentRow> {
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, ctx.user, documentId);
    await checkStartable(ctx, trx, doc, options);
    return doc;
  });
}

/** Either the acting signer's existing signature (a retried request) or the document to sign. */
export async function checkCanSign(ctx: DomainContext, documentId: string): Promise<{ existing?: ExistingSignature; doc: DocumentRow }> {
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, ctx.user, documentId);
    const me = (await loadSigners(trx, doc.id)).find((s) => s.user_id === ctx.user!.id);
    if (!me) throw forbidden(DOCUMENT_MESSAGES.notAuthorizedToSign);
    if (me.status === 'signed' && (doc.status === 'sent_to_sign' || doc.status === 'signed')) {
      return {
        doc,
        existing: {
          documentId: doc.id,
          status: doc.status,
          isNumerator: me.is_numerator,
          officialNumber: me.is_numerator ? doc.official_number : null,
          signedAt: iso(me.signed_at)!,
        },
      };
    }
    if (doc.status !== 'sent_to_sign') throw conflict(DOCUMENT_MESSAGES.notSignable);
    return { doc };
  });
}

export async function checkCanReject(ctx: DomainContext, documentId: string): Promise<DocumentRow> {
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, ctx.user, documentId);
    const me = (await loadSigners(trx, doc.id)).find((s) => s.user_id === ctx.user!.id);
    if (!me) throw forbidden(DOCUMENT_MESSAGES.notAuthorizedToSign);
    if (doc.status !== 'sent_to_sign') throw conflict(DOCUMENT_MESSAGES.notRejectable);
    return doc;
  });
}
