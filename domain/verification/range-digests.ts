/**
 * Digests of signatures' byte ranges, bounded. Every PAdES signature covers `[0, b)` and
 * `[c, c + d)`: the first range is a prefix of the file, so one running SHA-256 over the file
 * serves them all (copied at each `b`), and only each short second range is hashed on its own.
 * Anything else (another algorithm, a range not from the file's start) is hashed directly,
 * counted against a budget so that a file with many signatures over large ranges cannot hold
 * the process for long.
 */
import { createHash, type Hash } from 'node:crypto';
import { VerificationInputError } from './errors.js';

/** Bytes hashed for one file beyond its one shared pass: several times any real document. */
const MAX_EXTRA_HASHED_BYTES = 64 * 1024 * 1024;

export class RangeDigests {
  private readonly shared = new Map<string, Buffer>();
  private extra = 0;
  /** SHA-256 of the whole file (from the shared pass). */
  readonly fileSha256: string;

  /** `ranges`: the ByteRange of every signature, as read (checked for shape here). */
  constructor(
    private readonly bytes: Buffer,
    ranges: number[][],
  ) {
    const fromStart = ranges
      .filter((r) => r[0] === 0 && r[1]! <= r[2]! && r[2]! + r[3]! <= bytes.length)
      .sort((x, y) => x[1]! - y[1]!);
    const running: Hash = createHash('sha256');
    let at = 0;
    for (const range of fromStart) {
      const [, b, c, d] = range as [number, number, number, number];
      running.update(bytes.subarray(at, b));
      at = b;
      this.count(d);
      this.shared.set(
        range.join(' '),
        running
          .copy()
          .update(bytes.subarray(c, c + d))
          .digest(),
      );
    }
    this.fileSha256 = running.update(bytes.subarray(at)).digest('hex');
  }

  private count(n: number): void {
    this.extra += n;
    if (this.extra > MAX_EXTRA_HASHED_BYTES)
      throw new VerificationInputError('INVALID_PDF_FILE', 'the signatures cover more data than can be checked');
  }

  /** The digest of `range` with `algorithm` (a Node hash name). */
  of(range: number[], algorithm: string): Buffer {
    const shared = algorithm === 'sha256' ? this.shared.get(range.join(' ')) : undefined;
    if (shared) return shared;
    const [a, b, c, d] = range as [number, number, number, number];
    this.count(b + d);
    return createHash(algorithm)
      .update(this.bytes.subarray(a, a + b))
      .update(this.bytes.subarray(c, c + d))
      .digest();
  }
}
