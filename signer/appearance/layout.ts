/**
 * Where signatures and the stamp go on a Letter page (612 × 792 pt, origin bottom-left).
 *
 * Signatures fill a two-column grid on the last page, from the bottom margin upward: the n-th
 * signature already present (n = 0, 1, 2, ...) decides the slot — column n mod 2 (left, then
 * right), row ⌊n / 2⌋ counted from the bottom. A slot may only be used if it stays below the
 * end-text marker (the document's last line), with a small clearance; otherwise the page is full.
 *
 * The stamp (document number, city, date) sits in the top-right corner of its page, inside the
 * area document templates keep free for it.
 */
import { SignerError } from '../errors.js';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const LETTER = { width: 612, height: 792 } as const;

export const SIGNATURE_GRID = {
  marginX: 50,
  bottomMargin: 40,
  columnGap: 20,
  rowGap: 10,
  width: 246,
  height: 72,
  /** Space kept between the marker's baseline and the top of a signature. */
  markerClearance: 8,
} as const;

export const STAMP_BOX: Rect = { x: LETTER.width - 50 - 240, y: LETTER.height - 30 - 36, width: 240, height: 36 };

export function signatureSlot(index: number): Rect {
  const g = SIGNATURE_GRID;
  const column = index % 2;
  const row = Math.floor(index / 2);
  return {
    x: g.marginX + column * (g.width + g.columnGap),
    y: g.bottomMargin + row * (g.height + g.rowGap),
    width: g.width,
    height: g.height,
  };
}

/** The slot for a document that already holds `existing` signatures, or LayoutError. */
export function placeSignature(existing: number, markerBaseline: number): Rect {
  const slot = signatureSlot(existing);
  const limit = markerBaseline - SIGNATURE_GRID.markerClearance;
  if (slot.y + slot.height > limit) {
    throw new SignerError(
      'LayoutError',
      `no room for signature ${existing + 1} on the last page: it needs the space up to y=${slot.y + slot.height} pt, but the text ends at y=${Math.round(markerBaseline)} pt`,
    );
  }
  return slot;
}
