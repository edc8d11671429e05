/**
 * The signing lifecycle as database steps. Each function is one idempotent step that a
 * DocumentSigningWorkflow activity runs; repeating a step after a crash finds its own earlier
 * result instead of doing the work twice. The workflow serialises the steps of one document.
 */
import { allocateNumber } from '../../db/counters.js';
import type { Tx } from '../../db/tenancy.js';
import { recordActivity } from '../activity-feed.js';
import { deadlineFor, type DeadlineRequest } from '../deadlines/request.js';
import { primarySector, type DomainContext, type UserContext } from '../context.js';
import { badRequest, conflict, forbidden, unprocessable } from '../errors.js';
import { formatNumber, yearIn } from '../numbering.js';
import { canEditDocument, requireDocument } from './access.js';
import { fileKey, latestSigningFile, sha256, storeFile } from './files.js';
import { DOCUMENT_MESSAGES } from './messages.js';
import { refused } from './refusals.js';
import { everyoneSigned, maySignNow, rejectionReason, rejectionRefusal, turnFacts } from '../../rules/signing.js';
import { UnreadablePdfError } from './pdf-workers.js';
import { findDocumentType, signerPermission } from './participants.js';
import { findDocument, iso, loadSigners, roundViewOf, type DocumentRow, type SignerRow } from './records.js';
import { withSignaturePage } from '../rendering/signature-page.js';
import {
  deliveryEvents,
  emitDocumentEvents,
  officializedEvent,
  rejectedEvent,
  sentToSignEvent,
  signedEvent,
} from './events.js';
import { documentLinkedEvents } from '../cases/events.js';
import { recordVerification, verificationMarkFor } from '../verification/registry.js';

export interface SignerSnapshot {
  userId: string;
  fullName: string;
  isNumerator: boolean;
  status: SignerRow['status'];
  signedAt: string | null;
}

export interface SigningRound {
  documentId: string;
  round: number;
  documentType: string;
  reference: string;
  officialNumber: string | null;
  sentToSignAt: string;
  signers: SignerSnapshot[];
  /** The round's deadline (ISO), or null; absent in rounds begun before deadlines existed. */
  dueAt?: string | null;
}

const snapshot = (s: SignerRow): SignerSnapshot => ({
  userId: s.user_id,
  fullName: s.full_name,
  isNumerator: s.is_numerator,
  status: s.status,
  signedAt: iso(s.signed_at),
});

const hasText = (html: string | null) =>
  Boolean(
    html
      ?.replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim(),
  );

export interface StartOptions {
  /** Backend: only the creator starts signing (integration: any editor). */
  creatorOnly: boolean;
}

/** Backend: only the creator starts signing; integration: any editor. */
export function checkMayStart(ctx: UserContext, doc: DocumentRow, options: StartOptions): void {
  const { user } = ctx;
  if (options.creatorOnly ? doc.created_by !== user.id : !canEditDocument(user, doc)) {
    throw forbidden(options.creatorOnly ? DOCUMENT_MESSAGES.creatorOnly : DOCUMENT_MESSAGES.noEditPermission);
  }
}

/** Everything that must hold before a document goes to signing (also re-checked inside the step). */
export async function checkStartable(
  ctx: UserContext,
  trx: Tx,
  doc: DocumentRow,
  options: StartOptions,
): Promise<SignerRow[]> {
  checkMayStart(ctx, doc, options);
  if (doc.status !== 'draft') throw conflict(DOCUMENT_MESSAGES.notSignable);
  if (!doc.is_imported && !hasText(doc.content)) throw badRequest(DOCUMENT_MESSAGES.needsContent);
  const signers = await loadSigners(trx, doc.id);
  if (signers.length === 0) throw badRequest(DOCUMENT_MESSAGES.needsSigners);
  if (!signers.some((s) => s.is_numerator)) throw badRequest(DOCUMENT_MESSAGES.needsNumerator);
  if (
    doc.type_acronym === 'MEMO' &&
    doc.recipients.to.length + doc.recipients.cc.length + doc.recipients.bcc.length === 0
  ) {
    throw badRequest(DOCUMENT_MESSAGES.needsMemoRecipients);
  }
  const type = (await findDocumentType(trx, doc.type_acronym))!;
  for (const s of signers) {
    const permission = await signerPermission(trx, s.user_id, type);
    if (!permission.canSign) throw badRequest(`El firmante ${s.full_name} no puede firmar: ${permission.reason}`);
  }
  return signers;
}

/**
 * draft → sent_to_sign: renders the final PDF (or takes the imported one) as revision 0 of a new
 * signing round and resets every signer to pending. `runId` identifies the workflow run that
 * starts the round: repeating the step for the same run returns that round.
 */
/**
 * A round's deadline as a start asks for it: a request, the document type's default in business
 * days, or none (documents the platform signs itself, and rounds begun before deadlines existed).
 */
export type RoundDeadline = DeadlineRequest | 'type_default' | null | undefined;

async function roundDeadline(ctx: DomainContext, typeAcronym: string, due: RoundDeadline): Promise<Date | null> {
  if (!due) return null;
  if (due !== 'type_default') return deadlineFor(ctx.db, ctx.services.timeZone, due);
  const type = await ctx.db.transaction((trx) => findDocumentType(trx, typeAcronym));
  const days = type?.signing_due_business_days;
  return days ? deadlineFor(ctx.db, ctx.services.timeZone, { dueInBusinessDays: days }) : null;
}

export async function beginSigning(
  ctx: UserContext,
  documentId: string,
  options: StartOptions & { runId: string; due?: RoundDeadline },
): Promise<SigningRound> {
  const { user } = ctx;
  const doc = await ctx.db.transaction((trx) => requireDocument(trx, user, documentId, { includeCreating: true }));
  // A repeat by the same workflow run (activity retried after it committed) returns its round.
  if (doc.workflow_id === options.runId && doc.status !== 'draft') return currentRound(ctx, documentId);
  const signers = await ctx.db.transaction((trx) => checkStartable(ctx, trx, doc, options));
  const round = doc.signing_round + 1;
  const dueAt = await roundDeadline(ctx, doc.type_acronym, options.due);

  const verification = await verificationMarkFor(ctx, doc.id);
  let pdf: Buffer;
  if (doc.is_imported) {
    const imported = await ctx.services.storage.get(fileKey(ctx, doc.id, 'imported'));
    if (!imported) throw badRequest(DOCUMENT_MESSAGES.noPdf);
    pdf = await withSignaturePage(imported, {
      title: `Hoja de firmas — ${doc.type_name}`,
      reference: doc.reference,
      municipality: ctx.tenant.displayName,
      verification,
    }).catch((err: unknown) => {
      // Stored before uploads were checked within limits: retrying cannot help.
      throw err instanceof UnreadablePdfError ? unprocessable(DOCUMENT_MESSAGES.pdfInvalid) : err;
    });
  } else {
    pdf = await ctx.services.renderer.render({
      html: doc.content ?? '',
      documentTypeName: doc.type_name,
      documentTypeAcronym: doc.type_acronym,
      officialNumber: doc.official_number,
      reference: doc.reference,
      municipality: ctx.tenant.displayName,
      signatureSlots: signers.length,
      verification,
    });
  }

  return ctx.db.transaction(async (trx) => {
    const locked = await requireDocument(trx, user, documentId, { forUpdate: true, includeCreating: true });
    if (
      locked.status !== 'draft' ||
      locked.signing_round !== doc.signing_round ||
      locked.updated_at.getTime() !== doc.updated_at.getTime()
    ) {
      // Changed while we rendered: signing must start from what the user last saw.
      throw conflict(DOCUMENT_MESSAGES.notSignable);
    }
    await storeFile(ctx, trx, doc.id, { kind: 'signing', round, revision: 0, bytes: pdf });
    await recordVerification(trx, ctx.tenant.schema, doc.id, verification.code, sha256(pdf));
    await trx('documents').where({ id: doc.id }).update({
      status: 'sent_to_sign',
      signing_round: round,
      sent_to_sign_at: trx.fn.now(),
      updated_at: trx.fn.now(),
      workflow_id: options.runId,
      signing_due_at: dueAt,
      signing_escalated_at: null,
    });
    await trx('document_signers')
      .where({ document_id: doc.id })
      .update({ status: 'pending', signed_at: null, signature_kind: null, certificate_id: null });
    await recordActivity(trx, {
      kind: 'document_sent_to_sign',
      actorUserId: user.id,
      sectorId: doc.sector_id,
      entityType: 'document',
      entityId: doc.id,
      summary: `${user.fullName} envió a firma ${doc.type_acronym} "${doc.reference}"`,
    });
    const started = (await findDocument(trx, doc.id))!;
    await emitDocumentEvents(trx, started, sentToSignEvent(started, await loadSigners(trx, doc.id)));
    return roundOf(trx, doc.id);
  });
}

async function roundOf(trx: Tx, documentId: string): Promise<SigningRound> {
  const doc = (await findDocument(trx, documentId))!;
  const signers = await loadSigners(trx, documentId);
  return {
    documentId: doc.id,
    round: doc.signing_round,
    documentType: doc.type_acronym,
    reference: doc.reference,
    officialNumber: doc.official_number,
    sentToSignAt: iso(doc.sent_to_sign_at)!,
    signers: signers.map(snapshot),
    dueAt: iso(doc.signing_due_at),
  };
}

export function currentRound(ctx: DomainContext, documentId: string): Promise<SigningRound> {
  return ctx.db.transaction((trx) => roundOf(trx, documentId));
}

async function requireSigningRound(trx: Tx, ctx: UserContext, documentId: string, round: number, message: string) {
  // Only one of the round's signers gets past the check below, and a signer always sees the
  // document: the visibility rule would repeat that check at ~1 ms per read (several per signature).
  const doc = await requireDocument(trx, null, documentId, { forUpdate: true, includeCreating: true });
  if (doc.status !== 'sent_to_sign' || doc.signing_round !== round) throw conflict(message);
  const signers = await loadSigners(trx, doc.id);
  const me = signers.find((s) => s.user_id === ctx.user.id);
  if (!me) throw forbidden(DOCUMENT_MESSAGES.notAuthorizedToSign);
  return { doc, signers, me };
}

/** The signing rules' turn for the acting signer: a numerator only once every common signer has signed. */
function mayActNow(doc: DocumentRow, signers: SignerRow[], userId: string): boolean {
  return maySignNow(turnFacts(roundViewOf(doc, signers), userId));
}

/**
 * The numerator's official number, allocated once: the counter and the document row change in
 * one transaction, and a repeat (activity retry, worker restart) returns the stored number.
 */
export async function assignOfficialNumber(ctx: UserContext, documentId: string, round: number): Promise<string> {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const { doc, signers, me } = await requireSigningRound(trx, ctx, documentId, round, DOCUMENT_MESSAGES.notSignable);
    if (doc.official_number) return doc.official_number;
    if (!me.is_numerator || !mayActNow(doc, signers, me.user_id)) throw conflict(DOCUMENT_MESSAGES.notSignable);
    const year = yearIn(ctx.services.timeZone);
    // A document the platform generates for a case carries the sector it was made in (the case's);
    // any other, the numerator's primary sector.
    const sectorAcronym = doc.source_key
      ? (await trx('sectors').where({ id: doc.sector_id }).first<{ acronym: string }>('acronym'))!.acronym
      : (primarySector(user)?.acronym ?? 'SN');
    const sequence = await allocateNumber(trx, doc.type_prefix, year);
    const number = formatNumber(doc.type_prefix, year, sequence, ctx.tenant.municipalityCode, sectorAcronym);
    await trx('documents')
      .where({ id: doc.id })
      .update({ official_number: number, numbered_at: trx.fn.now(), updated_at: trx.fn.now() });
    return number;
  });
}

export interface SignatureRequest {
  alreadySigned: boolean;
  signedAt: string | null;
  pdf?: Buffer;
  baseRevision?: number;
  fileName?: string;
  signer?: { name: string; seal: string; department: string; entity: string };
  stamp?: { documentNumber: string; city: string };
  /** How the signer is told what they authorise (a personal signature's code e-mail). */
  title?: string;
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/**
 * What the signing service needs for the acting signer's signature over the latest revision.
 * `withPdf: false` leaves the revision's bytes unread (a step that only compares revisions).
 */
export async function prepareSignature(
  ctx: UserContext,
  documentId: string,
  round: number,
  options: { withPdf?: boolean } = {},
): Promise<SignatureRequest> {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const { doc, signers, me } = await requireSigningRound(trx, ctx, documentId, round, DOCUMENT_MESSAGES.notSignable);
    if (me.status === 'signed') return { alreadySigned: true, signedAt: iso(me.signed_at) };
    if (!mayActNow(doc, signers, me.user_id) || (me.is_numerator && !doc.official_number))
      throw conflict(DOCUMENT_MESSAGES.notSignable);
    const latest = await latestSigningFile(trx, doc.id, round);
    const pdf = latest && options.withPdf !== false ? await ctx.services.storage.get(latest.storage_key) : undefined;
    if (!latest || (options.withPdf !== false && !pdf))
      throw new Error(`document ${doc.id} round ${round} has no stored revision`);
    const profile = await trx('users as u')
      .leftJoin('seals as se', 'se.id', 'u.default_seal_id')
      .leftJoin('user_sector_permissions as p', (j) => j.on('p.user_id', 'u.id').andOn('p.is_primary', trx.raw('true')))
      .leftJoin('sectors as s', 's.id', 'p.sector_id')
      .leftJoin('departments as dep', 'dep.id', 's.department_id')
      .where('u.id', user.id)
      .first<{ seal: string | null; sector: string | null; department: string | null }>(
        'se.name as seal',
        's.name as sector',
        'dep.name as department',
      );
    return {
      alreadySigned: false,
      signedAt: null,
      ...(pdf ? { pdf } : {}),
      baseRevision: latest.revision,
      fileName: `${doc.type_acronym}-${doc.id}.pdf`,
      title: `${doc.type_acronym} "${clip(doc.reference, 120)}"${doc.official_number ? ` ${doc.official_number}` : ''}`,
      signer: {
        name: clip(user.fullName, 100),
        seal: clip(profile?.seal ?? (user.role === 'director' ? 'Director' : 'Agente municipal'), 50),
        department: clip(profile?.department ?? profile?.sector ?? ctx.tenant.displayName, 100),
        entity: clip(ctx.tenant.displayName, 100),
      },
      ...(me.is_numerator ? { stamp: { documentNumber: doc.official_number!, city: ctx.tenant.city } } : {}),
    };
  });
}

/**
 * Stores the signed revision and marks the signer signed; a repeat returns the first result.
 * `credentialId`: the personal certificate that made it (signing_credentials.id); none: the seal.
 */
export async function recordSignature(
  ctx: UserContext,
  documentId: string,
  input: { round: number; baseRevision: number; pdf: Buffer; credentialId?: string },
): Promise<{ signedAt: string; revision: number }> {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const { doc, me } = await requireSigningRound(trx, ctx, documentId, input.round, DOCUMENT_MESSAGES.notSignable);
    const latest = await latestSigningFile(trx, doc.id, input.round);
    if (me.status === 'signed') return { signedAt: iso(me.signed_at)!, revision: latest!.revision };
    if (latest?.revision !== input.baseRevision) throw conflict(DOCUMENT_MESSAGES.notSignable);
    const revision = input.baseRevision + 1;
    await storeFile(ctx, trx, doc.id, {
      kind: 'signing',
      round: input.round,
      revision,
      bytes: input.pdf,
      signedBy: user.id,
    });
    const [row] = await trx('document_signers')
      .where({ document_id: doc.id, user_id: user.id })
      .update({
        status: 'signed',
        signed_at: trx.fn.now(),
        signature_kind: input.credentialId ? 'personal' : 'seal',
        certificate_id: input.credentialId ?? null,
      })
      .returning<{ signed_at: Date }[]>('signed_at');
    await trx('documents').where({ id: doc.id }).update({ updated_at: trx.fn.now() });
    await recordActivity(trx, {
      kind: 'document_signed',
      actorUserId: user.id,
      sectorId: doc.sector_id,
      entityType: 'document',
      entityId: doc.id,
      summary: `${user.fullName} firmó ${doc.type_acronym} "${doc.reference}"`,
    });
    const signers = await loadSigners(trx, doc.id);
    const signer = signers.find((s) => s.user_id === user.id)!;
    await emitDocumentEvents(trx, doc, signedEvent(doc, signer, signers.filter((s) => s.status !== 'signed').length));
    return { signedAt: iso(row!.signed_at)!, revision };
  });
}

export interface Officialized {
  officialNumber: string;
  signedAt: string;
  officialKey: string;
}

/**
 * sent_to_sign → signed once every signer has signed: the last revision becomes the official file,
 * and the effects of officialization happen in the same transaction (note delivery, memo
 * recipients, case proposals, case link, dashboard event).
 */
export async function officializeDocument(ctx: UserContext, documentId: string, round: number): Promise<Officialized> {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, user, documentId, { forUpdate: true, includeCreating: true });
    const officialKey = fileKey(ctx, doc.id, 'official');
    if (doc.status === 'signed')
      return { officialNumber: doc.official_number!, signedAt: iso(doc.signed_at)!, officialKey };
    if (doc.status !== 'sent_to_sign' || doc.signing_round !== round || !doc.official_number)
      throw conflict(DOCUMENT_MESSAGES.notSignable);
    if (!everyoneSigned(roundViewOf(doc, await loadSigners(trx, doc.id)).signers))
      throw conflict(DOCUMENT_MESSAGES.notSignable);

    const latest = (await latestSigningFile(trx, doc.id, round))!;
    const bytes = await ctx.services.storage.get(latest.storage_key);
    if (!bytes) throw new Error(`missing stored revision ${latest.storage_key}`);
    await storeFile(ctx, trx, doc.id, { kind: 'official', bytes, signedBy: user.id });
    const [updated] = await trx('documents')
      .where({ id: doc.id })
      .update({ status: 'signed', signed_at: trx.fn.now(), updated_at: trx.fn.now() })
      .returning<{ signed_at: Date }[]>('signed_at');

    const now = trx.fn.now();
    if (doc.type_acronym === 'NOTA') {
      const rows = (['to', 'cc', 'bcc'] as const).flatMap((kind) =>
        doc.recipients[kind].map((sectorId) => ({
          document_id: doc.id,
          sector_id: sectorId,
          recipient_kind: kind,
          delivered_at: now,
        })),
      );
      if (rows.length) await trx('note_recipients').insert(rows).onConflict(['document_id', 'sector_id']).ignore();
    }
    if (doc.type_acronym === 'MEMO') {
      const senderSector = doc.sector_id;
      const kinds = { to: 'TO', cc: 'CC', bcc: 'BCC' } as const;
      const userIds = [...doc.recipients.to, ...doc.recipients.cc, ...doc.recipients.bcc];
      const primaries = await trx('user_sector_permissions')
        .whereIn('user_id', userIds)
        .andWhere('is_primary', true)
        .select<{ user_id: string; sector_id: string }[]>('user_id', 'sector_id');
      const sectorOf = new Map(primaries.map((p) => [p.user_id, p.sector_id]));
      const rows = (['to', 'cc', 'bcc'] as const).flatMap((kind) =>
        doc.recipients[kind].map((userId) => ({
          document_id: doc.id,
          recipient_user_id: userId,
          sender_user_id: doc.created_by,
          recipient_type: kinds[kind],
          recipient_sector_id: sectorOf.get(userId) ?? null,
          sender_sector_id: senderSector,
        })),
      );
      if (rows.length)
        await trx('memo_recipients').insert(rows).onConflict(['document_id', 'recipient_user_id']).ignore();
    }
    for (const caseId of doc.proposed_case_ids) {
      const pending = await trx('document_proposals')
        .where({ case_id: caseId, document_id: doc.id, status: 'pending_approval' })
        .first('id');
      if (!pending)
        await trx('document_proposals').insert({ case_id: caseId, document_id: doc.id, proposed_by: doc.created_by });
    }
    // Linked on officialization: the case it was created in, and every case that accepted it.
    const accepted = await trx('document_proposals')
      .where({ document_id: doc.id, status: 'accepted' })
      .pluck('case_id');
    const linkTo = [...new Set([...(doc.case_id ? [doc.case_id] : []), ...accepted])];
    const linked: string[] = linkTo.length
      ? await trx('case_documents')
          .insert(linkTo.map((caseId) => ({ case_id: caseId, document_id: doc.id, linked_by: user.id })))
          .onConflict(['case_id', 'document_id'])
          .ignore()
          .returning('case_id')
          .then((rows: { case_id: string }[]) => rows.map((r) => r.case_id))
      : [];
    await recordActivity(trx, {
      kind: 'document_officialized',
      actorUserId: user.id,
      sectorId: doc.sector_id,
      entityType: 'document',
      entityId: doc.id,
      summary: `${doc.type_acronym} "${doc.reference}" oficializado como ${doc.official_number}`,
      data: { official_number: doc.official_number },
    });
    const official = (await findDocument(trx, doc.id))!;
    await emitDocumentEvents(
      trx,
      official,
      await officializedEvent(trx, official),
      ...deliveryEvents(official),
      ...(await documentLinkedEvents(trx, linked, official, user.id)),
    );
    return { officialNumber: doc.official_number, signedAt: iso(updated!.signed_at)!, officialKey };
  });
}

export interface Rejection {
  rejectedBy: string;
  reason: string;
  rejectedAt: string;
}

/** sent_to_sign → rejected by any signer, with a reason; ends the signing round. */
export async function rejectDocument(
  ctx: UserContext,
  documentId: string,
  round: number,
  reason: string,
): Promise<Rejection> {
  const { user } = ctx;
  const refusal = rejectionRefusal(reason);
  if (refusal) throw refused(refusal);
  const text = rejectionReason(reason);
  return ctx.db.transaction(async (trx) => {
    const doc = await requireDocument(trx, user, documentId, { forUpdate: true, includeCreating: true });
    if (doc.status === 'rejected' && doc.signing_round === round && doc.rejected_by === user.id) {
      return { rejectedBy: user.id, reason: doc.rejection_reason!, rejectedAt: iso(doc.rejected_at)! };
    }
    const { me } = await requireSigningRound(trx, ctx, documentId, round, DOCUMENT_MESSAGES.notRejectable);
    const [row] = await trx('documents')
      .where({ id: doc.id })
      .update({
        status: 'rejected',
        rejected_by: user.id,
        rejection_reason: text,
        rejected_at: trx.fn.now(),
        updated_at: trx.fn.now(),
      })
      .returning<{ rejected_at: Date }[]>('rejected_at');
    await trx('document_signers').where({ document_id: doc.id, user_id: me.user_id }).update({ status: 'rejected' });
    await recordActivity(trx, {
      kind: 'document_rejected',
      actorUserId: user.id,
      sectorId: doc.sector_id,
      entityType: 'document',
      entityId: doc.id,
      summary: `${user.fullName} rechazó ${doc.type_acronym} "${doc.reference}": ${text}`,
    });
    const rejected = (await findDocument(trx, doc.id))!;
    await emitDocumentEvents(trx, rejected, rejectedEvent(rejected));
    return { rejectedBy: user.id, reason: text, rejectedAt: iso(row!.rejected_at)! };
  });
}
