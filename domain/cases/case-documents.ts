/** Documents on a case: link an official document, propose a draft, accept or reject a proposal. */
import { isUuid } from '../acting-user.js';
import type { UserContext } from '../context.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import { canEditDocument, requireDocument } from '../documents/access.js';
import { DOCUMENT_MESSAGES } from '../documents/messages.js';
import { caseAccess, isResponsible, requireCase } from './access.js';
import { CASE_MESSAGES } from './messages.js';
import { documentLinkedEvents } from './events.js';
import { emitEvents } from '../webhooks/outbox.js';

function requireId(value: unknown, name: string): string {
  if (typeof value !== 'string' || !value) throw badRequest(`${name} es requerido`);
  if (!isUuid(value)) throw badRequest(`${name} debe ser un UUID`);
  return value.toLowerCase();
}

/** 400 when the document is not official; 409 when it is already linked (catalog: duplicate link). */
export async function linkDocument(ctx: UserContext, caseId: string, documentId: unknown) {
  const { user } = ctx;
  const docId = requireId(documentId, 'official_document_id');
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, null, caseId, { forUpdate: true });
    if (!(await caseAccess(trx, user, c)).permissions.can_add_documents)
      throw forbidden(CASE_MESSAGES.noLinkPermission);
    const doc = await requireDocument(trx, user, docId);
    if (doc.status !== 'signed' || !doc.official_number) throw badRequest(CASE_MESSAGES.notOfficial);
    const inserted = await trx('case_documents')
      .insert({ case_id: c.id, document_id: doc.id, linked_by: user.id })
      .onConflict(['case_id', 'document_id'])
      .ignore()
      .returning('document_id');
    if (inserted.length === 0) throw conflict(CASE_MESSAGES.alreadyLinked);
    await trx('cases').where({ id: c.id }).update({ last_modified_at: trx.fn.now() });
    await emitEvents(trx, ...(await documentLinkedEvents(trx, [c.id], doc, user.id)));
    return { case_id: c.id, document_id: doc.id, official_number: doc.official_number };
  });
}

/**
 * An editor of a draft may propose it to a case they can see; its responsible decides. A case the
 * user cannot see is "not found" here as everywhere, so proposing cannot probe for case ids.
 */
export async function proposeDocument(ctx: UserContext, caseId: string, documentId: unknown) {
  const { user } = ctx;
  const docId = requireId(documentId, 'document_draft_id');
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, user, caseId);
    const doc = await requireDocument(trx, user, docId);
    if (!canEditDocument(user, doc)) throw forbidden(CASE_MESSAGES.noProposePermission);
    if (doc.status !== 'draft') throw badRequest(CASE_MESSAGES.notDraft);
    const pending = await trx('document_proposals')
      .where({ case_id: c.id, document_id: doc.id, status: 'pending_approval' })
      .first('id');
    if (pending) throw conflict(CASE_MESSAGES.alreadyProposed);
    const [row] = await trx('document_proposals')
      .insert({ case_id: c.id, document_id: doc.id, proposed_by: user.id })
      .returning<{ id: string; status: string }[]>(['id', 'status']);
    return { proposed_id: row!.id, case_id: c.id, document_id: doc.id, status: row!.status };
  });
}

/**
 * Accepting a proposal makes the draft a document of the case: it is linked now if it is already
 * official, otherwise when it is signed (officialization links every accepted proposal).
 */
export async function decideProposal(
  ctx: UserContext,
  caseId: string,
  proposedId: unknown,
  decision: 'accepted' | 'rejected',
  reason?: string,
) {
  const { user } = ctx;
  const id = requireId(proposedId, 'proposed_id');
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, null, caseId, { forUpdate: true });
    const proposal = await trx('document_proposals')
      .where({ id, case_id: c.id })
      .forUpdate()
      .first<{ id: string; document_id: string; status: string } | undefined>();
    if (!proposal) throw notFound(CASE_MESSAGES.proposalNotFound);
    if (!isResponsible(user, c)) throw forbidden(CASE_MESSAGES.noProposalPermission);
    if (proposal.status !== 'pending_approval') throw conflict(CASE_MESSAGES.proposalNotPending);
    await trx('document_proposals')
      .where({ id })
      .update({ status: decision, decided_by: user.id, decided_at: trx.fn.now(), decision_reason: reason ?? null });
    let linked = false;
    if (decision === 'accepted') {
      const doc = await trx('documents')
        .where({ id: proposal.document_id })
        .whereNull('deleted_at')
        .first<{ id: string; status: string; official_number: string | null } | undefined>();
      if (!doc) throw notFound(DOCUMENT_MESSAGES.notFound);
      if (doc.status === 'signed') {
        const inserted = await trx('case_documents')
          .insert({ case_id: c.id, document_id: doc.id, linked_by: user.id })
          .onConflict(['case_id', 'document_id'])
          .ignore()
          .returning('case_id');
        if (inserted.length) await emitEvents(trx, ...(await documentLinkedEvents(trx, [c.id], doc, user.id)));
        linked = true;
      }
      await trx('cases').where({ id: c.id }).update({ last_modified_at: trx.fn.now() });
    }
    return { proposed_id: id, case_id: c.id, document_id: proposal.document_id, status: decision, linked };
  });
}
