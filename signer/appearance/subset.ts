/**
 * Font subsetting by HarfBuzz's hb-subset (the WebAssembly build the harfbuzzjs package ships),
 * for `npm run fonts:subset` (cut-fonts.ts) only: the service embeds subsets cut in advance. The
 * module has no imports, so it is compiled and instantiated synchronously. Each face is loaded
 * into the module once and kept; a subset is a small copy taken out of it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface HbSubset {
  memory: { buffer: ArrayBuffer };
  _initialize(): void;
  malloc(size: number): number;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_get_flags(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}

const MEMORY_MODE_READONLY = 1;
const SETS_DROP_TABLE_TAG = 3;
const FLAG_NO_HINTING = 0x1;
const FLAG_NO_LAYOUT_CLOSURE = 0x200;
/** Shaping tables: a PDF viewer draws the glyphs the content names and never shapes. */
const DROPPED_TABLES = ['GSUB', 'GPOS', 'GDEF', 'kern', 'DSIG'];

/** The WebAssembly global, which the project's type libraries (ES2022, Node) do not declare. */
interface WasmRuntime {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}
const wasmRuntime = (globalThis as unknown as { WebAssembly: WasmRuntime }).WebAssembly;

let hb: HbSubset | undefined;

function harfbuzz(): HbSubset {
  if (!hb) {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'));
    hb = new wasmRuntime.Instance(new wasmRuntime.Module(wasm), {}).exports as HbSubset;
    hb._initialize();
  }
  return hb;
}

const tag = (s: string) =>
  ((s.charCodeAt(0) << 24) | (s.charCodeAt(1) << 16) | (s.charCodeAt(2) << 8) | s.charCodeAt(3)) >>> 0;

/** A TrueType face held by hb-subset, from which subsets are cut. */
export class SubsettableFace {
  private face: number | undefined;

  constructor(private readonly bytes: Uint8Array) {}

  /** A TrueType font with only the glyphs of `text` (and .notdef), keeping its Unicode cmap. */
  subset(text: string): Uint8Array {
    const h = harfbuzz();
    const face = this.load(h);
    const input = h.hb_subset_input_create_or_fail();
    if (input === 0) throw new Error('hb-subset could not create its input');
    try {
      const unicodes = h.hb_subset_input_unicode_set(input);
      for (const ch of text) h.hb_set_add(unicodes, ch.codePointAt(0)!);
      const dropped = h.hb_subset_input_set(input, SETS_DROP_TABLE_TAG);
      for (const t of DROPPED_TABLES) h.hb_set_add(dropped, tag(t));
      h.hb_subset_input_set_flags(input, h.hb_subset_input_get_flags(input) | FLAG_NO_HINTING | FLAG_NO_LAYOUT_CLOSURE);
      const subset = h.hb_subset_or_fail(face, input);
      if (subset === 0) throw new Error('hb-subset failed');
      const blob = h.hb_face_reference_blob(subset);
      try {
        const at = h.hb_blob_get_data(blob, 0);
        const length = h.hb_blob_get_length(blob);
        if (length === 0) throw new Error('hb-subset produced an empty font');
        return new Uint8Array(h.memory.buffer, at, length).slice();
      } finally {
        h.hb_blob_destroy(blob);
        h.hb_face_destroy(subset);
      }
    } finally {
      h.hb_subset_input_destroy(input);
    }
  }

  private load(h: HbSubset): number {
    if (this.face === undefined) {
      // Copied into the module's memory for good: the face lives as long as the process.
      const at = h.malloc(this.bytes.byteLength);
      new Uint8Array(h.memory.buffer, at, this.bytes.byteLength).set(this.bytes);
      const blob = h.hb_blob_create(at, this.bytes.byteLength, MEMORY_MODE_READONLY, 0, 0);
      this.face = h.hb_face_create(blob, 0);
      h.hb_blob_destroy(blob);
    }
    return this.face;
  }
}
