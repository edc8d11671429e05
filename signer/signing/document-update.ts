/**
 * The document side of signing one document: where the signature goes (the slot after the
 * signatures already present, below the end-text marker) and the incremental update that
 * adds it — and the stamp, when asked — to the document. Runs in the document worker.
 *
 * Every visible block is a signature field whose widget carries the block as its appearance.
 * That is the one kind of addition validators accept after earlier signatures (pyHanko's
 * difference analysis rejects any other new annotation), and everything added is covered by the
 * new signature. The PAdES field holds the signature (/V); a visual signature and the stamp
 * are fields without a value, marked read-only so no one signs into them later. The stamp is
 * a field of its own (named Sello<n>) rather than a second widget of the signature: poppler
 * does not recognise a signature whose field has several widgets. The PAdES signature that
 * adds a stamp locks it (FieldMDP, ISO 32000-2 §12.8.2.4): a later change to the stamp, or a
 * signature made into its field, is a modification of that signature for every validator.
 */
import { signatureBlockContent, stampContent } from '../appearance/blocks.js';
import { FONT_RESOURCE, embeddedFont } from '../appearance/fonts.js';
import { STAMP_BOX, placeSignature, type Rect } from '../appearance/layout.js';
import { SignerError } from '../errors.js';
import type { PageInfo, PdfDocument } from '../pdf/document.js';
import { IncrementalUpdate } from '../pdf/incremental.js';
import { PdfStream, PdfString, dict, name, type PdfDict, type PdfRef } from '../../lib/pdf/objects.js';
import { TextLocator } from '../pdf/text-locator.js';
import { displayDateTime, longSpanishDate, pdfDate } from '../time.js';
import { addAnnotation, registerFields } from './form-update.js';
import type { Placeholders } from './signature-placeholders.js';

export interface SignerFields {
  name: string;
  seal: string;
  department: string;
  entity: string;
}

export interface StampRequest {
  documentNumber: string;
  city: string;
  position: 'first' | 'last';
}

export interface Placement {
  /** Signatures already in the document (decides the slot). */
  existing: number;
  page: PageInfo;
  rect: Rect;
}

/** Step 3 of the decision rules: count the signatures present and find the slot (or LayoutError). */
export function placeNextSignature(doc: PdfDocument, endTextMarker: string): Placement {
  const page = doc.pages[doc.pages.length - 1]!;
  const marker = new TextLocator(doc.reader).lowest(page, endTextMarker);
  if (!marker) {
    throw new SignerError(
      'LayoutError',
      `end-text marker "${endTextMarker}" not found on the last page; it marks where the document text ends and the signatures may begin`,
    );
  }
  const existing = doc
    .signatureFields()
    .filter((f) => !f.name.startsWith(STAMP_FIELD_PREFIX) && !f.docTimestamp).length;
  return { existing, page, rect: placeSignature(existing, marker.y) };
}

/**
 * The update adding the signature field (with room for the CMS when `placeholders` is given) and
 * the stamp; `field` is the signature field's name.
 */
export function buildUpdate(
  options: {
    doc: PdfDocument;
    placement: Placement;
    signer: SignerFields;
    stamp: StampRequest | undefined;
    now: Date;
    timeZone: string;
  },
  placeholders: Placeholders | undefined,
): { update: IncrementalUpdate; field: string } {
  const { doc, placement, signer, stamp, now, timeZone } = options;
  const update = new IncrementalUpdate(doc.reader);
  const signatureContent = signatureBlockContent(
    { ...signer, dateTime: displayDateTime(now, timeZone), digital: placeholders !== undefined },
    placement.rect,
  );
  const stampBlock =
    stamp &&
    stampContent(
      { documentNumber: stamp.documentNumber, city: stamp.city, date: longSpanishDate(now, timeZone) },
      STAMP_BOX,
    );
  const fonts = dict({
    [FONT_RESOURCE.regular]: update.add(embeddedFont('regular', (v) => update.add(v))),
    [FONT_RESOURCE.bold]: update.add(embeddedFont('bold', (v) => update.add(v))),
  });
  const appearance = (content: Buffer, rect: Rect): PdfRef =>
    update.add(
      new PdfStream(
        dict({
          Type: name('XObject'),
          Subtype: name('Form'),
          BBox: [0, 0, rect.width, rect.height],
          Resources: dict({ Font: fonts }),
        }),
        content,
      ),
    );

  const field = (rect: Rect, page: PageInfo, content: Buffer, fieldName: string, description: string): PdfDict =>
    // Field and widget share one dictionary, the most common form of a signature field. TU is the
    // field's description for assistive technology (PDF/UA-1 §7.18.1).
    dict({
      Type: name('Annot'),
      Subtype: name('Widget'),
      FT: name('Sig'),
      T: PdfString.text(fieldName),
      TU: PdfString.text(description),
      Rect: [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height],
      P: page.ref,
      F: 132, // Print + Locked
      AP: dict({ N: appearance(content, rect) }),
    });
  const added: PdfRef[] = [];
  const add = (page: PageInfo, fieldDict: PdfDict): void => {
    const ref = update.add(fieldDict);
    addAnnotation(update, page, ref);
    added.push(ref);
  };

  const taken = doc.topLevelFieldNames();
  const signatureName = uniqueName(taken, SIGNATURE_FIELD_PREFIX, placement.existing + 1);
  const stampName = stamp ? uniqueName(taken, STAMP_FIELD_PREFIX, 1) : undefined;
  const signature = field(
    placement.rect,
    placement.page,
    signatureContent,
    signatureName,
    `Firma de ${signer.name}, ${signer.seal}`,
  );
  if (placeholders) {
    const value = dict({
      Type: name('Sig'),
      Filter: name('Adobe.PPKLite'),
      SubFilter: name('ETSI.CAdES.detached'),
      ByteRange: placeholders.byteRange,
      Contents: placeholders.contents,
      M: PdfString.latin1(pdfDate(now, timeZone)),
      Name: PdfString.text(signer.name),
    });
    if (stampName) {
      const locked = [PdfString.text(stampName)];
      signature.set('Lock', dict({ Type: name('SigFieldLock'), Action: name('Include'), Fields: locked }));
      value.set('Reference', [
        dict({
          Type: name('SigRef'),
          TransformMethod: name('FieldMDP'),
          Data: doc.catalogRef,
          TransformParams: dict({
            Type: name('TransformParams'),
            Action: name('Include'),
            Fields: locked,
            V: name('1.2'),
          }),
        }),
      ]);
    }
    signature.set('V', update.add(value));
  } else {
    signature.set('Ff', 1); // ReadOnly: a visual signature is not a place to sign
  }
  add(placement.page, signature);

  if (stamp && stampBlock) {
    const page = stamp.position === 'first' ? doc.pages[0]! : doc.pages[doc.pages.length - 1]!;
    add(
      page,
      field(STAMP_BOX, page, stampBlock, stampName!, `Número ${stamp.documentNumber}, ${stamp.city}`).set('Ff', 1),
    );
  }
  registerFields(update, doc, added, placeholders !== undefined);
  return { update, field: signatureName };
}

/** Signature fields this service names; stamps are fields too but never count as signatures. */
export const SIGNATURE_FIELD_PREFIX = 'Firma';
export const STAMP_FIELD_PREFIX = 'Sello';

function uniqueName(taken: Set<string>, prefix: string, from: number): string {
  for (let n = from; ; n++) {
    const candidate = `${prefix}${n}`;
    if (!taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
}
