/**
 * What the signer needs to know about a document: its pages (with inherited attributes), its
 * form and the signature fields already present, and whether a certification forbids changes.
 */
import { PdfReadError } from '../../lib/pdf/errors.js';
import { PdfDict, PdfRef, PdfString, isName, isNumber, type PdfObject } from '../../lib/pdf/objects.js';
import { PdfReader } from '../../lib/pdf/reader.js';

export type Box = [number, number, number, number];

export interface PageInfo {
  ref: PdfRef;
  dict: PdfDict;
  mediaBox: Box;
  resources: PdfDict | undefined;
}

export interface SignatureFieldInfo {
  ref: PdfRef;
  name: string;
  signed: boolean;
  /** Its value is a document time-stamp (/Type /DocTimeStamp), not a signature. */
  docTimestamp: boolean;
}

const MAX_PAGES = 100_000;

export class PdfDocument {
  readonly catalogRef: PdfRef;
  readonly catalog: PdfDict;
  readonly pages: PageInfo[];

  private constructor(readonly reader: PdfReader) {
    if (reader.trailer.has('Encrypt')) throw new PdfReadError('encrypted PDFs are not supported');
    this.catalogRef = reader.trailer.get('Root') as PdfRef;
    const catalog = reader.resolve(this.catalogRef);
    if (!(catalog instanceof PdfDict)) throw new PdfReadError('document catalog missing');
    this.catalog = catalog;
    this.pages = this.collectPages();
    if (this.pages.length === 0) throw new PdfReadError('the document has no pages');
  }

  static open(bytes: Buffer): PdfDocument {
    return new PdfDocument(new PdfReader(bytes));
  }

  private collectPages(): PageInfo[] {
    const root = this.catalog.get('Pages');
    if (!(root instanceof PdfRef)) throw new PdfReadError('page tree missing');
    const pages: PageInfo[] = [];
    const seen = new Set<number>();
    type Frame = { ref: PdfRef; mediaBox: Box | undefined; resources: PdfObject | undefined };
    const stack: Frame[] = [{ ref: root, mediaBox: undefined, resources: undefined }];
    while (stack.length) {
      const { ref, mediaBox, resources } = stack.pop()!;
      if (seen.has(ref.num)) throw new PdfReadError('page tree contains a loop');
      seen.add(ref.num);
      const node = this.reader.resolve(ref);
      if (!(node instanceof PdfDict)) throw new PdfReadError(`page tree node ${ref.num} missing`);
      const box = this.readBox(node.get('MediaBox')) ?? mediaBox;
      const res = node.get('Resources') ?? resources;
      const kids = this.reader.resolve(node.get('Kids'));
      const type = node.get('Type');
      if (isName(type, 'Pages') || (!isName(type, 'Page') && Array.isArray(kids))) {
        // Children are pushed in reverse so pages come out in document order.
        const list = Array.isArray(kids) ? kids : [];
        for (let i = list.length - 1; i >= 0; i--) {
          const kid = list[i];
          if (kid instanceof PdfRef) stack.push({ ref: kid, mediaBox: box, resources: res });
        }
        continue;
      }
      if (!box) throw new PdfReadError(`page ${pages.length + 1} has no MediaBox`);
      const resolvedResources = this.reader.resolveDict(res);
      pages.push({ ref, dict: node, mediaBox: box, resources: resolvedResources });
      if (pages.length > MAX_PAGES) throw new PdfReadError('too many pages');
    }
    return pages;
  }

  private readBox(value: PdfObject | undefined): Box | undefined {
    const v = this.reader.resolve(value);
    if (!Array.isArray(v) || v.length !== 4) return undefined;
    const nums = v.map((x) => this.reader.resolve(x));
    if (!nums.every(isNumber)) return undefined;
    const [a, b, c, d] = nums as number[];
    return [Math.min(a!, c!), Math.min(b!, d!), Math.max(a!, c!), Math.max(b!, d!)];
  }

  /** The form dictionary, resolved, with where it lives (its own object or inside the catalog). */
  acroForm(): { dict: PdfDict; ref: PdfRef | undefined } | undefined {
    const raw = this.catalog.get('AcroForm');
    const d = this.reader.resolve(raw);
    if (!(d instanceof PdfDict)) return undefined;
    return { dict: d, ref: raw instanceof PdfRef ? raw : undefined };
  }

  /** Terminal signature fields of the form, signed or not. */
  signatureFields(): SignatureFieldInfo[] {
    const form = this.acroForm();
    const fields = this.reader.resolve(form?.dict.get('Fields'));
    if (!Array.isArray(fields)) return [];
    const out: SignatureFieldInfo[] = [];
    const seen = new Set<number>();
    const visit = (ref: PdfObject, prefix: string, inheritedType: string | undefined, depth: number): void => {
      if (!(ref instanceof PdfRef) || seen.has(ref.num) || depth > 32) return;
      seen.add(ref.num);
      const field = this.reader.resolve(ref);
      if (!(field instanceof PdfDict)) return;
      const t = field.get('T');
      const partial = t instanceof PdfString ? decodeTextString(t) : '';
      const fullName = prefix && partial ? `${prefix}.${partial}` : prefix || partial;
      const ft = field.get('FT');
      const type = isName(ft) ? ft.value : inheritedType;
      const kids = this.reader.resolve(field.get('Kids'));
      const childFields = Array.isArray(kids)
        ? kids.filter((k) => {
            const kd = this.reader.resolve(k);
            return kd instanceof PdfDict && kd.has('T');
          })
        : [];
      if (childFields.length) {
        for (const kid of childFields) visit(kid, fullName, type, depth + 1);
        return;
      }
      if (type === 'Sig') {
        const value = field.get('V');
        const docTimestamp = isName(this.reader.resolveDict(value)?.get('Type'), 'DocTimeStamp');
        out.push({ ref, name: fullName, signed: value !== undefined, docTimestamp });
      }
    };
    for (const f of fields) visit(f, '', undefined, 0);
    return out;
  }

  /** Names of the form's top-level fields (a new field must not reuse one). */
  topLevelFieldNames(): Set<string> {
    const names = new Set<string>();
    const fields = this.reader.resolve(this.acroForm()?.dict.get('Fields'));
    if (!Array.isArray(fields)) return names;
    for (const f of fields) {
      const d = this.reader.resolveDict(f);
      const t = d?.get('T');
      if (t instanceof PdfString) names.add(decodeTextString(t));
    }
    return names;
  }

  /** True when a certification signature allows no changes at all (DocMDP /P 1). */
  forbidsChanges(): boolean {
    const perms = this.reader.resolveDict(this.catalog.get('Perms'));
    const sig = this.reader.resolveDict(perms?.get('DocMDP'));
    const refs = this.reader.resolve(sig?.get('Reference'));
    if (!Array.isArray(refs)) return false;
    return refs.some((r) => {
      const d = this.reader.resolveDict(r);
      if (!d || !isName(d.get('TransformMethod'), 'DocMDP')) return false;
      const p = this.reader.resolveDict(d.get('TransformParams'))?.get('P');
      return p === 1;
    });
  }
}

/** PDF text string: UTF-16BE with BOM, otherwise (close enough to) PDFDocEncoding. */
export function decodeTextString(s: PdfString): string {
  const b = Buffer.from(s.bytes);
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
    const body = Buffer.from(b.subarray(2, 2 + ((b.length - 2) & ~1)));
    body.swap16();
    return body.toString('utf16le');
  }
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return b.subarray(3).toString('utf8');
  return b.toString('latin1');
}
