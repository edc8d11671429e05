/**
 * The QR code of a verification URL, drawn from the module matrix of `qrcode`: as inline SVG for
 * Chromium's footer (vector, sharp at any zoom) and as the dark modules for pdf-lib pages.
 */
import QRCode from 'qrcode';

export interface QrMatrix {
  size: number;
  /** Row-major, true = dark module. */
  dark: (row: number, col: number) => boolean;
}

export function qrMatrix(text: string): QrMatrix {
  // Level L keeps the symbol small enough to print legibly in a footer (a URL fits version 3–4).
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'L' });
  return { size: modules.size, dark: (row, col) => Boolean(modules.get(row, col)) };
}

/** An SVG of `sizePt` points with a one-module quiet zone. */
export function qrSvg(text: string, sizePt: number): string {
  const m = qrMatrix(text);
  const view = m.size + 2;
  let path = '';
  for (let r = 0; r < m.size; r++) {
    for (let c = 0; c < m.size; c++) if (m.dark(r, c)) path += `M${c + 1} ${r + 1}h1v1h-1z`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${sizePt}pt" height="${sizePt}pt" viewBox="0 0 ${view} ${view}" shape-rendering="crispEdges" role="img" aria-label="QR">` +
    `<rect width="${view}" height="${view}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}
