/**
 * What the appearance fonts need from a TrueType file that the subsetter does not give: the
 * advance width of a character (cmap 3,1 format 4, then hmtx) and the few figures a PDF font
 * descriptor states (units per em, bounding box, ascent, descent, cap height). Read once per
 * face from the file's own tables, so the widths the layout uses and the /Widths written are the
 * font program's, as PDF/UA-1 (7.21.5) requires.
 */
export interface FaceMetrics {
  unitsPerEm: number;
  bbox: [number, number, number, number];
  ascent: number;
  descent: number;
  capHeight: number;
}

export class TrueTypeFace {
  private readonly tables = new Map<string, { offset: number; length: number }>();
  private readonly view: DataView;
  private readonly cmap: number;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const count = this.view.getUint16(4);
    for (let i = 0; i < count; i++) {
      const at = 12 + 16 * i;
      const tag = String.fromCharCode(...bytes.subarray(at, at + 4));
      this.tables.set(tag, { offset: this.view.getUint32(at + 8), length: this.view.getUint32(at + 12) });
    }
    this.cmap = this.unicodeSubtable();
  }

  metrics(): FaceMetrics {
    const head = this.table('head');
    const hhea = this.table('hhea');
    const os2 = this.tables.get('OS/2')?.offset;
    const i16 = (at: number) => this.view.getInt16(at);
    const ascent = i16(hhea + 4);
    return {
      unitsPerEm: this.view.getUint16(head + 18),
      bbox: [i16(head + 36), i16(head + 38), i16(head + 40), i16(head + 42)],
      ascent,
      descent: i16(hhea + 6),
      capHeight: os2 !== undefined && this.view.getUint16(os2) >= 2 ? i16(os2 + 88) : ascent,
    };
  }

  /** Advance width in font units of the glyph the font maps `codePoint` to (.notdef's when none). */
  advance(codePoint: number): number {
    const hmtx = this.table('hmtx');
    const longMetrics = this.view.getUint16(this.table('hhea') + 34);
    return this.view.getUint16(hmtx + 4 * Math.min(this.glyph(codePoint), longMetrics - 1));
  }

  /** Glyph id for a BMP code point through the format-4 subtable (0 when unmapped). */
  glyph(codePoint: number): number {
    const v = this.view;
    const at = this.cmap;
    const segments = v.getUint16(at + 6) / 2;
    const ends = at + 14;
    const starts = ends + 2 * segments + 2;
    const deltas = starts + 2 * segments;
    const rangeOffsets = deltas + 2 * segments;
    for (let i = 0; i < segments; i++) {
      if (codePoint > v.getUint16(ends + 2 * i)) continue;
      const start = v.getUint16(starts + 2 * i);
      if (codePoint < start) return 0;
      const delta = v.getUint16(deltas + 2 * i);
      const rangeOffset = v.getUint16(rangeOffsets + 2 * i);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = v.getUint16(rangeOffsets + 2 * i + rangeOffset + 2 * (codePoint - start));
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  }

  private table(tag: string): number {
    const t = this.tables.get(tag);
    if (!t) throw new Error(`font has no ${tag} table`);
    return t.offset;
  }

  /** The Windows Unicode BMP subtable (3,1), which must be format 4. */
  private unicodeSubtable(): number {
    const cmap = this.table('cmap');
    const count = this.view.getUint16(cmap + 2);
    for (let i = 0; i < count; i++) {
      const rec = cmap + 4 + 8 * i;
      if (this.view.getUint16(rec) !== 3 || this.view.getUint16(rec + 2) !== 1) continue;
      const sub = cmap + this.view.getUint32(rec + 4);
      if (this.view.getUint16(sub) === 4) return sub;
    }
    throw new Error('font has no Windows Unicode (3,1) format-4 cmap');
  }
}
