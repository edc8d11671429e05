/** The gallery's palette PNGs: valid files of the same size, exact up to 256 colours, close beyond. */
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { toPalettePng } from '../../bench/_png8.js';

/** An opaque RGBA image whose pixel (x, y) is `colour(x, y)`. */
function image(width: number, height: number, colour: (x: number, y: number) => [number, number, number]): PNG {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colour(x, y);
      png.data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return png;
}

describe('gallery screenshots as palette PNGs', () => {
  it('keeps an image of at most 256 colours exactly, as an indexed-colour file', () => {
    const source = image(64, 40, (x, y) => [(x % 16) * 16, (y % 16) * 16, 128]);
    const written = toPalettePng(PNG.sync.write(source));
    assert.equal(written.readUInt8(25), 3, 'colour type 3: indexed');
    const read = PNG.sync.read(written);
    assert.equal(read.width, 64);
    assert.equal(read.height, 40);
    assert.deepEqual(read.data, source.data);
  });

  it('maps the rarer colours of a busier image to near ones, and the file is smaller', () => {
    // A white page with text-like grey ramps: 1,000+ colours, most pixels white.
    const source = image(320, 200, (x, y) => (y % 10 < 7 ? [255, 255, 255] : [(x * 7 + y) % 256, (x * 7 + y) % 256, (x * 3 + y * 5) % 256]));
    const original = PNG.sync.write(source);
    const written = toPalettePng(original);
    const read = PNG.sync.read(written);
    let total = 0;
    for (let i = 0; i < read.data.length; i += 4) {
      for (let c = 0; c < 3; c++) total += Math.abs(read.data[i + c]! - source.data[i + c]!);
      assert.equal(read.data[i + 3], 255);
    }
    const mean = total / (320 * 200 * 3);
    assert.ok(mean < 4, `a channel is off by ${mean.toFixed(2)} levels on average`);
    for (let i = 0; i < 320 * 7 * 4; i += 4) assert.equal(read.data[i], 255, 'the frequent colour (white) is kept exactly');
    assert.ok(written.length < original.length, `${written.length} < ${original.length} bytes`);
  });
});
