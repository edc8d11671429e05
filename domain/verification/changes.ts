/**
 * Difference analysis between revisions: what an incremental update after a signature changed,
 * and whether each change is one a signed document may receive or a modification of what was
 * signed. A list of what is allowed, everything else is a modification:
 *
 * - new objects nobody renders, and the update's own cross-reference stream (found by where the
 *   revision's `startxref` points, not by the /Type a stream declares);
 * - a new signature or time-stamp field (a dictionary of its own, never a stream's), its widget
 *   added to a page's /Annots and to the form's /Fields, its value (if any) a signature or
 *   time-stamp this very update made; a field a viewer draws only in an update a signature (not a
 *   time-stamp) closes;
 * - an existing empty signature field being signed in this update (it gains a /V this update made);
 * - the document security store extended: new certificates, OCSP responses, CRLs and /VRI keys,
 *   never an existing /VRI entry changed;
 * - the document information dictionary and the catalog's XMP metadata stream (metadata no viewer
 *   renders; pyHanko, for one, updates the XMP when it adds a document time-stamp), the catalog's
 *   /Version and /Extensions.
 *
 * Each modification names the object and, when a page uses it, the page.
 */
import { createHash } from 'node:crypto';
import {
  PdfDict,
  PdfName,
  PdfRaw,
  PdfRef,
  PdfStream,
  PdfString,
  isName,
  isNumber,
  type PdfObject,
} from '../../lib/pdf/objects.js';
import type { PdfReader } from '../../lib/pdf/reader.js';
import type { XrefEntry } from '../../lib/pdf/xref-index.js';
import { pageMap, plainDict, type PageUse } from './page-map.js';
import { textOf } from './signature-fields.js';

export type UpdateKind = 'harmless' | 'modification';

export type ChangeCode =
  | 'content_changed'
  | 'page_changed'
  | 'page_added'
  | 'annotation_added'
  | 'annotations_changed'
  | 'form_changed'
  | 'field_changed'
  | 'catalog_changed'
  | 'validation_data_changed'
  | 'object_changed'
  | 'object_removed'
  | 'trailer_changed'
  | 'unreadable_revision'
  | 'trailing_data';

export interface Change {
  code: ChangeCode;
  /** The object changed (null: the trailer). */
  object: number | null;
  /** 1-based page that uses the object, when one does. */
  page: number | null;
  detail: string;
}

/** What an allowed change did: add validation data, metadata or a signature field, or nothing at all. */
export type AllowedChange = 'validation_data' | 'metadata' | 'signature_field' | 'unchanged';

export interface UpdateAnalysis {
  kind: UpdateKind;
  /** The modifications found (the first few). */
  changes: Change[];
  /** What the allowed changes of the update did. */
  allowed: AllowedChange[];
}

/** `page 2, object 14: changes a content stream` */
export function describeChange(c: Change): string {
  const where = [c.page !== null ? `page ${c.page}` : null, c.object !== null ? `object ${c.object}` : null]
    .filter(Boolean)
    .join(', ');
  return where ? `${where}: ${c.detail}` : c.detail;
}

/** Catalog entries a signature update may add or change (a time-stamp may raise /Version). */
const CATALOG_KEYS = new Set(['AcroForm', 'DSS', 'Extensions', 'Version']);
/** AcroForm entries a signature update may add or change. */
const FORM_KEYS = new Set(['Fields', 'SigFlags', 'DR', 'DA']);
/** Entries signing an empty signature field sets. */
const SIG_FIELD_KEYS = new Set(['V', 'AP', 'AS', 'F', 'Lock', 'MK']);
const DSS_KEYS = new Set(['Type', 'VRI', 'Certs', 'CRLs', 'OCSPs']);
const MAX_CANON_DEPTH = 32;
const MAX_CHANGES = 5;
/** Bounds walks over a hostile /DSS and the rest of the document. */
const MAX_DSS_OBJECTS = 10_000;
const MAX_WALKED_OBJECTS = 200_000;

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
  if (value instanceof PdfStream)
    return `${canon(value.dict, depth + 1)}stream:${createHash('sha256').update(value.data).digest('hex')}`;
  const entries = [...(value as PdfDict).entries.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  return `<<${entries.map(([k, v]) => `/${k} ${canon(v, depth + 1)}`).join(' ')}>>`;
}

const sameEntry = (a: XrefEntry | undefined, b: XrefEntry | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function changedKeys(before: PdfDict, after: PdfDict): string[] {
  const keys = new Set([...before.entries.keys(), ...after.entries.keys()]);
  return [...keys].filter((k) => canon(before.get(k)) !== canon(after.get(k)));
}

/** A signature field (or a widget of one): a dictionary whose /FT, or its parents', is /Sig. */
function isSignatureField(reader: PdfReader, value: PdfObject | undefined): boolean {
  let d = plainDict(reader, value);
  for (let i = 0; d && i < 8; i++) {
    if (isName(d.get('FT'), 'Sig')) return true;
    if (d.has('FT')) return false;
    d = plainDict(reader, d.get('Parent'));
  }
  return false;
}

/** A widget a viewer draws something for: a /Rect of non-zero area (a border or background needs no appearance). */
function visible(reader: PdfReader, d: PdfDict): boolean {
  const rect = reader.resolve(d.get('Rect'));
  if (!Array.isArray(rect) || rect.length !== 4) return false;
  const [x1, y1, x2, y2] = rect.map((n) => reader.resolve(n));
  if (![x1, y1, x2, y2].every(isNumber)) return true; // a /Rect a viewer may still read: assume it draws
  return Math.abs(((x2 as number) - (x1 as number)) * ((y2 as number) - (y1 as number))) > 0;
}

/** What the /V of a field is, for the update `reader` ends: a signature or document time-stamp closing it, or neither. */
function fieldValueKind(reader: PdfReader, field: PdfDict): 'none' | 'signature' | 'timestamp' | 'foreign' {
  let d: PdfDict | undefined = field;
  for (let i = 0; d && !d.has('V') && i < 8; i++) d = plainDict(reader, d.get('Parent'));
  if (!d?.has('V')) return 'none';
  const value = plainDict(reader, d.get('V'));
  const range = value && reader.resolve(value.get('ByteRange'));
  // Only a value whose byte range ends where this revision ends was made by this update: a value
  // copied from an earlier signature, or anything else, vouches for nothing here.
  if (!Array.isArray(range) || range.length !== 4 || !range.every(isNumber)) return 'foreign';
  if ((range[2] as number) + (range[3] as number) !== reader.bytes.length) return 'foreign';
  const subFilter = value!.get('SubFilter');
  return isName(value!.get('Type'), 'DocTimeStamp') || isName(subFilter, 'ETSI.RFC3161') ? 'timestamp' : 'signature';
}

/**
 * A new signature field or widget is allowed when its value, if any, is a signature or time-stamp
 * made by this update, and — when a viewer draws it — when a signature (never a time-stamp, which
 * vouches for no content) closes the update: its own value, or the one the update adds beside it.
 */
function newFieldProblem(scope: Scope, d: PdfDict): string | null {
  const value = fieldValueKind(scope.after, d);
  if (value === 'foreign') return 'adds a field whose value is not a signature made by this update';
  if (!visible(scope.after, d)) return null;
  if (value === 'signature' || (value === 'none' && scope.signed)) return null;
  return value === 'timestamp'
    ? 'adds a visible field that only a time-stamp covers'
    : 'adds a visible field that no signature covers';
}

interface Scope {
  before: PdfReader;
  after: PdfReader;
  /** The update is closed by a signature (not a document time-stamp), which vouches for what it adds. */
  signed: boolean;
  pageOf(num: number): PageUse | undefined;
}

function change(scope: Scope, code: ChangeCode, object: number | null, detail: string): Change {
  return { code, object, page: object === null ? null : (scope.pageOf(object)?.page ?? null), detail };
}

function isNewObject(scope: Scope, item: PdfObject): boolean {
  if (!(item instanceof PdfRef)) return true;
  const old = scope.before.xref.get(item.num);
  return old === undefined || old.type === 'free';
}

/**
 * Array `after` keeps every element of `before`, in order, and adds only new signature fields
 * (for /Annots: their widgets). Null when it does; else what is wrong.
 */
function addsOnlySignatureFields(
  scope: Scope,
  before: PdfObject | undefined,
  after: PdfObject | undefined,
  widgets: boolean,
): string | null {
  const old = scope.before.resolve(before);
  const now = scope.after.resolve(after);
  const oldItems = Array.isArray(old) ? old.map((v) => canon(v)) : [];
  if (!Array.isArray(now)) return oldItems.length === 0 ? null : 'removes every item';
  const remaining = new Set(oldItems);
  for (const item of now) {
    if (remaining.delete(canon(item))) continue;
    // A field written inside the array is no object of its own: nothing else would check it.
    if (!(item instanceof PdfRef)) return 'adds a field written inside the array';
    if (!isNewObject(scope, item)) return `adds an existing object (${canon(item)})`;
    const d = plainDict(scope.after, item);
    if (!d || !isSignatureField(scope.after, item)) return 'adds something other than a signature field';
    if (widgets && !isName(d.get('Subtype'), 'Widget')) return 'adds an annotation that is not a signature widget';
  }
  return remaining.size === 0 ? null : 'removes an item';
}

/** Form dictionary rule, for an indirect /AcroForm and for one written in the catalog. */
function formProblem(scope: Scope, old: PdfDict | undefined, now: PdfDict | undefined): string | null {
  if (!now) return old ? 'removes the form' : null;
  const changed = changedKeys(old ?? new PdfDict(), now);
  const other = changed.filter((k) => !FORM_KEYS.has(k));
  if (other.length) return `changes the form (${other.join(', ')})`;
  if (!changed.includes('Fields')) return null;
  const problem = addsOnlySignatureFields(scope, old?.get('Fields'), now.get('Fields'), false);
  return problem && `changes the form fields: ${problem}`;
}

interface StoreParts {
  /** The store's own dictionaries and arrays, which an update may extend. */
  extendable: Set<number>;
  /** What earlier validation data (an existing /VRI entry) is made of: never changed. */
  frozen: Set<number>;
}

/** The objects of the document security store of `reader`. */
function storeParts(reader: PdfReader): StoreParts {
  const extendable = new Set<number>();
  const frozen = new Set<number>();
  const catalog = reader.resolveDict(reader.trailer.get('Root'));
  const dssRaw = catalog?.get('DSS');
  const take = (value: PdfObject | undefined, into: Set<number>) => {
    if (value instanceof PdfRef && !(reader.getObject(value.num) instanceof PdfStream)) into.add(value.num);
  };
  take(dssRaw, extendable);
  const dss = plainDict(reader, dssRaw);
  if (!dss) return { extendable, frozen };
  for (const key of ['Certs', 'CRLs', 'OCSPs']) take(dss.get(key), extendable);
  take(dss.get('VRI'), extendable);
  const vri = plainDict(reader, dss.get('VRI'));
  let walked = 0;
  for (const entry of vri?.entries.values() ?? []) {
    if (++walked > MAX_DSS_OBJECTS) break;
    take(entry, frozen);
    const d = plainDict(reader, entry);
    for (const value of d?.entries.values() ?? []) take(value, frozen);
  }
  for (const num of frozen) extendable.delete(num);
  return { extendable, frozen };
}

/** The /DSS of `after` extends that of `before` only with new data and new /VRI keys. */
function storeProblem(scope: Scope): string | null {
  const oldDss = plainDict(scope.before, scope.before.resolveDict(scope.before.trailer.get('Root'))?.get('DSS'));
  const newDss = plainDict(scope.after, scope.after.resolveDict(scope.after.trailer.get('Root'))?.get('DSS'));
  if (!newDss) return oldDss ? 'removes the document security store' : null;
  const unexpected = [...newDss.entries.keys()].filter((k) => !DSS_KEYS.has(k));
  if (unexpected.length) return `puts ${unexpected.join(', ')} in the document security store`;
  const oldVri = plainDict(scope.before, oldDss?.get('VRI'));
  const newVri = plainDict(scope.after, newDss.get('VRI'));
  for (const [key, value] of oldVri?.entries ?? []) {
    if (canon(value) !== canon(newVri?.get(key)))
      return `changes or removes the validation data of an earlier signature (VRI ${key})`;
  }
  for (const [key, value] of newVri?.entries ?? []) {
    if (oldVri?.has(key)) continue;
    if (!/^[0-9A-F]{40}$/.test(key)) return `adds a badly formed VRI key ${key}`;
    if (!plainDict(scope.after, value)) return `adds a VRI entry that is not a dictionary (${key})`;
  }
  return null;
}

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

function lazy<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}

/** Bounds the walk over the form's top-level fields when collecting locks. */
const MAX_LOCK_FIELDS = 2_000;

/**
 * Fields the signatures of `reader` lock (FieldMDP, from a signed field's /Lock or its value's
 * /Reference): `all` when one locks every field, else the locked names with those excluded.
 */
function lockedFields(reader: PdfReader): { all: boolean; except: Set<string>; names: Set<string> } {
  const locks = { all: false, except: new Set<string>(), names: new Set<string>() };
  const form = plainDict(reader, reader.resolveDict(reader.trailer.get('Root'))?.get('AcroForm'));
  const fields = reader.resolve(form?.get('Fields'));
  if (!Array.isArray(fields)) return locks;
  const names = (value: PdfObject | undefined) => {
    const list = reader.resolve(value);
    return Array.isArray(list) ? list.map((v) => textOf(reader.resolve(v))).filter((n): n is string => n !== null) : [];
  };
  const apply = (params: PdfDict | undefined) => {
    if (!params) return;
    const action = params.get('Action');
    if (isName(action, 'All')) locks.all = true;
    else if (isName(action, 'Include')) for (const n of names(params.get('Fields'))) locks.names.add(n);
    else if (isName(action, 'Exclude')) {
      locks.all = true;
      for (const n of names(params.get('Fields'))) locks.except.add(n);
    }
  };
  for (const item of fields.slice(0, MAX_LOCK_FIELDS)) {
    const field = plainDict(reader, item);
    const value = plainDict(reader, field?.get('V'));
    if (!field || !value || !isName(field.get('FT'), 'Sig')) continue;
    apply(plainDict(reader, field.get('Lock')));
    const references = reader.resolve(value.get('Reference'));
    for (const ref of Array.isArray(references) ? references : []) {
      const r = plainDict(reader, ref);
      if (r && isName(r.get('TransformMethod'), 'FieldMDP')) apply(plainDict(reader, r.get('TransformParams')));
    }
  }
  return locks;
}

/** The trailer keeps its catalog and gains no encryption. */
function trailerChanges(scope: Scope): Change[] {
  const found: Change[] = [];
  const oldRoot = scope.before.trailer.get('Root');
  const newRoot = scope.after.trailer.get('Root');
  if (canon(oldRoot) !== canon(newRoot)) {
    found.push(
      change(
        scope,
        'trailer_changed',
        newRoot instanceof PdfRef ? newRoot.num : null,
        'the trailer points at another catalog',
      ),
    );
  }
  if (canon(scope.before.trailer.get('Encrypt')) !== canon(scope.after.trailer.get('Encrypt')))
    found.push(change(scope, 'trailer_changed', null, 'the trailer changes the encryption'));
  return found;
}

/** What the update from revision `before` to revision `after` changed, classified. */
/**
 * An XMP packet as pyHanko's metadata rule accepts one: a stream of UTF-8 XML without a document
 * type declaration (no entities) whose root element is x:xmpmeta. Checked on the decoded bytes,
 * without a full XML parse: anything else is not metadata, and its change stays a modification.
 */
function looksLikeXmp(reader: PdfReader, value: PdfObject | undefined): boolean {
  if (!(value instanceof PdfStream)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(reader.decode(value));
  } catch {
    return false;
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return false;
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '')
    .trimStart();
  const root = /^<([A-Za-z_][\w.-]*):xmpmeta\b[^>]*>/.exec(body);
  return (
    root !== null &&
    new RegExp(`xmlns:${root[1]}=["']adobe:ns:meta/["']`).test(root[0]) &&
    body.trimEnd().endsWith(`</${root[1]}:xmpmeta>`)
  );
}

export function analyzeUpdate(
  before: PdfReader,
  after: PdfReader,
  options: { signed: boolean } = { signed: false },
): UpdateAnalysis {
  const beforePages = lazy(() => pageMap(before));
  const afterPages = lazy(() => pageMap(after));
  const scope: Scope = {
    before,
    after,
    signed: options.signed,
    pageOf: (num) => afterPages().get(num) ?? beforePages().get(num),
  };
  const changes = trailerChanges(scope);
  const allowedSeen = new Set<AllowedChange>();
  const allowed = (kind: AllowedChange): null => {
    allowedSeen.add(kind);
    return null;
  };
  const store = lazy(() => storeParts(before));
  const storeCheck = lazy(() => storeProblem(scope));
  // A store object the document also uses elsewhere (a page's resources placed in the /DSS, say)
  // is not the store's own: changing it stays a modification.
  const outside = lazy(() => referencedOutsideDss(before));
  const storeOwn = (num: number) => store().extendable.has(num) && outside() !== undefined && !outside()!.has(num);
  const infoRef = after.trailer.get('Info');
  const beforeInfo = before.trailer.get('Info');
  // A trailer naming another information dictionary changes the metadata (its rules stay those of the object it names).
  if (canon(infoRef) !== canon(beforeInfo)) allowed('metadata');
  const rootRef = after.trailer.get('Root');
  const formRef = after.resolveDict(rootRef)?.get('AcroForm');
  const beforeXmp = before.resolveDict(before.trailer.get('Root'))?.get('Metadata');
  const afterXmp = after.resolveDict(rootRef)?.get('Metadata');
  /** The catalog's XMP stream, the same object in both revisions and well-formed XMP in both (as pyHanko requires). */
  const isCatalogXmp = (num: number, oldValue: PdfObject | undefined, newValue: PdfObject | undefined): boolean =>
    beforeXmp instanceof PdfRef &&
    beforeXmp.num === num &&
    afterXmp instanceof PdfRef &&
    afterXmp.num === num &&
    looksLikeXmp(before, oldValue) &&
    looksLikeXmp(after, newValue);
  const ownXref = after.lastXref.kind === 'stream' ? after.lastXref.offset : -1;

  const classifyChanged = (num: number): Change | null => {
    const oldValue = before.getObject(num);
    const newValue = after.getObject(num);
    if (newValue === undefined || newValue === null) return change(scope, 'object_removed', num, 'removes the object');
    const use = scope.pageOf(num);
    if (oldValue instanceof PdfStream || newValue instanceof PdfStream) {
      if (canon(oldValue) === canon(newValue)) return allowed('unchanged');
      if (!use && isCatalogXmp(num, oldValue, newValue)) return allowed('metadata');
      return change(
        scope,
        use?.role === 'content' ? 'content_changed' : 'object_changed',
        num,
        use?.role === 'content' ? 'changes the page content' : 'changes a stream',
      );
    }
    if (store().frozen.has(num))
      return canon(oldValue) === canon(newValue)
        ? allowed('unchanged')
        : change(scope, 'validation_data_changed', num, 'changes the validation data of an earlier signature');
    if (storeOwn(num)) {
      const problem = storeCheck();
      return problem ? change(scope, 'validation_data_changed', num, problem) : allowed('validation_data');
    }
    if (Array.isArray(oldValue) || Array.isArray(newValue)) {
      if (canon(oldValue) === canon(newValue)) return allowed('unchanged');
      if (!Array.isArray(oldValue) || !Array.isArray(newValue))
        return change(scope, 'object_changed', num, 'changes an array');
      if (use?.role === 'annotations') {
        const problem = addsOnlySignatureFields(scope, oldValue, newValue, true);
        return problem
          ? change(scope, 'annotations_changed', num, `changes the annotations of the page: ${problem}`)
          : allowed('signature_field');
      }
      const form = plainDict(after, formRef);
      if (form?.get('Fields') instanceof PdfRef && (form.get('Fields') as PdfRef).num === num) {
        const problem = addsOnlySignatureFields(scope, oldValue, newValue, false);
        return problem
          ? change(scope, 'form_changed', num, `changes the form fields: ${problem}`)
          : allowed('signature_field');
      }
      return change(
        scope,
        use?.role === 'content' ? 'content_changed' : 'object_changed',
        num,
        use?.role === 'content' ? 'changes the list of content streams of the page' : 'changes an array',
      );
    }
    const old = plainDict(before, oldValue);
    const now = plainDict(after, newValue);
    if (!old || !now)
      return canon(oldValue) === canon(newValue)
        ? allowed('unchanged')
        : change(scope, 'object_changed', num, 'changes the object');
    const changed = changedKeys(old, now);
    if (changed.length === 0) return allowed('unchanged');
    // The document information dictionary (producer, dates) is metadata no viewer renders — the
    // one the signed revision had: a trailer naming another object as /Info changes nothing's rules.
    if (infoRef instanceof PdfRef && infoRef.num === num && beforeInfo instanceof PdfRef && beforeInfo.num === num)
      return allowed('metadata');
    if (rootRef instanceof PdfRef && rootRef.num === num) {
      const other = changed.filter((k) => !CATALOG_KEYS.has(k));
      if (other.length) return change(scope, 'catalog_changed', num, `changes the catalog (${other.join(', ')})`);
      if (changed.includes('AcroForm')) {
        const problem = formProblem(
          scope,
          plainDict(before, old.get('AcroForm')),
          plainDict(after, now.get('AcroForm')),
        );
        if (problem) return change(scope, 'form_changed', num, problem);
      }
      const problem = changed.includes('DSS') ? storeCheck() : null;
      return problem
        ? change(scope, 'validation_data_changed', num, problem)
        : allowed(changed.includes('AcroForm') ? 'signature_field' : 'validation_data');
    }
    if (isName(old.get('Type'), 'Page') || use?.role === 'page') {
      const other = changed.filter((k) => k !== 'Annots');
      if (other.length) return change(scope, 'page_changed', num, `changes the page (${other.join(', ')})`);
      const problem = addsOnlySignatureFields(scope, old.get('Annots'), now.get('Annots'), true);
      return problem
        ? change(scope, 'annotations_changed', num, `changes the annotations of the page: ${problem}`)
        : allowed('signature_field');
    }
    if (formRef instanceof PdfRef && formRef.num === num) {
      const problem = formProblem(scope, old, now);
      return problem ? change(scope, 'form_changed', num, problem) : allowed('signature_field');
    }
    if (isSignatureField(before, oldValue) && !old.has('V')) {
      // An empty signature field may change only by being signed, in this update, and only when no signature locked it.
      const fieldName = textOf(old.get('T'));
      const locks = lockedFields(before);
      if (fieldName !== null && (locks.names.has(fieldName) || (locks.all && !locks.except.has(fieldName)))) {
        return change(scope, 'field_changed', num, `changes the field ${fieldName}, which a signature locked`);
      }
      const value = fieldValueKind(after, now);
      if (value === 'none')
        return change(scope, 'field_changed', num, 'changes an unsigned signature field without signing it');
      if (value === 'foreign')
        return change(scope, 'field_changed', num, 'fills a signature field with a value this update did not sign');
      if (!changed.every((k) => SIG_FIELD_KEYS.has(k)))
        return change(scope, 'field_changed', num, `changes the signature field (${changed.join(', ')})`);
      // A time-stamp vouches for no content: it may fill a field, not give it something to draw.
      if (value === 'timestamp' && visible(after, now) && changed.some((k) => k === 'AP' || k === 'MK')) {
        return change(scope, 'field_changed', num, 'gives a field an appearance only a time-stamp covers');
      }
      return allowed('signature_field');
    }
    return change(
      scope,
      use?.role === 'annotation' ? 'annotations_changed' : 'object_changed',
      num,
      use?.role === 'annotation'
        ? `changes an annotation (${changed.join(', ')})`
        : `changes the object (${changed.join(', ')})`,
    );
  };

  const classifyNew = (num: number, value: PdfObject | undefined): Change | null => {
    const d = value instanceof PdfStream ? undefined : plainDict(after, value);
    if (!d) return null;
    const type = d.get('Type');
    if (isName(type, 'Page') || isName(type, 'Pages')) return change(scope, 'page_added', num, 'adds a page');
    const isAnnotation = isName(type, 'Annot') || (d.has('Subtype') && d.has('Rect'));
    if (!isAnnotation) return null;
    if (!isName(d.get('Subtype'), 'Widget') || !isSignatureField(after, value)) {
      return change(
        scope,
        'annotation_added',
        num,
        `adds an annotation (${isName(d.get('Subtype')) ? (d.get('Subtype') as PdfName).value : 'unknown'})`,
      );
    }
    const problem = newFieldProblem(scope, d);
    return problem ? change(scope, 'annotation_added', num, problem) : allowed('signature_field');
  };

  const highest = Math.max(after.xref.highestNumber, before.xref.highestNumber);
  for (let num = 1; num <= highest && changes.length < MAX_CHANGES; num++) {
    const newEntry = after.xref.get(num);
    const oldEntry = before.xref.get(num);
    if (sameEntry(oldEntry, newEntry)) continue;
    const wasThere = oldEntry !== undefined && oldEntry.type !== 'free';
    if (newEntry?.type === 'free' || newEntry === undefined) {
      if (wasThere) changes.push(change(scope, 'object_removed', num, 'removes the object'));
      continue;
    }
    // The update's own cross-reference stream, found by the offset `startxref` names.
    if (newEntry.type === 'offset' && newEntry.offset === ownXref && !wasThere) continue;
    const found = wasThere ? classifyChanged(num) : classifyNew(num, after.getObject(num));
    if (found) changes.push(found);
  }
  return { kind: changes.length ? 'modification' : 'harmless', changes, allowed: [...allowedSeen].sort() };
}
