/**
 * The two visible blocks the service draws, as appearance-stream content:
 *
 *   signature block                         stamp (top right)
 *   ┌──────────────────────────────┐              Número: IF-2026-00000012-MVE-DOP
 *   │     Firmado digitalmente     │   (PAdES)    Villa Esperanza, 5 de marzo de 2026
 *   │ ──────────────────────────── │
 *   │       María José Núñez       │   name (bold)
 *   │          Directora           │   seal
 *   │            Rentas            │   department
 *   │ Municipalidad de Villa Esp.  │   entity
 *   │  2026-03-05 14:07:09 -03:00  │   date-time with offset
 *   └──────────────────────────────┘
 */
import { ContentWriter, fitText } from './content.js';
import { textWidth, type FontKey } from './fonts.js';
import type { Rect } from './layout.js';

export interface SignatureBlock {
  name: string;
  seal: string;
  department: string;
  entity: string;
  dateTime: string;
  /** PAdES signatures say so; visual ones carry no such line. */
  digital: boolean;
}

const PADDING = 4;

export function signatureBlockContent(block: SignatureBlock, box: Rect): Buffer {
  const w = new ContentWriter();
  const inner = box.width - 2 * PADDING;
  const top = box.height - PADDING;
  if (block.digital) centered(w, 'Firmado digitalmente', 'regular', 6.5, top - 6.5, box.width, 0.3);
  const ruleY = top - 10;
  w.rule(PADDING, ruleY, box.width - PADDING, ruleY);
  let cursor = ruleY - 2;
  const fields: [string, FontKey, number, number][] = [
    [block.name, 'bold', 9, 11],
    [block.seal, 'regular', 8, 9.5],
    [block.department, 'regular', 8, 9.5],
    [block.entity, 'regular', 8, 9.5],
    [block.dateTime, 'regular', 7, 9],
  ];
  for (const [text, font, size, slot] of fields) {
    const fitted = fitText(text, font, size, inner);
    let baseline = cursor - fitted.size;
    for (const line of fitted.lines) {
      centered(w, line, font, fitted.size, baseline, box.width);
      baseline -= fitted.size * 1.1;
    }
    cursor -= slot;
  }
  return w.toBuffer();
}

export interface StampBlock {
  documentNumber: string;
  city: string;
  date: string;
}

export function stampContent(stamp: StampBlock, box: Rect): Buffer {
  const w = new ContentWriter();
  const inner = box.width - 2 * PADDING;
  const lines: [string, FontKey, number, number][] = [
    [`Número: ${stamp.documentNumber}`, 'bold', 10, box.height - PADDING - 10],
    [`${stamp.city}, ${stamp.date}`, 'regular', 9, PADDING + 4],
  ];
  for (const [text, font, size, baseline] of lines) {
    const fitted = fitText(text, font, size, inner);
    // A stamp line that had to wrap is set from its slot's top down.
    let y = fitted.lines.length > 1 ? baseline + fitted.size * 0.6 : baseline;
    for (const line of fitted.lines) {
      w.text(box.width - PADDING - textWidth(line, font, fitted.size), y, line, font, fitted.size);
      y -= fitted.size * 1.1;
    }
  }
  return w.toBuffer();
}

function centered(
  w: ContentWriter,
  text: string,
  font: FontKey,
  size: number,
  baseline: number,
  width: number,
  gray = 0,
): void {
  w.text((width - textWidth(text, font, size)) / 2, baseline, text, font, size, gray);
}
