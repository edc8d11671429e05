/**
 * Screenshots as 8-bit palette PNGs, about a third of the browser's RGBA file. A screen of the desk
 * holds one or two thousand colours, nearly all of them anti-aliased text edges: the 256 most
 * frequent colours keep it, and every other colour takes its nearest (weighted RGB distance), which
 * leaves text and badges as they were to the eye.
 */
import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const out = Buffer.alloc(typed.length + 8);
  out.writeUInt32BE(body.length, 0);
  typed.copy(out, 4);
  out.writeUInt32BE(crc32(typed), typed.length + 4);
  return out;
}

/** Nearest palette entry, green weighted most as the eye does. */
function nearest(rgb: number, palette: number[]): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let p = 0; p < palette.length; p++) {
    const q = palette[p]!;
    const dr = (rgb >> 16) - (q >> 16);
    const dg = ((rgb >> 8) & 255) - ((q >> 8) & 255);
    const db = (rgb & 255) - (q & 255);
    const distance = 2 * dr * dr + 4 * dg * dg + db * db;
    if (distance < bestDistance) [best, bestDistance] = [p, distance];
  }
  return best;
}

/** An opaque screenshot (any PNG pngjs reads) as an indexed-colour PNG. */
export function toPalettePng(png: Buffer): Buffer {
  const { width, height, data } = PNG.sync.read(png);
  const rgbAt = (i: number) => (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
  const counts = new Map<number, number>();
  for (let i = 0; i < data.length; i += 4) counts.set(rgbAt(i), (counts.get(rgbAt(i)) ?? 0) + 1);
  const palette = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 256).map(([rgb]) => rgb);
  const indexOf = new Map([...counts.keys()].map((rgb) => [rgb, nearest(rgb, palette)]));

  // Each row: filter type 0, then one palette index per pixel.
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = indexOf.get(rgbAt((y * width + x) * 4))!;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per index
  header[9] = 3; // indexed colour
  const colours = Buffer.alloc(palette.length * 3);
  palette.forEach((rgb, i) => colours.writeUIntBE(rgb, i * 3, 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', colours),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
