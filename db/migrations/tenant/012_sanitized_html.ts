/**
 * Stored document HTML (drafts, notes, memos, generated covers and providences, signed or not)
 * rewritten with the content sanitizer that saving now applies (lib/html-sanitizer.ts), so
 * rows written before it reach no reader with scripts, <meta> refreshes, forms, SVG, handlers or
 * ids. A signed document's PDF was rendered from the same sanitized HTML, so its text stays what
 * was signed. Only rows that change are written; the sanitizer's output is a fixed point, so a
 * second run writes nothing. `updated_at` is left alone: nobody edited the document.
 */
import type { Knex } from 'knex';
import { sanitizeContent } from '../../../lib/html-sanitizer.js';
import type { Migration } from '../types.js';

/** Rows whose sizes are read per step (keyset over id). */
const ID_BATCH = 1000;
/** Content read into memory at once: one document may hold 2,000,000 characters. */
const BYTES_PER_READ = 16 * 1024 * 1024;

/** Cleans every stored HTML column; returns how many rows changed. */
export async function sanitizeStoredHtml(knex: Knex): Promise<number> {
  let changed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await knex('documents')
      .whereNotNull('content')
      .where('id', '>', after)
      .orderBy('id')
      .limit(ID_BATCH)
      .select<{ id: string; bytes: number }[]>('id', knex.raw('octet_length(content)::int as bytes'));
    if (rows.length === 0) return changed;
    after = rows[rows.length - 1]!.id;
    for (const chunk of bySize(rows)) {
      const stored = await knex('documents')
        .whereIn('id', chunk)
        .select<{ id: string; content: string }[]>('id', 'content');
      const dirty = stored
        .map((r) => ({ id: r.id, content: sanitizeContent(r.content) }))
        .filter((r, i) => r.content !== stored[i]!.content);
      if (dirty.length === 0) continue;
      await knex.raw(
        'update documents d set content = v.content from unnest(?::uuid[], ?::text[]) as v(id, content) where d.id = v.id',
        [dirty.map((r) => r.id), dirty.map((r) => r.content)],
      );
      changed += dirty.length;
    }
  }
}

/** Ids grouped so each group's content stays under BYTES_PER_READ (a larger row goes alone). */
function bySize(rows: { id: string; bytes: number }[]): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const row of rows) {
    if (current.length && bytes + row.bytes > BYTES_PER_READ) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row.id);
    bytes += row.bytes;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

export const sanitizedHtml: Migration = {
  name: '012_sanitized_html',
  async up(knex) {
    await sanitizeStoredHtml(knex);
  },
  // What was removed is not kept anywhere: there is nothing to restore.
  async down() {},
};
