/**
 * Revisions of a PDF: every incremental update ends with `startxref <offset> %%EOF`. A
 * signature covers the file up to the end of one revision; what follows is later updates.
 */
import { createHash, type Hash } from 'node:crypto';

/**
 * More revisions than any signed municipal document has; bounds the per-revision work. An
 * archive renewal adds 3 (fresh validation data, the document time-stamp, its validation data):
 * 50 yearly renewals are 150 on top of the document's own (a 2-signer official document has 7;
 * each B-LT signature adds 2). 256 keeps a document renewed yearly for 50 years verifiable with
 * room for its signatures (test/archive/yearly-renewals.test.ts: 157 revisions, verified).
 */
export const MAX_REVISIONS = 256;

const EOF_MARK = Buffer.from('%%EOF', 'latin1');

/**
 * Offsets just past each `%%EOF` (and its end-of-line) that closes a `startxref` — a `%%EOF`
 * inside binary stream data is not one.
 */
export function revisionEnds(bytes: Buffer): number[] {
  const ends: number[] = [];
  for (let at = bytes.indexOf(EOF_MARK); at >= 0; at = bytes.indexOf(EOF_MARK, at + 1)) {
    const before = bytes.subarray(Math.max(0, at - 48), at).toString('latin1');
    if (!/startxref\s+\d+\s*$/.test(before)) continue;
    let end = at + EOF_MARK.length;
    if (bytes[end] === 0x0d) end++;
    if (bytes[end] === 0x0a) end++;
    ends.push(end);
    if (ends.length > MAX_REVISIONS) break;
  }
  return ends;
}

/**
 * SHA-256 of each prefix that ends a revision, per revision, in one pass over the file: with the
 * end-of-line after `%%EOF` and, when there is one, without it — a file saved without a final
 * newline gets one from the next incremental update, and its registered digest is of the bytes
 * without it.
 */
export function prefixDigests(bytes: Buffer, ends: number[]): string[][] {
  const hash: Hash = createHash('sha256');
  const digests: string[][] = [];
  let from = 0;
  for (const end of ends) {
    const these: string[] = [];
    let bare = end;
    while (bare > from && (bytes[bare - 1] === 0x0a || bytes[bare - 1] === 0x0d)) bare--;
    hash.update(bytes.subarray(from, bare));
    if (bare !== end) these.push(hash.copy().digest('hex'));
    hash.update(bytes.subarray(bare, end));
    these.push(hash.copy().digest('hex'));
    digests.push(these);
    from = end;
  }
  return digests;
}

/** Bytes after the last revision that are not whitespace or NUL padding. */
export function hasTrailingData(bytes: Buffer, lastEnd: number): boolean {
  for (let i = lastEnd; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b !== 0x00 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x20) return true;
  }
  return false;
}
