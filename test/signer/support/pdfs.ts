/**
 * Input documents for the tests, made with pdf-lib (a different writer than the service's) and
 * Chromium (what the platform renders documents with), plus one with an earlier incremental
 * update appended by hand.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';

export const MARKER = '##FIN_TEXTO##';

export interface LetterOptions {
  pages?: number;
  /** Baseline of the end-text marker on the last page (points from the bottom); null: no marker. */
  markerY?: number | null;
  /** pdf-lib's default output (cross-reference stream + object streams) when true. */
  objectStreams?: boolean;
  size?: [number, number];
  body?: string;
}

export async function letterPdf(options: LetterOptions = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = options.pages ?? 1;
  const markerY = options.markerY === undefined ? 520 : options.markerY;
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage(options.size ?? [612, 792]);
    page.drawText(`${options.body ?? 'Resolución de prueba: visto el expediente del señor Núñez'} — página ${i + 1}`, {
      x: 72,
      y: 680,
      size: 11,
      font,
    });
    if (i === pages - 1 && markerY !== null) page.drawText(MARKER, { x: 72, y: markerY, size: 6, font });
  }
  return Buffer.from(await doc.save({ useObjectStreams: options.objectStreams ?? false }));
}

/**
 * A classic-xref PDF followed by one incremental update that replaces the document information
 * dictionary, written by hand as a generic editor would.
 */
export async function pdfWithEarlierUpdate(): Promise<Buffer> {
  const base = await letterPdf({ objectStreams: false });
  const text = base.toString('latin1');
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
  const trailer = /trailer\s*<<([\s\S]*?)>>\s*startxref/.exec(text)![1]!;
  const size = Number(/\/Size (\d+)/.exec(trailer)![1]);
  const root = /\/Root (\d+ \d+ R)/.exec(trailer)![1];
  const info = size;
  const body = `${info} 0 obj\n<< /Title (Expediente con una revisi\\363n previa) /Producer (editor manual) >>\nendobj\n`;
  const prefix = base[base.length - 1] === 0x0a ? '' : '\n';
  const objOffset = base.length + prefix.length;
  const xrefOffset = objOffset + Buffer.byteLength(body, 'latin1');
  const update =
    prefix +
    body +
    `xref\n${info} 1\n${String(objOffset).padStart(10, '0')} 00000 n\r\n` +
    `trailer\n<< /Size ${size + 1} /Root ${root} /Info ${info} 0 R /Prev ${startxref} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.concat([base, Buffer.from(update, 'latin1')]);
}

/** A Letter document as the platform renders them: HTML through Chromium (Type0 fonts, ToUnicode). */
export async function chromiumPdf(html: string): Promise<Buffer> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent(html);
    return Buffer.from(
      await page.pdf({ format: 'Letter', margin: { top: '72px', bottom: '72px', left: '72px', right: '72px' } }),
    );
  } finally {
    await browser.close();
  }
}
