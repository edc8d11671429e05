import { describe, expect, it } from 'vitest';
import { pendingNowOf, type SigningPage } from '../src/pending';
import type { UserDocument } from '../src/types';

const doc = (n: number, canSignNow: boolean) =>
  ({ document_id: `doc-${n}`, can_sign_now: canSignNow }) as unknown as UserDocument;

/** `pages` pages of 100 documents in signing; the user may sign now only those numbered in `mine`. */
function signingList(pages: number, mine: readonly number[]) {
  const asked: number[] = [];
  const read = async (page: number): Promise<SigningPage> => {
    asked.push(page);
    const documents = Array.from({ length: 100 }, (_, i) => {
      const n = (page - 1) * 100 + i;
      return doc(n, mine.includes(n));
    });
    return { documents, total_pages: pages };
  };
  return { read, asked };
}

describe('pendingNowOf', () => {
  it('finds the documents the user may sign now on every page, not only the first', async () => {
    const list = signingList(3, [5, 150, 299]);
    const found = await pendingNowOf(list.read);
    expect(found.map((d) => d.document_id)).toEqual(['doc-5', 'doc-150', 'doc-299']);
    expect(list.asked).toEqual([1, 2, 3]);
  });

  it('reads one page when there is one, and stops at a bound however long the list says it is', async () => {
    const one = signingList(1, []);
    expect(await pendingNowOf(one.read)).toEqual([]);
    expect(one.asked).toEqual([1]);
    const endless = signingList(1_000, [1_999, 2_000]);
    const found = await pendingNowOf(endless.read);
    expect(endless.asked.length).toBe(20);
    expect(found.map((d) => d.document_id)).toEqual(['doc-1999']);
  });
});
