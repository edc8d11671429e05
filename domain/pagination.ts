/** `page` / `page_size` parsing shared by every paginated list (spec: page ≥ 1, page_size ≤ 100). */
import { badRequest } from './errors.js';

export interface Page {
  page: number;
  pageSize: number;
  offset: number;
}

function positive(raw: unknown, name: string, fallback: number, max?: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < 1 || (max !== undefined && value > max)) {
    throw badRequest(max ? `${name} debe ser un entero entre 1 y ${max}` : `${name} debe ser un entero mayor o igual a 1`);
  }
  return value;
}

export function parsePage(input: { page?: unknown; page_size?: unknown }, defaultSize = 20, maxSize = 100): Page {
  const page = positive(input.page, 'page', 1);
  const pageSize = positive(input.page_size, 'page_size', defaultSize, maxSize);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export function pageInfo(p: Page, total: number) {
  return { total, page: p.page, page_size: p.pageSize, total_pages: Math.ceil(total / p.pageSize) };
}
