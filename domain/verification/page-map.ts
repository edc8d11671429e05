/**
 * Which page uses an object: the page dictionary, its content streams (and an indirect
 * /Contents array), its resources and the XObjects and fonts they name, its annotation list
 * and annotations. Lets a change be reported as "page 2, object 14" instead of a bare number.
 */
import { PdfDict, PdfRef, isName, type PdfObject } from '../../lib/pdf/objects.js';
import type { PdfReader } from '../../lib/pdf/reader.js';
import { MAX_PAGES, MAX_PAGE_TREE_DEPTH } from '../../lib/pdf/limits.js';

export type PageRole = 'page' | 'content' | 'resources' | 'resource' | 'annotations' | 'annotation';

export interface PageUse {
  /** 1-based page number. */
  page: number;
  role: PageRole;
}

/** Bounds the walk over a hostile document (entries recorded). */
const MAX_MAPPED = 200_000;

export function pageMap(reader: PdfReader): Map<number, PageUse> {
  const uses = new Map<number, PageUse>();
  const note = (value: PdfObject | undefined, page: number, role: PageRole) => {
    if (value instanceof PdfRef && !uses.has(value.num) && uses.size < MAX_MAPPED) uses.set(value.num, { page, role });
  };
  const seen = new Set<number>();
  let pages = 0;
  const visit = (node: PdfObject | undefined, depth: number): void => {
    if (depth > MAX_PAGE_TREE_DEPTH || pages >= MAX_PAGES || uses.size >= MAX_MAPPED) return;
    if (node instanceof PdfRef) {
      if (seen.has(node.num)) return;
      seen.add(node.num);
    }
    const d = reader.resolveDict(node);
    if (!d) return;
    const kids = reader.resolve(d.get('Kids'));
    if (!isName(d.get('Type'), 'Page') && Array.isArray(kids)) {
      for (const kid of kids) visit(kid, depth + 1);
      return;
    }
    const page = ++pages;
    note(node, page, 'page');
    const contents = d.get('Contents');
    note(contents, page, 'content');
    const contentList = reader.resolve(contents);
    if (Array.isArray(contentList)) for (const c of contentList) note(c, page, 'content');
    const resources = d.get('Resources');
    note(resources, page, 'resources');
    const res = reader.resolveDict(resources);
    for (const key of ['XObject', 'Font', 'ExtGState', 'Pattern', 'Shading', 'ColorSpace']) {
      const group = res?.get(key);
      note(group, page, 'resources');
      const groupDict = reader.resolveDict(group);
      if (groupDict) for (const value of groupDict.entries.values()) note(value, page, 'resource');
    }
    const annots = d.get('Annots');
    note(annots, page, 'annotations');
    const list = reader.resolve(annots);
    if (Array.isArray(list)) for (const a of list) note(a, page, 'annotation');
  };
  visit(reader.resolveDict(reader.trailer.get('Root'))?.get('Pages'), 0);
  return uses;
}

/** A dictionary that is not a stream's (a stream's dictionary is never a field or an annotation). */
export function plainDict(reader: PdfReader, value: PdfObject | undefined): PdfDict | undefined {
  const v = reader.resolve(value);
  return v instanceof PdfDict ? v : undefined;
}
