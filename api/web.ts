/**
 * The municipal desk (the SPA built from web/ into web/dist) served at `/` by the API process, so
 * it calls the backend on its own origin. Hashed assets are cached for a year; index.html is never
 * cached and carries a per-response nonce for the <style> tags the component library writes. Any
 * other GET that asks for a page (not under /api, /files, /docs...) gets index.html: the desk's
 * router owns those paths. The pages get their own CSP (the API's allows nothing to run): scripts
 * and styles from this origin only, and connections to this origin and the identity provider.
 *
 * `GET /desk-config.json` tells the desk the provider, its client id and audience; after login
 * the desk asks `/api/v1/auth/tenants` for the user's municipalities.
 *
 *   WEB_DIST_DIR   the built bundle (default: web/dist at the repository or image root)
 *   WEB_CLIENT_ID  the desk's OpenID client id (default AUTH0_FRONTEND_CLIENT_ID, else expediente-web)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router, type Request, type Response } from 'express';
import type { ApiDeps } from './deps.js';

/** Paths that belong to the API; the SPA fallback never answers them. */
const API_PREFIXES = ['/api/', '/files/', '/docs', '/.well-known/', '/verificar', '/health', '/metrics', '/mcp'];

export function webDistDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.WEB_DIST_DIR) return path.resolve(env.WEB_DIST_DIR);
  const here = path.dirname(fileURLToPath(import.meta.url));
  // api/web.ts under tsx (repository root), dist/api/web.js in the image (two levels up).
  const candidates = [path.resolve(here, '../web/dist'), path.resolve(here, '../../web/dist')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? candidates[0]!;
}

function pageCsp(nonce: string, issuer: string): string {
  let idp = '';
  try {
    idp = new URL(issuer).origin;
  } catch {
    // A malformed issuer only means the desk cannot log in; the API reports it elsewhere.
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    `connect-src 'self'${idp ? ` ${idp}` : ''}`,
    // pdf.js renders to canvases and reads the PDF through blob: URLs; its worker is a file here.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function webRoutes(deps: ApiDeps, options: { distDir?: string; clientId?: string } = {}): Router {
  const router = Router();
  const distDir = options.distDir ?? webDistDir();
  const clientId =
    options.clientId ?? (process.env.WEB_CLIENT_ID || process.env.AUTH0_FRONTEND_CLIENT_ID || 'expediente-web');
  const issuer = deps.config.oidc.issuer.replace(/\/+$/, '');

  router.get('/desk-config.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    // No list of municipalities: after login the desk asks which are the user's (/api/v1/auth/tenants).
    res.json({ issuer: deps.config.oidc.issuer, client_id: clientId, audience: deps.config.oidc.audiences[0] });
  });

  // index.html is read when it changes (a rebuild while the API runs is picked up).
  let cached: { mtimeMs: number; html: string } | undefined;
  const indexHtml = (): string | undefined => {
    const file = path.join(distDir, 'index.html');
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cached.html;
  };

  const sendIndex = (_req: Request, res: Response): void => {
    const html = indexHtml();
    if (!html) {
      res
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('La mesa web no está compilada: ejecute npm run web:build');
      return;
    }
    const nonce = randomBytes(16).toString('base64');
    res.set({ 'Content-Security-Policy': pageCsp(nonce, issuer), 'Cache-Control': 'no-cache' });
    res.type('html').send(html.replaceAll('__CSP_NONCE__', nonce));
  };

  // Vite names every asset by its content hash: safe to keep for a year.
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  router.get(['/', '/index.html'], sendIndex);
  router.get(/.*/, (req, res, next) => {
    const p = req.path;
    if (API_PREFIXES.some((prefix) => p === prefix.replace(/\/$/, '') || p.startsWith(prefix))) return next();
    if (
      !(req.get('accept') ?? '').includes('text/html') ||
      req.get('x-tenant-schema') ||
      req.get('x-api-key') ||
      req.get('authorization')
    )
      return next();
    sendIndex(req, res);
  });
  return router;
}
