/** Boolean query parameters (`true`/`false`, `1`/`0`); anything else is a 400, never silently false. */
import type { Request } from 'express';
import { badRequest } from '../domain/errors.js';
import { queryString } from './http.js';

export function queryFlag(req: Request, name: string, fallback = false): boolean {
  const raw = queryString(req, name);
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw badRequest(`${name} debe ser true o false`);
}
