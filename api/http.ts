/**
 * Response shapes shared by every route. Integration REST (and MCP) answer bare objects with
 * errors as `{error}`; the backend wraps everything as `{success, data, message}`. A request is a
 * backend request when it carries X-Tenant-Schema or an Authorization header (integration callers
 * use X-API-Key), see docs/decisions.md.
 */
import type { Request, Response } from 'express';
import { INTEGRATION_AUTH_MESSAGES } from '../domain/authentication.js';
import { hasUser, type DomainContext, type UserContext } from '../domain/context.js';
import { badRequest, unauthorized } from '../domain/errors.js';

export type Interface = 'integration' | 'backend';

export function interfaceOf(req: Request): Interface {
  return req.get('x-tenant-schema') !== undefined || req.get('authorization') !== undefined ? 'backend' : 'integration';
}

export function sendBackend(res: Response, data: unknown, message = 'OK', status = 200): void {
  res.status(status).json({ success: true, data, message });
}

/** Codes of the public verification API's errors (the signing service's vocabulary). */
function publicCode(status: number): string {
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'FILE_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  return status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_PARAMETERS';
}

export function sendError(req: Request, res: Response, status: number, message: string): void {
  // The public verification API answers `{code, message}` even for errors raised before its
  // routes (a body that is not what it says, an unknown path under it).
  if (req.path.startsWith('/api/v1/public/')) {
    res.status(status).json({ code: publicCode(status), message });
  } else if (interfaceOf(req) === 'backend') {
    res.status(status).json({ success: false, data: null, message });
  } else {
    res.status(status).json({ error: message });
  }
}

/**
 * The context an auth middleware put on the response, whatever its user; only the routes the spec
 * lets a caller reach without X-User-ID (system reads) take it this way.
 */
export function optionalUserContextOf(res: Response): DomainContext {
  const ctx = res.locals.ctx as DomainContext | undefined;
  if (!ctx) throw new Error('route is missing its authentication middleware');
  return ctx;
}

/**
 * The context of a route acting on the caller's behalf: where a user becomes certain. Backend and
 * MCP contexts always have one; an integration context lacks one only after a system read's
 * authentication, which such a route answers as its own authentication would (401, X-User-ID).
 */
export function contextOf(res: Response): UserContext {
  const ctx = optionalUserContextOf(res);
  if (!hasUser(ctx)) throw unauthorized(INTEGRATION_AUTH_MESSAGES.missingUser);
  return ctx;
}

/** The acting user of a route that requires one. */
export function userOf(res: Response) {
  return contextOf(res).user;
}

/** Text PostgreSQL cannot store (a NUL character) is refused at the door, never sent to the database. */
export function checkText(value: string, name: string): string {
  if (value.includes('\u0000')) throw badRequest(`${name} contiene caracteres no permitidos`);
  return value;
}

export function queryString(req: Request, name: string): string | undefined {
  const raw = req.query[name];
  const value = Array.isArray(raw)
    ? typeof raw[0] === 'string'
      ? raw[0]
      : undefined
    : typeof raw === 'string'
      ? raw
      : undefined;
  return value === undefined ? undefined : checkText(value, name);
}

/** A named path parameter as a string (Express types it loosely once middleware precede the handler). */
export function pathParam(req: Request, name: string): string {
  const value = (req.params as Record<string, string | string[] | undefined>)[name];
  return checkText(Array.isArray(value) ? value.join('/') : (value ?? ''), name);
}

/**
 * Backend answer whose spec shape lists fields next to `success` and `message` (create, save,
 * super-sign): the envelope, with the same fields also at the top level (docs/decisions.md).
 */
export function sendBackendFlat(res: Response, data: Record<string, unknown>, message: string, status = 200): void {
  res.status(status).json({ success: true, message, data, ...data });
}

/** The token of an `Authorization: Bearer` header (the backend's and MCP's identity-provider JWT). */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}
