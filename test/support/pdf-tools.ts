/** Independent PDF checks through poppler-utils (pdfsig, pdftotext). */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

/** Text in content-stream order (-raw keeps rotated text such as watermarks whole). */
export function pdfText(bytes: Buffer): string {
  return withFile(bytes, (file) => execFileSync('pdftotext', ['-raw', file, '-']).toString('utf8'));
}

export interface PdfSignature {
  signer: string;
  valid: boolean;
  subFilter: string;
}

/**
 * Every signed signature pdfsig finds, with whether its cryptographic check passed. Stamps and
 * visual signatures are unsigned fields ("The signature form field is not signed.") and skipped.
 */
export function pdfSignatures(bytes: Buffer): PdfSignature[] {
  return withFile(bytes, (file) => {
    const out = spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout;
    return out
      .split(/^Signature #\d+:/m)
      .slice(1)
      .filter((block) => !/The signature form field is not signed/.test(block))
      .map((block) => ({
        signer: /Signer Certificate Common Name: (.*)/.exec(block)?.[1]?.trim() ?? '',
        valid: /Signature Validation: Signature is Valid\./.test(block),
        subFilter: /Signature Type: (.*)/.exec(block)?.[1]?.trim() ?? '',
      }));
  });
}
