/**
 * Difference analysis between revisions: what an incremental update after a signature changed,
 * and whether each change is one a signed document may receive (a new signature or time-stamp
 * field, its widget and appearance, the form's field list, the page's annotation list, a DSS) or
 * a modification of what was signed (new content, another annotation, a changed page).
 */
import { createHash } from 'node:crypto';
import { PdfDict, PdfName, PdfRaw, PdfRef, PdfStream, PdfString, isName, type PdfObject } from '../../lib/pdf/objects.js';
import type { PdfReader } from '../../lib/pdf/reader.js';
import type { XrefEntry } from '../../lib/pdf/xref-index.js';

export type UpdateKind = 'harmless' | 'modification';

export interface UpdateAnalysis {
  kind: UpdateKind;
  /** Why it is a modification (first reasons found). */
  reasons: string[];
}

/** Catalog entries a signature update may add or change (a time-stamp may raise /Version). */
const CATALOG_KEYS = new Set(['AcroForm', 'DSS', 'Extensions', 'Version']);
/** AcroForm entries a signature update may add or change. */
const FORM_KEYS = new Set(['Fields', 'SigFlags', 'DR', 'DA', 'NeedAppearances']);
/** Entries signing an empty signature field sets. */
const SIG_FIELD_KEYS = new Set(['V', 'AP', 'AS', 'F', 'Lock']);
const MAX_CANON_DEPTH = 32;
const MAX_REASONS = 5;

/** A canonical text of a value, references kept as references (what an update could change). */
function canon(value: PdfObject | undefined, depth = 0): string {
  if (depth > MAX_CANON_DEPTH) return '…';
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (value instanceof PdfName) return `/${value.value}`;
  if (value instanceof PdfString) return `<${Buffer.from(value.bytes).toString('hex')}>`;
  if (value instanceof PdfRef) return `${value.num} ${value.gen} R`;
  if (value instanceof PdfRaw) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => canon(v, depth + 1)).join(' ')}]`;
  if (value instanceof PdfStream) return `${canon(value.dict, depth + 1)}stream:${createHash('sha256').update(value.data).digest('hex')}`;
  const entries = [...(value as PdfDict).entries.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  return `<<${entries.map(([k, v]) => `/${k} ${canon(v, depth + 1)}`).join(' ')}>>`;
}

function dictOf(value: PdfObject | undefined): PdfDict | undefined {
  if (value instanceof PdfDict) return value;
  if (value instanceof PdfStream) return value.dict;
  return undefined;
}

const sameEntry = (a: XrefEntry | undefined, b: XrefEntry | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Keys whose values differ between two dictionaries. */
function changedKeys(before: PdfDict, after: PdfDict): string[] {
  const keys = new Set([...before.entries.keys(), ...after.entries.keys()]);
  return [...keys].filter((k) => canon(before.get(k)) !== canon(after.get(k)));
}

/** A signature field (or its merged widget), in the revision `reader` reads. */
function isSignatureField(reader: PdfReader, value: PdfObject | undefined): boolean {
  let d = reader.resolveDict(value);
  for (let i = 0; d && i < 8; i++) {
    if (isName(d.get('FT'), 'Sig')) return true;
    if (d.has('FT')) return false;
    d = reader.resolveDict(d.get('Parent'));
  }
  return false;
}

/** Array `after` keeps every element of `before` and adds only signature fields/widgets. */
function onlyAddsSignatureFields(reader: PdfReader, before: PdfObject | undefined, after: PdfObject | undefined): boolean {
  const old = reader.resolve(before);
  const now = reader.resolve(after);
  const oldItems = Array.isArray(old) ? old.map((v) => canon(v)) : [];
  if (!Array.isArray(now)) return oldItems.length === 0;
  const remaining = new Set(oldItems);
  for (const item of now) {
    const key = canon(item);
    if (remaining.delete(key)) continue;
    if (!isSignatureField(reader, item)) return false;
  }
  return remaining.size === 0;
}

function classifyNew(reader: PdfReader, value: PdfObject | undefined): string | null {
  const d = dictOf(value);
  if (!d) return null;
  const type = d.get('Type');
  if (isName(type, 'Page') || isName(type, 'Pages')) return 'adds a page';
  const isAnnotation = isName(type, 'Annot') || (d.has('Subtype') && d.has('Rect'));
  if (isAnnotation && !(isName(d.get('Subtype'), 'Widget') && isSignatureField(reader, d))) {
    return `adds an annotation (${isName(d.get('Subtype')) ? (d.get('Subtype') as PdfName).value : 'unknown'})`;
  }
  return null;
}

function classifyChanged(before: PdfReader, after: PdfReader, num: number): string | null {
  const oldValue = before.getObject(num);
  const newValue = after.getObject(num);
  if (newValue === undefined || newValue === null) return `removes object ${num}`;
  const oldArray = Array.isArray(oldValue);
  if (oldArray || Array.isArray(newValue)) {
    // An indirect /Annots or /Fields array: it may only gain signature fields.
    return oldArray && Array.isArray(newValue) && onlyAddsSignatureFields(after, oldValue, newValue) ? null : `changes array object ${num}`;
  }
  const old = dictOf(oldValue);
  const now = dictOf(newValue);
  if (!old || !now) return canon(oldValue) === canon(newValue) ? null : `changes object ${num}`;
  if (oldValue instanceof PdfStream || newValue instanceof PdfStream) {
    return canon(oldValue) === canon(newValue) ? null : `changes stream ${num}`;
  }
  const changed = changedKeys(old, now);
  if (changed.length === 0) return null;
  // The document information dictionary (producer, dates) is metadata no viewer renders.
  const info = after.trailer.get('Info');
  if (info instanceof PdfRef && info.num === num) return null;
  const root = after.trailer.get('Root');
  if (root instanceof PdfRef && root.num === num) {
    return changed.every((k) => CATALOG_KEYS.has(k)) ? null : `changes the catalog (${changed.join(', ')})`;
  }
  if (isName(old.get('Type'), 'Page')) {
    if (changed.some((k) => k !== 'Annots')) return `changes a page (${changed.join(', ')})`;
    return onlyAddsSignatureFields(after, old.get('Annots'), now.get('Annots')) ? null : 'changes the annotations of a page';
  }
  if (old.has('Fields') || isAcroForm(after, num)) {
    if (changed.some((k) => !FORM_KEYS.has(k))) return `changes the form (${changed.join(', ')})`;
    return onlyAddsSignatureFields(after, old.get('Fields'), now.get('Fields')) ? null : 'changes the form fields';
  }
  if (isName(old.get('FT'), 'Sig') && !old.has('V')) {
    return changed.every((k) => SIG_FIELD_KEYS.has(k)) ? null : `changes signature field ${num}`;
  }
  return `changes object ${num}`;
}

function isAcroForm(reader: PdfReader, num: number): boolean {
  const root = reader.resolveDict(reader.trailer.get('Root'));
  const form = root?.get('AcroForm');
  return form instanceof PdfRef && form.num === num;
}

/** Bounds the walk over a hostile /DSS. */
const MAX_DSS_OBJECTS = 10_000;

/**
 * The dictionaries and arrays of the document security store (/DSS, its /VRI entries, its
 * /Certs, /OCSPs and /CRLs arrays): a PAdES-B-LT/LTA update extends them with the validation data
 * of a later signature. The streams they point to (certificates, OCSP responses, CRLs) are never
 * rewritten, so they are not in the set.
 */
function dssObjects(reader: PdfReader): Set<number> {
  const found = new Set<number>();
  const walk = (value: PdfObject | undefined, depth: number): void => {
    if (depth > 6 || found.size >= MAX_DSS_OBJECTS) return;
    if (value instanceof PdfRef) {
      if (found.has(value.num)) return;
      const target = reader.getObject(value.num);
      if (target instanceof PdfStream) return;
      // Only the store's own parts: a /DSS pointing at pages or annotations does not make changing them harmless.
      const type = target instanceof PdfDict ? target.get('Type') : undefined;
      if (type !== undefined && !isName(type, 'DSS') && !isName(type, 'VRI')) return;
      found.add(value.num);
      walk(target, depth + 1);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
    } else if (value instanceof PdfDict) {
      for (const item of value.entries.values()) walk(item, depth + 1);
    }
  };
  walk(reader.resolveDict(reader.trailer.get('Root'))?.get('DSS'), 0);
  return found;
}

/** Bounds the walk over the rest of the document; past it no store object counts as its own. */
const MAX_WALKED_OBJECTS = 200_000;

/** Objects reachable from the trailer without going through the catalog's /DSS (undefined: too many to tell). */
function referencedOutsideDss(reader: PdfReader): Set<number> | undefined {
  const seen = new Set<number>();
  const pending: PdfObject[] = [];
  const root = reader.trailer.get('Root');
  if (root instanceof PdfRef) seen.add(root.num);
  const catalog = reader.resolveDict(root);
  if (catalog) for (const [key, value] of catalog.entries) if (key !== 'DSS') pending.push(value);
  for (const [key, value] of reader.trailer.entries) if (key !== 'Root') pending.push(value);
  while (pending.length) {
    const value = pending.pop();
    if (value instanceof PdfRef) {
      if (seen.has(value.num)) continue;
      if (seen.size >= MAX_WALKED_OBJECTS) return undefined;
      seen.add(value.num);
      const target = reader.getObject(value.num);
      if (target !== undefined && target !== null) pending.push(target);
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (value instanceof PdfStream) {
      pending.push(value.dict);
    } else if (value instanceof PdfDict) {
      pending.push(...value.entries.values());
    }
  }
  return seen;
}

/** What the update from revision `before` to revision `after` changed, classified. */
export function analyzeUpdate(before: PdfReader, after: PdfReader): UpdateAnalysis {
  const reasons: string[] = [];
  const dss = dssObjects(before);
  // An object the document also uses elsewhere (a page's resources placed under /VRI, say) is not
  // the store's own: changing it stays a modification. Walked only when a store object changed.
  let elsewhere: Set<number> | undefined | null = null;
  const storeOwn = (num: number) => {
    if (!dss.has(num)) return false;
    if (elsewhere === null) elsewhere = referencedOutsideDss(before);
    return elsewhere !== undefined && !elsewhere.has(num);
  };
  const highest = Math.max(after.xref.highestNumber, before.xref.highestNumber);
  for (let num = 1; num <= highest && reasons.length < MAX_REASONS; num++) {
    const newEntry = after.xref.get(num);
    const oldEntry = before.xref.get(num);
    if (sameEntry(oldEntry, newEntry)) continue;
    const wasThere = oldEntry !== undefined && oldEntry.type !== 'free';
    if (newEntry?.type === 'free' || newEntry === undefined) {
      if (wasThere) reasons.push(`removes object ${num}`);
      continue;
    }
    const value = after.getObject(num);
    if (value instanceof PdfStream && isName(value.dict.get('Type'), 'XRef')) continue;
    // Extending the document security store with another signature's validation data is harmless.
    if (wasThere && !(value instanceof PdfStream) && storeOwn(num)) continue;
    const reason = wasThere ? classifyChanged(before, after, num) : classifyNew(after, value);
    if (reason) reasons.push(reason);
  }
  return { kind: reasons.length ? 'modification' : 'harmless', reasons };
}
