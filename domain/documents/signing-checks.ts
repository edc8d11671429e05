/**
 * Quick checks the API makes before it talks to a signing workflow: they give the caller an
 * immediate, precise answer (404, 403, 409, or "you already signed"), while the workflow and its
 * activities stay the authority if something changes in between.
 */
import type { UserContext } from '../context.js';
import { requireDocument } from './access.js';
import {
  rejectDecision,
  signatureAnswer,
  signDecision,
  type RejectionAnswer,
  type SignatureAnswer,
} from '../../rules/signing.js';
import { iso, loadSigners, roundViewOf, type DocumentRow } from './records.js';
import { refused } from './refusals.js';
import { checkMayStart, checkStartable, type StartOptions } from './signing.js';

/** A signer's rejection as the caller sees it (the signing rules' answer). */
export type ExistingRejection = RejectionAnswer;

/** A signer's signature as the caller sees it (the signing rules' answer). */
export type ExistingSignature = SignatureAnswer;

/**
 * The document to start signing. One already in signing passes for a user who may start it: the
 * request repeats the start of the open round, and that round's workflow answers it with the round.
 */
export async function checkCanStart(ctx: UserContext, documentId: string, options: StartOptions): Promise<DocumentRow> {
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, ctx.user, documentId);
    if (doc.status === 'sent_to_sign') checkMayStart(ctx, doc, options);
    else await checkStartable(ctx, trx, doc, options);
    return doc;
  });
}

/** Either the acting signer's existing signature (a retried request) or the document to sign. */
export async function checkCanSign(
  ctx: UserContext,
  documentId: string,
): Promise<{ existing?: ExistingSignature; doc: DocumentRow }> {
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, ctx.user, documentId);
    const round = roundViewOf(doc, await loadSigners(trx, doc.id));
    const decision = signDecision(round, ctx.user.id);
    if (decision.kind === 'refuse') throw refused(decision.refusal);
    // The numerator's signature is answered with the official document: while the document is
    // still being officialized (`completing`), the request goes to the workflow, which answers once it is.
    if (decision.kind === 'repeat') return { doc, existing: signatureAnswer(doc.id, round, ctx.user.id) };
    return { doc };
  });
}

/**
 * Either the acting signer's rejection, when this request repeats it (same reason; the document
 * stays rejected until it is saved back to draft), or the document to reject.
 */
export async function checkCanReject(
  ctx: UserContext,
  documentId: string,
  reason: string,
): Promise<{ existing?: ExistingRejection; doc: DocumentRow }> {
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, ctx.user, documentId);
    const rejection =
      doc.status === 'rejected' ? { rejectedBy: doc.rejected_by!, reason: doc.rejection_reason! } : null;
    const round = { ...roundViewOf(doc, await loadSigners(trx, doc.id)), rejection };
    const decision = rejectDecision(round, { userId: ctx.user.id, reason });
    if (decision.kind === 'refuse') throw refused(decision.refusal);
    if (decision.kind === 'repeat') {
      return {
        doc,
        existing: {
          documentId: doc.id,
          status: 'rejected',
          rejectedBy: rejection!.rejectedBy,
          reason: rejection!.reason,
          rejectedAt: iso(doc.rejected_at)!,
        },
      };
    }
    return { doc };
  });
}
