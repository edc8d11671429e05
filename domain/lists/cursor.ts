/**
 * Keyset continuation of the newest-first searches (documents, cases). An offset page skips
 * (page − 1) × page_size visible rows, so its cost grows with the page; a cursor names the last
 * row the previous page showed, and the next page starts right after it: every page costs what the
 * first one does. Offset pages keep working; every page answers `next_cursor` (null on the last).
 *
 * A cursor is base64url JSON: the page it leads to, the position after which it starts, and a
 * fingerprint of the search (list, user, filters, page_size) so that it cannot be replayed on
 * another search. It is not secret: any position a caller forges still lists only what they see.
 */
import { createHash } from 'node:crypto';
import { isUuid } from '../acting-user.js';
import { badRequest } from '../errors.js';
import { MAX_PAGE, parsePage, type Page, type Position } from './pagination.js';

/** SQL for a timestamptz column as the exact text a cursor carries (a JS Date keeps only milliseconds). */
export const positionAt = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,400}$/;

export const CURSOR_MESSAGES = {
  invalid: 'cursor no es válido: use el next_cursor de la página anterior',
  otherSearch: 'cursor pertenece a otra búsqueda: repita los mismos filtros y page_size que la página anterior',
  pageMismatch: (page: number) =>
    `page no coincide con el cursor, que lleva a la página ${page}: omita page al usar cursor`,
} as const;

interface CursorBody {
  /** The page the cursor leads to. */
  p: number;
  at: string;
  id: string;
  /** The search's fingerprint. */
  f: string;
}

/** The search a cursor belongs to: the list's name, the acting user, and every filter and page_size. */
export function searchFingerprint(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

function decode(cursor: string): CursorBody {
  if (!CURSOR_PATTERN.test(cursor)) throw badRequest(CURSOR_MESSAGES.invalid);
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(CURSOR_MESSAGES.invalid);
  }
  const b = body as Partial<CursorBody> | null;
  const valid =
    typeof b === 'object' &&
    b !== null &&
    Number.isSafeInteger(b.p) &&
    b.p! >= 2 &&
    b.p! <= MAX_PAGE &&
    typeof b.at === 'string' &&
    AT_PATTERN.test(b.at) &&
    !Number.isNaN(Date.parse(b.at)) &&
    typeof b.id === 'string' &&
    isUuid(b.id) &&
    typeof b.f === 'string';
  if (!valid) throw badRequest(CURSOR_MESSAGES.invalid);
  return b as CursorBody;
}

export interface CursorInput {
  page?: unknown;
  page_size?: unknown;
  cursor?: unknown;
}

/**
 * The page asked for: by `page` (offset), or by `cursor`, which must come from this same search
 * (`fingerprint` of its filters; page_size is added here); `page`, if given too, must agree.
 */
export function parseListPage(input: CursorInput, fingerprint: readonly unknown[]): Page & { fingerprint: string } {
  const sized = parsePage({ page_size: input.page_size });
  const f = searchFingerprint([...fingerprint, sized.pageSize]);
  if (input.cursor === undefined || input.cursor === null || input.cursor === '')
    return { ...parsePage(input), fingerprint: f };
  if (typeof input.cursor !== 'string') throw badRequest(CURSOR_MESSAGES.invalid);
  const body = decode(input.cursor);
  if (body.f !== f) throw badRequest(CURSOR_MESSAGES.otherSearch);
  if (input.page !== undefined && input.page !== null && input.page !== '' && parsePage(input).page !== body.p) {
    throw badRequest(CURSOR_MESSAGES.pageMismatch(body.p));
  }
  const offset = (body.p - 1) * sized.pageSize;
  return {
    page: body.p,
    pageSize: sized.pageSize,
    offset,
    skip: 0,
    after: { at: body.at, id: body.id },
    fingerprint: f,
  };
}

/** A page's rows, each loaded with its `positionAt` text. */
export interface PositionedRow {
  id: string;
  position: string;
}

/** The cursor to the page after `p`, when more rows follow its last one. */
export function nextCursor(
  p: Page & { fingerprint: string },
  more: boolean,
  rows: readonly PositionedRow[],
): string | null {
  const lastRow = rows.at(-1);
  if (!more || !lastRow || p.page >= MAX_PAGE) return null;
  const last: Position = { at: lastRow.position, id: lastRow.id };
  const body: CursorBody = { p: p.page + 1, at: last.at, id: last.id, f: p.fingerprint };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}
