/**
 * The cross-reference entries of a document, kept compactly: each subsection (a run of
 * consecutive object numbers) holds its rows in typed arrays, 9 bytes per entry, and lookups
 * go newest section first. Counts come from the file, so every run is checked against the
 * bytes that describe it and against the document's entry limit before anything is allocated.
 */
import { PdfReadError } from './errors.js';
import { MAX_OBJECT_NUMBER, MAX_XREF_RUNS, maxXrefEntries } from './limits.js';

export type XrefEntry =
  | { type: 'free' }
  | { type: 'offset'; offset: number; gen: number }
  | { type: 'compressed'; stream: number; index: number };

/** Row kinds as stored; SKIP is a row that says nothing (a hybrid file's free stream rows). */
// biome-ignore lint/suspicious/noConstEnum: used only in this file, inlined in the hot loop of the xref scan
const enum Kind {
  Skip = 0,
  Free = 1,
  Offset = 2,
  Compressed = 3,
}

const UINT32_MAX = 0xffffffff;

export class XrefRun {
  readonly kinds: Uint8Array;
  /** Offset, or the object stream's number. */
  readonly a: Uint32Array;
  /** Generation, or the index inside the object stream. */
  readonly b: Uint32Array;

  constructor(
    readonly start: number,
    readonly count: number,
  ) {
    this.kinds = new Uint8Array(count);
    this.a = new Uint32Array(count);
    this.b = new Uint32Array(count);
  }

  set(i: number, entry: XrefEntry | undefined): void {
    if (!entry) return;
    if (entry.type === 'free') this.kinds[i] = Kind.Free;
    else if (entry.type === 'offset') {
      this.kinds[i] = Kind.Offset;
      this.a[i] = Math.min(entry.offset, UINT32_MAX); // beyond any file: read as "not there"
      this.b[i] = Math.min(entry.gen, UINT32_MAX);
    } else {
      this.kinds[i] = Kind.Compressed;
      this.a[i] = Math.min(entry.stream, UINT32_MAX);
      this.b[i] = Math.min(entry.index, UINT32_MAX);
    }
  }

  get(num: number): XrefEntry | undefined {
    const i = num - this.start;
    switch (this.kinds[i]) {
      case Kind.Free:
        return { type: 'free' };
      case Kind.Offset:
        return { type: 'offset', offset: this.a[i]!, gen: this.b[i]! };
      case Kind.Compressed:
        return { type: 'compressed', stream: this.a[i]!, index: this.b[i]! };
      default:
        return undefined;
    }
  }
}

/** One cross-reference section; a hybrid file's table and its /XRefStm stream are two layers. */
export class XrefSection {
  private sorted: XrefRun[] | undefined;
  private overlapping = false;
  readonly runs: XrefRun[] = [];

  /** The first row for `num` in file order (a later duplicate never overrides). */
  find(num: number): XrefEntry | undefined {
    const runs = this.index();
    if (this.overlapping) {
      for (const run of this.runs) if (num >= run.start && num < run.start + run.count) return run.get(num);
      return undefined;
    }
    let lo = 0;
    let hi = runs.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const run = runs[mid]!;
      if (num < run.start) hi = mid - 1;
      else if (num >= run.start + run.count) lo = mid + 1;
      else return run.get(num);
    }
    return undefined;
  }

  private index(): XrefRun[] {
    if (!this.sorted) {
      this.sorted = [...this.runs].sort((x, y) => x.start - y.start);
      for (let i = 1; i < this.sorted.length; i++) {
        const prev = this.sorted[i - 1]!;
        if (this.sorted[i]!.start < prev.start + prev.count) this.overlapping = true;
      }
    }
    return this.sorted;
  }
}

export class XrefIndex {
  /** Newest first; each section's layers in precedence order. */
  private readonly sections: XrefSection[][] = [];
  private entries = 0;
  private runCount = 0;
  private highest = -1;
  private readonly maxEntries: number;

  constructor(fileLength: number) {
    this.maxEntries = maxXrefEntries(fileLength);
  }

  /** Starts the next (older) section; returns a function adding a layer to it. */
  beginSection(): () => XrefSection {
    const layers: XrefSection[] = [];
    this.sections.push(layers);
    return () => {
      const layer = new XrefSection();
      layers.push(layer);
      return layer;
    };
  }

  /** A run of `count` entries from object `start`, checked before anything is allocated. */
  addRun(layer: XrefSection, start: number, count: number): XrefRun {
    if (!Number.isInteger(start) || !Number.isInteger(count) || start < 0 || count < 0) {
      throw new PdfReadError('cross-reference subsection with an invalid object number or count');
    }
    if (start + count - 1 > MAX_OBJECT_NUMBER)
      throw new PdfReadError(`cross-reference lists object numbers above ${MAX_OBJECT_NUMBER}`);
    this.entries += count;
    if (this.entries > this.maxEntries) {
      throw new PdfReadError(
        `cross-reference lists more than ${this.maxEntries} objects, more than a file of this size can hold`,
      );
    }
    if (++this.runCount > MAX_XREF_RUNS)
      throw new PdfReadError(`cross-reference has more than ${MAX_XREF_RUNS} subsections`);
    if (count > 0) this.highest = Math.max(this.highest, start + count - 1);
    const run = new XrefRun(start, count);
    layer.runs.push(run);
    return run;
  }

  /**
   * The entry in force for `num`: the newest section that mentions it decides. Within a section
   * an in-use entry wins over a free one (a hybrid table's free rows yield to its stream).
   */
  get(num: number): XrefEntry | undefined {
    if (num <= 0) return undefined;
    for (const layers of this.sections) {
      let free: XrefEntry | undefined;
      for (const layer of layers) {
        const entry = layer.find(num);
        if (!entry) continue;
        if (entry.type !== 'free') return entry;
        free ??= entry;
      }
      if (free) return free;
    }
    return undefined;
  }

  /** Highest object number listed, -1 when none. */
  get highestNumber(): number {
    return this.highest;
  }
}
