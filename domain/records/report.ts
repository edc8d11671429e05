/**
 * The IFRLM report of a record (legajo): the steps RecordReportWorkflow runs. The report is a
 * system document (type IFRLM) rendered from the record as it stands — fields with expiration and
 * verification, relations, linked cases and documents, recent history — as the requester may see
 * it (the workflow's steps act as the requester), signed on the requester's behalf, then linked
 * to the record with an `ifrlm_generated` history entry. Each step finds its own earlier result,
 * so a retried step never makes a second report or link.
 */
import { escapeHtml } from '../../lib/html.js';
import { primarySector, type UserContext } from '../context.js';
import { createSystemDocument } from '../documents/drafts.js';
import { badRequest } from '../errors.js';
import { actorOf } from './history.js';
import { linkDocumentToRecord } from './links.js';
import { loadRecordReportData, type RecordReportData } from './report-data.js';
import { requireRecord } from './rows.js';
import { formatMunicipalTime } from '../calendar.js';

const HISTORY_SHOWN = 20;

/** The record's number if the user may view it (the report shows what viewing shows); else 404/403. */
export async function checkReportRequest(ctx: UserContext, recordId: string): Promise<{ recordNumber: string }> {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const { record } = await requireRecord(trx, user, recordId, 'view');
    return { recordNumber: record.record_number };
  });
}

/** Creates (once per request key) the unsigned IFRLM document of the record. */
export async function createRecordReportDraft(
  ctx: UserContext,
  recordId: string,
  key: string,
): Promise<{ documentId: string; recordNumber: string }> {
  const { user } = ctx;
  const data = await ctx.db.transaction((trx) =>
    loadRecordReportData(trx, recordId, { viewer: user, historyLimit: HISTORY_SHOWN }),
  );
  const sector = primarySector(user);
  if (!sector) throw badRequest('El usuario no tiene un sector para emitir el informe');
  const doc = await createSystemDocument(ctx, {
    typeAcronym: 'IFRLM',
    reference: `Informe de legajo ${data.record.record_number}: ${data.record.display_name}`.slice(0, 500),
    content: reportHtml(data, ctx.services.timeZone, user.fullName),
    sectorId: sector.sectorId,
    caseId: null,
    signerUserId: user.id,
    sourceKey: `ifrlm:${recordId}:${key}`,
  });
  return { documentId: doc.id, recordNumber: data.record.record_number };
}

/** Links the signed report to its record, writing `ifrlm_generated` (with the number) once. */
export async function linkRecordReport(
  ctx: UserContext,
  recordId: string,
  documentId: string,
): Promise<{ linkId: string }> {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const linked = await linkDocumentToRecord(
      trx,
      { recordId, documentId, fieldName: null, notes: 'Informe generado desde el legajo', actor: actorOf(user) },
      { historyAction: 'ifrlm_generated', onExisting: 'ignore' },
    );
    if (linked) return { linkId: linked.linkId };
    const existing = await trx('record_document_links')
      .where({ record_id: recordId, document_id: documentId })
      .first<{ id: string }>('id');
    return { linkId: existing.id };
  });
}

const text = (v: unknown) =>
  escapeHtml(v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function reportHtml(data: RecordReportData, timeZone: string, requester: string): string {
  const when = (iso: string | null) =>
    iso ? formatMunicipalTime(iso, timeZone, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
  const day = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat('es-AR', { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(iso)) : '—';
  const r = data.record;
  const fields = data.fields
    .map(({ definition, entry }) => {
      const verification = definition.has_verification
        ? entry.verified
          ? `Verificado ${escapeHtml(day(entry.verified_at))}${entry.verified_document_number ? ` (${escapeHtml(entry.verified_document_number)})` : ''}`
          : 'Sin verificar'
        : '—';
      return `<tr><td>${text(definition.label)}</td><td>${text(entry.value)}</td><td>${definition.has_expiration ? escapeHtml(day(entry.expiration_date)) : '—'}</td><td>${verification}</td></tr>`;
    })
    .join('');
  const relations = data.relations.length
    ? `<ul>${data.relations.map((rel) => `<li>${text(rel.relation_type)} (${rel.direction === 'incoming' ? 'entrante' : 'saliente'}): ${text(rel.related_record.record_number)} — ${text(rel.related_record.display_name)}</li>`).join('')}</ul>`
    : '<p>Sin relaciones.</p>';
  const cases = data.cases.length
    ? `<ul>${data.cases.map((c) => `<li>${text(c.case_number)} — ${text(c.reference)}</li>`).join('')}</ul>`
    : '<p>Sin expedientes vinculados.</p>';
  const documents = data.documents.length
    ? `<ul>${data.documents.map((d) => `<li>${text(d.document_number ?? d.reference)}${d.field_name ? ` (campo ${text(d.field_name)})` : ''}</li>`).join('')}</ul>`
    : '<p>Sin documentos vinculados.</p>';
  const history = data.history.length
    ? `<table><tr><th>Fecha</th><th>Acción</th><th>Campo</th><th>Usuario</th></tr>${data.history
        .map(
          (h) =>
            `<tr><td>${escapeHtml(when(h.created_at))}</td><td>${text(h.action)}</td><td>${text(h.field_name)}</td><td>${text(h.user_name)}</td></tr>`,
        )
        .join('')}</table>`
    : '<p>Sin movimientos.</p>';
  return `<h1>Informe de legajo</h1>
<p><b>Legajo:</b> ${text(r.record_number)} — ${text(r.display_name)}</p>
<p><b>Registro:</b> ${text(data.registry.name)} (${text(data.registry.code)}) · <b>Estado:</b> ${text(r.state)} · <b>Próximo vencimiento:</b> ${escapeHtml(day(r.next_expiration))}</p>
<p><b>Alta:</b> ${escapeHtml(when(r.created_at))} · <b>Campos verificados:</b> ${data.verification.verified} de ${data.verification.verifiable}</p>
<h2>Datos</h2>
<table><tr><th>Campo</th><th>Valor</th><th>Vencimiento</th><th>Verificación</th></tr>${fields}</table>
<h2>Relaciones</h2>${relations}
<h2>Expedientes vinculados</h2>${cases}
<h2>Documentos vinculados</h2>${documents}
<h2>Historial reciente</h2>${history}
<p>Informe emitido a pedido de ${escapeHtml(requester)}.</p>`;
}
