/**
 * 405 Method Not Allowed, with its `Allow` header, for a path the API serves with other methods
 * (instead of a 404 that says the path does not exist), and for TRACE anywhere: nothing here echoes
 * a request back. Built from the routers themselves (api/routes.ts), so it cannot drift from them.
 */
import type { RequestHandler } from 'express';
import type { RouteInfo } from './routes.js';
import { sendError } from './http.js';

export const METHOD_NOT_ALLOWED = 'Método no permitido';

interface Pattern {
  regexp: RegExp;
  methods: Set<string>;
}

/** An Express path (`/documents/:id/sign`, `/files/*key`) as an anchored expression. */
function compile(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return '[^/]+';
      if (segment.startsWith('*')) return '.+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

function patternsOf(prefix: string, routes: RouteInfo[]): Pattern[] {
  const byPath = new Map<string, Set<string>>();
  for (const r of routes) {
    const methods = byPath.get(r.path) ?? new Set<string>();
    methods.add(r.method);
    if (r.method === 'GET') methods.add('HEAD');
    byPath.set(r.path, methods);
  }
  return [...byPath].map(([path, methods]) => ({ regexp: compile(`${prefix}${path}`), methods }));
}

/** Placed after every router: a request no route answered, whose path some route serves. */
export function methodNotAllowed(mounts: { prefix: string; routes: () => RouteInfo[] }[]): RequestHandler {
  let patterns: Pattern[] | undefined;
  return (req, res, next) => {
    patterns ??= mounts.flatMap((m) => patternsOf(m.prefix, m.routes()));
    const allowed = new Set<string>();
    for (const p of patterns) if (p.regexp.test(req.path)) for (const m of p.methods) allowed.add(m);
    if (req.method === 'TRACE' && !allowed.size) ['GET', 'HEAD'].forEach((m) => allowed.add(m));
    if (!allowed.size || allowed.has(req.method)) return next();
    res.set('Allow', [...allowed].sort().join(', '));
    sendError(req, res, 405, METHOD_NOT_ALLOWED);
  };
}

/** TRACE is refused before anything reads the request. */
export const refuseTrace: RequestHandler = (req, res, next) => {
  if (req.method !== 'TRACE') return next();
  res.set('Allow', 'GET, HEAD');
  sendError(req, res, 405, METHOD_NOT_ALLOWED);
};
