/**
 * The time-stamp generation a renewal would produce now: what a document time-stamp of the
 * signing service's authority holds today (its certificate's expiry, digest, certificate). Found
 * by time-stamping a blank one-page PDF (POST /timestamp-pdf, the same call a renewal makes) and
 * reading its horizon, so the renewal run knows which documents a renewal would improve before
 * adding anything to them.
 */
import { PDFDocument } from 'pdf-lib';
import { archiveHorizon, type ArchiveHorizon } from './horizon.js';

let blank: Promise<Buffer> | undefined;

/** A blank A4 page, nothing else: what the probe time-stamps. */
export function probePdf(): Promise<Buffer> {
  blank ??= (async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.addPage([595.28, 841.89]);
    return Buffer.from(await doc.save({ useObjectStreams: false }));
  })();
  return blank;
}

/** What a time-stamp of the authority holds, from `timestamp` (the signing service's POST /timestamp-pdf). */
export async function currentGeneration(
  timestamp: (pdf: Buffer, fileName: string) => Promise<Buffer>,
): Promise<ArchiveHorizon> {
  return archiveHorizon(await timestamp(await probePdf(), 'sello-de-tiempo-de-prueba.pdf'));
}
