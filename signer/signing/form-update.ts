/**
 * The structural edits an incremental update makes to register a new field: its widget(s) in
 * the /Annots of their pages and the field in the form's /Fields. Each edit rewrites only the
 * smallest object that holds the array (the array itself when it is indirect), and always from
 * the object's current state in this update, so two widgets on one page both land.
 */
import type { PdfDocument, PageInfo } from '../pdf/document.js';
import type { IncrementalUpdate } from '../pdf/incremental.js';
import { PdfDict, PdfRef, dict } from '../../lib/pdf/objects.js';

export function addAnnotation(update: IncrementalUpdate, page: PageInfo, annot: PdfRef): void {
  const current = update.current(page.ref);
  const pageDict = current instanceof PdfDict ? current : page.dict;
  const annots = pageDict.get('Annots');
  if (annots instanceof PdfRef) {
    const arr = update.current(annots);
    if (Array.isArray(arr)) {
      update.set(annots, [...arr, annot]);
      return;
    }
  }
  const existing = annots instanceof PdfRef ? [] : Array.isArray(annots) ? annots : [];
  update.set(page.ref, pageDict.clone().set('Annots', [...existing, annot]));
}

/** Adds `fields` to the form (creating the form when the document has none). */
export function registerFields(
  update: IncrementalUpdate,
  doc: PdfDocument,
  fields: PdfRef[],
  signatureFlags: boolean,
): void {
  const catalog = currentDict(update, doc.catalogRef, doc.catalog);
  const raw = catalog.get('AcroForm');
  const formRef = raw instanceof PdfRef ? raw : undefined;
  const current = formRef ? update.current(formRef) : raw;
  if (!(current instanceof PdfDict)) {
    const created = dict({ Fields: fields });
    if (signatureFlags) created.set('SigFlags', 3);
    update.set(doc.catalogRef, catalog.clone().set('AcroForm', update.add(created)));
    return;
  }
  const form = current.clone();
  let formChanged = false;
  if (signatureFlags && form.get('SigFlags') !== 3) {
    form.set('SigFlags', 3); // SignaturesExist | AppendOnly
    formChanged = true;
  }
  const list = form.get('Fields');
  const indirectList = list instanceof PdfRef ? update.current(list) : undefined;
  if (list instanceof PdfRef && Array.isArray(indirectList)) {
    update.set(list, [...indirectList, ...fields]);
  } else {
    form.set('Fields', [...(Array.isArray(list) ? list : []), ...fields]);
    formChanged = true;
  }
  if (!formChanged) return;
  if (formRef) update.set(formRef, form);
  else update.set(doc.catalogRef, catalog.clone().set('AcroForm', form));
}

function currentDict(update: IncrementalUpdate, ref: PdfRef, fallback: PdfDict): PdfDict {
  const v = update.current(ref);
  return v instanceof PdfDict ? v : fallback;
}
