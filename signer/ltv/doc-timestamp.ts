/**
 * A document time-stamp (ISO 32000-2 §12.8.5, ETSI EN 319 142-1 B-LTA): an invisible signature
 * field whose value is a /DocTimeStamp dictionary, SubFilter ETSI.RFC3161, with room in
 * /Contents for an RFC 3161 token over everything /ByteRange covers — the whole file, its
 * signatures and /DSS included. Runs in a document worker; the token is fetched in the main
 * thread and written into the hole.
 */
import type { PdfDocument } from '../pdf/document.js';
import { IncrementalUpdate } from '../pdf/incremental.js';
import { PdfString, dict, name, type PdfRef } from '../../lib/pdf/objects.js';
import { addAnnotation, registerFields } from '../signing/form-update.js';
import type { Placeholders } from '../signing/signature-placeholders.js';

/** Document time-stamps are fields too, named apart from signatures and never counted as one. */
export const DOC_TIMESTAMP_FIELD_PREFIX = 'SelloTiempo';

export function buildDocTimestampUpdate(doc: PdfDocument, placeholders: Placeholders): IncrementalUpdate {
  const update = new IncrementalUpdate(doc.reader);
  const page = doc.pages[doc.pages.length - 1]!;
  const taken = doc.topLevelFieldNames();
  let n = 1;
  while (taken.has(`${DOC_TIMESTAMP_FIELD_PREFIX}${n}`)) n++;
  const value: PdfRef = update.add(
    dict({
      Type: name('DocTimeStamp'),
      Filter: name('Adobe.PPKLite'),
      SubFilter: name('ETSI.RFC3161'),
      ByteRange: placeholders.byteRange,
      Contents: placeholders.contents,
    }),
  );
  const field = update.add(
    dict({
      Type: name('Annot'),
      Subtype: name('Widget'),
      FT: name('Sig'),
      T: PdfString.text(`${DOC_TIMESTAMP_FIELD_PREFIX}${n}`),
      Rect: [0, 0, 0, 0],
      P: page.ref,
      F: 132, // Print + Locked; zero-sized, so nothing shows
      V: value,
    }),
  );
  addAnnotation(update, page, field);
  registerFields(update, doc, [field], true);
  return update;
}
