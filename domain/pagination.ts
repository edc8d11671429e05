/** `page` / `page_size` parsing shared by every paginated list (spec: page ≥ 1, page_size ≤ 100). */
import { badRequest } from './errors.js';

/**
 * Highest page number accepted: with page_size ≤ 100 the offset stays ≤ 10⁹ (exact in a JS
 * number and in a Postgres bigint), and a million-document archive is reachable even one per page.
 */
export const MAX_PAGE = 10_000_000;

export interface Page {
  page: number;
  pageSize: number;
  offset: number;
}

/** A bounded positive integer; digits only (no sign, exponent or fraction), at most 9 of them. */
function positive(raw: unknown, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > max) throw badRequest(`${name} debe ser un entero entre 1 y ${max}`);
  return value;
}

export function parsePage(input: { page?: unknown; page_size?: unknown }, defaultSize = 20, maxSize = 100): Page {
  const page = positive(input.page, 'page', 1, MAX_PAGE);
  const pageSize = positive(input.page_size, 'page_size', defaultSize, maxSize);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export function pageInfo(p: Page, total: number) {
  return { total, page: p.page, page_size: p.pageSize, total_pages: Math.ceil(total / p.pageSize) };
}
