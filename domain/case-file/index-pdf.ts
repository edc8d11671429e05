/**
 * The index PDF of one version, drawn with pdf-lib on Letter pages (the signing service signs
 * Letter only, like every document of the platform). Rendered only from the version's entries and
 * `meta`, with fixed metadata dates: the same version renders to the same bytes, so a retried
 * signing step or an export signs and shows exactly what the version lists.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { canShow, drawEndTextMarker, wrapText, type Fonts } from '../rendering/pdf-drawing.js';
import { PDF_CREATOR, PDF_LANGUAGE } from '../rendering/pdf-metadata.js';
import { signatureAreaHeightPt } from '../rendering/pdf-renderer.js';
import type { IndexEntry } from './index.js';

export interface IndexPdfMeta {
  municipality: string;
  caseNumber: string;
  caseReference: string;
  version: number;
  /** When the version was made: printed, and the PDF's creation date. */
  date: Date;
  timeZone: string;
  /** Documents whose PDF an export leaves out (a memo its requester may not read): said in their entry. */
  omittedDocumentIds?: string[];
}

const PAGE = { width: 612, height: 792 };
const LEFT = 50;
const RIGHT = PAGE.width - 50;
const TOP = PAGE.height - 60;
const BOTTOM = 50;
const GREY = rgb(0.3, 0.3, 0.3);
/** Columns: position, document, reference, signed, folios. */
const COLS = [LEFT, LEFT + 30, LEFT + 170, LEFT + 352, LEFT + 442] as const;
const SIZE = 8.5;
const LINE = SIZE * 1.35;

export const INDEX_SIGNATURES_NOTE =
  'Las firmas propias de cada documento se conservan en sus PDF originales: este índice las identifica por la huella SHA-256 de cada PDF oficial.';

function formatDate(date: Date | string | null, timeZone: string): string {
  if (!date) return '—';
  const parts = new Intl.DateTimeFormat('es-AR', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(date));
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('day')}/${p('month')}/${p('year')} ${p('hour')}:${p('minute')}`;
}

/** What the standard fonts (WinAnsi) cannot show becomes "?": the index never fails to render. */
function plain(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/[\u202f\u2009\u00a0]/g, ' ').replace(/[\r\n\t]+/g, ' '))
    out += canShow(font, ch) ? ch : '?';
  return out;
}

export async function renderIndexPdf(entries: IndexEntry[], meta: IndexPdfMeta): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const mono = await doc.embedFont(StandardFonts.Courier);
  const title = `Índice del expediente ${meta.caseNumber} — versión ${meta.version}`;
  doc.setTitle(plain(fonts.regular, title), { showInWindowTitleBar: true });
  doc.setAuthor(plain(fonts.regular, meta.municipality));
  doc.setCreator(PDF_CREATOR);
  doc.setProducer(`${PDF_CREATOR} (pdf-lib)`);
  doc.setLanguage(PDF_LANGUAGE);
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);

  const omitted = new Set(meta.omittedDocumentIds ?? []);
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    page.drawText(plain(fonts.regular, meta.municipality), {
      x: LEFT,
      y: PAGE.height - 30,
      size: 8,
      font: fonts.regular,
      color: GREY,
    });
    const right = plain(fonts.regular, `Expediente ${meta.caseNumber} — Índice, versión ${meta.version}`);
    page.drawText(right, {
      x: RIGHT - fonts.regular.widthOfTextAtSize(right, 8),
      y: PAGE.height - 30,
      size: 8,
      font: fonts.regular,
      color: GREY,
    });
    y = TOP;
    header();
  };
  const header = () => {
    const labels = ['Nº', 'Documento', 'Referencia', 'Firmado', 'Fojas'];
    labels.forEach((l, i) => page.drawText(l, { x: COLS[i]!, y, size: SIZE, font: fonts.bold }));
    y -= 4;
    page.drawLine({ start: { x: LEFT, y }, end: { x: RIGHT, y }, thickness: 0.7, color: GREY });
    y -= LINE;
  };
  const ensure = (height: number) => {
    if (y - height < BOTTOM) newPage();
  };

  // First page: the title block, then the table.
  page = doc.addPage([PAGE.width, PAGE.height]);
  page.drawText(plain(fonts.regular, meta.municipality), {
    x: LEFT,
    y: PAGE.height - 30,
    size: 8,
    font: fonts.regular,
    color: GREY,
  });
  y = TOP;
  for (const line of wrapText(plain(fonts.bold, title), fonts.bold, 15, RIGHT - LEFT)) {
    page.drawText(line, { x: LEFT, y, size: 15, font: fonts.bold });
    y -= 19;
  }
  for (const line of wrapText(
    plain(fonts.regular, `Referencia: ${meta.caseReference}`),
    fonts.regular,
    10,
    RIGHT - LEFT,
  )) {
    page.drawText(line, { x: LEFT, y, size: 10, font: fonts.regular });
    y -= 13;
  }
  const folios = entries.reduce((n, e) => Math.max(n, e.last_folio), 0);
  page.drawText(
    plain(
      fonts.regular,
      `Fecha de la versión: ${formatDate(meta.date, meta.timeZone)} — ${entries.length} documentos, ${folios} fojas`,
    ),
    { x: LEFT, y, size: 10, font: fonts.regular },
  );
  y -= 24;
  header();

  for (const e of entries) {
    const documentText = plain(fonts.regular, `${e.type} ${e.number}`);
    const reference = e.reference === null ? 'Memo' : plain(fonts.regular, e.reference);
    const docLines = wrapText(documentText, fonts.regular, SIZE, COLS[2] - COLS[1] - 6);
    const refLines = wrapText(reference, fonts.regular, SIZE, COLS[3] - COLS[2] - 6);
    const notes: string[] = [];
    if (e.annulled)
      notes.push(`ANULADO el ${formatDate(e.annulled_at, meta.timeZone)}. Motivo: ${e.annulment_reason ?? ''}`);
    if (omitted.has(e.document_id))
      notes.push('PDF no incluido en esta exportación: memo reservado a sus destinatarios.');
    const noteLines = notes.flatMap((n) => wrapText(plain(fonts.regular, n), fonts.bold, SIZE, RIGHT - COLS[1]));
    const rows = Math.max(docLines.length, refLines.length);
    ensure((rows + 1 + noteLines.length) * LINE + 6);
    const top = y;
    page.drawText(String(e.position), { x: COLS[0], y: top, size: SIZE, font: fonts.bold });
    docLines.forEach((l, i) => page.drawText(l, { x: COLS[1], y: top - i * LINE, size: SIZE, font: fonts.regular }));
    refLines.forEach((l, i) => page.drawText(l, { x: COLS[2], y: top - i * LINE, size: SIZE, font: fonts.regular }));
    page.drawText(formatDate(e.signed_at, meta.timeZone), { x: COLS[3], y: top, size: SIZE, font: fonts.regular });
    page.drawText(e.first_folio === e.last_folio ? `${e.first_folio}` : `${e.first_folio}-${e.last_folio}`, {
      x: COLS[4],
      y: top,
      size: SIZE,
      font: fonts.regular,
    });
    y = top - rows * LINE;
    page.drawText(`SHA-256: ${e.sha256}`, { x: COLS[1], y, size: 7.5, font: mono });
    y -= LINE;
    for (const l of noteLines) {
      page.drawText(l, { x: COLS[1], y, size: SIZE, font: fonts.bold });
      y -= LINE;
    }
    y -= 2;
    page.drawLine({
      start: { x: LEFT, y: y + LINE - 4 },
      end: { x: RIGHT, y: y + LINE - 4 },
      thickness: 0.3,
      color: GREY,
    });
  }

  // The closing note and the marker; the seal's signature goes below it, on the last page.
  const closing = wrapText(plain(fonts.regular, INDEX_SIGNATURES_NOTE), fonts.regular, 9, RIGHT - LEFT);
  if (y - closing.length * 12 - 20 < BOTTOM + signatureAreaHeightPt(1)) {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = TOP;
  }
  y -= 8;
  for (const line of closing) {
    page.drawText(line, { x: LEFT, y, size: 9, font: fonts.regular });
    y -= 12;
  }
  drawEndTextMarker(page, fonts.regular, LEFT, y - 4);

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const text = `Página ${i + 1} de ${pages.length}`;
    p.drawText(text, {
      x: (PAGE.width - fonts.regular.widthOfTextAtSize(text, 8)) / 2,
      y: 24,
      size: 8,
      font: fonts.regular,
      color: GREY,
    });
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
