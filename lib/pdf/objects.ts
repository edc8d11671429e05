/**
 * The PDF object model used to read a document and write incremental updates. Values keep
 * enough of their original form (string bytes, hex-ness, real numbers) that an object read
 * and written back is semantically identical — validators compare old and new revisions.
 */

export class PdfName {
  private static readonly interned = new Map<string, PdfName>();
  /** `value` holds the decoded name bytes as latin1 characters (after #xx escapes). */
  private constructor(readonly value: string) {}
  static of(value: string): PdfName {
    let name = PdfName.interned.get(value);
    if (!name) {
      name = new PdfName(value);
      if (PdfName.interned.size < 10_000) PdfName.interned.set(value, name);
    }
    return name;
  }
}

export class PdfString {
  constructor(
    readonly bytes: Uint8Array,
    readonly hex = false,
  ) {}
  static latin1(text: string): PdfString {
    return new PdfString(Buffer.from(text, 'latin1'));
  }
  /** PDF text string: PDFDocEncoding when it fits Latin-1, otherwise UTF-16BE with BOM. */
  static text(text: string): PdfString {
    if (/^[\u0020-\u007e\u00a0-\u00ff]*$/.test(text)) return PdfString.latin1(text);
    const utf16 = Buffer.from(text, 'utf16le');
    utf16.swap16();
    return new PdfString(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16]), true);
  }
  toLatin1(): string {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString('latin1');
  }
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
  get key(): string {
    return `${this.num} ${this.gen}`;
  }
  equals(other: PdfObject | undefined): boolean {
    return other instanceof PdfRef && other.num === this.num && other.gen === this.gen;
  }
}

export class PdfDict {
  readonly entries: Map<string, PdfObject>;
  constructor(entries?: Iterable<[string, PdfObject]>) {
    this.entries = new Map(entries);
  }
  get(key: string): PdfObject | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: PdfObject): this {
    this.entries.set(key, value);
    return this;
  }
  has(key: string): boolean {
    return this.entries.has(key);
  }
  clone(): PdfDict {
    return new PdfDict(this.entries);
  }
}

export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    /** Stream data exactly as stored in the file (still encoded by its /Filter). */
    readonly data: Uint8Array,
  ) {}
}

/** Raw bytes written verbatim (used for the signature placeholders). */
export class PdfRaw {
  constructor(readonly text: string) {}
}

export type PdfArray = PdfObject[];
export type PdfObject =
  | null
  | boolean
  | number
  | PdfName
  | PdfString
  | PdfRef
  | PdfArray
  | PdfDict
  | PdfStream
  | PdfRaw;

export const name = PdfName.of;

export function dict(entries: Record<string, PdfObject>): PdfDict {
  return new PdfDict(Object.entries(entries));
}

export function isName(value: PdfObject | undefined, expected?: string): value is PdfName {
  return value instanceof PdfName && (expected === undefined || value.value === expected);
}

export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
