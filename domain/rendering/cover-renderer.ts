/**
 * Covers drawn directly with pdf-lib. A case's CAEX cover has a fixed layout (cover-layout.ts) and
 * is rendered on the path of every case creation, where the browser took ~65 ms of it; drawn here
 * it takes a few. The page keeps what the browser's render gives every document: the header with
 * the municipality and the document type and number, the reference, the end-of-text marker with
 * the room for signatures below it, and the footer with the verification code, its QR and the
 * page number. Anything the standard fonts cannot show, or that would not fit on one page, is left
 * to the browser (the caller falls back).
 */
import { describePdf, PDF_CREATOR } from './pdf-metadata.js';
import { PDFDocument, rgb, StandardFonts, type PDFPage } from 'pdf-lib';
import type { CoverLayout } from './cover-layout.js';
import { canShow, drawEndTextMarker, drawVerificationFooter, wrapText, type Fonts } from './pdf-drawing.js';
import { signatureAreaHeightPt, type RenderInput } from './pdf-renderer.js';

const PAGE = { width: 612, height: 792 };
/** The browser render's margins (20 mm sides, 27 mm top, 18 mm bottom), in points. */
const LEFT = 56.7;
const RIGHT = PAGE.width - 56.7;
const TOP = PAGE.height - 76.5;
const BOTTOM = 51;
const BODY = 11;
const LINE = BODY * 1.45;
const LABEL_WIDTH = (RIGHT - LEFT) * 0.35;
const PAD = { x: 6, y: 4 };
const GREY = rgb(0.2, 0.2, 0.2);

/** The cover as a one-page PDF, or undefined when it must go through the browser. */
export async function drawCover(input: RenderInput, layout: CoverLayout): Promise<Buffer | undefined> {
  if (input.watermark) return undefined; // previews: the browser draws the diagonal watermark
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  // Intl's dates use a narrow no-break space, which the standard fonts lack.
  const plain = (t: string) => t.replace(/[\u202f\u2009]/g, ' ');
  const number = input.officialNumber ? ` — ${input.officialNumber}` : '';
  const header = {
    left: plain(input.municipality),
    right: plain(`${input.documentTypeName} (${input.documentTypeAcronym})${number}`),
  };
  const rows = layout.rows.map(([k, v]) => [plain(k), plain(v)] as const);
  const texts = [
    header.left,
    header.right,
    plain(input.reference),
    plain(layout.title),
    plain(layout.subtitle),
    plain(layout.closing),
    ...rows.flat(),
  ];
  if (!texts.every((t) => canShow(fonts.bold, t))) return undefined;

  describePdf(doc, { ...input, reference: plain(input.reference) }, `${PDF_CREATOR} (pdf-lib)`);
  const page = doc.addPage([PAGE.width, PAGE.height]);

  page.drawText(header.left, { x: LEFT, y: PAGE.height - 24, size: 8, font: fonts.regular, color: GREY });
  page.drawText(header.right, {
    x: RIGHT - fonts.regular.widthOfTextAtSize(header.right, 8),
    y: PAGE.height - 24,
    size: 8,
    font: fonts.regular,
    color: GREY,
  });

  let y = TOP;
  for (const line of wrapText(`Referencia: ${plain(input.reference)}`, fonts.bold, BODY, RIGHT - LEFT)) {
    y -= LINE;
    page.drawText(line, { x: LEFT, y, size: BODY, font: fonts.bold });
  }
  y -= BODY;
  y = centered(page, fonts, plain(layout.title), 18, y - 14);
  y = centered(page, fonts, plain(layout.subtitle), 15, y - 10);
  y -= 12;

  for (const [label, value] of rows) {
    const labelLines = wrapText(label, fonts.bold, BODY, LABEL_WIDTH - 2 * PAD.x);
    const valueLines = wrapText(value, fonts.regular, BODY, RIGHT - LEFT - LABEL_WIDTH - 2 * PAD.x);
    const height = Math.max(labelLines.length, valueLines.length) * LINE + 2 * PAD.y;
    if (y - height < BOTTOM + signatureAreaHeightPt(input.signatureSlots ?? 2) + 60) return undefined;
    page.drawRectangle({
      x: LEFT,
      y: y - height,
      width: LABEL_WIDTH,
      height,
      color: rgb(0.93, 0.93, 0.93),
      borderColor: GREY,
      borderWidth: 1,
    });
    page.drawRectangle({
      x: LEFT + LABEL_WIDTH,
      y: y - height,
      width: RIGHT - LEFT - LABEL_WIDTH,
      height,
      borderColor: GREY,
      borderWidth: 1,
    });
    labelLines.forEach((line, i) =>
      page.drawText(line, { x: LEFT + PAD.x, y: y - PAD.y - (i + 1) * LINE + 4, size: BODY, font: fonts.bold }),
    );
    valueLines.forEach((line, i) =>
      page.drawText(line, {
        x: LEFT + LABEL_WIDTH + PAD.x,
        y: y - PAD.y - (i + 1) * LINE + 4,
        size: BODY,
        font: fonts.regular,
      }),
    );
    y -= height;
  }
  y -= 8;
  for (const line of wrapText(plain(layout.closing), fonts.regular, BODY, RIGHT - LEFT)) {
    y -= LINE;
    page.drawText(line, { x: LEFT, y, size: BODY, font: fonts.regular });
  }
  // The signing service stacks the signatures below the marker (white, tiny), on this page.
  y -= 10;
  if (y < BOTTOM + signatureAreaHeightPt(input.signatureSlots ?? 2) + 48) return undefined;
  drawEndTextMarker(page, fonts.regular, LEFT, y);

  const pageNumber = 'Página 1 de 1';
  if (input.verification) {
    drawVerificationFooter(page, fonts, input.verification);
    page.drawText(pageNumber, {
      x: RIGHT - fonts.regular.widthOfTextAtSize(pageNumber, 7),
      y: 12,
      size: 7,
      font: fonts.regular,
      color: GREY,
    });
  } else {
    page.drawText(pageNumber, {
      x: (PAGE.width - fonts.regular.widthOfTextAtSize(pageNumber, 8)) / 2,
      y: 24,
      size: 8,
      font: fonts.regular,
      color: GREY,
    });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Bold, centered, wrapped; returns the last baseline. */
function centered(page: PDFPage, fonts: Fonts, text: string, size: number, top: number): number {
  let y = top;
  for (const line of wrapText(text, fonts.bold, size, RIGHT - LEFT)) {
    y -= size * 1.2;
    page.drawText(line, { x: (PAGE.width - fonts.bold.widthOfTextAtSize(line, size)) / 2, y, size, font: fonts.bold });
  }
  return y;
}
