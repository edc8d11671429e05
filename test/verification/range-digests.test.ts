import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { VerificationInputError } from '../../domain/verification/errors.js';
import { RangeDigests } from '../../domain/verification/range-digests.js';

const direct = (bytes: Buffer, [a, b, c, d]: number[], alg: string) =>
  createHash(alg)
    .update(bytes.subarray(a!, a! + b!))
    .update(bytes.subarray(c!, c! + d!))
    .digest();

describe('verification: byte-range digests', () => {
  it('one shared pass gives each signature the digest of exactly its ranges, and the file its SHA-256', () => {
    const bytes = randomBytes(200_000);
    const ranges = [
      [0, 1000, 3000, 7000],
      [0, 50_000, 52_000, 8000],
      [0, 120_000, 121_000, 79_000],
      [10, 5, 20, 5],
    ];
    const digests = new RangeDigests(bytes, ranges);
    for (const r of ranges) {
      assert.ok(digests.of(r, 'sha256').equals(direct(bytes, r, 'sha256')), r.join(' '));
      assert.ok(digests.of(r, 'sha512').equals(direct(bytes, r, 'sha512')), r.join(' '));
    }
    assert.equal(digests.fileSha256, createHash('sha256').update(bytes).digest('hex'));
  });

  it('refuses a file whose signatures would make it hash far more than its size', () => {
    const bytes = Buffer.alloc(10 * 1024 * 1024);
    const ranges = Array.from({ length: 20 }, (_, i) => [0, i + 1, i + 2, bytes.length - i - 2]);
    assert.throws(
      () => new RangeDigests(bytes, ranges),
      (err) => err instanceof VerificationInputError && err.code === 'INVALID_PDF_FILE',
    );
  });
});
