/** The signed signature fields of a PDF's newest revision, as the AcroForm lists them. */
import { type PdfDict, PdfRef, PdfString, isName, isNumber, type PdfObject } from '../../lib/pdf/objects.js';
import type { PdfReader } from '../../lib/pdf/reader.js';

/** Far more than a page holds: bounds the walk over a hostile form. */
const MAX_FIELDS = 2_000;
const MAX_DEPTH = 16;

export interface SignatureField {
  /** Fully qualified field name (`parent.child`). */
  name: string;
  /** `/Sig` or `/DocTimeStamp`. */
  kind: 'signature' | 'timestamp';
  byteRange: number[] | null;
  contents: Buffer | null;
  /** `/M` as written (PDF date string). */
  signingTime: string | null;
  subFilter: string | null;
}

export function textOf(value: PdfObject | undefined): string | null {
  if (!(value instanceof PdfString)) return null;
  const b = Buffer.from(value.bytes);
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
    const body = Buffer.from(b.subarray(2));
    return body.swap16().toString('utf16le');
  }
  return b.toString('latin1');
}

export function signatureFields(reader: PdfReader): SignatureField[] {
  const root = reader.resolveDict(reader.trailer.get('Root'));
  const form = root && reader.resolveDict(root.get('AcroForm'));
  const top = form && reader.resolve(form.get('Fields'));
  if (!Array.isArray(top)) return [];
  const found: SignatureField[] = [];
  const seen = new Set<number>();
  let visited = 0;
  const walk = (items: PdfObject[], prefix: string, inheritedFt: string | undefined, depth: number) => {
    if (depth > MAX_DEPTH) return;
    for (const item of items) {
      if (item instanceof PdfRef) {
        if (seen.has(item.num)) continue;
        seen.add(item.num);
      }
      if (++visited > MAX_FIELDS) return;
      const field = reader.resolveDict(item);
      if (!field) continue;
      const partial = textOf(field.get('T'));
      const name = partial === null ? prefix : prefix ? `${prefix}.${partial}` : partial;
      const ft = field.get('FT');
      const type = isName(ft) ? ft.value : inheritedFt;
      const kids = reader.resolve(field.get('Kids'));
      if (Array.isArray(kids) && kids.length) walk(kids, name, type, depth + 1);
      if (type !== 'Sig') continue;
      const value = reader.resolveDict(field.get('V'));
      if (value) found.push(readSignature(reader, name, value));
    }
  };
  walk(top, '', undefined, 0);
  return found;
}

function readSignature(reader: PdfReader, name: string, sig: PdfDict): SignatureField {
  const range = reader.resolve(sig.get('ByteRange'));
  const contents = reader.resolve(sig.get('Contents'));
  const subFilter = reader.resolve(sig.get('SubFilter'));
  return {
    name,
    kind:
      isName(reader.resolve(sig.get('Type')), 'DocTimeStamp') || isName(subFilter, 'ETSI.RFC3161')
        ? 'timestamp'
        : 'signature',
    byteRange:
      Array.isArray(range) && range.length === 4 && range.every((n) => isNumber(n) && Number.isInteger(n) && n >= 0)
        ? (range as number[])
        : null,
    contents: contents instanceof PdfString ? Buffer.from(contents.bytes) : null,
    signingTime: textOf(reader.resolve(sig.get('M'))),
    subFilter: isName(subFilter) ? subFilter.value : null,
  };
}

/** `D:20260305140709-03'00'` → ISO 8601, or null when it is not a PDF date. */
export function pdfDateToIso(text: string | null): string | null {
  const m = text && /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(text);
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', zone] = m;
  let offset = 'Z';
  if (zone && zone !== 'Z') {
    const z = zone.replace(/'/g, '');
    offset = `${z.slice(0, 3)}:${z.slice(3, 5) || '00'}`;
  }
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
