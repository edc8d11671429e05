/**
 * Archiving a case and keeping it: an archived case's file is closed for good (no transfer,
 * assignment or new document: those need an active case), and its template may say for how
 * many years it must be kept. Cases past that period are listed to the administrators; nothing
 * is ever deleted here.
 */
import type { Tx } from '../../db/tenancy.js';
import { requireAdministrator, type UserContext } from '../context.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import { isUuid } from '../acting-user.js';
import { parsePage, pageInfo } from '../lists/pagination.js';
import { emitEvent } from '../webhooks/outbox.js';
import { isResponsible, requireCase } from './access.js';
import { CASE_MESSAGES } from './messages.js';
import { activeAssignments } from './records.js';

export const RETENTION_MESSAGES = {
  noArchivePermission: 'Solo un editor del sector dueño puede archivar el expediente',
  alreadyArchived: 'El expediente ya está archivado',
  openAssignments: 'El expediente tiene asignaciones abiertas: ciérrelas antes de archivarlo',
  pendingProposals:
    'El expediente tiene documentos propuestos sin resolver: acéptelos o rechácelos antes de archivarlo',
  retentionYears: 'retention_years debe ser un entero entre 1 y 200, o null',
} as const;

/** Bounds of case_templates.retention_years (tenant migration 020). */
export const RETENTION_YEARS = { min: 1, max: 200 } as const;

function requireAdmin(ctx: UserContext): void {
  requireAdministrator(ctx.user, 'gestionar la conservación de expedientes');
}

export interface ArchivedCase {
  case_id: string;
  case_number: string;
  status: 'archived';
  archived_at: string;
}

/**
 * Archives a case (active or inactive) for an editor of its owner sector. Open assignments and
 * pending proposals must be resolved first, so no sector is left holding a case it can no longer
 * act on and no document waits to join a closed file.
 */
export async function archiveCase(ctx: UserContext, caseId: string): Promise<ArchivedCase> {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, user, caseId, { forUpdate: true });
    if (!isResponsible(user, c)) throw forbidden(RETENTION_MESSAGES.noArchivePermission);
    if (c.status === 'archived') throw conflict(RETENTION_MESSAGES.alreadyArchived);
    if ((await activeAssignments(trx, c.id)).length) throw conflict(RETENTION_MESSAGES.openAssignments);
    if (await trx('document_proposals').where({ case_id: c.id, status: 'pending_approval' }).first('id'))
      throw conflict(RETENTION_MESSAGES.pendingProposals);
    const [row] = await trx('cases')
      .where({ id: c.id })
      .update({ status: 'archived', archived_at: trx.fn.now(), last_modified_at: trx.fn.now() })
      .returning<{ archived_at: Date }[]>('archived_at');
    await emitEvent(
      trx,
      'case.archived',
      { kind: 'case', id: c.id },
      { case_id: c.id, case_number: c.case_number, by_user_id: user.id },
    );
    return {
      case_id: c.id,
      case_number: c.case_number,
      status: 'archived',
      archived_at: row!.archived_at.toISOString(),
    };
  });
}

export interface TemplateRetention {
  template_id: string;
  name: string;
  acronym: string;
  retention_years: number | null;
}

const templatesOf = (trx: Tx) =>
  trx('case_templates')
    .orderBy([{ column: 'is_active', order: 'desc' }, 'name'])
    .select<TemplateRetention[]>('id as template_id', 'name', 'acronym', 'retention_years');

/** Sets (or, with null, removes) how many years archived cases of a template are kept. */
export async function setTemplateRetention(
  ctx: UserContext,
  templateId: string,
  years: unknown,
): Promise<TemplateRetention> {
  requireAdmin(ctx);
  const valid =
    years === null ||
    (typeof years === 'number' &&
      Number.isInteger(years) &&
      years >= RETENTION_YEARS.min &&
      years <= RETENTION_YEARS.max);
  if (!valid) throw badRequest(RETENTION_MESSAGES.retentionYears);
  if (!isUuid(templateId)) throw notFound(CASE_MESSAGES.templateNotFound);
  return ctx.db.transaction(async (trx) => {
    const before = await trx('case_templates')
      .where({ id: templateId })
      .forUpdate()
      .first<{ retention_years: number | null } | undefined>('retention_years');
    if (!before) throw notFound(CASE_MESSAGES.templateNotFound);
    const [row] = await trx('case_templates')
      .where({ id: templateId })
      .update({ retention_years: years })
      .returning<TemplateRetention[]>(['id as template_id', 'name', 'acronym', 'retention_years']);
    // The audit trail: once per change, none when the period stays as it was.
    if (before.retention_years !== years) {
      await emitEvent(
        trx,
        'case_template.retention_changed',
        { kind: 'case_template', id: templateId },
        { template_id: templateId, by_user_id: ctx.user.id },
      );
    }
    return row!;
  });
}

export interface RetentionDueCase {
  case_id: string;
  case_number: string;
  reference: string;
  template: string;
  retention_years: number;
  archived_at: string;
  retention_ends_at: string;
}

/**
 * Archived cases whose retention period has ended (archived_at + the template's years), oldest
 * first, with the templates' retentions for the screen that edits them.
 */
export async function retentionDue(ctx: UserContext, input: { page?: unknown; page_size?: unknown }) {
  requireAdmin(ctx);
  const p = parsePage(input);
  return ctx.db.transaction(async (trx) => {
    const due = () =>
      trx('cases as c')
        .join('case_templates as ct', 'ct.id', 'c.template_id')
        .where('c.status', 'archived')
        .whereNotNull('c.archived_at')
        .whereNotNull('ct.retention_years')
        .whereRaw(`c.archived_at + make_interval(years => ct.retention_years) <= now()`);
    const [{ total }] = await due().count<{ total: string }[]>('* as total');
    const rows = await due()
      .orderBy([
        { column: 'c.archived_at', order: 'asc' },
        { column: 'c.id', order: 'asc' },
      ])
      .offset(p.offset)
      .limit(p.pageSize)
      .select<
        {
          id: string;
          case_number: string;
          reference: string;
          template: string;
          retention_years: number;
          archived_at: Date;
          ends_at: Date;
        }[]
      >(
        'c.id',
        'c.case_number',
        'c.reference',
        'ct.name as template',
        'ct.retention_years',
        'c.archived_at',
        trx.raw('c.archived_at + make_interval(years => ct.retention_years) as ends_at'),
      );
    const cases: RetentionDueCase[] = rows.map((r) => ({
      case_id: r.id,
      case_number: r.case_number,
      reference: r.reference,
      template: r.template,
      retention_years: r.retention_years,
      archived_at: r.archived_at.toISOString(),
      retention_ends_at: r.ends_at.toISOString(),
    }));
    const templates = await templatesOf(trx);
    return { cases, templates, ...pageInfo(p, Number(total)) };
  });
}
