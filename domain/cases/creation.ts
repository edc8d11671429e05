/**
 * Case creation as idempotent steps for CaseCreationWorkflow: validate, create the case (number,
 * creation movement; invisible until finished), create its CAEX cover draft, finish, or discard
 * everything if a step fails for good. Signing the cover reuses the document signing steps.
 */
import { allocateNumber } from '../../db/counters.js';
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import { recordActivity } from '../activity-feed.js';
import { primarySector, type ActingUser, type UserContext } from '../context.js';
import { forbidden, notFound } from '../errors.js';
import { createSystemDocument } from '../documents/drafts.js';
import { editSectorIds } from '../documents/access.js';
import { formatNumber, yearIn } from '../numbering.js';
import { CASE_MESSAGES } from './messages.js';
import { escapeHtml } from '../../lib/html.js';
import { coverLayoutHtml } from '../rendering/cover-layout.js';
import { checkMaxLength, TEXT_LIMITS } from '../limits.js';
import { formatMunicipalTime } from '../calendar.js';
import { coverEvents } from '../documents/events.js';
import { emitEvents } from '../webhooks/outbox.js';
import { documentLinkedEvents } from './events.js';

export interface CaseRequest {
  /** Idempotency key of the creation (part of the workflow ID). */
  key: string;
  templateId: string;
  reference: string;
  ownerSectorId?: string | null;
}

export interface ValidatedCaseRequest {
  templateId: string;
  templateName: string;
  templateAcronym: string;
  ownerSectorId: string;
  ownerSectorAcronym: string;
  ownerSectorName: string;
}

/** The template must be active; the owner sector (default: the user's primary) one the user edits in. */
export async function validateCaseRequest(
  ctx: UserContext,
  request: Omit<CaseRequest, 'key'>,
): Promise<ValidatedCaseRequest> {
  const { user } = ctx;
  checkMaxLength(request.reference, 'reference', TEXT_LIMITS.reference);
  return ctx.db.transaction(async (trx) => {
    const template = isUuid(request.templateId)
      ? await trx('case_templates')
          .where({ id: request.templateId, is_active: true })
          .first<{ id: string; name: string; acronym: string } | undefined>('id', 'name', 'acronym')
      : undefined;
    if (!template) throw notFound(CASE_MESSAGES.templateNotFound);
    const sectorId = request.ownerSectorId ?? primarySector(user)?.sectorId;
    const sector =
      sectorId && isUuid(sectorId)
        ? await trx('sectors')
            .where({ id: sectorId, is_active: true })
            .first<{ id: string; acronym: string; name: string } | undefined>('id', 'acronym', 'name')
        : undefined;
    if (!sector) throw notFound(CASE_MESSAGES.sectorNotFound);
    if (!editSectorIds(user).includes(sector.id)) throw forbidden(CASE_MESSAGES.noCreatePermission);
    return {
      templateId: template.id,
      templateName: template.name,
      templateAcronym: template.acronym,
      ownerSectorId: sector.id,
      ownerSectorAcronym: sector.acronym,
      ownerSectorName: sector.name,
    };
  });
}

export interface CreatedCase {
  caseId: string;
  caseNumber: string;
  reference: string;
  createdAt: string;
}

/** Idempotency keys belong to the user who sends them: two users' keys never meet. */
const creationKey = (user: ActingUser, key: string) => `${user.id}/${key}`;

/** The case row (not yet visible), its number and its creation movement; once per key. */
export async function createCaseRecord(
  ctx: UserContext,
  key: string,
  reference: string,
  valid: ValidatedCaseRequest,
): Promise<CreatedCase> {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const existing = await trx('cases')
      .where({ creation_key: creationKey(user, key) })
      .first<{ id: string; case_number: string; reference: string; created_at: Date } | undefined>();
    if (existing)
      return {
        caseId: existing.id,
        caseNumber: existing.case_number,
        reference: existing.reference,
        createdAt: existing.created_at.toISOString(),
      };
    const year = yearIn(ctx.services.timeZone);
    const sequence = await allocateNumber(trx, 'EE', year);
    const caseNumber = formatNumber('EE', year, sequence, ctx.tenant.municipalityCode, valid.ownerSectorAcronym);
    const [row] = await trx('cases')
      .insert({
        case_number: caseNumber,
        reference,
        template_id: valid.templateId,
        owner_sector_id: valid.ownerSectorId,
        responsible_user_id: user.id,
        created_by: user.id,
        creation_key: creationKey(user, key),
        is_ready: false,
      })
      .returning<{ id: string; created_at: Date }[]>(['id', 'created_at']);
    await trx('case_movements').insert({
      case_id: row!.id,
      movement_type: 'creation',
      from_sector_id: null,
      to_sector_id: valid.ownerSectorId,
      reason: 'Creación del expediente',
      created_by: user.id,
      status: 'closed',
    });
    return { caseId: row!.id, caseNumber, reference, createdAt: row!.created_at.toISOString() };
  });
}

export function coverHtml(input: {
  caseNumber: string;
  reference: string;
  template: string;
  sector: string;
  createdAt: string;
  creator: string;
  timeZone: string;
}): string {
  const date = formatMunicipalTime(input.createdAt, input.timeZone, { dateStyle: 'long', timeStyle: 'short' });
  return coverLayoutHtml({
    title: 'Carátula de expediente',
    subtitle: input.caseNumber,
    rows: [
      ['Número de expediente', input.caseNumber],
      ['Carátula / referencia', input.reference],
      ['Trámite', input.template],
      ['Sector iniciador', input.sector],
      ['Fecha de creación', date],
      ['Iniciado por', input.creator],
    ],
    closing: 'Se inicia el presente expediente a los fines indicados en la referencia.',
  });
}

/** The CAEX cover draft, signed (as numerator) by the creator; once per case. */
export async function createCoverDraft(
  ctx: UserContext,
  created: CreatedCase,
  valid: ValidatedCaseRequest,
): Promise<string> {
  const { user } = ctx;
  const doc = await createSystemDocument(ctx, {
    typeAcronym: 'CAEX',
    reference: `Carátula ${created.caseNumber}: ${created.reference}`.slice(0, 500),
    content: coverHtml({
      caseNumber: created.caseNumber,
      reference: created.reference,
      template: valid.templateName,
      sector: valid.ownerSectorName,
      createdAt: created.createdAt,
      creator: user.fullName,
      timeZone: ctx.services.timeZone,
    }),
    sectorId: valid.ownerSectorId,
    caseId: created.caseId,
    signerUserId: user.id,
    sourceKey: 'cover',
  });
  return doc.id;
}

/**
 * Makes the case visible (its cover is signed and linked). The case's events and its cover's are
 * written here, once: before this step the case may still be discarded.
 */
export async function finishCase(ctx: UserContext, caseId: string): Promise<void> {
  const { user } = ctx;
  await ctx.db.transaction(async (trx) => {
    const updated = await trx('cases')
      .where({ id: caseId, is_ready: false })
      .update({ is_ready: true, last_modified_at: trx.fn.now() })
      .returning<
        { case_number: string; owner_sector_id: string; reference: string; template_id: string; created_by: string }[]
      >(['case_number', 'owner_sector_id', 'reference', 'template_id', 'created_by']);
    if (updated[0]) {
      const c = updated[0];
      await recordActivity(trx, {
        kind: 'case_created',
        actorUserId: user.id,
        sectorId: c.owner_sector_id,
        entityType: 'case',
        entityId: caseId,
        summary: `${user.fullName} creó el expediente ${c.case_number} "${c.reference}"`,
      });
      await emitCreationEvents(trx, caseId, c);
    }
  });
}

/** The cover's life, then `case.created`, then the cover's link to the case. */
async function emitCreationEvents(
  trx: Tx,
  caseId: string,
  c: { case_number: string; owner_sector_id: string; template_id: string; created_by: string },
) {
  const template = await trx('case_templates').where({ id: c.template_id }).first<{ acronym: string }>('acronym');
  const cover = await trx('documents')
    .where({ case_id: caseId, source_key: 'cover' })
    .whereNull('deleted_at')
    .first<{ id: string } | undefined>('id');
  const links = await trx('case_documents as cd')
    .join('documents as d', 'd.id', 'cd.document_id')
    .where('cd.case_id', caseId)
    .orderBy('cd.linked_at')
    .select<{ id: string; official_number: string | null; linked_by: string | null }[]>(
      'd.id',
      'd.official_number',
      'cd.linked_by',
    );
  const linked = [];
  for (const l of links) linked.push(...(await documentLinkedEvents(trx, [caseId], l, l.linked_by)));
  await emitEvents(
    trx,
    ...(cover ? await coverEvents(trx, cover.id) : []),
    {
      type: 'case.created',
      subject: { kind: 'case', id: caseId },
      data: {
        case_id: caseId,
        case_number: c.case_number,
        template: template!.acronym,
        owner_sector_id: c.owner_sector_id,
        created_by_user_id: c.created_by,
        cover_document_id: cover?.id ?? null,
      },
    },
    ...linked,
  );
}

/** Compensation: a creation that failed for good leaves nothing behind (its number stays unused). */
export async function discardCase(ctx: UserContext, key: string): Promise<void> {
  const { user } = ctx;
  await ctx.db.transaction(async (trx) => {
    const c = await trx('cases')
      .where({ creation_key: creationKey(user, key), is_ready: false })
      .first<{ id: string } | undefined>('id');
    if (!c) return;
    const docs = await trx('documents').where({ case_id: c.id }).pluck('id');
    await trx('case_documents').where({ case_id: c.id }).delete();
    if (docs.length) {
      await trx('activity_events').whereIn('entity_id', docs).delete();
      await trx('document_files').whereIn('document_id', docs).delete();
      await trx('document_signers').whereIn('document_id', docs).delete();
      await trx('documents').whereIn('id', docs).delete();
    }
    await trx('case_movements').where({ case_id: c.id }).delete();
    await trx('cases').where({ id: c.id }).delete();
  });
}

/** The PV (providence) draft that documents a movement when `create_official_doc` is requested. */
export async function createProvidenceDraft(ctx: UserContext, movementId: string): Promise<string> {
  const { user } = ctx;
  const movement = await ctx.db.transaction((trx) =>
    trx('case_movements as m')
      .join('cases as c', 'c.id', 'm.case_id')
      .leftJoin('sectors as fs', 'fs.id', 'm.from_sector_id')
      .join('sectors as ts', 'ts.id', 'm.to_sector_id')
      .where('m.id', movementId)
      .first<{
        case_id: string;
        case_number: string;
        reference: string;
        movement_type: string;
        reason: string;
        from_name: string | null;
        from_id: string | null;
        to_name: string;
        created_at: Date;
      }>(
        'm.case_id',
        'c.case_number',
        'c.reference',
        'm.movement_type',
        'm.reason',
        'fs.name as from_name',
        'fs.id as from_id',
        'ts.name as to_name',
        'm.created_at',
      ),
  );
  if (!movement) throw notFound('Movimiento no encontrado');
  const action = movement.movement_type === 'transfer' ? 'Pase del expediente' : 'Asignación de tarea';
  const date = formatMunicipalTime(movement.created_at, ctx.services.timeZone, {
    dateStyle: 'long',
    timeStyle: 'short',
  });
  const doc = await createSystemDocument(ctx, {
    typeAcronym: 'PV',
    reference: `${action} ${movement.case_number} a ${movement.to_name}`.slice(0, 500),
    content: `<h1>Providencia</h1>
<p><b>Expediente:</b> ${escapeHtml(movement.case_number)} — ${escapeHtml(movement.reference)}</p>
<p><b>${escapeHtml(action)}</b> de ${escapeHtml(movement.from_name ?? '—')} a ${escapeHtml(movement.to_name)}, el ${escapeHtml(date)}.</p>
<p><b>Motivo:</b> ${escapeHtml(movement.reason)}</p>
<p>Firmado por ${escapeHtml(user.fullName)}.</p>`,
    sectorId: movement.from_id ?? primarySector(user)!.sectorId,
    caseId: movement.case_id,
    signerUserId: user.id,
    sourceKey: `pv:${movementId}`,
  });
  return doc.id;
}
