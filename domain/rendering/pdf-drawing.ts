/** Drawing shared by the pages the platform lays out itself with pdf-lib (signature page, covers). */
import {
  endMarkedContent,
  fill,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingColor,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { formatVerificationCode } from '../../lib/verification-code.js';
import { qrMatrix } from '../verification/qr.js';
import { END_TEXT_MARKER } from './pdf-renderer.js';

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * The public verification code and URL with a QR of the URL, at the bottom left of the page: the
 * QR sits 2–36 pt above the page bottom, below the signing service's lowest signature row (40 pt).
 */
export function drawVerificationFooter(
  page: PDFPage,
  fonts: Fonts,
  verification: { code: string; url: string },
  x = 57,
): void {
  const qr = qrMatrix(verification.url);
  const module = 34 / (qr.size + 2);
  // One rectangle per run of dark modules in a row, filled once: a QR is hundreds of modules, and
  // a drawRectangle each (with its own graphics state) made the page several times slower to build.
  const ops: PDFOperator[] = [pushGraphicsState(), setFillingColor(rgb(0, 0, 0))];
  for (let r = 0; r < qr.size; r++) {
    for (let c = 0; c < qr.size; ) {
      if (!qr.dark(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < qr.size && qr.dark(r, c)) c++;
      ops.push(rectangle(x + (start + 1) * module, 2 + 34 - (r + 2) * module, (c - start) * module, module));
    }
  }
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
  page.drawText(`Código de verificación: ${formatVerificationCode(verification.code)}`, {
    x: x + 40,
    y: 22,
    size: 7,
    font: fonts.bold,
  });
  page.drawText(`Verifique en ${verification.url}`, { x: x + 40, y: 12, size: 7, font: fonts.regular });
}

/** Whether `font` (a standard font, WinAnsi) can show every character of `text`. */
export function canShow(font: PDFFont, text: string): boolean {
  try {
    font.encodeText(text);
    return true;
  } catch {
    return false;
  }
}

/** `text` broken into lines no wider than `width` at `size` (words, and a word too long by characters). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (t: string) => font.widthOfTextAtSize(t, size) <= width;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line || !lines.length) lines.push(line);
  return lines;
}

/**
 * The end-text marker, white and 2 pt, with an empty ActualText: the signing service finds its
 * glyphs, while text extraction (copy and paste, search, screen readers) skips it.
 */
export function drawEndTextMarker(page: PDFPage, font: PDFFont, x: number, y: number): void {
  // Operators take no dictionary operand: the property list is written as it reads.
  page.pushOperators(
    PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), '<</ActualText <FEFF>>>']),
  );
  page.drawText(END_TEXT_MARKER, { x, y, size: 2, font, color: rgb(1, 1, 1) });
  page.pushOperators(endMarkedContent());
}
