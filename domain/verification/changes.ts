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

/** What the update from revision `before` to revision `after` changed, classified. */
export function analyzeUpdate(before: PdfReader, after: PdfReader): UpdateAnalysis {
  const reasons: string[] = [];
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
    const reason = wasThere ? classifyChanged(before, after, num) : classifyNew(after, value);
    if (reason) reasons.push(reason);
  }
  return { kind: reasons.length ? 'modification' : 'harmless', reasons };
}
