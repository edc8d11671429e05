/** Independent PDF checks through poppler-utils (pdfsig, pdftotext, pdfinfo, pdftoppm) and jsQR. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { PdfReader } from '../../lib/pdf/reader.js';
import { signatureFields } from '../../domain/verification/signature-fields.js';

function withFile<T>(bytes: Buffer, fn: (file: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'expediente-pdf-'));
  const file = path.join(dir, 'doc.pdf');
  writeFileSync(file, bytes);
  try {
    return fn(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// jsqr is CommonJS with an ES-style default in its typings: take the function either way.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule.default }).default ??
  jsQRModule) as typeof jsQRModule.default;

/** The QR code in the footer band of a page, rendered by pdftoppm and decoded with jsQR. */
export function qrInFooter(pdf: Buffer, pageNumber = 1): string | null {
  return withFile(pdf, (file) => {
    const out = path.join(path.dirname(file), 'page');
    execFileSync('pdftoppm', [
      '-r',
      '300',
      '-f',
      String(pageNumber),
      '-l',
      String(pageNumber),
      '-singlefile',
      '-png',
      file,
      out,
    ]);
    const png = PNG.sync.read(readFileSync(`${out}.png`));
    // The bottom 60 pt of the page (250 px at 300 dpi), where the footer is.
    const band = 250;
    const data = new Uint8ClampedArray(
      png.data.buffer,
      png.data.byteOffset + (png.height - band) * png.width * 4,
      band * png.width * 4,
    );
    return jsQR(data, png.width, band)?.data ?? null;
  });
}

/** What pdfinfo reports, by key (Producer, Pages, Title...). */
export function pdfInfo(bytes: Buffer): Record<string, string> {
  const text = withFile(bytes, (file) => execFileSync('pdfinfo', [file]).toString('utf8'));
  return Object.fromEntries(
    text
      .split('\n')
      .filter((l) => l.includes(':'))
      .map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]),
  );
}

/** Text in content-stream order (-raw keeps rotated text such as watermarks whole). */
export function pdfText(bytes: Buffer): string {
  return withFile(bytes, (file) => execFileSync('pdftotext', ['-raw', file, '-']).toString('utf8'));
}

export interface PdfSignature {
  /** The signature field's name. */
  field: string;
  signer: string;
  valid: boolean;
  subFilter: string;
}

/**
 * Every signed signature pdfsig finds, with whether its cryptographic check passed. Stamps and
 * visual signatures are unsigned fields ("The signature form field is not signed.") and skipped.
 */
/** The signatures pdfsig finds, without document time-stamps (see pdfDocumentTimestamps). */
export function pdfSignatures(bytes: Buffer): PdfSignature[] {
  const stamps = documentTimestampFields(bytes);
  return pdfsigEntries(bytes).filter((s) => !stamps.has(s.field));
}

/**
 * The document time-stamps (PAdES-B-LTA archive time-stamps) pdfsig finds. pdfsig lists them
 * among the signatures with the type "unknown", so they are told apart by their fields'
 * /Type /DocTimeStamp.
 */
export function pdfDocumentTimestamps(bytes: Buffer): PdfSignature[] {
  const stamps = documentTimestampFields(bytes);
  return pdfsigEntries(bytes).filter((s) => stamps.has(s.field));
}

function documentTimestampFields(bytes: Buffer): Set<string> {
  return new Set(
    signatureFields(new PdfReader(bytes))
      .filter((f) => f.kind === 'timestamp')
      .map((f) => f.name),
  );
}

function pdfsigEntries(bytes: Buffer): PdfSignature[] {
  return withFile(bytes, (file) => {
    const out = spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout;
    return out
      .split(/^Signature #\d+:/m)
      .slice(1)
      .filter((block) => !/The signature form field is not signed/.test(block))
      .map((block) => ({
        field: /Signature Field Name: (.*)/.exec(block)?.[1]?.trim() ?? '',
        signer: /Signer Certificate Common Name: (.*)/.exec(block)?.[1]?.trim() ?? '',
        valid: /Signature Validation: Signature is Valid\./.test(block),
        subFilter: /Signature Type: (.*)/.exec(block)?.[1]?.trim() ?? '',
      }));
  });
}
