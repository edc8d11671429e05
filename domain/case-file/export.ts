/**
 * Exports of a case file: one index version as the complete PDF ("expediente completo": the signed
 * index, then every document's official pages with its folio stamped in the margin, one bookmark
 * per document and each original signed PDF attached, so its own signatures stay verifiable) and
 * as a BagIt package (./bag.ts). CaseExportWorkflow runs the steps below; each is idempotent (a
 * file already stored is not made again).
 *
 * Whoever may view the case may export it; the export is made for its requester, and only they
 * read it back: a memo they may not read is left out (its pages become one page saying so).
 */
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFRef,
  degrees,
  rgb,
  StandardFonts,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import type { Tx } from '../../db/tenancy.js';
import { isUuid } from '../acting-user.js';
import { requireCase } from '../cases/access.js';
import type { ActingUser, DomainContext, UserContext } from '../context.js';
import { whereVisibleTo } from '../documents/access.js';
import { sha256 } from '../documents/files.js';
import { iso } from '../documents/records.js';
import { badRequest, notFound, unprocessable } from '../errors.js';
import { assertObjectKey } from '../storage/object-store.js';
import { indexVersion, type IndexEntry, type IndexVersionRow } from './index.js';

export const EXPORT_MESSAGES = {
  notFound: 'Exportación no encontrada',
  versionInvalid: 'index_version debe ser un entero entre 1 y 999999999',
  versionNotFound: 'El expediente no tiene esa versión del índice',
  omittedMemo: 'PDF no incluido en esta exportación: memo reservado a sus destinatarios.',
} as const;

export type ExportStatus = 'pending' | 'running' | 'done' | 'failed';
export type ExportStep = 'index' | 'pdf' | 'package' | 'done';

export interface ExportProgress {
  step: ExportStep;
  done: number;
  total: number;
}

/** The steps in order: waiting for the signed index, the complete PDF, the package. */
export const EXPORT_STEPS: ExportStep[] = ['index', 'pdf', 'package'];
export const progressAt = (step: ExportStep): ExportProgress => ({
  step,
  done: step === 'done' ? EXPORT_STEPS.length : EXPORT_STEPS.indexOf(step),
  total: EXPORT_STEPS.length,
});

export interface ExportRow {
  id: string;
  case_id: string;
  index_version: number | null;
  requested_by: string | null;
  requested_at: Date;
  status: ExportStatus;
  progress: ExportProgress | Record<string, never>;
  pdf_key: string | null;
  pdf_sha256: string | null;
  bag_key: string | null;
  bag_sha256: string | null;
  error: string | null;
  finished_at: Date | null;
}

/** The largest version a request may name: as for a version read by path (nine digits), within PostgreSQL's integer. */
export const MAX_INDEX_VERSION = 999_999_999;

/** `index_version` of a request: absent (the latest), or a positive integer. */
export function parseIndexVersion(raw: unknown): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'number' || !Number.isSafeInteger(raw) || raw < 1 || raw > MAX_INDEX_VERSION)
    throw badRequest(EXPORT_MESSAGES.versionInvalid);
  return raw;
}

/**
 * Records an export request: the named version (which must exist), else the case's latest version
 * now (signed or not: the run waits for its seal), else none yet (the run waits for the first).
 */
export async function requestExport(ctx: UserContext, caseId: string, version: number | undefined) {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const c = await requireCase(trx, user, caseId);
    const chosen = await indexVersion(trx, c.id, version);
    if (version !== undefined && !chosen) throw notFound(EXPORT_MESSAGES.versionNotFound);
    const [row] = await trx('case_exports')
      .insert({
        case_id: c.id,
        index_version: chosen?.version ?? null,
        requested_by: user.id,
        progress: JSON.stringify(progressAt('index')),
      })
      .returning<{ id: string }[]>('id');
    return { exportId: row!.id, caseId: c.id, caseNumber: c.case_number, indexVersion: chosen?.version ?? null };
  });
}

/** The export if the case is visible and the user asked for it; else 404. */
export async function requireExport(
  trx: Tx,
  user: ActingUser,
  caseId: string,
  exportId: string,
): Promise<ExportRow & { case_number: string }> {
  const c = await requireCase(trx, user, caseId);
  if (!isUuid(exportId)) throw notFound(EXPORT_MESSAGES.notFound);
  const row = await trx('case_exports')
    .where({ id: exportId, case_id: c.id, requested_by: user.id })
    .first<ExportRow | undefined>();
  if (!row) throw notFound(EXPORT_MESSAGES.notFound);
  return { ...row, case_number: c.case_number };
}

/** What both interfaces answer for an export: status, progress and, once done, temporary URLs. */
export async function exportView(ctx: UserContext, caseId: string, exportId: string) {
  const { user } = ctx;
  const row = await ctx.db.transaction((trx) => requireExport(trx, user, caseId, exportId));
  return exportObject(ctx, row);
}

export function exportObject(ctx: Pick<DomainContext, 'services'>, row: ExportRow & { case_number: string }) {
  const file = (key: string | null, digest: string | null) => {
    if (row.status !== 'done' || !key) return null;
    const signed = ctx.services.urls.sign(key);
    return { url: signed.url, sha256: digest, expires_at: signed.expiresAt };
  };
  return {
    export_id: row.id,
    case_id: row.case_id,
    case_number: row.case_number,
    index_version: row.index_version,
    status: row.status,
    progress: 'step' in row.progress ? row.progress : progressAt('index'),
    requested_at: iso(row.requested_at),
    finished_at: iso(row.finished_at),
    error: row.error,
    pdf: file(row.pdf_key, row.pdf_sha256),
    package: file(row.bag_key, row.bag_sha256),
  };
}

// ---- Steps of CaseExportWorkflow (on behalf of the requester) ----

async function exportRow(trx: Tx, exportId: string, options: { forUpdate?: boolean } = {}): Promise<ExportRow> {
  const query = trx('case_exports').where({ id: exportId });
  const row = await (options.forUpdate ? query.forUpdate() : query).first<ExportRow | undefined>();
  if (!row) throw notFound(EXPORT_MESSAGES.notFound);
  return row;
}

export async function setExportProgress(ctx: DomainContext, exportId: string, step: ExportStep): Promise<void> {
  await ctx.db.transaction((trx) =>
    trx('case_exports')
      .where({ id: exportId })
      .whereIn('status', ['pending', 'running'])
      .update({ status: 'running', progress: JSON.stringify(progressAt(step)) }),
  );
}

export interface IndexState {
  version: number | null;
  signed: boolean;
}

/** The version the export is of (fixed at the first version seen), and whether it is signed yet. */
export async function exportIndexState(ctx: UserContext, exportId: string): Promise<IndexState> {
  const { user } = ctx;
  return ctx.db.transaction(async (trx) => {
    const row = await exportRow(trx, exportId, { forUpdate: true });
    await requireCase(trx, user, row.case_id);
    const v = await indexVersion(trx, row.case_id, row.index_version ?? undefined);
    if (!v) return { version: null, signed: false };
    if (row.index_version === null)
      await trx('case_exports').where({ id: exportId }).update({ index_version: v.version });
    return { version: v.version, signed: Boolean(v.signed_at && v.pdf_key) };
  });
}

/** One document of an export: its index entry, where its official PDF is, and whether it goes in. */
export interface ExportDocument {
  entry: IndexEntry;
  storageKey: string;
  /** False for a memo the requester may not read: its PDF is left out. */
  included: boolean;
}

export interface ExportContents {
  exportId: string;
  tenant: { schema: string; municipality: string; code: string; city: string };
  case: { id: string; number: string; reference: string };
  version: IndexVersionRow;
  indexPdf: Buffer;
  documents: ExportDocument[];
  requestedBy: string;
}

/** Everything an export is made of, read for its requester; the version must be signed. */
export async function loadExportContents(ctx: UserContext, exportId: string): Promise<ExportContents> {
  const { user } = ctx;
  const read = await ctx.db.transaction(async (trx) => {
    const row = await exportRow(trx, exportId);
    const c = await requireCase(trx, user, row.case_id);
    if (row.index_version === null) throw new Error(`export ${exportId} has no index version yet`);
    const version = await indexVersion(trx, c.id, row.index_version);
    if (!version?.pdf_key || !version.signed_at)
      throw new Error(`index version ${row.index_version} of ${c.case_number} is not signed yet`);
    const ids = version.entries.map((e) => e.document_id);
    const files = await trx('case_folios as f')
      .join('document_files as df', 'df.id', 'f.file_id')
      .where('f.case_id', c.id)
      .whereIn('f.document_id', ids)
      .select<{ document_id: string; storage_key: string }[]>('f.document_id', 'df.storage_key');
    const keyOf = new Map(files.map((f) => [f.document_id, f.storage_key]));
    const memoIds = version.entries.filter((e) => e.is_memo).map((e) => e.document_id);
    const readableMemos = new Set<string>(
      memoIds.length
        ? await whereVisibleTo(trx('documents as d').whereIn('d.id', memoIds), trx, user).pluck('d.id')
        : [],
    );
    const documents = [...version.entries]
      .sort((a, b) => a.position - b.position)
      .map((entry) => {
        const storageKey = keyOf.get(entry.document_id);
        if (!storageKey) throw new Error(`no foliated file for document ${entry.document_id} of ${c.case_number}`);
        return { entry, storageKey, included: !entry.is_memo || readableMemos.has(entry.document_id) };
      });
    return { row, c, version, documents };
  });
  const indexPdf = await ctx.services.storage.get(read.version.pdf_key!);
  if (!indexPdf) throw new Error(`signed index ${read.version.pdf_key} missing from storage`);
  return {
    exportId,
    tenant: {
      schema: ctx.tenant.schema,
      municipality: ctx.tenant.displayName,
      code: ctx.tenant.municipalityCode,
      city: ctx.tenant.city,
    },
    case: { id: read.c.id, number: read.c.case_number, reference: read.c.reference },
    version: read.version,
    indexPdf,
    documents: read.documents,
    requestedBy: user.id,
  };
}

/** The official PDF of a document as foliated, checked against the index's SHA-256. */
export async function officialPdf(ctx: Pick<DomainContext, 'services'>, doc: ExportDocument): Promise<Buffer> {
  const bytes = await ctx.services.storage.get(doc.storageKey);
  if (!bytes) throw new Error(`official PDF ${doc.storageKey} missing from storage`);
  // The file foliated never changes; if it did, no retry would mend it.
  if (sha256(bytes) !== doc.entry.sha256)
    throw unprocessable(`El PDF oficial de ${doc.entry.number} no coincide con la huella SHA-256 del índice`);
  return bytes;
}

/** `tenants/<schema>/cases/<case id>/exports/<export id>/<name>` */
export function exportKey(tenant: string, caseId: string, exportId: string, name: string): string {
  return assertObjectKey(`tenants/${tenant}/cases/${caseId}/exports/${exportId}/${name}`);
}

/** A case number as a file name: its own characters where safe. */
export const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9_.-]+/g, '_');

export const completePdfName = (c: ExportContents) => `expediente-${fileSafe(c.case.number)}-v${c.version.version}.pdf`;

/** Stores a made file (once) and records it on the export row. */
export async function storeExportFile(
  ctx: DomainContext,
  exportId: string,
  kind: 'pdf' | 'bag',
  name: string,
  bytes: Uint8Array,
): Promise<{ key: string; sha256: string }> {
  return ctx.db.transaction(async (trx) => {
    const row = await exportRow(trx, exportId, { forUpdate: true });
    const key = exportKey(ctx.tenant.schema, row.case_id, exportId, name);
    const digest = sha256(bytes);
    await ctx.services.storage.put(key, bytes);
    await trx('case_exports')
      .where({ id: exportId })
      .update(kind === 'pdf' ? { pdf_key: key, pdf_sha256: digest } : { bag_key: key, bag_sha256: digest });
    return { key, sha256: digest };
  });
}

/** What was already made, so a retried step does not make it again. */
export async function exportFiles(ctx: DomainContext, exportId: string) {
  const row = await ctx.db.transaction((trx) => exportRow(trx, exportId));
  return {
    pdf: row.pdf_key ? { key: row.pdf_key, sha256: row.pdf_sha256! } : null,
    bag: row.bag_key ? { key: row.bag_key, sha256: row.bag_sha256! } : null,
  };
}

export async function finishExport(ctx: DomainContext, exportId: string): Promise<void> {
  await ctx.db.transaction((trx) =>
    trx('case_exports')
      .where({ id: exportId })
      .whereNot('status', 'done')
      .update({ status: 'done', progress: JSON.stringify(progressAt('done')), finished_at: trx.fn.now(), error: null }),
  );
}

export async function failExport(ctx: DomainContext, exportId: string, message: string): Promise<void> {
  await ctx.db.transaction((trx) =>
    trx('case_exports')
      .where({ id: exportId })
      .whereNot('status', 'done')
      .update({ status: 'failed', error: message.slice(0, 500), finished_at: trx.fn.now() }),
  );
}

// ---- The complete PDF ----

const STAMP_SIZE = 9;
const RED = rgb(0.75, 0.05, 0.05);

/** "Foja N" in the top right margin, on a white box so the page's own content never hides it. */
function stampFolio(page: PDFPage, font: PDFFont, text: string): void {
  const { width, height } = page.getSize();
  const w = font.widthOfTextAtSize(text, STAMP_SIZE);
  const x = width - w - 14;
  const y = height - 16;
  page.drawRectangle({
    x: x - 3,
    y: y - 3,
    width: w + 6,
    height: STAMP_SIZE + 5,
    color: rgb(1, 1, 1),
    borderColor: rgb(0.2, 0.2, 0.2),
    borderWidth: 0.5,
  });
  page.drawText(text, { x, y, size: STAMP_SIZE, font });
}

function stampAnnulled(page: PDFPage, font: PDFFont): void {
  const { width, height } = page.getSize();
  const size = Math.min(width, height) / 7;
  const w = font.widthOfTextAtSize('ANULADO', size);
  page.drawText('ANULADO', {
    x: width / 2 - (w / 2) * Math.SQRT1_2,
    y: height / 2 - (w / 2) * Math.SQRT1_2,
    size,
    font,
    color: RED,
    opacity: 0.45,
    rotate: degrees(45),
  });
}

/** A copied page keeps no signature widgets: the signatures live in the attached originals. */
function dropWidgets(page: PDFPage): void {
  const annots = page.node.Annots();
  if (!annots) return;
  const kept = PDFArray.withContext(page.doc.context);
  for (let i = 0; i < annots.size(); i++) {
    const annot = page.doc.context.lookup(annots.get(i));
    if (annot instanceof PDFDict && annot.get(PDFName.of('Subtype')) === PDFName.of('Widget')) continue;
    kept.push(annots.get(i));
  }
  if (kept.size()) page.node.set(PDFName.of('Annots'), kept);
  else page.node.delete(PDFName.of('Annots'));
}

interface Bookmark {
  title: string;
  page: PDFRef;
}

/** The outline: one entry per document (and the index first), each opening its first page. */
function addOutline(pdf: PDFDocument, marks: Bookmark[]): void {
  if (!marks.length) return;
  const ctx = pdf.context;
  const outlinesRef = ctx.nextRef();
  const refs = marks.map(() => ctx.nextRef());
  marks.forEach((m, i) => {
    const item = ctx.obj({
      Title: PDFHexString.fromText(m.title),
      Parent: outlinesRef,
      Dest: [m.page, 'Fit'],
    }) as PDFDict;
    if (i > 0) item.set(PDFName.of('Prev'), refs[i - 1]!);
    if (i < marks.length - 1) item.set(PDFName.of('Next'), refs[i + 1]!);
    ctx.assign(refs[i]!, item);
  });
  ctx.assign(
    outlinesRef,
    ctx.obj({ Type: 'Outlines', First: refs[0]!, Last: refs[refs.length - 1]!, Count: PDFNumber.of(marks.length) }),
  );
  pdf.catalog.set(PDFName.of('Outlines'), outlinesRef);
  pdf.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

const folios = (e: IndexEntry) =>
  e.first_folio === e.last_folio ? `Foja ${e.first_folio}` : `Fojas ${e.first_folio} a ${e.last_folio}`;

/**
 * The complete PDF. `pdfOf` gives each included document's official bytes (checked against the
 * index); `onDocument` is told after each document (progress).
 */
export async function buildCompletePdf(
  contents: ExportContents,
  pdfOf: (doc: ExportDocument) => Promise<Buffer>,
  onDocument: (done: number, total: number) => void = () => undefined,
): Promise<Buffer> {
  const out = await PDFDocument.create({ updateMetadata: false });
  const font = await out.embedFont(StandardFonts.HelveticaBold);
  const regular = await out.embedFont(StandardFonts.Helvetica);
  const at = contents.version.signed_at ? new Date(contents.version.signed_at) : new Date(contents.version.created_at);
  out.setTitle(`Expediente completo ${contents.case.number} (índice versión ${contents.version.version})`, {
    showInWindowTitleBar: true,
  });
  out.setAuthor(contents.tenant.municipality);
  out.setCreator('expediente');
  out.setProducer('expediente (pdf-lib)');
  out.setLanguage('es-AR');
  out.setCreationDate(at);
  out.setModificationDate(at);

  const marks: Bookmark[] = [];
  const index = await PDFDocument.load(contents.indexPdf, { updateMetadata: false });
  const indexPages = await out.copyPages(index, index.getPageIndices());
  indexPages.forEach((p, i) => {
    dropWidgets(p);
    out.addPage(p);
    if (i === 0) marks.push({ title: `Índice (versión ${contents.version.version})`, page: p.ref });
  });
  out.attach(contents.indexPdf, `indice-v${contents.version.version}.pdf`, {
    mimeType: 'application/pdf',
    description: `Índice firmado, versión ${contents.version.version}`,
    creationDate: at,
    modificationDate: at,
  });

  const total = contents.documents.length;
  for (const [n, doc] of contents.documents.entries()) {
    const e = doc.entry;
    const label = `${e.position}. ${e.type} ${e.number}${e.annulled ? ' (ANULADO)' : ''}`;
    if (!doc.included) {
      // One page stands for the memo's folios: the numbering of the rest still matches the index.
      const page = out.addPage([612, 792]);
      stampFolio(page, font, folios(e));
      page.drawText(`${e.position}. Memo ${e.number}`, { x: 72, y: 680, size: 14, font });
      page.drawText(EXPORT_MESSAGES.omittedMemo, { x: 72, y: 655, size: 10, font: regular });
      page.drawText(`${folios(e)}. SHA-256 del PDF oficial: `, { x: 72, y: 635, size: 9, font: regular });
      page.drawText(e.sha256, { x: 72, y: 622, size: 8, font: regular });
      if (e.annulled) stampAnnulled(page, font);
      marks.push({ title: `${e.position}. Memo ${e.number} (no incluido)`, page: page.ref });
      onDocument(n + 1, total);
      continue;
    }
    const bytes = await pdfOf(doc);
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = await out.copyPages(source, source.getPageIndices());
    pages.forEach((p, i) => {
      dropWidgets(p);
      out.addPage(p);
      stampFolio(p, font, `Foja ${e.first_folio + i}`);
      if (e.annulled) stampAnnulled(p, font);
    });
    if (pages[0]) marks.push({ title: label, page: pages[0].ref });
    out.attach(bytes, `${e.position}-${fileSafe(e.number)}.pdf`, {
      mimeType: 'application/pdf',
      description: `${e.type} ${e.number}: PDF oficial firmado (SHA-256 ${e.sha256})`,
      creationDate: at,
      modificationDate: at,
    });
    onDocument(n + 1, total);
  }
  addOutline(out, marks);
  return Buffer.from(await out.save());
}
