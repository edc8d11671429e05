/**
 * An incremental update (ISO 32000-1 §7.5.6): new and changed objects appended after the
 * original bytes, followed by a cross-reference section of the same kind as the previous one
 * (table after a table, stream after a stream) whose /Prev links back. The original bytes are
 * never touched, so every earlier signature keeps covering exactly what it signed.
 */
import { randomBytes } from 'node:crypto';
import {
  type PdfDict,
  type PdfRaw,
  PdfRef,
  PdfStream,
  PdfString,
  dict,
  name,
  type PdfObject,
} from '../../lib/pdf/objects.js';
import type { PdfReader } from '../../lib/pdf/reader.js';
import { ByteSink, writeObject } from '../../lib/pdf/serialize.js';

export interface BuiltUpdate {
  /** The bytes to append after the original file. */
  bytes: Buffer;
  /** Offset of each placeholder inside `bytes`. */
  placeholders: Map<PdfRaw, number>;
}

export class IncrementalUpdate {
  private nextNum: number;
  private readonly objects = new Map<number, { gen: number; value: PdfObject }>();

  constructor(private readonly reader: PdfReader) {
    this.nextNum = reader.size;
  }

  /** A new object; returns its reference. */
  add(value: PdfObject): PdfRef {
    const ref = this.reserve();
    this.objects.set(ref.num, { gen: 0, value });
    return ref;
  }

  /** A number for an object whose content is set later (for objects that refer to each other). */
  reserve(): PdfRef {
    return new PdfRef(this.nextNum++, 0);
  }

  /** Replaces an existing object (or fills a reserved one) in this revision. */
  set(ref: PdfRef, value: PdfObject): void {
    this.objects.set(ref.num, { gen: ref.gen, value });
  }

  has(ref: PdfRef): boolean {
    return this.objects.has(ref.num);
  }

  /** The object as it will be after this update (a changed copy if already set here). */
  current(ref: PdfRef): PdfObject | undefined {
    return this.objects.get(ref.num)?.value ?? this.reader.getObject(ref.num);
  }

  build(): BuiltUpdate {
    const original = this.reader.bytes;
    const sink = new ByteSink();
    const last = original[original.length - 1];
    if (last !== 0x0a && last !== 0x0d) sink.write('\n');
    const base = original.length;
    const offsets = new Map<number, { offset: number; gen: number }>();
    const xrefNum = this.reader.lastXref.kind === 'stream' ? this.reserve().num : undefined;

    for (const num of [...this.objects.keys()].sort((a, b) => a - b)) {
      const { gen, value } = this.objects.get(num)!;
      offsets.set(num, { offset: base + sink.length, gen });
      sink.write(`${num} ${gen} obj\n`);
      writeObject(sink, value);
      sink.write('\nendobj\n');
    }

    const trailer = this.trailer();
    const xrefOffset = base + sink.length;
    if (xrefNum === undefined) {
      sink.write('xref\n');
      for (const [start, nums] of runs([...offsets.keys()])) {
        sink.write(`${start} ${nums.length}\n`);
        for (const num of nums) {
          const e = offsets.get(num)!;
          sink.write(`${String(e.offset).padStart(10, '0')} ${String(e.gen).padStart(5, '0')} n\r\n`);
        }
      }
      sink.write('trailer\n');
      writeObject(sink, trailer);
      sink.write('\n');
    } else {
      offsets.set(xrefNum, { offset: xrefOffset, gen: 0 });
      const nums = [...offsets.keys()].sort((a, b) => a - b);
      const offsetWidth = bytesFor(xrefOffset);
      const rows = Buffer.alloc(nums.length * (1 + offsetWidth + 2));
      let pos = 0;
      const index: number[] = [];
      for (const [start, run] of runs(nums)) {
        index.push(start, run.length);
        for (const num of run) {
          const e = offsets.get(num)!;
          rows[pos++] = 1;
          rows.writeUIntBE(e.offset, pos, offsetWidth);
          pos += offsetWidth;
          rows.writeUInt16BE(e.gen, pos);
          pos += 2;
        }
      }
      trailer.set('Type', name('XRef'));
      trailer.set('Index', index);
      trailer.set('W', [1, offsetWidth, 2]);
      sink.write(`${xrefNum} 0 obj\n`);
      writeObject(sink, new PdfStream(trailer, rows));
      sink.write('\nendobj\n');
    }
    sink.write(`startxref\n${xrefOffset}\n%%EOF\n`);
    return { bytes: sink.toBuffer(), placeholders: sink.rawOffsets };
  }

  private trailer(): PdfDict {
    const previous = this.reader.trailer;
    const trailer = dict({ Size: this.nextNum, Root: previous.get('Root')! });
    const info = previous.get('Info');
    if (info instanceof PdfRef) trailer.set('Info', info);
    // The first identifier stays (it names the document); the second changes with each revision.
    const id = this.reader.resolve(previous.get('ID'));
    const fresh = new PdfString(randomBytes(16), true);
    const first = Array.isArray(id) && id[0] instanceof PdfString ? id[0] : fresh;
    trailer.set('ID', [first, fresh]);
    trailer.set('Prev', this.reader.lastXref.offset);
    return trailer;
  }
}

/** Consecutive runs of sorted object numbers: the subsections of a cross-reference section. */
function runs(sorted: number[]): [number, number[]][] {
  const out: [number, number[]][] = [];
  for (const num of [...sorted].sort((a, b) => a - b)) {
    const current = out[out.length - 1];
    if (current && current[0] + current[1].length === num) current[1].push(num);
    else out.push([num, [num]]);
  }
  return out;
}

function bytesFor(value: number): number {
  let n = 1;
  while (value >= 256 ** n) n++;
  return Math.max(n, 4);
}
