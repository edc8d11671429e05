/** Creating and editing drafts: create, save, import and replace a PDF, soft delete. */
import type { Tx } from '../../db/tenancy.js';
import { recordActivity } from '../activity-feed.js';
import { primarySector, type ActingUser, type UserContext } from '../context.js';
import { AppError, badRequest, conflict, forbidden } from '../errors.js';
import { requireCase, requireVisibleCases } from '../cases/access.js';
import { canEditDocument, editSectorIds, requireDocument, requireEditable } from './access.js';
import { checkUploadedPdf, storeFile } from './files.js';
import { DOCUMENT_MESSAGES } from './messages.js';
import {
  EMPTY_RECIPIENTS,
  findDocumentType,
  normalizeRecipients,
  normalizeSigners,
  type DocumentTypeRow,
  type SignerInput,
} from './participants.js';
import { findDocument, type DocumentRow } from './records.js';
import { createdEvent, emitDocumentEvents } from './events.js';
import { deletedEvent, editedEvent } from '../audit/document-events.js';
import { checkMaxLength, TEXT_LIMITS } from '../limits.js';
import { sanitizeContent } from '../rendering/sanitize.js';

/** Types the platform generates itself (case covers, transfer providences, record reports). */
export const SYSTEM_DOCUMENT_TYPES = new Set(['CAEX', 'PV', 'IFRLM']);

export interface CreateDocumentInput {
  documentTypeAcronym: string;
  reference: string;
  caseId?: string | null;
  recipients?: unknown;
}

/** The sector a new document belongs to: the user's primary sector if they edit there, else the first they edit in. */
function creationSector(user: ActingUser): string {
  const primary = primarySector(user);
  if (primary?.canEdit) return primary.sectorId;
  const editable = editSectorIds(user);
  if (!editable[0]) throw forbidden(DOCUMENT_MESSAGES.noCreatePermission);
  return editable[0];
}

async function creatableType(trx: Tx, acronym: string): Promise<DocumentTypeRow> {
  const type = await findDocumentType(trx, acronym);
  if (!type?.is_active) throw badRequest(`${DOCUMENT_MESSAGES.unknownType}: ${acronym}`);
  if (SYSTEM_DOCUMENT_TYPES.has(type.acronym)) throw badRequest(DOCUMENT_MESSAGES.systemType);
  return type;
}

async function insertDocument(
  ctx: UserContext,
  trx: Tx,
  values: Record<string, unknown>,
  summary: string,
): Promise<DocumentRow> {
  const { user } = ctx;
  const [row] = await trx('documents').insert(values).returning<{ id: string }[]>('id');
  await recordActivity(trx, {
    kind: 'document_created',
    actorUserId: user.id,
    sectorId: values.sector_id as string,
    entityType: 'document',
    entityId: row!.id,
    summary,
  });
  const doc = (await findDocument(trx, row!.id))!;
  await emitDocumentEvents(trx, doc, createdEvent(doc));
  return doc;
}

export async function createDocument(ctx: UserContext, input: CreateDocumentInput): Promise<DocumentRow> {
  const { user } = ctx;
  checkMaxLength(input.reference, 'reference', TEXT_LIMITS.reference);
  return ctx.db.transaction(async (trx) => {
    const type = await creatableType(trx, input.documentTypeAcronym);
    const sectorId = creationSector(user);
    if (input.caseId) await requireCase(trx, user, input.caseId);
    const recipients = await normalizeRecipients(trx, type.acronym, input.recipients);
    if (type.acronym === 'NOTA' && recipients.to.length === 0) {
      throw badRequest('recipients.to es requerido para documentos NOTA (sectores destinatarios)');
    }
    return insertDocument(
      ctx,
      trx,
      {
        document_type_id: type.id,
        reference: input.reference,
        case_id: input.caseId ?? null,
        sector_id: sectorId,
        created_by: user.id,
        recipients: JSON.stringify(recipients),
      },
      `${user.fullName} creó ${type.acronym} "${input.reference}"`,
    );
  });
}

export interface ImportDocumentInput {
  documentTypeAcronym: string;
  reference: string;
  pdf: Buffer;
}

export async function importDocument(ctx: UserContext, input: ImportDocumentInput): Promise<DocumentRow> {
  const { user } = ctx;
  checkMaxLength(input.documentTypeAcronym, 'document_type_acronym', TEXT_LIMITS.documentTypeAcronym);
  checkMaxLength(input.reference, 'reference', TEXT_LIMITS.reference);
  await checkUploadedPdf(input.pdf, 400);
  return ctx.db.transaction(async (trx) => {
    const type = await creatableType(trx, input.documentTypeAcronym);
    if (type.acronym === 'NOTA' || type.acronym === 'MEMO') {
      throw badRequest('Las notas y los memos se redactan en el sistema: no se importan');
    }
    const doc = await insertDocument(
      ctx,
      trx,
      {
        document_type_id: type.id,
        reference: input.reference,
        sector_id: creationSector(user),
        created_by: user.id,
        is_imported: true,
        recipients: JSON.stringify(EMPTY_RECIPIENTS),
      },
      `${user.fullName} importó ${type.acronym} "${input.reference}"`,
    );
    await storeFile(ctx, trx, doc.id, { kind: 'imported', bytes: input.pdf });
    return doc;
  });
}

export interface SaveDocumentInput {
  reference?: string;
  content?: string;
  signers?: SignerInput[];
  recipients?: unknown;
  proposedCaseIds?: string[];
}

/**
 * Saves a draft. `allowRejected` (backend) also accepts a rejected document, which goes back to
 * draft: saving is how a rejected document is corrected before it is sent to signing again.
 */
export async function saveDocument(
  ctx: UserContext,
  documentId: string,
  input: SaveDocumentInput,
  options: { allowRejected: boolean },
): Promise<DocumentRow> {
  const { user } = ctx;
  if (input.reference !== undefined) checkMaxLength(input.reference, 'reference', TEXT_LIMITS.reference);
  if (input.content !== undefined) checkMaxLength(input.content, 'content', TEXT_LIMITS.content);
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, user, documentId, { forUpdate: true });
    requireEditable(user, doc);
    const editable = doc.status === 'draft' || (options.allowRejected && doc.status === 'rejected');
    if (!editable) throw conflict(DOCUMENT_MESSAGES.notEditable);
    if (input.content !== undefined && doc.is_imported) throw badRequest(DOCUMENT_MESSAGES.importedHasNoHtml);

    const changes: Record<string, unknown> = { updated_at: trx.fn.now() };
    // Names of what actually changed, for the audit trail (never the values).
    const changed: string[] = [];
    const note = (field: string, differs: boolean) => differs && changed.push(field);
    if (input.reference !== undefined) changes.reference = input.reference;
    // Stored clean, so every reader (desk, MCP, REST, PDF) gets the same allow-listed HTML.
    if (input.content !== undefined) changes.content = sanitizeContent(input.content);
    if (input.recipients !== undefined) {
      const recipients = await normalizeRecipients(trx, doc.type_acronym, input.recipients);
      if (doc.type_acronym === 'NOTA' && recipients.to.length === 0)
        throw badRequest('recipients.to es requerido para documentos NOTA');
      changes.recipients = JSON.stringify(recipients);
    }
    if (input.proposedCaseIds !== undefined) {
      const ids = [...new Set(input.proposedCaseIds.map((id) => id.toLowerCase()))];
      await requireVisibleCases(trx, user, ids);
      changes.proposed_case_ids = ids;
    }
    if (doc.status === 'rejected') {
      Object.assign(changes, { status: 'draft', rejected_by: null, rejection_reason: null, rejected_at: null });
    }
    note('reference', changes.reference !== undefined && changes.reference !== doc.reference);
    note('content', changes.content !== undefined && changes.content !== doc.content);
    note('recipients', changes.recipients !== undefined && changes.recipients !== JSON.stringify(doc.recipients));
    note(
      'proposed_case_ids',
      changes.proposed_case_ids !== undefined &&
        [...(changes.proposed_case_ids as string[])].sort().join() !== [...doc.proposed_case_ids].sort().join(),
    );
    note('status', changes.status !== undefined);
    await trx('documents').where({ id: doc.id }).update(changes);

    if (input.signers !== undefined) {
      const type = (await findDocumentType(trx, doc.type_acronym))!;
      const signers = await normalizeSigners(trx, type, input.signers);
      const before = await trx('document_signers')
        .where({ document_id: doc.id })
        .orderBy('position')
        .select<{ user_id: string; is_numerator: boolean }[]>('user_id', 'is_numerator');
      note(
        'signers',
        JSON.stringify(before.map((b) => [b.user_id, b.is_numerator])) !==
          JSON.stringify(signers.map((a) => [a.userId, a.isNumerator])),
      );
      await trx('document_signers').where({ document_id: doc.id }).delete();
      if (signers.length) {
        await trx('document_signers').insert(
          signers.map((s, i) => ({
            document_id: doc.id,
            user_id: s.userId,
            position: i + 1,
            is_numerator: s.isNumerator,
          })),
        );
      }
    }
    await recordActivity(trx, {
      kind: 'document_edited',
      actorUserId: user.id,
      sectorId: doc.sector_id,
      entityType: 'document',
      entityId: doc.id,
      summary: `${user.fullName} editó ${doc.type_acronym} "${input.reference ?? doc.reference}"`,
    });
    if (changed.length) await emitDocumentEvents(trx, doc, editedEvent(doc, user.id, changed));
    return (await findDocument(trx, doc.id))!;
  });
}

export async function replaceImportedPdf(ctx: UserContext, documentId: string, pdf: Buffer): Promise<DocumentRow> {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, user, documentId, { forUpdate: true });
    requireEditable(user, doc);
    if (!doc.is_imported) throw badRequest(DOCUMENT_MESSAGES.notImported);
    if (doc.status !== 'draft') throw conflict(DOCUMENT_MESSAGES.replaceOnlyDraft);
    await checkUploadedPdf(pdf, 422);
    await storeFile(ctx, trx, doc.id, { kind: 'imported', bytes: pdf });
    await trx('documents').where({ id: doc.id }).update({ updated_at: trx.fn.now() });
    await recordActivity(trx, {
      kind: 'document_edited',
      actorUserId: user.id,
      sectorId: doc.sector_id,
      entityType: 'document',
      entityId: doc.id,
      summary: `${user.fullName} reemplazó el PDF de ${doc.type_acronym} "${doc.reference}"`,
    });
    await emitDocumentEvents(trx, doc, editedEvent(doc, user.id, ['pdf']));
    return (await findDocument(trx, doc.id))!;
  });
}

/** Soft delete of a draft or rejected document; `creatorOnly` on the backend, editors on integration. */
export async function deleteDocument(
  ctx: UserContext,
  documentId: string,
  options: { creatorOnly: boolean },
): Promise<void> {
  const { user } = ctx;
  await ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, user, documentId, { forUpdate: true });
    if (options.creatorOnly ? doc.created_by !== user.id : !canEditDocument(user, doc)) {
      throw forbidden(options.creatorOnly ? DOCUMENT_MESSAGES.creatorOnly : DOCUMENT_MESSAGES.noEditPermission);
    }
    if (doc.status !== 'draft' && doc.status !== 'rejected') throw conflict(DOCUMENT_MESSAGES.notDeletable);
    await trx('documents')
      .where({ id: doc.id })
      .update({ deleted_at: trx.fn.now(), deleted_by: user.id, updated_at: trx.fn.now() });
    await emitDocumentEvents(trx, doc, deletedEvent(doc, user.id));
  });
}

export interface SystemDocumentInput {
  typeAcronym: string;
  reference: string;
  content: string;
  sectorId: string;
  /** The case it belongs to (CAEX, PV); null for a record's report. */
  caseId: string | null;
  /** Signs alone, as numerator: system documents are signed automatically on the user's behalf. */
  signerUserId: string;
  /** Identifies the document within its case (or, without a case, among caseless ones), so a retried step finds it. */
  sourceKey: string;
}

/**
 * A document the platform generates for a case (CAEX cover, PV providence): a ready-to-sign draft
 * with one numerator. Idempotent on `sourceKey`.
 */
export async function createSystemDocument(ctx: UserContext, input: SystemDocumentInput): Promise<DocumentRow> {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const existing = await trx('documents')
      .where({ case_id: input.caseId, source_key: input.sourceKey })
      .first<{ id: string } | undefined>('id');
    if (existing) return (await findDocument(trx, existing.id))!;
    const type = await findDocumentType(trx, input.typeAcronym);
    // A configuration gap retrying cannot fix: fail for good (case creation then compensates).
    if (!type)
      throw new AppError(500, `El tipo de documento ${input.typeAcronym} no está configurado en este municipio`);
    const doc = await insertDocument(
      ctx,
      trx,
      {
        document_type_id: type.id,
        reference: input.reference,
        content: sanitizeContent(input.content),
        case_id: input.caseId,
        sector_id: input.sectorId,
        created_by: user.id,
        source_key: input.sourceKey,
        recipients: JSON.stringify(EMPTY_RECIPIENTS),
      },
      `${type.acronym} "${input.reference}" generado`,
    );
    await trx('document_signers').insert({
      document_id: doc.id,
      user_id: input.signerUserId,
      position: 1,
      is_numerator: true,
    });
    return doc;
  });
}

/** Compensation for a generated document whose signing failed for good: it is withdrawn, unsigned. */
export async function discardSystemDocument(ctx: UserContext, documentId: string): Promise<void> {
  await ctx.db.transaction((trx) =>
    trx('documents')
      .where({ id: documentId })
      .whereNotNull('source_key')
      .whereNot('status', 'signed')
      .update({ deleted_at: trx.fn.now(), deleted_by: ctx.user.id, updated_at: trx.fn.now() }),
  );
}
