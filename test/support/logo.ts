/** Small images for the municipality logo tests: real PNG and JPEG bytes, and the upload form. */
import { PNG } from 'pngjs';

/** A PNG of `width` × `height` pixels in one colour. */
export function pngLogo(width = 120, height = 60, rgb: [number, number, number] = [31, 78, 156]): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(png);
}

/**
 * A minimal JPEG header: SOI, a JFIF APP0 segment, then a baseline frame header (SOF0) of the
 * given size; enough for the type and size to be read from the bytes.
 */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ]);
  const sof0 = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0, Buffer.from([0xff, 0xd9])]);
}

/** The upload form of PUT /admin/municipality/logo; `type` is what the client declares, which the server ignores. */
export function logoForm(bytes: Uint8Array, type = 'image/png', name = 'logo.png'): FormData {
  const form = new FormData();
  form.set('logo', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}
