/**
 * A small writer for appearance content streams (text, rules), plus fitting text into a box
 * without ever cutting it: a line shrinks to fit, and if it would become unreadably small it
 * wraps onto two lines instead.
 */
import { formatNumber } from '../../lib/pdf/serialize.js';
import { encodeWinAnsi } from '../../lib/pdf/win-ansi.js';
import { FONT_RESOURCE, textWidth, type FontKey } from './fonts.js';

const n = (v: number) => formatNumber(Math.round(v * 100) / 100);

export class ContentWriter {
  private readonly ops: string[] = [];

  /** Text with its baseline starting at (x, y); `text` was validated as WinAnsi-printable. */
  text(x: number, y: number, text: string, font: FontKey, size: number, gray = 0): this {
    this.ops.push(
      `BT ${n(gray)} g /${FONT_RESOURCE[font]} ${n(size)} Tf ${n(x)} ${n(y)} Td ${literal(encodeWinAnsi(text))} Tj ET`,
    );
    return this;
  }

  rule(x1: number, y1: number, x2: number, y2: number, width = 0.5, gray = 0.35): this {
    this.ops.push(`${n(gray)} G ${n(width)} w ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S`);
    return this;
  }

  toBuffer(): Buffer {
    return Buffer.from(`q\n${this.ops.join('\n')}\nQ\n`, 'latin1');
  }
}

/** PDF literal string of WinAnsi bytes, kept 7-bit clean with octal escapes. */
function literal(bytes: Buffer): string {
  let out = '(';
  for (const b of bytes) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b < 0x20 || b >= 0x7f) out += `\\${b.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(b);
  }
  return `${out})`;
}

export interface FittedText {
  lines: string[];
  size: number;
}

/** Smallest size a single line may shrink to before it wraps. */
const MIN_SINGLE_LINE_SIZE = 5.5;

export function fitText(text: string, font: FontKey, size: number, maxWidth: number): FittedText {
  const width = textWidth(text, font, size);
  if (width <= maxWidth) return { lines: [text], size };
  const shrunk = (size * maxWidth) / width;
  if (shrunk >= MIN_SINGLE_LINE_SIZE) return { lines: [text], size: floor1(shrunk) };
  const [first, second] = splitInTwo(text, font);
  const twoLineSize = Math.min(
    size * 0.55,
    (size * maxWidth) / Math.max(textWidth(first, font, size), textWidth(second, font, size)),
  );
  return { lines: [first, second], size: floor1(twoLineSize) };
}

function floor1(v: number): number {
  return Math.floor(v * 10) / 10;
}

/** Splits at the space closest to the middle (by width), or mid-word when there is none. */
function splitInTwo(text: string, font: FontKey): [string, string] {
  const total = textWidth(text, font, 1);
  const chars = [...text];
  let best = -1;
  let bestDiff = Infinity;
  chars.forEach((ch, i) => {
    if (ch !== ' ') return;
    const diff = Math.abs(textWidth(chars.slice(0, i).join(''), font, 1) - total / 2);
    if (diff < bestDiff) {
      bestDiff = diff;
      best = i;
    }
  });
  if (best > 0)
    return [
      chars.slice(0, best).join('').trimEnd(),
      chars
        .slice(best + 1)
        .join('')
        .trimStart(),
    ];
  let acc = 0;
  for (let i = 0; i < chars.length; i++) {
    acc += textWidth(chars[i]!, font, 1);
    if (acc >= total / 2) return [chars.slice(0, i + 1).join(''), chars.slice(i + 1).join('')];
  }
  return [text, ''];
}
