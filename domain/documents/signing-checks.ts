/**
 * Quick checks the API makes before it talks to a signing workflow: they give the caller an
 * immediate, precise answer (404, 403, 409, or "you already signed"), while the workflow and its
 * activities stay the authority if something changes in between.
 */
import type { DomainContext } from '../context.js';
import { conflict, forbidden } from '../errors.js';
import { requireDocument } from './access.js';
import { DOCUMENT_MESSAGES } from './messages.js';
import { repeatsRejection } from '../../rules/signing.js';
import { iso, loadSigners, type DocumentRow } from './records.js';
import { checkMayStart, checkStartable, type StartOptions } from './signing.js';

/** A signer's rejection as the caller sees it. */
export interface ExistingRejection {
  documentId: string;
  status: 'rejected';
  rejectedBy: string;
  reason: string;
  rejectedAt: string;
}

export interface ExistingSignature {
  documentId: string;
  status: 'sent_to_sign' | 'signed';
  isNumerator: boolean;
  officialNumber: string | null;
  signedAt: string;
}

/**
 * The document to start signing. One already in signing passes for a user who may start it: the
 * request repeats the start of the open round, and that round's workflow answers it with the round.
 */
export async function checkCanStart(
  ctx: DomainContext,
  documentId: string,
  options: StartOptions,
): Promise<DocumentRow> {
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, ctx.user, documentId);
    if (doc.status === 'sent_to_sign') checkMayStart(ctx, doc, options);
    else await checkStartable(ctx, trx, doc, options);
    return doc;
  });
}

/** Either the acting signer's existing signature (a retried request) or the document to sign. */
export async function checkCanSign(
  ctx: DomainContext,
  documentId: string,
): Promise<{ existing?: ExistingSignature; doc: DocumentRow }> {
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, ctx.user, documentId);
    const me = (await loadSigners(trx, doc.id)).find((s) => s.user_id === ctx.user!.id);
    if (!me) throw forbidden(DOCUMENT_MESSAGES.notAuthorizedToSign);
    // The numerator's signature is answered with the official document: while the document is
    // still being officialized, the request goes to the workflow, which answers once it is.
    const complete = doc.status === 'signed' || (doc.status === 'sent_to_sign' && !me.is_numerator);
    if (me.status === 'signed' && complete) {
      return {
        doc,
        existing: {
          documentId: doc.id,
          status: doc.status as ExistingSignature['status'],
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

/**
 * Either the acting signer's rejection, when this request repeats it (same reason; the document
 * stays rejected until it is saved back to draft), or the document to reject.
 */
export async function checkCanReject(
  ctx: DomainContext,
  documentId: string,
  reason: string,
): Promise<{ existing?: ExistingRejection; doc: DocumentRow }> {
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, ctx.user, documentId);
    const me = (await loadSigners(trx, doc.id)).find((s) => s.user_id === ctx.user!.id);
    if (!me) throw forbidden(DOCUMENT_MESSAGES.notAuthorizedToSign);
    const rejection =
      doc.status === 'rejected' ? { rejectedBy: doc.rejected_by!, reason: doc.rejection_reason! } : null;
    if (repeatsRejection(rejection, { userId: me.user_id, reason })) {
      return {
        doc,
        existing: {
          documentId: doc.id,
          status: 'rejected',
          rejectedBy: me.user_id,
          reason: rejection!.reason,
          rejectedAt: iso(doc.rejected_at)!,
        },
      };
    }
    if (doc.status !== 'sent_to_sign') throw conflict(DOCUMENT_MESSAGES.notRejectable);
    return { doc };
  });
}
